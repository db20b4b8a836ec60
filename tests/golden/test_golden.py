"""Golden records: recorded games replayed against their stored views.

A change that alters how an old game replays — a rule, the notation, a view key — fails here. If
it is meant, bump the game's ``version`` (old records of the previous version are then refused
with a clear message) and regenerate with ``python tests/golden/make_golden.py``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import asobiba
from asobiba.core import replay_steps
from asobiba.core.registry import declaration

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.json"))


def _maker() -> Any:
    spec = importlib.util.spec_from_file_location("make_golden", HERE / "make_golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


digests = _maker().digests


def load(path: Path) -> dict[str, Any]:
    golden: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return golden


def test_every_game_of_asobiba_has_golden_records() -> None:
    games = {load(path)["game"] for path in FILES}
    # asobiba's own games; a game from another package (the plug-in example) keeps its records itself
    own = {name for name in asobiba.game_names() if declaration(name).game().__module__.startswith("asobiba.")}
    assert games == own


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_golden_record_replays_to_the_same_views_at_every_stored_step(path: Path) -> None:
    golden = load(path)
    game = asobiba.get_game(golden["game"])
    assert golden["version"] == game.version, (
        f"{path.name} was recorded with {game.name} version {golden['version']}; the game is now version "
        f"{game.version}: regenerate the golden records (tests/golden/make_golden.py)"
    )
    checked = 0
    final: asobiba.State | None = None
    for state, _, _ in replay_steps(golden["record"]):
        expected = golden["views"].get(str(state.seq))
        if expected is not None:
            assert digests(state) == expected, (
                f"{path.name}: the views at step {state.seq} differ from the recorded ones. If the change is "
                f"meant, bump {game.name}'s version and regenerate (tests/golden/make_golden.py)"
            )
            checked += 1
        final = state
    assert final is not None and final.is_over
    assert final.view(None) == golden["final_spectator_view"]
    assert checked == len(golden["views"])
