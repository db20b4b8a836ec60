"""Engine helpers the server needs beyond the public contract: a replay that keeps every event
(to rebuild a room's event log on start), a state carried on by entries stored elsewhere, and the
rejection code of an engine error."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.record import replay_steps
from asobiba.core.state import State

#: Engine error codes an ``act`` rejection keeps; every other refusal of the rules is ``illegal``.
KEPT_CODES = frozenset({"notation", "not_your_turn"})


def rejection_code(error: AsobibaError) -> str:
    """``notation``, ``not_your_turn`` or ``illegal`` (``game_over``, ``no_such_player``, … are
    refusals of the rules too)."""
    return error.code if error.code in KEPT_CODES else "illegal"


def replay_with_events(record: Mapping[str, Any]) -> tuple[State, list[tuple[int, Event]]]:
    """The state at the end of ``record`` and every event of the game with the seq it led to."""
    log: list[tuple[int, Event]] = []
    final: State | None = None
    for state, _action, events in replay_steps(record):
        final = state
        log.extend((state.seq, event) for event in events)
    assert final is not None
    return final, log


def carry_on(game: Game, state: State, entries: Sequence[str]) -> tuple[State, list[tuple[int, Event]]]:
    """``state`` carried on by record ``entries`` stored elsewhere (chance outcomes as recorded, none
    drawn): the new state and its events with the seq each led to. ``state`` itself is left as it was."""
    successor = state.clone()
    successor.scripted_chance = True
    events: list[tuple[int, Event]] = []
    for text in entries:
        action = game.parse_action(text, successor)
        applied = successor.apply(action)
        events.extend((successor.seq, event) for event in applied)
    successor.scripted_chance = False
    successor.resolve_chance()
    return successor, events
