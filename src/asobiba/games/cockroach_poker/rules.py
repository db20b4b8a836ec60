"""The rules of Cockroach Poker, both rule sets (``shared/rules/cockroach_poker.md``).

A game starts at a chance node, the deal (``deal <the whole order, top first> first=pN``).
Then each *round* is one card's journey: an ``offer``; for the receiver ``answer yes|no``, or
(trump, ``jokers=redirect``) ``redirect pN`` with a joker, or (original) ``peek`` then
``pass pN claims=<creature>``; the answer reveals the card and puts it face up in a row.

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=7, first_player=0, card_order=["H1", "S1", "C1"])
>>> "H1" in state.view(0)["hand"], state.view(0)["hand_sizes"], state.to_move
(True, [18, 18, 18], 0)
>>> _ = state.apply(state.parse_action("offer p1 spades card=H1"))
>>> state.view(1)["in_play"]["card"] is None, state.view(0)["in_play"]["card"]
(True, 'H1')
>>> _ = state.apply(state.parse_action("answer no"))   # right: H1 is not a spade
>>> state.view()["rows"][0], state.to_move
(['H1'], 0)

The view (``state.view(player)``; ``player=None`` for a spectator): core's envelope (``game,
players, viewer, phase, to_move, seq, pending, is_over, options`` and ``result`` when over; see
:mod:`~asobiba.games.cockroach_poker.view` for ``phase`` and ``pending``), then these keys, typed
in :class:`~asobiba.games.cockroach_poker.view.CockroachPokerView`:

``rules``        ``"trump"`` or ``"original"``
``kinds``        the claims: the 4 suits or the 8 creatures, in deck order
``deck``         ``{kind: copies in the deck}``, plus ``"joker": 2`` when jokers are in play
``round``        the number of the round being played (1 for the first)
``offerer``      who offers (phase ``offer``) or offered this round's card
``hand``         the viewer's own cards (sorted), ``None`` for a spectator
``hand_sizes``   cards in each player's hand
``rows``         each player's face-up cards, in the order they came
``row_kinds``    the kind each row card counts as (``None``: a redirect-mode joker, no suit)
``row_counts``   per player ``{kind: count}`` over every kind (jokers without suit not counted)
``row_sizes``    per player, face-up cards in all (jokers included)
``set_aside``    how many cards are set aside unseen
``heap``         the jokers discarded by redirects, face up
``last_target``  per player, whom his latest offer targeted (trump: he may not target him now,
                 unless that player just pushed a card on him: retaliation is allowed)
``pushed_by``    who pushed the card that last went face up on its receiver — its offerer, or
                 the redirector who made him answer (``None``: nobody, after a right answer)
``loss``         ``{"threshold": n, "of_a_kind": 4}`` (trump) or ``{"of_a_kind": 4 or 5,
                 "eight_kinds": bool}`` (original)
``in_play``      ``None`` between rounds, else ``{"offerer", "giver" (who made the last claim),
                 "receiver" (who must answer/pass now), "claim", "steps", "seen_by", "redirected",
                 "card"}`` — ``card`` is the card's text only if the viewer offered or passed it
                 (or peeked at it), else ``None``
``log``          the finished rounds, oldest first: ``{"round", "offerer", "steps", "card", "kind",
                 "correct", "row"}``; ``kind`` is what the card counted as (``None``: joker without
                 suit)

A step (in ``in_play.steps`` and in ``log``) is one of
``{"action": "offer"|"pass", "player", "to", "claim"}`` (in the log also ``"true"``: was the claim
true), ``{"action": "redirect", "player", "to", "joker"}``, ``{"action": "peek", "player"}``,
``{"action": "answer", "player", "answer": "yes"|"no"}``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules, State
from asobiba.games.cockroach_poker import actions as act
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.actions import (
    ANSWERS,
    PASSES,
    PEEK,
    REDIRECTS,
    Answer,
    Deal,
    Offer,
    Pass,
    Peek,
    Redirect,
    offers_by_offerer,
)
from asobiba.games.cockroach_poker.data import (
    KIND_LIMIT,
    NO_KIND,
    ORIGINAL,
    TRUMP,
    TRUMP_KIND_LIMIT,
    TRUMP_NO_JOKERS,
    TWO_PLAYER_KIND_LIMIT,
    TWO_PLAYER_SET_ASIDE,
    Deck,
)
from asobiba.games.cockroach_poker.notation import shown
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.view import (
    Choice,
    ClaimStep,
    CockroachPokerFullView,
    CockroachPokerPending,
    CockroachPokerView,
    FinishedRound,
    InPlay,
    OriginalLoss,
    RoundStep,
    TrumpLoss,
)

#: Numbers at least this large are not quoted in an error message.
_SHOWN_NUMBER = 10**6


class StepKind(StrEnum):
    """What a step of a round was; the value is the view's ``action``."""

    OFFER = "offer"
    PASS = "pass"
    REDIRECT = "redirect"
    PEEK = "peek"
    ANSWER = "answer"


