"""The state of a Paper Safari (Pokémon edition) match: its fields, and the contract's methods, each
dispatching to the rule of :mod:`asobiba.games.paper_safari.rules` that the rules page
(``rules/paper_safari.en.md``) states.

The state is a handful of flat lists: ``cards[slot(player, position)]`` (a card kind number, ``-1``
for a position emptied by Team Rocket and not yet refilled) and ``face_up`` beside it; the pile and
the discard pile are lists whose *last* item is the top (:mod:`.grid`). A decision that takes several
steps (Mew: opponent, card, position) is a phase of its own (``self.phase``, a :class:`.phase.Phase`,
the view's ``phase``) with its own legal actions; the steps of the turn taken so far are
``turn_steps`` (the view's ``pending["steps"]``). What a refusal says is in :mod:`.rules.moves`.

The deal (``deal c1 c2 …``, the whole deck top first) gives the first card to the discard pile,
then six cards to each player from p0 to p{n-1} (positions a1 a2 a3 b1 b2 b3 in that order),
and leaves the rest as the pile, top first.

>>> from asobiba.games.paper_safari import GAME
>>> state = GAME.new_game(3, seed=4)
>>> [str(action) for action in state.legal_actions()][:2]
['flip a1', 'flip a2']
"""

from __future__ import annotations

import random
from typing import Any

from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules, State
from asobiba.games.paper_safari.actions import (
    DISCARD,
    MEW_PLACES,
    MEW_TAKES,
    ROCKETS,
    SWAPS,
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
from asobiba.games.paper_safari.data import Deck, deck_from_option
from asobiba.games.paper_safari.grid import COLUMNS, GRID, places
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules import determinize, end, moves, setup, specials, turn, views
from asobiba.games.paper_safari.rules.cards import verify_place
from asobiba.games.paper_safari.view import (
    PaperSafariFullView,
    PaperSafariPending,
    PaperSafariView,
    RoundEntry,
    TurnStep,
)


class PaperSafariState(State[PaperSafariView, PaperSafariFullView]):
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
        #: Research options (docs/research.md): the grid's columns and its positions, the turns after which a round
        #: ends and the rounds after which the match ends (0: no limit).
        self.columns: int = options.get("columns", COLUMNS)
        self.places: tuple[int, ...] = places(self.columns)
        self.turn_limit: int = options.get("turn_limit", 0)
        self.round_limit: int = options.get("rounds", 0)
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

    # ------------------------------------------------------------------ who decides, and chance

    def _current_player(self) -> int | None:
        return self.to_play

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == Phase.COIN:
            return specials.coin_outcomes()
        return setup.setup_outcomes(self)

    def _sample_chance(self, rng: random.Random) -> Action:
        match self.phase:
            case Phase.COIN:
                return specials.flip_coin(rng)
            case Phase.RESHUFFLE:
                return turn.sample_reshuffle(self, rng)
        return setup.sample_setup(self, rng)

    def _legal_actions(self) -> list[Action]:
        match self.phase:
            case Phase.TURN:
                return list(turn.TURN_ACTIONS)
            case Phase.HAND if turn.may_discard(self):
                return list(turn.HAND_ACTIONS) if self.columns == COLUMNS else [*turn.swaps(self), DISCARD]
            case Phase.HAND | Phase.MEOWTH:
                return list(SWAPS) if self.columns == COLUMNS else turn.swaps(self)
            case Phase.FLIP:
                return setup.flip_actions(self)
            case Phase.PEEK:
                return specials.peek_actions(self)
            case Phase.SNORLAX:
                return list(specials.SNORLAX_ACTIONS)
            case Phase.MEW_OPPONENT:
                return list(specials.MEW_OPPONENTS[self.players, self.player])
            case Phase.MEW_TAKE:
                return list(MEW_TAKES)
            case Phase.MEW_PLACE:
                return list(MEW_PLACES)
            case Phase.ROCKET:
                return list(ROCKETS)
        raise AssertionError(f"no player decides at step {self.phase}")

    # ------------------------------------------------------------------ checking: each action's verify_

    def _check(self, action: Action) -> None:
        """Every field in range, then the action's own check in the phase that takes it; any other
        action is refused with what the player to move must do now."""
        moves.verify_ranges(self, action)
        phase = self.phase
        match action:
            case Draw() | TakeDiscard() if phase == Phase.TURN:
                return
            case Swap(position) if phase in (Phase.HAND, Phase.MEOWTH):
                return verify_place(self, position)
            case Discard() if phase == Phase.HAND:
                return turn.verify_discard(self)
            case Flip(position) if phase == Phase.FLIP:
                return setup.verify_flip(self, position)
            case Peek(position) if phase == Phase.PEEK:
                return specials.verify_peek(self, position)
            case Skip() if phase in (Phase.PEEK, Phase.SNORLAX):
                return
            case Exchange() if phase == Phase.SNORLAX:
                return
            case MewChoose(opponent) if phase == Phase.MEW_OPPONENT:
                return specials.verify_mew_choice(self, opponent)
            case MewTake() if phase == Phase.MEW_TAKE:
                return
            case MewPlace() if phase == Phase.MEW_PLACE:
                return
            case Rocket() if phase == Phase.ROCKET:
                return
            case Start(player) if phase == Phase.START:
                return setup.verify_start(self, player)
            case Coin() if phase == Phase.COIN:
                return
            case Deal(cards) if phase == Phase.DEAL:
                return setup.verify_deal(self, cards)
            case Reshuffle(cards) if phase == Phase.RESHUFFLE:
                return turn.verify_reshuffle(self, cards)
        raise moves.refuse(self, action)

    # ------------------------------------------------------------------ applying: each action's rule

    def _apply(self, action: Action) -> list[Event]:
        match action:
            case Start():
                return setup.start(self, action)
            case Deal():
                return setup.deal(self, action)
            case Flip():
                return setup.flip(self, action)
            case Draw():
                return turn.draw(self, action)
            case TakeDiscard():
                return turn.take_discard(self, action)
            case Swap():
                return turn.swap(self, action)
            case Discard():
                return turn.discard(self, action)
            case Peek():
                return specials.peek(self, action)
            case Skip():
                return specials.skip(self, action)
            case Exchange():
                return specials.exchange(self, action)
            case MewChoose():
                return specials.mew_choose(self, action)
            case MewTake():
                return specials.mew_take(self, action)
            case MewPlace():
                return specials.mew_place(self, action)
            case Coin():
                return specials.coin(self, action)
            case Rocket():
                return specials.rocket(self, action)
            case Reshuffle():
                return turn.reshuffle(self, action)
        raise AssertionError(f"{action!r} was not checked")

    # ------------------------------------------------------------------ what each player sees, and the end

    def _phase(self) -> str:
        return self.phase.value

    def _view(self, player: int | None) -> PaperSafariView:
        return views.view(self, player)

    def _pending(self, viewer: int | None) -> PaperSafariPending:
        return views.pending(self, viewer)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        determinize.resample_hidden(self, player, rng)

    def result(self) -> dict[str, Any]:
        return end.result(self)
