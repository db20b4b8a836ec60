"""``asobiba.rl.vector_env``: many games stepped together, with masks, as the same games one by one."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import asobiba.rl
from asobiba.rl.vector import AsobibaVectorEnv


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    scores: np.ndarray = rng.random(masks.shape) * masks
    chosen: np.ndarray = scores.argmax(axis=1)
    return chosen


@pytest.mark.parametrize(
    ("setup", "steps"),
    [("cockroach_poker_trump_4p_v1", 40), ("paper_safari_one_round_3p_v1", 40), ("survive_compact_2p_v1", 150)],
)
def test_the_vector_env_plays_as_the_single_games_do(setup: str, steps: int) -> None:
    """Game i of the vector env, seeded ``seed + i``, is the Gymnasium env seeded so: same observations,
    masks, rewards and ends, step by step, through the autoreset and the games dealt after it."""
    n = 3
    envs = asobiba.rl.vector_env(setup, n, opponents="random")
    singles = [asobiba.rl.make(setup, api="gymnasium", opponents="random") for _ in range(n)]
    observations, infos = envs.reset(seed=10)
    assert observations.shape == (n, *singles[0].observation_space.shape)
    for i, env in enumerate(singles):
        single, _ = env.reset(seed=10 + i)
        assert np.array_equal(observations[i], single)
        assert np.array_equal(envs.action_masks()[i], env.action_masks())
    assert infos["action_mask"] is envs.action_masks()
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(steps):
        actions = random_legal(envs.action_masks(), rng)
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        for i, env in enumerate(singles):
            single, reward, done, cut, _ = env.step(int(actions[i]))
            assert rewards[i] == reward and terminated[i] == done and truncated[i] == cut
            if done:  # the vector env dealt game i again from its own generator, as reset() without a seed does
                ended += 1
                assert infos["_final_obs"][i]
                assert np.array_equal(infos["final_obs"][i], single)
                single, _ = env.reset()
            assert np.array_equal(observations[i], single)
            assert np.array_equal(envs.action_masks()[i], env.action_masks())
    assert ended >= 2
    assert envs.observation_space.shape == (n, *singles[0].observation_space.shape)


def test_a_game_that_ends_is_dealt_again_in_the_same_step() -> None:
    envs = asobiba.rl.vector_env("cockroach_poker_trump_3p_v1", 4, opponents="random")
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(200):
        _, _, terminated, truncated, infos = envs.step(random_legal(envs.action_masks(), rng))
        games += int(terminated.sum())
        assert envs.action_masks().any(axis=1).all()  # every game has a legal move: a new game began
        assert not truncated.any()
        if terminated.any():
            assert np.array_equal(infos["_final_obs"], terminated)
    assert games > 10


def test_an_illegal_number_ends_that_game_only() -> None:
    envs = asobiba.rl.vector_env("cockroach_poker_trump_3p_v1", 2, opponents="random")
    envs.reset(seed=0)
    legal = int(np.flatnonzero(envs.action_masks()[0])[0])
    illegal = int(np.flatnonzero(~envs.action_masks()[1])[0])
    _, rewards, terminated, _, infos = envs.step(np.array([legal, illegal]))
    assert rewards[1] == -1.0 and terminated[1]
    assert infos["final_info"][1] == {"illegal": True}


def test_max_episode_steps_truncates() -> None:
    envs = asobiba.rl.vector_env("paper_safari_2p_v1", 2, opponents="random", max_episode_steps=5)
    envs.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(4):
        _, _, terminated, truncated, _ = envs.step(random_legal(envs.action_masks(), rng))
        assert not truncated.any()
    _, _, terminated, truncated, _ = envs.step(random_legal(envs.action_masks(), rng))
    assert truncated.all() and not terminated.any()


def test_a_game_by_name_and_the_errors() -> None:
    envs = asobiba.rl.vector_env("paper-safari", 2, players=3, opponents=["random", "self"])
    assert isinstance(envs, AsobibaVectorEnv) and envs.num_envs == 2
    envs.set_self_policy(lambda observation, mask: int(np.flatnonzero(mask)[0]))
    envs.reset(seed=1)
    envs.step(random_legal(envs.action_masks(), np.random.default_rng(0)))
    with pytest.raises(ValueError, match="at least one game"):
        asobiba.rl.vector_env("paper-safari", 0, players=3)
    with pytest.raises(ValueError, match="2 seeds for 3 games"):
        asobiba.rl.vector_env("paper-safari", 3, players=3).reset(seed=[1, 2])
