"""The three games have one shape: the same role modules under the same names, one state machine
(``state.phase``, a member of the game's ``Phase`` StrEnum whose value is the view's ``phase``),
one way to check (``_check`` dispatching to ``verify_<action>`` methods), and the game given to
its state in the constructor, so that ``core/state.py`` imports nothing of ``core/game.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import random
from enum import StrEnum
from pathlib import Path

import pytest

import asobiba
from asobiba.core.state import State

PACKAGES = {
    "cockroach-poker": "asobiba.games.cockroach_poker",
    "paper-safari": "asobiba.games.paper_safari",
    "survive": "asobiba.games.survive",
}
ROLES = ("rules", "actions", "notation", "phase", "view", "events", "text", "positions", "bots", "declaration")
CORE = Path(asobiba.__file__).parent / "core"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_core_state_imports_nothing_of_core_game() -> None:
    """Not even for type checking: the game is given to the state, typed by ``GameRules``."""
    assert "asobiba.core.game" not in _imports(CORE / "state.py")
    assert "asobiba.core.state" in _imports(CORE / "game.py")


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_game_has_the_same_role_modules(package: str) -> None:
    for role in ROLES:
        importlib.import_module(f"{package}.{role}")
    assert issubclass(importlib.import_module(f"{package}.phase").Phase, StrEnum)
    assert callable(importlib.import_module(f"{package}.notation").parse)


@pytest.mark.parametrize(("game", "package"), PACKAGES.items(), ids=list(PACKAGES))
def test_the_game_is_given_to_its_state_and_its_phase_is_the_views(game: str, package: str) -> None:
    phase_type = importlib.import_module(f"{package}.phase").Phase
    state = asobiba.new_game(game, players=3, seed=5)
    assert state.game is asobiba.get_game(game)
    assert not any("game" in vars(klass) for klass in type(state).__mro__ if klass is not State), (
        "the game is an attribute of each state, not of its class"
    )
    rng = random.Random(3)
    for _ in range(200):
        if state.is_over:
            break
        assert isinstance(state.phase, phase_type)
        assert state.view(None)["phase"] == state.phase.value
        state.apply(rng.choice(state.legal_actions()))
        assert state.clone().game is state.game


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_game_checks_through_verify_methods(package: str) -> None:
    state_type = next(
        value
        for value in vars(importlib.import_module(f"{package}.rules")).values()
        if inspect.isclass(value) and issubclass(value, State) and value.__module__ == f"{package}.rules"
    )
    verifiers = [name for name in dir(state_type) if name.startswith("verify_")]
    assert len(verifiers) >= 5, verifiers
    own = set(dir(state_type)) - set(dir(State))
    assert not [name for name in own if name.startswith(("_illegal", "_check_"))]