# A step of a round, as kept in the state (an immutable tuple; the view spells it out):
# (OFFER | PASS, player, to, claim), (REDIRECT, player, to, joker), (PEEK, player), (ANSWER, player, yes).


def bit(player: int) -> int:
    """``player``'s bit in a set of players kept as an integer."""
    return 1 << player


def has(players: int, player: int) -> bool:
    """Whether the set of players ``players`` (bits) holds ``player``."""
    return bool(players >> player & 1)


def members(players: int, count: int) -> list[int]:
    """The players of the set ``players`` (bits), lowest first, among ``count`` players."""
    return [player for player in range(count) if players >> player & 1]


@dataclass(frozen=True)
class Setup:
    """The rules in force, decided once from the options."""

    rules: str
    deck: Deck
    jokers: str  # "redirect", "wild" or "none" ("none" in the original game)
    loss_threshold: int  # trump: face-up cards needed before a row can lose
    kind_limit: int  # cards of one kind that lose
    eight_kinds: bool  # original: all 8 creatures in a row lose
    deal_all: bool  # original, deal=all: every card dealt
    set_aside_first: int  # original, 2 players: cards set aside before the deal
    first_player: int | None
    card_order: tuple[int, ...]  # fixed top of the deck (maybe all of it), as card numbers

    @classmethod
    def from_options(cls, players: int, options: dict[str, Any]) -> Setup:
        rules = options["rules"]
        trump = rules == "trump"
        two_player_original = not trump and players == 2
        deck = (TRUMP_NO_JOKERS if options["jokers"] == "none" else TRUMP) if trump else ORIGINAL
        return cls(
            rules=rules,
            deck=deck,
            jokers=options["jokers"] if trump else "none",
            loss_threshold=options["loss_threshold"] if trump else 0,
            kind_limit=TRUMP_KIND_LIMIT if trump else TWO_PLAYER_KIND_LIMIT if two_player_original else KIND_LIMIT,
            eight_kinds=not trump and bool(options["eight_kinds"]),
            deal_all=not trump and options["deal"] == "all",
            set_aside_first=TWO_PLAYER_SET_ASIDE if two_player_original else 0,
            first_player=options.get("first_player"),
            card_order=tuple(act.card_index(rules, text) for text in options.get("card_order") or ()),
        )


def _deck_counts(deck: Deck) -> dict[str, int]:
    """How many cards of each kind (and jokers) the deck holds, as views show it (worked out once)."""
    known = _DECK_COUNTS.get(id(deck))
    if known is not None:
        return known[1]
    counts = {name: 0 for name in deck.kinds}
    for kind in deck.kind_of:
        if kind == NO_KIND:
            counts["joker"] = counts.get("joker", 0) + 1
        else:
            counts[deck.kinds[kind]] += 1
    _DECK_COUNTS[id(deck)] = (deck, counts)
    return counts


# Keyed by the deck's id (hashing a deck walks its 54 cards), each value keeping its deck alive so
# that the id stays its own.
_DECK_COUNTS: dict[int, tuple[Deck, dict[str, int]]] = {}
#: Finished rounds spelt out for views, by (deck, number, log entry): the same for every viewer.
_FINISHED_ROUNDS: dict[tuple[int, int, tuple[Any, ...]], tuple[Deck, FinishedRound]] = {}
#: How many are kept before the table starts afresh (memory stays bounded in long runs).
_FINISHED_ROUNDS_KEPT = 50_000


