"""The end of the game (rules/cockroach_poker.en.md "End of the game" of both rule sets): after each
round, a row that loses (in the trump rule set an empty hand also wins), and the result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core.events import Event
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.steps import StepKind

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState


def end_of_round(state: CockroachPokerState, receiver: int, round_offerer: int) -> list[Event]:
    """After every round, the receiver's row is checked, by the rule set's own "End of the game"."""
    if state.trump:
        return trump_end(state, receiver, round_offerer)
    return original_end(state, receiver)


def trump_end(state: CockroachPokerState, receiver: int, round_offerer: int) -> list[Event]:
    """Trump: a loss first (enough face-up cards, all 4 suits or 4 of one), else an empty hand wins ("End of the
    game")."""
    counts = state.row_counts[receiver]
    # 1. Loss: at least loss_threshold face-up cards and all 4 suits or 4 of one suit.
    if len(state.rows[receiver]) >= state.setup.loss_threshold:
        if min(counts) > 0:
            return lose(state, receiver, "four_suits")
        if max(counts) >= state.setup.kind_limit:
            return lose(state, receiver, "four_of_a_suit")
    # 2. Empty hand wins; two at once: the round's offerer, else who emptied his hand first.
    empty = [player for player in range(state.players) if not state.hands[player]]
    if not empty:
        return []
    if round_offerer in empty:
        winner = round_offerer
    else:
        redirectors = [step[1] for step in state.steps if step[0] == StepKind.REDIRECT]
        winner = next((p for p in redirectors if p in empty), empty[0])
    state.winners = (winner,)
    state.losers = tuple(p for p in range(state.players) if p != winner)
    state.end_reason = "empty_hand"
    state.phase = Phase.OVER
    return [ev.PlayerWon(winner, "empty_hand"), ev.GameOver(state.winners, state.losers)]


def original_end(state: CockroachPokerState, receiver: int) -> list[Event]:
    """Original: 4 of a kind (5 with 2 players), or all 8 creatures with ``eight_kinds``, lose; so does the next
    offerer with an empty hand ("End of the game"). A research deck's limits: :func:`setup.rules_in_force`."""
    counts = state.row_counts[receiver]
    if max(counts) >= state.setup.kind_limit:
        return lose(state, receiver, "of_a_kind")
    if state.setup.eight_kinds and min(counts[: state.setup.kinds]) > 0:
        return lose(state, receiver, "eight_kinds")
    # He must start the next round: with an empty hand he cannot, and loses.
    if not state.hands[receiver]:
        return lose(state, receiver, "empty_hand")
    return []


def lose(state: CockroachPokerState, loser: int, reason: str) -> list[Event]:
    """``loser`` loses; everybody else wins."""
    state.losers = (loser,)
    state.winners = tuple(p for p in range(state.players) if p != loser)
    state.end_reason = reason
    state.phase = Phase.OVER
    return [ev.PlayerLost(loser, reason), ev.GameOver(state.winners, state.losers)]


def result(state: CockroachPokerState) -> dict[str, Any]:
    """The winners and the losers (a score of 1 for a winner)."""
    return {
        "winners": list(state.winners),
        "losers": list(state.losers),
        "scores": [1 if player in state.winners else 0 for player in range(state.players)],
        "reason": state.end_reason,
    }
