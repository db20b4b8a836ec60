"""Survive!'s compact action space: at most 4,096 numbers, exact masks, numbers and actions round-trip."""

from __future__ import annotations

from typing import Any

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test
from tests.rl.setups import random_positions

import asobiba.rl
from asobiba.core.errors import InvalidOption
from asobiba.games.survive.actions import MoveExplorer


@pytest.mark.parametrize(
    ("players", "options", "size"), [(2, {}, 3062), (4, {}, 3062), (2, {"two_colours": True}, 3542)]
)
def test_the_compact_space_has_at_most_4096_numbers(players: int, options: dict[str, Any], size: int) -> None:
    codec = asobiba.rl.codec("survive", players=players, action_space="compact", **options)
    assert codec.size == size <= 4096
    assert sum(count for _, _, count in codec.layout()) == codec.size


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {}), (2, {"two_colours": True})])
def test_every_legal_action_has_its_own_compact_number_and_comes_back_from_it(
    players: int, options: dict[str, Any]
) -> None:
    codec = asobiba.rl.codec("survive", players=players, action_space="compact", **options)
    for state in random_positions("survive", players, options, games=3, seed=21, steps=400):
        if state.is_over:
            continue
        actions = state.legal_actions()
        legal = codec.legal(state)
        assert len(legal) == len(actions)  # exact: no two legal actions share a number
        mask = codec.mask(state)
        assert int(mask.sum()) == len(actions)
        for number, action in legal.items():
            assert 0 <= number < codec.size
            assert codec.index_in(action, state) == number
            assert codec.action(number, state) is action


def test_a_step_is_numbered_by_where_its_explorer_stands() -> None:
    codec = asobiba.rl.codec("survive", players=2, action_space="compact")
    with pytest.raises(ValueError, match="index_in"):
        codec.index(MoveExplorer(0, 50))


def test_the_full_space_stays_the_default_and_an_unknown_space_is_refused() -> None:
    assert asobiba.rl.codec("survive", players=2).size == 22175
    with pytest.raises(InvalidOption, match="action_space must be one of compact, full"):
        asobiba.rl.codec("survive", players=2, action_space="tiny")
    with pytest.raises(InvalidOption, match="action_space must be one of full"):
        asobiba.rl.codec("cockroach-poker", players=3, action_space="compact")


@pytest.mark.filterwarnings("ignore:Observation")
def test_the_compact_space_passes_pettingzoos_and_gymnasiums_checks() -> None:
    api_test(asobiba.rl.env("survive", players=3, action_space="compact"), num_cycles=60)
    check_env(
        asobiba.rl.gym_env("survive", players=2, opponents="random", action_space="compact"), skip_render_check=True
    )


def test_the_compact_space_passes_openspiels_random_simulation() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import asobiba.rl.openspiel  # noqa: F401

    game = pyspiel.load_game("python_asobiba_survive", {"players": 2, "action_space": "compact"})
    assert game.num_distinct_actions() == 3062
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
