"""A random game's every position, and the check that each view there is of the game's whole view type
(what its bot, screens and encoder read): shared by the games' view tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter

from asobiba.core.state import State


def every_position(state: State, rng: random.Random) -> Iterator[State]:
    """``state`` and each position after it to the end, moved on by random legal moves (a scripted
    chance node is resolved by the engine)."""
    while True:
        yield state
        if state.is_over:
            return
        if state.is_chance_node:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))


def assert_views_are(whole_view: TypeAdapter[Any], state: State) -> None:
    """Every player's view of ``state``, and a spectator's, validates strictly as ``whole_view``."""
    for viewer in (*range(state.players), None):
        view = state.view(viewer)
        assert whole_view.validate_python(view, strict=True) == view
