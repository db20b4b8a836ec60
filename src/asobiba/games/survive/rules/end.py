"""The end of the game and the scores (rules/survive.en.md "End of the game")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.data import explorer_name
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import RESCUED
from asobiba.games.survive.steps import set_phase

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState


def end_game(state: SurviveState, reason: str) -> list[Event]:
    """The game ends: when the volcano comes up, or when no explorer is left on the board."""
    set_phase(state, Phase.OVER)
    state.end_reason = reason
    outcome = result(state)
    rescued = tuple(
        (explorer_name(e), state.ex_value[e]) for e in range(state.n_explorers) if state.ex_status[e] == RESCUED
    )
    return [ev.GameEnded(reason, tuple(outcome["scores"]), tuple(outcome["winners"]), rescued)]


def scores(state: SurviveState) -> list[int]:
    """Each player's sum of rescued values (kept secret from the others until the end)."""
    totals = [0] * state.players
    for e in range(state.n_explorers):
        if state.ex_status[e] == RESCUED:
            totals[state.explorer_owner[e]] += state.ex_value[e]
    return totals


def result(state: SurviveState) -> dict[str, Any]:
    """Highest score wins; on a tie more rescued explorers; still tied, they share."""
    totals = scores(state)
    best = max(zip(totals, state.rescued, strict=True))
    winners = [p for p in range(state.players) if (totals[p], state.rescued[p]) == best]
    return {
        "winners": winners,
        "losers": [p for p in range(state.players) if p not in winners],
        "scores": totals,
        "rescued": state.rescued[:],
        "reason": state.end_reason,
    }
