"""The state of a Cockroach Poker position (either rule set): its fields, and the contract's methods,
each dispatching to the rule of :mod:`asobiba.games.cockroach_poker.rules` that the rules page
(``rules/cockroach_poker.en.md``) states. The view's keys are listed in
:mod:`asobiba.games.cockroach_poker.rules.views`.

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
"""

from __future__ import annotations

import random
from typing import Any

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules, State
from asobiba.games.cockroach_poker.actions import Answer, Deal, Offer, Pass, Peek, Redirect, offers_by_offerer
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.rules import determinize, end, jokers, rounds, setup, views
from asobiba.games.cockroach_poker.view import CockroachPokerFullView, CockroachPokerPending, CockroachPokerView


class CockroachPokerState(State[CockroachPokerView, CockroachPokerFullView]):
    """A position of Cockroach Poker (either rule set)."""

    copied_lists = ("set_aside", "heap", "last_target", "steps", "log")
    copied_nested_lists = ("hands", "rows", "row_kinds", "row_counts")

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        super().__init__(game, players, seed, options, chance)
        self.setup = setup.rules_in_force(players, options)
        self.kind_of = self.setup.deck.kind_of
        self.offer_table = offers_by_offerer(self.setup.rules, players, self.setup.kinds)
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

    # ------------------------------------------------------------------ who decides, and chance

    def _current_player(self) -> int | None:
        # Asked several times a move: identity tests (the phase is always a Phase) are the cheapest.
        phase = self.phase
        if phase is Phase.OFFER:
            return self.offerer
        if phase is Phase.ANSWER or phase is Phase.PASS:
            return self.receiver
        if phase is Phase.DEAL:
            return CHANCE
        return None

    def _sample_chance(self, rng: random.Random) -> Action:
        return setup.sample_deal(self, rng)

    def _legal_actions(self) -> list[Action]:
        match self.phase:
            case Phase.OFFER:
                return rounds.offer_actions(self)
            case Phase.ANSWER:
                legal = rounds.answer_actions(self)
                legal += jokers.redirect_actions(self)
                return legal
            case Phase.PASS:
                return rounds.pass_actions(self)
        return []

    # ------------------------------------------------------------------ checking: each action's verify_

    def _check(self, action: Action) -> None:
        match action:
            case Offer(target, claim, card):
                rounds.verify_offer(self, target, claim, card)
            case Answer(yes):
                rounds.verify_answer(self, yes)
            case Redirect(target):
                jokers.verify_redirect(self, target)
            case Peek():
                rounds.verify_peek(self)
            case Pass(target, claim):
                rounds.verify_pass(self, target, claim)
            case Deal():
                setup.verify_deal(self, action)
            case _:
                raise IllegalAction(
                    "'{action}' is not a move of cockroach-poker",
                    domain="cockroach_poker",
                    action=type(action).__name__,
                )

    # ------------------------------------------------------------------ applying: each action's rule

    def _apply(self, action: Action) -> list[Event]:
        match action:
            case Offer(target, claim, card):
                return rounds.offer(self, target, claim, card)
            case Answer(yes):
                return rounds.answer(self, yes)
            case Redirect(target):
                return jokers.redirect(self, target)
            case Peek():
                return rounds.peek(self)
            case Pass(target, claim):
                return rounds.pass_card(self, target, claim)
            case Deal():
                return setup.deal(self, action)
        raise AssertionError(f"{action!r} was not checked")  # core applies only checked actions

    # ------------------------------------------------------------------ what each player sees, and the end

    def _phase(self) -> str:
        return self.phase.value

    def _view(self, player: int | None) -> CockroachPokerView:
        return views.view(self, player)

    def _pending(self, viewer: int | None) -> CockroachPokerPending:
        return views.pending(self, viewer)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        determinize.resample_hidden(self, player, rng)

    def result(self) -> dict[str, Any]:
        return end.result(self)
