"""The arena on Ray: the same chunks as Ray tasks, the same results."""

from __future__ import annotations

import sys

import pytest

from asobiba.bots.arena import MatchConfig, run_match
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game


def test_a_match_on_a_local_ray_instance_gives_the_same_results_as_serial(kuhn: Game) -> None:
    pytest.importorskip("ray")
    config = MatchConfig(game="kuhn-poker", players=2, bots=["heuristic", "random"], games=12, seed=2, chunk_size=4)
    serial = run_match(config)
    seen: list[int] = []
    on_ray = run_match(
        MatchConfig(**{**config.__dict__, "ray_address": "local"}), progress=lambda done, total: seen.append(done)
    )
    assert on_ray.game_returns == serial.game_returns
    assert [row.wins for row in on_ray.rows] == [row.wins for row in serial.rows]
    assert seen[-1] == 12


def test_without_ray_installed_the_error_says_how_to_get_it(kuhn: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    config = MatchConfig(game="kuhn-poker", players=2, bots=["random", "random"], games=2, ray_address="local")
    with pytest.raises(InvalidOption, match=r"asobiba\[ray\]"):
        run_match(config)
