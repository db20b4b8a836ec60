"""Checked by mypy in the test command (``tests/test_lint.py``), never run: a game started through its
``Game`` has the game's own state and view types, with no cast, and a key its view does not have
is a type error (``warn_unused_ignores`` makes each ``type: ignore`` below an assertion that mypy
still finds that error)."""

from __future__ import annotations

from typing import assert_type

from asobiba.core.game import Game
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.games.cockroach_poker import GAME as COCKROACH_POKER
from asobiba.games.cockroach_poker.state import CockroachPokerState
from asobiba.games.paper_safari import GAME as PAPER_SAFARI
from asobiba.games.paper_safari.state import PaperSafariState
from asobiba.games.survive import GAME as SURVIVE
from asobiba.games.survive.state import SurviveState


def typed_states() -> None:
    cockroach = COCKROACH_POKER.new_game(3, seed=1)
    assert_type(cockroach, CockroachPokerState)
    assert_type(cockroach.observe(0).view["hand"], list[str] | None)
    cockroach.observe(0).view["grid"]  # type: ignore[typeddict-item]

    safari, _events = PAPER_SAFARI.start(2, seed=1)
    assert_type(safari, PaperSafariState)
    assert_type(safari.observe(0).view["hand_holder"], int | None)
    safari.observe(0).view["no_such_key"]  # type: ignore[typeddict-item]

    island = SURVIVE.new_game(2, seed=1)
    assert_type(island, SurviveState)
    island.observe(0).view["no_such_key"]  # type: ignore[typeddict-item]


def any_game(name: str) -> None:
    game = get_game(name)
    assert_type(game, Game)
    state = game.new_game(2)
    assert_type(state, State)
