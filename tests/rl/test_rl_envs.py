"""The PettingZoo AEC environment and the Gymnasium environment pass their frameworks' checks."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from tests.rl.setups import SETUPS, setup_id

import asobiba.rl


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_the_aec_env_passes_pettingzoos_api_and_seed_tests(setup: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = setup
    api_test(asobiba.rl.env(game, players=players, **options), num_cycles=60)
    seed_test(lambda: asobiba.rl.env(game, players=players, **options), num_cycles=60)


def test_a_game_played_out_in_the_aec_env_gives_the_returns_as_rewards() -> None:
    env = asobiba.rl.env("cockroach-poker", players=4, rules="original")
    env.reset(seed=7)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        assert env.unwrapped.position.to_move == env.possible_agents.index(agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    state = env.unwrapped.position
    assert state.is_over
    assert [totals[agent] for agent in env.possible_agents] == state.returns()


def test_an_illegal_action_ends_the_game_with_a_penalty_for_its_player() -> None:
    env = asobiba.rl.env("paper-safari", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.last()[0]["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.rewards[agent] == -1 and all(env.terminations.values())


@pytest.mark.parametrize(
    ("game", "players", "opponents", "options"),
    [("cockroach-poker", 3, "random", {}), ("cockroach-poker", 4, "normal", {}), ("paper-safari", 3, "random", {}),
     ("survive", 2, "random", {}), ("cockroach-poker", 6, "random", {"rules": "original"})],
)  # fmt: skip
def test_the_gym_env_passes_gymnasiums_env_checker(
    game: str, players: int, opponents: str, options: dict[str, Any]
) -> None:
    env = asobiba.rl.gym_env(game, players=players, opponents=opponents, **options)
    check_env(env, skip_render_check=True)


def test_the_gym_env_masks_exactly_the_learners_legal_actions_until_the_end() -> None:
    env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random", seat=1, rules="trump")
    env.reset(seed=4)
    rng = np.random.default_rng(1)
    done, reward = False, 0.0
    while not done:
        state = env.position
        assert state is not None and state.to_move == 1
        mask = env.action_masks()
        assert set(np.flatnonzero(mask)) == {env.codec.index(action) for action in state.legal_actions()}
        _observation, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated and "illegal" not in info
    assert reward == env.position.returns()[1]
