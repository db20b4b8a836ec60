"""Any game's modules import in any order: its research module (``GameDeclaration.rl``) first, before
``asobiba.rl``, used to fail with a circular import (``import asobiba.rl`` registers every game's
Gymnasium id, which loaded every game's research module — the one being imported among them).

Each import runs in a fresh interpreter, so nothing an earlier test imported hides the circle.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from asobiba.core.registry import declaration, game_names

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("gymnasium")


def _fresh_python(code: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "src"), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    )
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=environment, check=False
    )


def _research_modules() -> list[tuple[str, str]]:
    modules = []
    for name in game_names():
        where = declaration(name).named("rl")
        if where is not None:
            modules.append((name, where.partition(":")[0]))
    return modules


@pytest.mark.parametrize(("game", "module"), _research_modules(), ids=[game for game, _ in _research_modules()])
def test_a_games_research_module_imports_first(game: str, module: str) -> None:
    code = (
        f"import {module}\n"
        "import gymnasium\n"
        "import asobiba.rl\n"
        "from asobiba.rl.named import gym_id\n"
        "from asobiba.rl.support import support\n"
        f"assert gym_id({game!r}) in gymnasium.registry, sorted(gymnasium.registry)\n"
        f"print(type(support({game!r})).__name__)\n"
    )
    result = _fresh_python(code)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "RLSupport"


def test_every_builtin_game_declares_a_research_module() -> None:
    """The sweep above meets the three games (a game dropping its ``rl`` would skip it silently)."""
    assert {"cockroach-poker", "paper-safari", "survive"} <= {game for game, _ in _research_modules()}
