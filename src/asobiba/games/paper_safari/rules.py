"""The rules of Paper Safari (Pokémon edition), following ``shared/rules/paper_safari.md``.

The state is a handful of flat lists: ``cards[slot(player, position)]`` (a card kind number, ``-1``
for a position emptied by Team Rocket and not yet refilled) and ``face_up`` beside it; the pile and
the discard pile are lists whose *last* item is the top (:mod:`.grid`). A decision that takes several
steps (Mew: opponent, card, position) is a phase of its own (``self.phase``, a :class:`.phase.Phase`,
the view's ``phase``) with its own legal actions; the steps of the turn taken so far are
``turn_steps`` (the view's ``pending["steps"]``). What a refusal says is in :mod:`.verify`.

The deal (``deal c1 c2 …``, the whole deck top first) gives the first card to the discard pile,
then six cards to each player from p0 to p{n-1} (positions a1 a2 a3 b1 b2 b3 in that order),
and leaves the rest as the pile, top first.

Where the rules page is silent, this engine decides:

* The first round's starter is a chance action (``start p2``); ``card_order`` fixes the first deal
  only (later deals are shuffled).
* The pile is reshuffled as soon as it is empty at the end of an action (so a decision never meets
  an empty pile), or in the middle of Team Rocket's refill when a card is needed.
* A drawn Team Rocket or Mew is shown to everybody at once (its coin or its choices show it);
  any other drawn card stays the drawer's secret until he places or discards it.
* Cards drawn for Team Rocket's refill, passed by Zapdos or taken by Mew trigger nothing.
* Charizard with no face-down card left, or a peek of a card already peeked, are allowed
  (the former has no step); the round's end is checked after the optional step.
* In a tie, cards compare by the numbers they count for (a Ditto: the number it copies; between
  Ditto choices giving equal totals, the higher numbers).

>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(3, seed=4)
>>> [str(action) for action in state.legal_actions()][:2]
['flip a1', 'flip a2']
"""

from __future__ import annotations

import random
from typing import Any

from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.actions import (
    COINS,
    DISCARD,
    DRAW,
    EXCHANGES,
    FLIPS,
    MEW_CHOICES,
    MEW_PLACES,
    MEW_TAKES,
    PEEKS,
    ROCKETS,
    SKIP,
    STARTS,
    SWAPS,
    TAKE_DISCARD,
    Coin,
    Deal,
    Discard,
    Draw,
    Exchange,
    Flip,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Reshuffle,
    Rocket,
    Skip,
    Start,
    Swap,
    TakeDiscard,
)
from asobiba.games.paper_safari.data import POSITIONS, Deck, Effect, deck_from_option
from asobiba.games.paper_safari.grid import ALL_GRID_SLOTS, GRID, grid_slots, round_winner, score_grid, slot
from asobiba.games.paper_safari.phase import PENDING_KINDS, Phase
from asobiba.games.paper_safari.verify import PaperSafariVerify
from asobiba.games.paper_safari.view import (
    CoinFace,
    DrawStep,
    PaperSafariPending,
    PaperSafariView,
    RoundEntry,
    TakeStep,
    TurnStep,
)

#: Drawn cards everybody sees at once: what happens next shows them anyway.
_SHOWN_AT_ONCE = frozenset({Effect.MEW, Effect.TEAM_ROCKET})

_TURN_ACTIONS = (DRAW, TAKE_DISCARD)
_HAND_ACTIONS = (*SWAPS, DISCARD)
_SNORLAX_ACTIONS = (*EXCHANGES, SKIP)
#: Mew's choices of opponent, per (players, player).
_MEW_OPPONENTS = {
    (players, player): tuple(MEW_CHOICES[other] for other in range(players) if other != player)
    for players in range(2, 6)
    for player in range(players)
}


