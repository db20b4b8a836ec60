"""The few engine calls the server makes, in one place.

The server speaks to the engine only through these functions, written against contract v2
(``Game.start``, ``state.check(action, player=…)``, ``state.seq``, ``action.to_json()``,
``error.code``). Each falls back to the equivalent v1 call while v2 is landing, so the server runs
on either; the fallbacks go once every game is on v2.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from asobiba.core.errors import AsobibaError, IllegalAction, NotationError
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.jsonable import to_json
from asobiba.core.record import replay_steps
from asobiba.core.state import Action, State

_CAMEL_BOUNDARY = re.compile(r"(?<!^)(?=[A-Z])")


def start(game: Game, players: int, seed: int, options: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """A new game (chance sampled by the engine from ``seed``) and the events of its setup."""
    if hasattr(game, "start"):
        state, events = game.start(players, seed=seed, **options)
        return state, list(events)
    state = game.new_game(players, seed=seed, chance="scripted", **options)
    state.scripted_chance = False
    return state, state.resolve_chance()


def seq(state: State) -> int:
    """Record entries (actions and chance outcomes) behind this position."""
    value = getattr(state, "seq", None)
    return value if isinstance(value, int) else len(state.history)


def check(state: State, action: Action, player: int) -> None:
    """Raise an :class:`IllegalAction` saying why ``player`` may not take ``action`` now."""
    if hasattr(state, "check"):
        state.check(action, player=player)
        return
    state.clone().apply(action)


def action_json(action: Action) -> dict[str, Any]:
    """``{"kind": <snake_case class name>, **fields}``."""
    if hasattr(action, "to_json"):
        value: dict[str, Any] = action.to_json()
        return value
    kind = _CAMEL_BOUNDARY.sub("_", type(action).__name__).lower()
    fields = {field.name: to_json(getattr(action, field.name)) for field in dataclasses.fields(action)}  # type: ignore[arg-type]
    return {"kind": kind, **fields}


def error_code(error: AsobibaError) -> str:
    """The error's code: ``notation``, ``not_your_turn``, ``game_over``, ``illegal``, …"""
    code = getattr(error, "code", None)
    if isinstance(code, str) and code != "error":
        return code
    if isinstance(error, NotationError):
        return "notation"
    if isinstance(error, IllegalAction):
        return "illegal"
    return "error"


def replay_with_events(record: Mapping[str, Any]) -> tuple[State, list[tuple[int, Event]]]:
    """The state at the end of ``record`` and every event of the game with the seq it led to."""
    log: list[tuple[int, Event]] = []
    final: State | None = None
    for state, _action, events in replay_steps(record):
        final = state
        after = seq(state)
        log.extend((after, event) for event in events)
    assert final is not None
    return final, log
