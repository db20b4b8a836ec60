"""Opponents (bot names, callables, the learner itself), rewards, vector envs, the global state, text render."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import asobiba
import asobiba.rl
from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.rl.rewards import rewards


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def test_a_callable_opponent_gets_its_own_observation_and_mask_and_its_choice_is_played() -> None:
    seen: list[tuple[tuple[int, ...], int]] = []

    def opponent(observation: np.ndarray, mask: np.ndarray) -> int:
        seen.append((observation.shape, int(mask.sum())))
        return first_legal(observation, mask)

    env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents=[opponent, "random"])
    env.reset(seed=1)
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert seen and all(shape == env.observation_space.shape and legal > 0 for shape, legal in seen)


def test_self_opponents_play_the_frozen_policy_given_and_a_refreshed_one() -> None:
    calls = {"old": 0, "new": 0}

    def policy(name: str):  # type: ignore[no-untyped-def]
        def act(observation: np.ndarray, mask: np.ndarray) -> int:
            calls[name] += 1
            return first_legal(observation, mask)

        return act

    env = asobiba.rl.gym_env("paper-safari", players=2, opponents="self")
    env.set_self_policy(policy("old"))
    env.reset(seed=3)
    for _ in range(30):
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if done:
            env.reset()
    env.set_self_policy(policy("new"))
    before = calls["old"]
    for _ in range(30):
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if done:
            env.reset()
    assert before > 0 and calls["old"] == before and calls["new"] > 0


def test_an_opponent_that_is_not_a_bot_a_callable_or_self_is_refused() -> None:
    with pytest.raises(InvalidOption, match="an opponent is a bot spec"):
        asobiba.rl.gym_env("cockroach-poker", players=3, opponents=[3, "random"])  # type: ignore[list-item]
    with pytest.raises(InvalidOption, match="unknown bot"):
        asobiba.rl.gym_env("cockroach-poker", players=3, opponents="grandmaster")


def test_a_policy_choosing_an_illegal_number_is_told_so() -> None:
    env = asobiba.rl.gym_env("cockroach-poker", players=3, seat=2, opponents=lambda observation, mask: -5)
    with pytest.raises(IllegalAction, match="not legal here"):
        env.reset(seed=1)


@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_each_reward_is_the_documented_share_of_the_finished_game(reward: str) -> None:
    env = asobiba.rl.gym_env("survive", players=3, opponents="random", reward=reward)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, value = False, 0.0
    while not done:
        _, value, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert env.position is not None
    assert value == rewards(env.position, reward)[0]
    assert 0.0 <= value <= 1.0


def test_survives_score_reward_is_the_share_of_rescued_value() -> None:
    state = asobiba.new_game("survive", players=2, seed=1)
    rng = np.random.default_rng(2)
    while not state.is_over:
        state.apply_trusted(state.legal_actions()[int(rng.integers(len(state.legal_actions())))])
    scores = state.result()["scores"]
    expected = [score / sum(scores) for score in scores] if sum(scores) else [0.5, 0.5]
    assert rewards(state, "score") == expected


def test_an_unknown_reward_is_refused() -> None:
    with pytest.raises(InvalidOption, match="reward must be one of win, rank, score"):
        asobiba.rl.env("cockroach-poker", players=3, reward="money")


@pytest.mark.parametrize("vector", [gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv])
def test_vector_envs_step_several_games_at_once(vector: type) -> None:
    envs = vector([lambda: asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random") for _ in range(2)])
    observations, _ = envs.reset(seed=[1, 2])
    assert observations.shape == (2, 107)
    rng = np.random.default_rng(0)
    for _ in range(40):
        masks = np.stack(envs.call("action_masks"))
        # (after a game's end the mask is empty and the next step resets it: gymnasium's autoreset)
        actions = [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in masks]
        observations, rewards_, _terminated, _truncated, _ = envs.step(actions)
        assert observations.shape == (2, 107) and rewards_.shape == (2,)
    envs.close()


def test_the_global_state_is_every_players_observation() -> None:
    env = asobiba.rl.raw_env("cockroach-poker", players=3)
    env.reset(seed=1)
    state = env.state()
    assert state.shape == env.state_space.shape == (3 * 107,)
    assert env.state_space.contains(state)
    for player, agent in enumerate(env.possible_agents):
        assert np.array_equal(state[player * 107 : (player + 1) * 107], env.observe(agent)["observation"])


def test_ansi_render_is_a_readable_board_and_other_modes_are_refused() -> None:
    env = asobiba.rl.raw_env("cockroach-poker", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "p0" in text and "{" not in text
    with pytest.raises(InvalidOption, match="render_mode must be one of ansi or None"):
        asobiba.rl.raw_env("cockroach-poker", players=3, render_mode="human")
    with pytest.raises(InvalidOption, match="render_mode"):
        asobiba.rl.gym_env("cockroach-poker", players=3, render_mode="rgb_array")
