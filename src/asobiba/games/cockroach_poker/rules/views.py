"""What each player sees (rules/cockroach_poker.en.md "Who may know what").

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

from typing import TYPE_CHECKING, Any

from asobiba.games.cockroach_poker.data import NO_KIND, Deck
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.rules.components import deck_counts, texts
from asobiba.games.cockroach_poker.rules.rounds import barred_target, pass_targets
from asobiba.games.cockroach_poker.steps import StepKind, bit, has, members
from asobiba.games.cockroach_poker.view import (
    Choice,
    ClaimStep,
    CockroachPokerPending,
    CockroachPokerView,
    FinishedRound,
    InPlay,
    OriginalLoss,
    RoundStep,
    TrumpLoss,
)

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState

#: Finished rounds spelt out for views, by (deck, number, log entry): the same for every viewer.
_FINISHED_ROUNDS: dict[tuple[int, int, tuple[Any, ...]], tuple[Deck, FinishedRound]] = {}
#: How many are kept before the table starts afresh (memory stays bounded in long runs).
_FINISHED_ROUNDS_KEPT = 50_000


def view(state: CockroachPokerState, player: int | None) -> CockroachPokerView:
    """The position as ``player`` may know it (``None``: a spectator): his own hand, the sizes of the others', every
    face-up card ("Who may know what")."""
    deck = state.setup.deck
    cards, kinds = deck.cards, deck.kinds
    deck_counts_view = dict(deck_counts(deck, state.setup.cards))
    loss: TrumpLoss | OriginalLoss
    if state.trump:
        loss = {"threshold": state.setup.loss_threshold, "of_a_kind": state.setup.kind_limit}
    else:
        loss = {"of_a_kind": state.setup.kind_limit, "eight_kinds": state.setup.eight_kinds}
    in_play: InPlay | None = None
    if state.phase in (Phase.ANSWER, Phase.PASS):
        seer = player is not None and has(state.seen, player)
        in_play = {
            "offerer": state.offerer,
            "giver": state.giver,
            "receiver": state.receiver,
            "claim": kinds[state.claim],
            "steps": [step_view(state, step, None) for step in state.steps],
            "seen_by": members(state.seen, state.players),
            "redirected": members(state.redirected, state.players),
            "card": cards[state.card] if seer else None,
        }
    log: list[FinishedRound] = []
    for number, entry in enumerate(state.log, start=1):
        # A finished round reads the same to everybody from then on: spelt out once, copied after.
        key = (id(deck), number, entry)
        known = _FINISHED_ROUNDS.get(key)
        if known is None:
            if len(_FINISHED_ROUNDS) >= _FINISHED_ROUNDS_KEPT:
                _FINISHED_ROUNDS.clear()
            known = _FINISHED_ROUNDS[key] = (deck, finished_round(state, number, entry))
        spelt = known[1]
        log.append({**spelt, "steps": [step.copy() for step in spelt["steps"]]})
    view: CockroachPokerView = {
        "rules": "trump" if state.trump else "original",
        "kinds": list(kinds[: state.setup.kinds]),
        "deck": deck_counts_view,
        "round": len(state.log) + (0 if state.phase == Phase.OVER else 1),
        "offerer": state.offerer,
        "hand": None if player is None else texts(state, state.hands[player]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "rows": [texts(state, row) for row in state.rows],
        "row_kinds": [[None if kind == NO_KIND else kinds[kind] for kind in row] for row in state.row_kinds],
        "row_counts": [dict(zip(kinds, counts, strict=True)) for counts in state.row_counts],
        "row_sizes": [len(row) for row in state.rows],
        "set_aside": len(state.set_aside),
        "heap": texts(state, state.heap),
        "last_target": [None if target < 0 else target for target in state.last_target],
        "pushed_by": None if state.pushed_by < 0 else state.pushed_by,
        "loss": loss,
        "in_play": in_play,
        "log": log,
    }
    return view


def pending(state: CockroachPokerState, viewer: int | None) -> CockroachPokerPending:
    """The decision of the player to move (see :mod:`~asobiba.games.cockroach_poker.view`); the
    same for every viewer: nothing in it depends on a hand."""
    kinds = state.setup.deck.kinds
    pending: CockroachPokerPending
    match state.phase:
        case Phase.OFFER:
            barred = barred_target(state)
            pending = {"kind": "offer", "steps": [], "barred": None if barred < 0 else barred}
        case Phase.ANSWER:
            pending = {
                "kind": "answer",
                "steps": [],
                "claim": kinds[state.claim],
                "giver": state.giver,
                "choices": choices(state),
            }
        case _:  # Phase.PASS: the receiver peeked and now passes the card on
            pending = {
                "kind": "pass",
                "steps": [{"step": "peek", "player": state.receiver}],
                "claim": kinds[state.claim],
                "giver": state.giver,
            }
    return pending


def choices(state: CockroachPokerState) -> list[Choice]:
    """What the rules allow the receiver now, whatever his hand: yes, no, and redirect while
    somebody may be named (trump, jokers=redirect) or peek while somebody has not seen the
    card (original)."""
    choices: list[Choice] = ["yes", "no"]
    if state.redirect_jokers:
        barred = state.redirected | bit(state.offerer) | bit(state.receiver)
        if any(not has(barred, player) for player in range(state.players)):
            choices.append("redirect")
    elif not state.trump and pass_targets(state):
        choices.append("peek")
    return choices


def finished_round(state: CockroachPokerState, number: int, entry: tuple[Any, ...]) -> FinishedRound:
    """A finished round as the log spells it out: the same for every viewer."""
    steps, card, counts_as, correct, row_of = entry
    kinds = state.setup.deck.kinds
    truth = counts_as if counts_as != NO_KIND else -2
    return {
        "round": number,
        "offerer": steps[0][1],
        "steps": [step_view(state, step, truth) for step in steps],
        "card": state.setup.deck.cards[card],
        "kind": None if counts_as == NO_KIND else kinds[counts_as],
        "correct": correct,
        "row": row_of,
    }


def step_view(state: CockroachPokerState, step: tuple[Any, ...], truth: int | None) -> RoundStep:
    """A step as the view spells it out; ``truth`` (the kind the card counted as, in the log
    only) adds whether each claim was true."""
    kinds = state.setup.deck.kinds
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
            return {"action": "redirect", "player": player, "to": to, "joker": state.setup.deck.cards[joker]}
        case (StepKind.PEEK, player):
            return {"action": "peek", "player": player}
        case (StepKind.ANSWER, player, yes):
            return {"action": "answer", "player": player, "answer": "yes" if yes else "no"}
    raise AssertionError(f"unknown step {step!r}")