def _round_copy(entry: RoundEntry) -> RoundEntry:
    """A finished round's record (JSON-ready already: numbers, texts, lists) copied for a view,
    as ``to_json`` would copy it but without its generic walk (a view is built after many moves)."""
    return {
        "round": entry["round"],
        "starter": entry["starter"],
        "scores": list(entry["scores"]),
        "numbers": [list(counted) for counted in entry["numbers"]],
        "winner": entry["winner"],
        "grids": [list(grid) for grid in entry["grids"]],
        "tokens": list(entry["tokens"]),
    }


# --------------------------------------------------------------------------- the state


class PaperSafariState(PaperSafariVerify):
    """A position of a Paper Safari match (see the module documentation for the layout)."""

    copied_lists = ("cards", "face_up", "peeked", "pile", "discard", "tokens", "refill_waiting", "turn_steps")

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        super().__init__(game, players, seed, options, chance)
        self.deck: Deck = deck_from_option(options["deck"])
        #: The first deal's fixed order (secret option ``card_order``), forgotten once dealt.
        self.card_order: tuple[str, ...] | None = (
            tuple(options["card_order"]) if options.get("card_order") is not None else None
        )
        #: Who starts the first round (option ``first_player``; ``None``: drawn by chance).
        self.first_player: int | None = options.get("first_player")
        self.tokens_to_win: int = options["tokens_to_win"]
        self.final_turns: bool = options["final_turns"]
        self.cards: list[int] = [-1] * (GRID * players)
        self.face_up: list[bool] = [False] * (GRID * players)
        #: Per player, a bitmask of his own face-down positions he has peeked at (Charizard).
        self.peeked: list[int] = [0] * players
        self.pile: list[int] = []
        self.discard: list[int] = []
        self.phase = Phase.START
        self.to_play: int | None = CHANCE
        #: The player whose turn it is (or who flips, during the setup).
        self.player = 0
        self.starter = 0
        self.round = 1
        self.turns = 0
        self.flips_left = 0
        #: The card in the player's hand (drawn, taken, or taken by Mew); -1 if none.
        self.hand = -1
        self.hand_from_pile = False
        #: Everybody has seen the card in hand (taken from the discard, Team Rocket, Mew in use).
        self.hand_public = False
        self.mew_opponent = -1
        #: The card whose optional effect (Charizard, Snorlax) is pending.
        self.effect_card = -1
        #: Team Rocket's refill: the emptied position and the players still to draw.
        self.refill_position = -1
        self.refill_waiting: list[int] = []
        #: The steps of the current turn taken so far (the view's ``pending["steps"]``).
        self.turn_steps: list[TurnStep] = []
        #: The pile was made by a reshuffle this round: its cards (not their order) are public.
        self.pile_public = False
        #: With option final_turns: how many players still get their last turn (-1: not yet).
        self.final_left = -1
        self.tokens: list[int] = [0] * players
        #: One entry per finished round (shared between clones: it is replaced, never changed).
        self.rounds: tuple[RoundEntry, ...] = ()

    # ------------------------------------------------------------------ contract

    def _current_player(self) -> int | None:
        return self.to_play

    def _legal_actions(self) -> list[Action]:
        match self.phase:
            case Phase.TURN:
                return list(_TURN_ACTIONS)
            case Phase.HAND if self.may_discard():
                return list(_HAND_ACTIONS)
            case Phase.HAND | Phase.MEOWTH:
                return list(SWAPS)
            case Phase.FLIP:
                return [FLIPS[position] for position in self.face_down_positions(self.player)]
            case Phase.PEEK:
                return [*(PEEKS[position] for position in self.face_down_positions(self.player)), SKIP]
            case Phase.SNORLAX:
                return list(_SNORLAX_ACTIONS)
            case Phase.MEW_OPPONENT:
                return list(_MEW_OPPONENTS[self.players, self.player])
            case Phase.MEW_TAKE:
                return list(MEW_TAKES)
            case Phase.MEW_PLACE:
                return list(MEW_PLACES)
            case Phase.ROCKET:
                return list(ROCKETS)
        raise AssertionError(f"no player decides at step {self.phase}")

    def face_down_positions(self, player: int) -> list[int]:
        """The positions (0–5) of ``player``'s face-down cards."""
        return [position for position in range(GRID) if not self.face_up[slot(player, position)]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == Phase.START:
            if self.first_player is not None:
                return [(STARTS[self.first_player], 1.0)]
            return [(STARTS[player], 1 / self.players) for player in range(self.players)]
        if self.phase == Phase.COIN:
            return [(coin, 0.5) for coin in COINS]
        if self.phase == Phase.DEAL and self.card_order is not None:
            return [(Deal(self.card_order), 1.0)]
        return []

    def _sample_chance(self, rng: random.Random) -> Action:
        step = self.phase
        if step == Phase.START:
            if self.first_player is not None:
                return STARTS[self.first_player]
            return STARTS[rng.randrange(self.players)]
        if step == Phase.COIN:
            return rng.choice(COINS)
        ids = self.deck.ids
        if step == Phase.DEAL:
            if self.card_order is not None:
                return Deal(self.card_order)
            order = list(self.deck.cards)
            rng.shuffle(order)
            return Deal(tuple(ids[card] for card in order))
        assert step == Phase.RESHUFFLE
        order = sorted(self.discard[:-1])
        rng.shuffle(order)
        return Reshuffle(tuple(ids[card] for card in order))

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action) -> list[Event]:
        match action:
            case Start():
                return self._start(action)
            case Deal():
                return self._deal(action)
            case Flip():
                return self._flip(action)
            case Draw():
                return self._draw(action)
            case TakeDiscard():
                return self._take_discard(action)
            case Swap():
                return self._swap(action)
            case Discard():
                return self._discard(action)
            case Peek():
                return self._peek(action)
            case Skip():
                return self._skip(action)
            case Exchange():
                return self._exchange(action)
            case MewChoose():
                return self._mew_choose(action)
            case MewTake():
                return self._mew_take(action)
            case MewPlace():
                return self._mew_place(action)
            case Coin():
                return self._coin(action)
            case Rocket():
                return self._rocket(action)
            case Reshuffle():
                return self._reshuffle(action)
        raise AssertionError(f"{action!r} was not checked")

    def _start(self, action: Start) -> list[Event]:
        self.starter = action.player
        self.phase = Phase.DEAL
        return [ev.StartingPlayerChosen(action.player)]

    def _deal(self, action: Deal) -> list[Event]:
        """Setup 1: the top card starts the discard pile, six cards face down to each player."""
        index = self.deck.index
        order = [index[card_id] for card_id in action.cards]
        self.card_order = None
        count = GRID * self.players
        self.discard = [order[0]]
        self.cards = order[1 : count + 1]
        self.face_up = [False] * count
        self.peeked = [0] * self.players
        self.pile = order[count + 1 :][::-1]
        self.pile_public = False
        self.final_left = -1
        self.turns = 0
        self.hand = -1
        # Setup 2: every player, in turn order from the starter, turns one card face up.
        self.flips_left = self.players
        self.player = self.starter
        self.phase = Phase.FLIP
        self.to_play = self.starter
        return [ev.RoundDealt(self.round, self.starter, self.deck.kinds[order[0]])]

    def _flip(self, action: Flip) -> list[Event]:
        player = self.player
        where = slot(player, action.position)
        self.face_up[where] = True
        self.flips_left -= 1
        self.player = (player + 1) % self.players
        if self.flips_left == 0:
            self.phase = Phase.TURN
        self.to_play = self.player
        return [ev.CardFlipped(player, action.position, self.deck.kinds[self.cards[where]])]

    def _draw(self, action: Draw) -> list[Event]:
        card = self.pile.pop()
        self._take_in_hand(card, from_pile=True)
        drawn: DrawStep = {"step": "draw", "card": self.deck.ids[card]} if self.hand_public else {"step": "draw"}
        self.turn_steps = [drawn]
        return [ev.CardDrawn(self.player, self.deck.kinds[card], self.hand_public)]

    def _take_discard(self, action: TakeDiscard) -> list[Event]:
        card = self.discard.pop()
        self._take_in_hand(card, from_pile=False)
        self.turn_steps = [{"step": "take_discard", "card": self.deck.ids[card]}]
        return [ev.DiscardTaken(self.player, self.deck.kinds[card])]

    def _take_in_hand(self, card: int, from_pile: bool) -> None:
        """A card brought into play: its effect starts (★ cards at once)."""
        self.hand = card
        self.hand_from_pile = from_pile
        effect = self.deck.effects[card]
        # Team Rocket (its coin) and Mew (its choices) are shown to everybody at once.
        self.hand_public = not from_pile or effect in _SHOWN_AT_ONCE
        if effect is Effect.TEAM_ROCKET:
            self.phase = Phase.COIN
            self.to_play = CHANCE
        elif effect is Effect.MEW:
            self.phase = Phase.MEW_OPPONENT
        else:
            self.phase = Phase.HAND

    def _swap(self, action: Swap) -> list[Event]:
        player = self.player
        position = action.position
        card = self.hand
        replaced = self._place(player, position, card)
        self.hand = -1
        kinds = self.deck.kinds
        effect = self.deck.effects[card] if self.phase == Phase.HAND else Effect.NONE
        if effect is Effect.ZAPDOS:
            return [ev.CardSwapped(player, position, kinds[card], kinds[replaced]), *self._zapdos(position, replaced)]
        self.discard.append(replaced)
        events: list[Event] = [ev.CardSwapped(player, position, kinds[card], kinds[replaced])]
        self.effect_card = card
        self.turn_steps = [*self.turn_steps, {"step": "swap", "position": POSITIONS[position], "card": kinds[card].id}]
        if effect is Effect.CHARIZARD and self.face_down_positions(player):
            self.phase = Phase.PEEK
        elif effect is Effect.SNORLAX:
            self.phase = Phase.SNORLAX
        else:
            self._end_turn(events)
        return events

    def _place(self, player: int, position: int, card: int) -> int:
        """Put ``card`` face up at ``position``; return the card that was there."""
        where = slot(player, position)
        replaced = self.cards[where]
        self.cards[where] = card
        self.face_up[where] = True
        self.peeked[player] &= ~(1 << position)
        return replaced

    def _zapdos(self, position: int, displaced: int) -> list[Event]:
        """The displaced card goes left to the same position, and so on; the last one to the bottom
        of the discard pile."""
        events: list[Event] = []
        kinds = self.deck.kinds
        giver = self.player
        receiver = (giver + 1) % self.players
        while receiver != self.player:
            events.append(ev.CardPassedLeft(giver, receiver, position, kinds[displaced]))
            displaced = self._place(receiver, position, displaced)
            giver, receiver = receiver, (receiver + 1) % self.players
        self.discard.insert(0, displaced)
        events.append(ev.CardToDiscardBottom(giver, position, kinds[displaced]))
        self._end_turn(events)
        return events

    def _discard(self, action: Discard) -> list[Event]:
        card = self.hand
        self.discard.append(card)
        self.hand = -1
        events: list[Event] = [ev.CardDiscarded(self.player, self.deck.kinds[card])]
        self._end_turn(events)
        return events

    def _peek(self, action: Peek) -> list[Event]:
        player = self.player
        self.peeked[player] |= 1 << action.position
        card = self.deck.kinds[self.cards[slot(player, action.position)]]
        events: list[Event] = [ev.CardPeeked(player, action.position, card)]
        self._end_turn(events)
        return events

    def _skip(self, action: Skip) -> list[Event]:
        events: list[Event] = [ev.EffectSkipped(self.player, self.deck.kinds[self.effect_card])]
        self._end_turn(events)
        return events

    def _exchange(self, action: Exchange) -> list[Event]:
        player = self.player
        first, second = slot(player, action.first), slot(player, action.second)
        cards, up = self.cards, self.face_up
        cards[first], cards[second] = cards[second], cards[first]
        up[first], up[second] = up[second], up[first]
        mask = self.peeked[player]
        bit_first, bit_second = (mask >> action.first) & 1, (mask >> action.second) & 1
        mask &= ~((1 << action.first) | (1 << action.second))
        self.peeked[player] = mask | (bit_first << action.second) | (bit_second << action.first)
        events: list[Event] = [ev.PositionsExchanged(player, action.first, action.second)]
        self._end_turn(events)
        return events

    def _mew_choose(self, action: MewChoose) -> list[Event]:
        self.mew_opponent = action.opponent
        self.hand_public = True
        self.turn_steps = [*self.turn_steps, {"step": "opponent", "player": action.opponent}]
        self.phase = Phase.MEW_TAKE
        return [ev.MewPlayed(self.player, action.opponent)]

    def _mew_take(self, action: MewTake) -> list[Event]:
        """Mew takes the card's place, face up; the taken card is shown to everybody."""
        taken = self._place(self.mew_opponent, action.position, self.hand)
        self.hand = taken
        self.phase = Phase.MEW_PLACE
        taking: TakeStep = {"step": "take", "position": POSITIONS[action.position], "card": self.deck.ids[taken]}
        self.turn_steps = [*self.turn_steps, taking]
        return [ev.MewTookCard(self.player, self.mew_opponent, action.position, self.deck.kinds[taken])]

    def _mew_place(self, action: MewPlace) -> list[Event]:
        card = self.hand
        replaced = self._place(self.player, action.position, card)
        self.discard.append(replaced)
        self.hand = -1
        kinds = self.deck.kinds
        events: list[Event] = [ev.MewPlacedCard(self.player, action.position, kinds[card], kinds[replaced])]
        self._end_turn(events)
        return events

    def _coin(self, action: Coin) -> list[Event]:
        self.phase = Phase.ROCKET if action.face == "pikachu" else Phase.MEOWTH
        face: CoinFace = "pikachu" if action.face == "pikachu" else "meowth"
        self.turn_steps = [*self.turn_steps, {"step": "coin", "face": face}]
        self.to_play = self.player
        return [ev.CoinFlipped(self.player, action.face)]

    def _rocket(self, action: Rocket) -> list[Event]:
        """Pikachu face: Team Rocket and the position of every player go to the bottom of the discard
        pile, Team Rocket lowest of all, then the players' cards in turn order from the player (so
        Team Rocket never comes straight back on top); then each, from the player on, refills it."""
        position = action.position
        kinds = self.deck.kinds
        order = [(self.player + offset) % self.players for offset in range(self.players)]
        packet = [self.hand]
        events: list[Event] = [ev.CardToDiscardBottom(self.player, None, kinds[self.hand])]
        for player in order:
            where = slot(player, position)
            packet.append(self.cards[where])
            events.append(ev.CardToDiscardBottom(player, position, kinds[self.cards[where]]))
            self.cards[where] = -1
            self.face_up[where] = False
            self.peeked[player] &= ~(1 << position)
        self.hand = -1
        # The packet, Team Rocket lowest, goes under the discard pile as it is.
        self.discard[:0] = packet
        self.refill_position = position
        self.refill_waiting = order
        self._refill(events)
        return events

    def _refill(self, events: list[Event]) -> None:
        while self.refill_waiting:
            if not self.pile:
                self.phase = Phase.RESHUFFLE
                self.to_play = CHANCE
                return
            player = self.refill_waiting.pop(0)
            card = self.pile.pop()
            self._place(player, self.refill_position, card)
            events.append(ev.CardRefilled(player, self.refill_position, self.deck.kinds[card]))
        self.refill_position = -1
        self._end_turn(events)

    def _reshuffle(self, action: Reshuffle) -> list[Event]:
        index = self.deck.index
        self.pile = [index[card_id] for card_id in reversed(action.cards)]
        self.discard = self.discard[-1:]
        self.pile_public = True
        events: list[Event] = [ev.PileReshuffled(len(self.pile))]
        if self.refill_waiting:
            self._refill(events)
        else:
            self.phase = Phase.TURN
            self.to_play = self.player
        return events

    def _end_turn(self, events: list[Event]) -> None:
        """The whole action has resolved: the round ends the moment somebody has six cards face up
        (with option final_turns, after one more turn of everybody else)."""
        self.turns += 1
        self.turn_steps = []
        if self.final_left < 0:
            # Somebody's six cards all face up (a scan in C: this runs after every turn).
            if any(map(all, map(self.face_up.__getitem__, ALL_GRID_SLOTS[: self.players]))):
                if not self.final_turns:
                    self._end_round(events)
                    return
                self.final_left = self.players - 1
        else:
            self.final_left -= 1
            if self.final_left == 0:
                self._end_round(events)
                return
        self.player = (self.player + 1) % self.players
        if self.pile:
            self.phase = Phase.TURN
            self.to_play = self.player
        else:
            self.phase = Phase.RESHUFFLE
            self.to_play = CHANCE

    def _end_round(self, events: list[Event]) -> None:
        """All cards face up; score; the lowest takes a token (see :func:`round_winner`)."""
        values = self.deck.values
        self.face_up = [True] * (GRID * self.players)
        self.peeked = [0] * self.players
        scores: list[int] = []
        numbers: list[list[int]] = []
        for player in range(self.players):
            score, counted = score_grid([values[card] for card in self.cards[grid_slots(player)]])
            scores.append(score)
            numbers.append(counted)
        winner = round_winner(scores, numbers)
        if winner is not None:
            self.tokens[winner] += 1
        ids = self.deck.ids
        self.rounds = (
            *self.rounds,
            {
                "round": self.round,
                "starter": self.starter,
                "scores": scores,
                "numbers": numbers,
                "winner": winner,
                "grids": [[ids[card] for card in self.cards[grid_slots(p)]] for p in range(self.players)],
                "tokens": list(self.tokens),
            },
        )
        events.append(ev.RoundScored(self.round, tuple(scores), winner, tuple(self.tokens)))
        self.hand = -1
        if winner is not None and self.tokens[winner] >= self.tokens_to_win:
            self.phase = Phase.OVER
            self.to_play = None
            events.append(ev.MatchWon(winner, self.tokens[winner]))
            return
        # Setup 3: the winner starts the next round; nobody won: the previous starter's left.
        self.starter = winner if winner is not None else (self.starter + 1) % self.players
        self.round += 1
        self.phase = Phase.DEAL
        self.to_play = CHANCE

    # ------------------------------------------------------------------ views, result, copies

    def _phase(self) -> str:
        return self.phase.value

    def _pending(self, viewer: int | None) -> PaperSafariPending:
        pending: PaperSafariPending = {"kind": PENDING_KINDS[self.phase], "steps": list(self.turn_steps)}
        match self.phase:
            case Phase.HAND:
                # Whether a drawn card may be discarded tells whether it is a ★ card: only for who sees it.
                visible = self._hand_visible_to(viewer)
                pending["card"] = self.deck.ids[self.hand] if visible else None
                pending["source"] = "pile" if self.hand_from_pile else "discard"
                pending["may_discard"] = self.may_discard() if visible else None
            case Phase.MEW_TAKE | Phase.MEW_PLACE:
                pending["opponent"] = self.mew_opponent
        return pending

    def _hand_visible_to(self, viewer: int | None) -> bool:
        return self.hand >= 0 and (self.hand_public or viewer == self.player)

    def _view(self, player: int | None) -> PaperSafariView:
        ids = self.deck.ids
        grids: list[list[str | None]] = []
        for owner in range(self.players):
            row: list[str | None] = []
            for position in range(GRID):
                where = slot(owner, position)
                card = self.cards[where]
                row.append(ids[card] if self.face_up[where] else ("" if card < 0 else None))
            grids.append(row)
        known: dict[str, str] = {}
        if player is not None:
            mask = self.peeked[player]
            for position in range(GRID):
                if mask >> position & 1:
                    known[POSITIONS[position]] = ids[self.cards[slot(player, position)]]
        hand_visible = self._hand_visible_to(player)
        pile_cards = None
        if self.pile_public:
            hidden = self.pile + ([self.hand] if self.hand >= 0 and not hand_visible else [])
            pile_cards = [ids[card] for card in sorted(hidden)]
        in_turn = self.phase not in (Phase.START, Phase.DEAL, Phase.OVER)
        return {
            "round": self.round,
            "starter": self.starter,
            "current": self.player if in_turn else None,
            "turn": self.turns,
            "positions": list(POSITIONS),
            "grids": grids,
            "known": known,
            "discard": [ids[card] for card in self.discard],
            "discard_top": ids[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "pile_size": len(self.pile),
            "pile_cards": pile_cards,
            "hand": ids[self.hand] if hand_visible else None,
            "hand_holder": self.player if self.hand >= 0 else None,
            "hand_from": None if self.hand < 0 else ("pile" if self.hand_from_pile else "discard"),
            "mew_opponent": self.mew_opponent if self.phase in (Phase.MEW_TAKE, Phase.MEW_PLACE) else None,
            "refill": (
                {"position": POSITIONS[self.refill_position], "waiting": list(self.refill_waiting)}
                if self.refill_waiting
                else None
            ),
            "final_turns_left": self.final_left if self.final_left >= 0 else None,
            "tokens": list(self.tokens),
            "tokens_to_win": self.tokens_to_win,
            "rounds": [_round_copy(entry) for entry in self.rounds],
            "cards": {card_id: line.copy() for card_id, line in self.deck.table.items()},
        }

    def result(self) -> dict[str, Any]:
        winners = [player for player in range(self.players) if self.tokens[player] >= self.tokens_to_win]
        losers = [player for player in range(self.players) if player not in winners]
        return {"winners": winners, "losers": losers, "scores": list(self.tokens)}

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Every card ``player`` has not seen is dealt again at random: the face-down cards (but
        the ones he peeked at), another player's drawn card, and the pile. After a reshuffle the
        pile's cards are public, so the pile and the face-down cards are resampled apart.

        Another player's drawn card is drawn first, among the unseen cards that would not have been
        shown at once (there is always one: the true card), then the rest is shuffled again. A
        fixed first deal (secret option) is forgotten: the sample deals at random."""
        self.card_order = None
        if self.phase in (Phase.START, Phase.DEAL, Phase.OVER):
            return
        unseen_slots = [
            slot(owner, position)
            for owner in range(self.players)
            for position in range(GRID)
            if not self.face_up[slot(owner, position)]
            and self.cards[slot(owner, position)] >= 0
            and not (owner == player and self.peeked[player] >> position & 1)
        ]
        hidden_hand = self.hand >= 0 and not self.hand_public and self.player != player
        grid_cards = [self.cards[where] for where in unseen_slots]
        pile_cards = list(self.pile) + ([self.hand] if hidden_hand else [])
        # The drawn card comes from the pile's pool: the pile alone after a reshuffle, else all unseen.
        grid_pool, pile_pool = ([], grid_cards + pile_cards) if not self.pile_public else (grid_cards, pile_cards)
        if hidden_hand:
            effects = self.deck.effects
            self.hand = rng.choice(sorted(card for card in pile_pool if effects[card] not in _SHOWN_AT_ONCE))
            pile_pool.remove(self.hand)
        dealt = _shuffled(grid_pool, rng) + _shuffled(pile_pool, rng)
        for where, card in zip(unseen_slots, dealt, strict=False):
            self.cards[where] = card
        self.pile = dealt[len(unseen_slots) :]


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in an order that depends only on which cards they are and on ``rng``."""
    order = sorted(cards)
    rng.shuffle(order)
    return order