class CockroachPokerState(State[CockroachPokerView, CockroachPokerFullView]):
    """A position of Cockroach Poker (either rule set); see the module docstring for the view."""

    copied_lists = ("set_aside", "heap", "last_target", "steps", "log")
    copied_nested_lists = ("hands", "rows", "row_kinds", "row_counts")

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        super().__init__(game, players, seed, options, chance)
        self.setup = Setup.from_options(players, options)
        self.kind_of = self.setup.deck.kind_of
        self.offer_table = offers_by_offerer(self.setup.rules, players)
        self.trump = self.setup.rules == "trump"
        self.redirect_jokers = self.setup.jokers == "redirect"
        n_kinds = len(self.setup.deck.kinds)
        self.phase = Phase.DEAL
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.row_kinds: list[list[int]] = [[] for _ in range(players)]
        self.row_counts: list[list[int]] = [[0] * n_kinds for _ in range(players)]
        self.set_aside: list[int] = []
        self.heap: list[int] = []
        self.last_target: list[int] = [-1] * players
        # Who pushed the card that last went face up on its receiver (the offerer now): its
        # offerer or the redirector who made him answer; -1 for nobody (a right answer, no round).
        self.pushed_by = -1
        self.offerer = 0  # offers now (phase offer) or offered this round's card
        self.giver = 0  # made the last claim
        self.receiver = -1  # must answer or pass now
        self.claim = -1
        self.card = -1  # the card in play
        self.seen = 0  # bit set: who has seen the card in play
        self.redirected = 0  # bit set: who redirected this round
        self.steps: list[tuple[Any, ...]] = []  # this round so far
        # Finished rounds: (steps, card, counts_as, correct, row_of); immutable entries.
        self.log: list[tuple[Any, ...]] = []
        self.winners: tuple[int, ...] = ()
        self.losers: tuple[int, ...] = ()
        self.end_reason = ""

    # ------------------------------------------------------------------ whose turn, what is legal

    def _current_player(self) -> int | None:
        match self.phase:
            case Phase.OFFER:
                return self.offerer
            case Phase.ANSWER | Phase.PASS:
                return self.receiver
            case Phase.DEAL:
                return CHANCE
            case _:
                return None

    def barred_target(self) -> int:
        """Trump: the player the offerer may not target now (-1: nobody) — the one his own
        immediately preceding offer targeted, unless that player just pushed a card on him
        (retaliation is allowed)."""
        if not self.trump:
            return -1
        barred = self.last_target[self.offerer]
        return -1 if barred == self.pushed_by else barred

    def offer_targets(self) -> list[int]:
        """Whom the offerer may give a card to: anybody else, except :meth:`barred_target`."""
        offerer, barred = self.offerer, self.barred_target()
        return [target for target in range(self.players) if target != offerer and target != barred]

    def redirect_targets(self) -> list[int]:
        """Trump, ``jokers=redirect``: whom the receiver may make answer with a joker: not the
        offerer, not himself, nobody who already redirected this round (empty without a joker)."""
        receiver = self.receiver
        if not self.redirect_jokers or not self._has_joker(receiver):
            return []
        barred = self.redirected | bit(self.offerer) | bit(receiver)
        return [target for target in range(self.players) if not has(barred, target)]

    def pass_targets(self) -> list[int]:
        """Original: the players who have not yet seen the card in play this round."""
        seen = self.seen | bit(self.receiver)
        return [target for target in range(self.players) if not has(seen, target)]

    def _has_joker(self, player: int) -> bool:
        hand = self.hands[player]
        return bool(hand) and self.kind_of[hand[-1]] == NO_KIND  # jokers sort last

    def _legal_actions(self) -> list[Action]:
        legal: list[Action] = []
        match self.phase:
            case Phase.OFFER:
                offers = self.offer_table  # [card][offerer][barred + 1]
                offerer, barred = self.offerer, self.barred_target()
                for card in self.hands[offerer]:
                    legal.extend(offers[card][offerer][barred + 1])
            case Phase.ANSWER:
                legal.extend(ANSWERS)
                if self.trump:
                    legal.extend(REDIRECTS[target] for target in self.redirect_targets())
                elif self.pass_targets():
                    legal.append(PEEK)
            case Phase.PASS:
                for target in self.pass_targets():
                    legal.extend(PASSES[target])
        return legal

    def _check(self, action: Action) -> None:
        match action:
            case Offer(target, claim, card):
                self.verify_offer(target, claim, card)
            case Answer(yes):
                self.verify_answer(yes)
            case Redirect(target):
                self.verify_redirect(target)
            case Peek():
                self.verify_peek()
            case Pass(target, claim):
                self.verify_pass(target, claim)
            case Deal():
                self.verify_deal(action)
            case _:
                raise IllegalAction(
                    "'{action}' is not a move of cockroach-poker",
                    domain="cockroach_poker",
                    action=type(action).__name__,
                )

    def verify_offer(self, target: int, claim: str, card: str) -> None:
        if self.phase != Phase.OFFER:
            raise IllegalAction(
                "no offer now: p{player} must first deal with the card in play",
                domain="cockroach_poker",
                player=self.receiver,
            )
        self.verify_target(target)
        if target == self.offerer:
            raise IllegalAction("a player cannot offer a card to himself", domain="cockroach_poker")
        if target == self.barred_target():
            raise IllegalAction(
                "p{player} targeted p{target} with his previous offer and may not attack "
                "the same player twice in a row",
                domain="cockroach_poker",
                player=self.offerer,
                target=target,
            )
        self.verify_claim(claim)
        if self._card_number(card) not in self.hands[self.offerer]:
            raise IllegalAction(
                "{card} is not in p{player}'s hand", domain="cockroach_poker", card=card, player=self.offerer
            )

    def verify_answer(self, yes: bool) -> None:
        if not isinstance(yes, bool):
            raise IllegalAction(
                "an answer is yes (True) or no (False), not {kind}", domain="cockroach_poker", kind=type(yes).__name__
            )
        if self.phase != Phase.ANSWER:
            raise self._not_now("answer")

    def verify_redirect(self, target: int) -> None:
        if not self.redirect_jokers:
            raise IllegalAction(
                "no redirect with these rules (rules={rules}, jokers={jokers})",
                domain="cockroach_poker",
                rules=self.setup.rules,
                jokers=self.setup.jokers,
            )
        if self.phase != Phase.ANSWER:
            raise self._not_now("redirect")
        if not self._has_joker(self.receiver):
            raise IllegalAction(
                "p{player} has no joker to redirect with", domain="cockroach_poker", player=self.receiver
            )
        self.verify_target(target)
        if target == self.receiver:
            raise IllegalAction("a player cannot redirect to himself", domain="cockroach_poker")
        if target == self.offerer:
            raise IllegalAction(
                "p{player} made the offer and cannot be made to answer it", domain="cockroach_poker", player=target
            )
        if has(self.redirected, target):
            raise IllegalAction(
                "p{player} already redirected this round and cannot be made to answer",
                domain="cockroach_poker",
                player=target,
            )

    def verify_peek(self) -> None:
        if self.trump:
            raise IllegalAction(
                "in the trump rule set a card cannot be passed on; answer yes or no", domain="cockroach_poker"
            )
        if self.phase != Phase.ANSWER:
            raise self._not_now("peek")
        if not self.pass_targets():
            raise IllegalAction("every other player has seen this card: it must be answered", domain="cockroach_poker")

    def verify_pass(self, target: int, claim: str) -> None:
        if self.trump:
            raise IllegalAction(
                "in the trump rule set a card cannot be passed on; answer yes or no", domain="cockroach_poker"
            )
        if self.phase == Phase.ANSWER:
            raise IllegalAction("look at the card first ('peek'), then pass it", domain="cockroach_poker")
        if self.phase != Phase.PASS:
            raise self._not_now("pass")
        self.verify_target(target)
        if target == self.receiver:
            raise IllegalAction("a player cannot pass the card to himself", domain="cockroach_poker")
        if has(self.seen, target):
            raise IllegalAction(
                "p{player} has already seen this card; pass it to someone who has not",
                domain="cockroach_poker",
                player=target,
            )
        self.verify_claim(claim)

    def _not_now(self, verb: str) -> IllegalAction:
        """Why ``verb`` (answer, redirect, peek or pass) is refused outside its phase. The core
        refuses a player's move while dealing and after the end, so the phase is offer or pass."""
        if self.phase == Phase.PASS:
            return IllegalAction(
                "p{player} has peeked and must now pass the card on", domain="cockroach_poker", player=self.receiver
            )
        offerer = self.offerer
        match verb:
            case "answer":
                return IllegalAction(
                    "nothing to answer: p{player} must offer a card first", domain="cockroach_poker", player=offerer
                )
            case "redirect":
                return IllegalAction(
                    "nothing to redirect: p{player} must offer a card first", domain="cockroach_poker", player=offerer
                )
            case "peek":
                return IllegalAction(
                    "nothing to peek: p{player} must offer a card first", domain="cockroach_poker", player=offerer
                )
            case _:
                return IllegalAction(
                    "nothing to pass: p{player} must offer a card first", domain="cockroach_poker", player=offerer
                )

    def verify_target(self, target: object) -> None:
        """A player's number: a whole number (not a bool) from 0 to players - 1."""
        if isinstance(target, bool) or not isinstance(target, int):
            raise IllegalAction(
                "a player is a whole number, not {kind}", domain="cockroach_poker", kind=type(target).__name__
            )
        if not 0 <= target < self.players:
            raise IllegalAction(
                "there is no player p{player}; players are p0 to p{last}",
                domain="cockroach_poker",
                player=target if abs(target) < _SHOWN_NUMBER else "…",
                last=self.players - 1,
            )

    def verify_claim(self, claim: object) -> None:
        if not isinstance(claim, str) or claim not in self.setup.deck.kinds:
            raise IllegalAction(
                "{claim} is not a claim of this game; claims are: {claims}",
                domain="cockroach_poker",
                claim=shown(claim) if isinstance(claim, str) else type(claim).__name__,
                claims=", ".join(self.setup.deck.kinds),
            )

    def _card_number(self, text: object) -> int:
        """The number of the card written ``text``, which must be in play in this game."""
        card = act.CARD_INDEX[self.setup.rules].get(text) if isinstance(text, str) else None
        if card is None:
            raise IllegalAction(
                "{card} is not a card of this game",
                domain="cockroach_poker",
                card=shown(text) if isinstance(text, str) else type(text).__name__,
            )
        if card >= self.setup.deck.size:
            raise IllegalAction("{card} is not in play with jokers=none", domain="cockroach_poker", card=text)
        return card

    # ------------------------------------------------------------------ carrying actions out

    def _apply(self, action: Action) -> list[Event]:
        match action:
            case Offer(target, claim, card):
                return self._offer(target, claim, card)
            case Answer(yes):
                return self._answer(yes)
            case Redirect(target):
                return self._redirect(target)
            case Peek():
                return self._peek()
            case Pass(target, claim):
                return self._pass(target, claim)
            case Deal():
                return self._deal(action)
        raise AssertionError(f"{action!r} was not checked")  # core applies only checked actions

    def _deal(self, deal: Deal) -> list[Event]:
        order = [act.card_index(self.setup.rules, text) for text in deal.cards]
        players = self.players
        aside = self.setup.set_aside_first
        self.set_aside = order[:aside]
        rest = order[aside:]
        dealt = len(rest) if self.setup.deal_all else len(rest) // players * players
        for player in range(players):
            self.hands[player] = sorted(rest[player:dealt:players])
        self.set_aside += rest[dealt:]
        self.offerer = deal.first
        self.phase = Phase.OFFER
        # The card_order option is secret: once dealt, the position keeps no copy of it.
        self.setup = replace(self.setup, card_order=())
        events: list[Event] = [ev.HandDealt(p, len(hand), self._hand_texts(hand)) for p, hand in enumerate(self.hands)]
        events.append(ev.CardsSetAside(len(self.set_aside)))
        events.append(ev.FirstOfferer(deal.first))
        return events

    def verify_deal(self, deal: Deal) -> None:
        if self.phase != Phase.DEAL:
            raise IllegalAction("the cards have already been dealt", domain="cockroach_poker")
        deck = self.setup.deck
        index = act.CARD_INDEX[self.setup.rules]
        if not isinstance(deal.cards, tuple) or len(deal.cards) != deck.size:
            raise IllegalAction(
                "a deal lists each of the {size} cards exactly once", domain="cockroach_poker", size=deck.size
            )
        order = [index.get(text, -1) if isinstance(text, str) else -1 for text in deal.cards]
        if -1 in order:
            raise IllegalAction("the deal names a card that is not in this deck", domain="cockroach_poker")
        if sorted(order) != list(range(deck.size)):
            raise IllegalAction(
                "a deal lists each of the {size} cards exactly once", domain="cockroach_poker", size=deck.size
            )
        fixed = self.setup.card_order
        if tuple(order[: len(fixed)]) != fixed:
            raise IllegalAction("the deal does not follow the card_order option", domain="cockroach_poker")
        self.verify_target(deal.first)
        if self.setup.first_player is not None and deal.first != self.setup.first_player:
            raise IllegalAction(
                "the first_player option says p{player} offers first",
                domain="cockroach_poker",
                player=self.setup.first_player,
            )

    def _offer(self, target: int, claim_name: str, card_name: str) -> list[Event]:
        card = act.card_index(self.setup.rules, card_name)
        claim = act.kind_index(self.setup.rules, claim_name)
        offerer = self.offerer
        self.hands[offerer].remove(card)
        self.card = card
        self.claim = claim
        self.giver = offerer
        self.receiver = target
        self.seen = bit(offerer)
        self.redirected = 0
        self.last_target[offerer] = target
        self.steps = [(StepKind.OFFER, offerer, target, claim)]
        self.phase = Phase.ANSWER
        return [ev.CardOffered(offerer, target, claim_name, card_name)]

    def _redirect(self, target: int) -> list[Event]:
        player = self.receiver
        hand = self.hands[player]
        joker = next(card for card in hand if self.kind_of[card] == NO_KIND)  # the lowest joker
        hand.remove(joker)
        self.heap.append(joker)
        self.redirected |= bit(player)
        self.steps.append((StepKind.REDIRECT, player, target, joker))
        self.receiver = target
        return [ev.CardRedirected(player, self.setup.deck.cards[joker], target)]

    def _peek(self) -> list[Event]:
        player = self.receiver
        self.seen |= bit(player)
        self.steps.append((StepKind.PEEK, player))
        self.phase = Phase.PASS
        return [ev.CardPeeked(player, self.setup.deck.cards[self.card])]

    def _pass(self, target: int, claim_name: str) -> list[Event]:
        player = self.receiver
        claim = act.kind_index(self.setup.rules, claim_name)
        self.steps.append((StepKind.PASS, player, target, claim))
        self.giver = player
        self.receiver = target
        self.claim = claim
        self.phase = Phase.ANSWER
        seen = frozenset(members(self.seen, self.players))
        return [ev.CardPassed(player, target, claim_name, self.setup.deck.cards[self.card], seen)]

    def _answer(self, yes: bool) -> list[Event]:
        """Reveal the card: right answer -> the last claimer's row, wrong -> the answerer's."""
        answerer, card, claim = self.receiver, self.card, self.claim
        kind = self.kind_of[card]
        if kind == NO_KIND:  # a joker offered face down
            claim_true = self.setup.jokers == "wild"
            counts_as = claim if claim_true else NO_KIND
        else:
            claim_true = kind == claim
            counts_as = kind
        correct = yes == claim_true
        row_of = self.giver if correct else answerer
        # Wrong: pushed on the answerer by whoever handed it to him (offer, redirect or pass).
        # Right: it comes back to the last claimer, pushed on him by nobody.
        self.pushed_by = -1 if correct else self.steps[-1][1]
        self.rows[row_of].append(card)
        self.row_kinds[row_of].append(counts_as)
        if counts_as != NO_KIND:
            self.row_counts[row_of][counts_as] += 1
        self.steps.append((StepKind.ANSWER, answerer, yes))
        self.log.append((tuple(self.steps), card, counts_as, correct, row_of))
        kinds = self.setup.deck.kinds
        events: list[Event] = [
            ev.ClaimAnswered(answerer, kinds[claim], yes),
            ev.CardRevealed(
                self.setup.deck.cards[card],
                kinds[claim],
                claim_true,
                correct,
                row_of,
                None if counts_as == NO_KIND else kinds[counts_as],
            ),
        ]
        round_offerer = self.offerer
        self.card = -1
        self.claim = -1
        self.receiver = -1
        self.seen = 0
        # Whoever received the card face up is the next offerer.
        self.offerer = row_of
        self.phase = Phase.OFFER
        events.extend(self._end_of_round(row_of, round_offerer))
        return events

    def _end_of_round(self, receiver: int, round_offerer: int) -> list[Event]:
        if self.trump:
            return self._trump_end(receiver, round_offerer)
        return self._original_end(receiver)

    def _trump_end(self, receiver: int, round_offerer: int) -> list[Event]:
        counts = self.row_counts[receiver]
        # 1. Loss: at least loss_threshold face-up cards and all 4 suits or 4 of one suit.
        if len(self.rows[receiver]) >= self.setup.loss_threshold:
            if min(counts) > 0:
                return self._lose(receiver, "four_suits")
            if max(counts) >= self.setup.kind_limit:
                return self._lose(receiver, "four_of_a_suit")
        # 2. Empty hand wins; two at once: the round's offerer, else who emptied his hand first.
        empty = [player for player in range(self.players) if not self.hands[player]]
        if not empty:
            return []
        if round_offerer in empty:
            winner = round_offerer
        else:
            redirectors = [step[1] for step in self.steps if step[0] == StepKind.REDIRECT]
            winner = next((p for p in redirectors if p in empty), empty[0])
        self.winners = (winner,)
        self.losers = tuple(p for p in range(self.players) if p != winner)
        self.end_reason = "empty_hand"
        self.phase = Phase.OVER
        return [ev.PlayerWon(winner, "empty_hand"), ev.GameOver(self.winners, self.losers)]

    def _original_end(self, receiver: int) -> list[Event]:
        counts = self.row_counts[receiver]
        if max(counts) >= self.setup.kind_limit:
            return self._lose(receiver, "of_a_kind")
        if self.setup.eight_kinds and min(counts) > 0:
            return self._lose(receiver, "eight_kinds")
        # He must start the next round: with an empty hand he cannot, and loses.
        if not self.hands[receiver]:
            return self._lose(receiver, "empty_hand")
        return []

    def _lose(self, loser: int, reason: str) -> list[Event]:
        self.losers = (loser,)
        self.winners = tuple(p for p in range(self.players) if p != loser)
        self.end_reason = reason
        self.phase = Phase.OVER
        return [ev.PlayerLost(loser, reason), ev.GameOver(self.winners, self.losers)]

    # ------------------------------------------------------------------ chance

    def _sample_chance(self, rng: random.Random) -> Action:
        deck = self.setup.deck
        fixed = list(self.setup.card_order)
        rest = sorted(set(range(deck.size)) - set(fixed))
        rng.shuffle(rest)
        first = self.setup.first_player
        if first is None:
            first = rng.randrange(self.players)
        return Deal(tuple(deck.cards[card] for card in fixed + rest), first)

    # ------------------------------------------------------------------ the end

    def result(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "losers": list(self.losers),
            "scores": [1 if player in self.winners else 0 for player in range(self.players)],
            "reason": self.end_reason,
        }

    # ------------------------------------------------------------------ copies and samples

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Deal again, at random, every card ``player`` cannot know: the other hands, the
        set-aside cards and the card in play unless he has seen it (sizes are public). A fixed
        deal order (the secret card_order option) is forgotten: the sample deals at random."""
        self.setup = replace(self.setup, card_order=())
        if self.phase == Phase.DEAL:
            return
        card_hidden = self.card >= 0 and not has(self.seen, player)
        unknown = [card for other, hand in enumerate(self.hands) if other != player for card in hand]
        unknown += self.set_aside
        if card_hidden:
            unknown.append(self.card)
        unknown.sort()
        rng.shuffle(unknown)
        position = 0
        for other, hand in enumerate(self.hands):
            if other == player:
                continue
            size = len(hand)
            self.hands[other] = sorted(unknown[position : position + size])
            position += size
        size = len(self.set_aside)
        self.set_aside = unknown[position : position + size]
        position += size
        if card_hidden:
            self.card = unknown[position]

    # ------------------------------------------------------------------ views

    def _phase(self) -> str:
        return self.phase.value

    def _pending(self, viewer: int | None) -> CockroachPokerPending:
        """The decision of the player to move (see :mod:`~asobiba.games.cockroach_poker.view`); the
        same for every viewer: nothing in it depends on a hand."""
        kinds = self.setup.deck.kinds
        pending: CockroachPokerPending
        match self.phase:
            case Phase.OFFER:
                barred = self.barred_target()
                pending = {"kind": "offer", "steps": [], "barred": None if barred < 0 else barred}
            case Phase.ANSWER:
                pending = {
                    "kind": "answer",
                    "steps": [],
                    "claim": kinds[self.claim],
                    "giver": self.giver,
                    "choices": self._choices(),
                }
            case _:  # Phase.PASS: the receiver peeked and now passes the card on
                pending = {
                    "kind": "pass",
                    "steps": [{"step": "peek", "player": self.receiver}],
                    "claim": kinds[self.claim],
                    "giver": self.giver,
                }
        return pending

    def _choices(self) -> list[Choice]:
        """What the rules allow the receiver now, whatever his hand: yes, no, and redirect while
        somebody may be named (trump, jokers=redirect) or peek while somebody has not seen the
        card (original)."""
        choices: list[Choice] = ["yes", "no"]
        if self.redirect_jokers:
            barred = self.redirected | bit(self.offerer) | bit(self.receiver)
            if any(not has(barred, player) for player in range(self.players)):
                choices.append("redirect")
        elif not self.trump and self.pass_targets():
            choices.append("peek")
        return choices

    def _view(self, player: int | None) -> CockroachPokerView:
        deck = self.setup.deck
        cards, kinds = deck.cards, deck.kinds
        deck_counts = dict(_deck_counts(deck))
        loss: TrumpLoss | OriginalLoss
        if self.trump:
            loss = {"threshold": self.setup.loss_threshold, "of_a_kind": self.setup.kind_limit}
        else:
            loss = {"of_a_kind": self.setup.kind_limit, "eight_kinds": self.setup.eight_kinds}
        in_play: InPlay | None = None
        if self.phase in (Phase.ANSWER, Phase.PASS):
            seer = player is not None and has(self.seen, player)
            in_play = {
                "offerer": self.offerer,
                "giver": self.giver,
                "receiver": self.receiver,
                "claim": kinds[self.claim],
                "steps": [self._step_view(step, None) for step in self.steps],
                "seen_by": members(self.seen, self.players),
                "redirected": members(self.redirected, self.players),
                "card": cards[self.card] if seer else None,
            }
        log: list[FinishedRound] = []
        for number, entry in enumerate(self.log, start=1):
            # A finished round reads the same to everybody from then on: spelt out once, copied after.
            key = (id(deck), number, entry)
            known = _FINISHED_ROUNDS.get(key)
            if known is None:
                if len(_FINISHED_ROUNDS) >= _FINISHED_ROUNDS_KEPT:
                    _FINISHED_ROUNDS.clear()
                known = _FINISHED_ROUNDS[key] = (deck, self._finished_round(number, entry))
            spelt = known[1]
            log.append({**spelt, "steps": [step.copy() for step in spelt["steps"]]})
        view: CockroachPokerView = {
            "rules": "trump" if self.trump else "original",
            "kinds": list(kinds),
            "deck": deck_counts,
            "round": len(self.log) + (0 if self.phase == Phase.OVER else 1),
            "offerer": self.offerer,
            "hand": None if player is None else self._texts(self.hands[player]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "rows": [self._texts(row) for row in self.rows],
            "row_kinds": [[None if kind == NO_KIND else kinds[kind] for kind in row] for row in self.row_kinds],
            "row_counts": [dict(zip(kinds, counts, strict=True)) for counts in self.row_counts],
            "row_sizes": [len(row) for row in self.rows],
            "set_aside": len(self.set_aside),
            "heap": self._texts(self.heap),
            "last_target": [None if target < 0 else target for target in self.last_target],
            "pushed_by": None if self.pushed_by < 0 else self.pushed_by,
            "loss": loss,
            "in_play": in_play,
            "log": log,
        }
        return view

    def _finished_round(self, number: int, entry: tuple[Any, ...]) -> FinishedRound:
        steps, card, counts_as, correct, row_of = entry
        kinds = self.setup.deck.kinds
        truth = counts_as if counts_as != NO_KIND else -2
        return {
            "round": number,
            "offerer": steps[0][1],
            "steps": [self._step_view(step, truth) for step in steps],
            "card": self.setup.deck.cards[card],
            "kind": None if counts_as == NO_KIND else kinds[counts_as],
            "correct": correct,
            "row": row_of,
        }

    def _step_view(self, step: tuple[Any, ...], truth: int | None) -> RoundStep:
        """A step as the view spells it out; ``truth`` (the kind the card counted as, in the log
        only) adds whether each claim was true."""
        kinds = self.setup.deck.kinds
        match step:
            case (StepKind.OFFER | StepKind.PASS as kind, player, to, claim):
                shown: ClaimStep = {
                    "action": "offer" if kind == StepKind.OFFER else "pass",
                    "player": player,
                    "to": to,
                    "claim": kinds[claim],
                }
                if truth is not None:
                    shown["true"] = claim == truth
                return shown
            case (StepKind.REDIRECT, player, to, joker):
                return {"action": "redirect", "player": player, "to": to, "joker": self.setup.deck.cards[joker]}
            case (StepKind.PEEK, player):
                return {"action": "peek", "player": player}
            case (StepKind.ANSWER, player, yes):
                return {"action": "answer", "player": player, "answer": "yes" if yes else "no"}
        raise AssertionError(f"unknown step {step!r}")

    def _texts(self, cards: list[int]) -> list[str]:
        names = self.setup.deck.cards
        return [names[card] for card in cards]

    def _hand_texts(self, cards: list[int]) -> tuple[str, ...]:
        names = self.setup.deck.cards
        return tuple(names[card] for card in cards)
