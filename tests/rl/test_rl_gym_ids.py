"""Gymnasium conventions: an id per named setup with a default ``max_episode_steps``, and ``step()``
after the end refused plainly."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import asobiba.rl


def test_every_named_setup_has_its_gymnasium_id() -> None:
    ids = {name: asobiba.rl.setup_gym_id(name) for name in asobiba.rl.setups()}
    assert len(set(ids.values())) == len(ids)  # one id per setup
    for identifier in ids.values():
        assert identifier in gymnasium.registry, identifier
        assert gymnasium.registry[identifier].max_episode_steps == asobiba.rl.MAX_EPISODE_STEPS
    assert ids["cockroach_poker_trump_4p_v1"] == "asobiba/CockroachPokerTrump4p-v1"
    assert ids["paper_safari_one_round_3p_v1"] == "asobiba/PaperSafariOneRound3p-v1"


@pytest.mark.parametrize(
    "setup", ["cockroach_poker_trump_4p_v1", "paper_safari_one_round_3p_v1", "survive_compact_2p_v1"]
)
def test_a_setups_id_makes_that_setup(setup: str) -> None:
    env = gymnasium.make(asobiba.rl.setup_gym_id(setup), opponents="random")
    direct = asobiba.rl.make(setup, api="gymnasium", opponents="random")
    assert env.observation_space.shape == direct.observation_space.shape
    assert env.action_space == direct.action_space
    assert env.unwrapped.players == direct.players
    observation, _ = env.reset(seed=4)
    assert observation.shape == direct.observation_space.shape


def test_a_match_of_first_legal_players_is_truncated() -> None:
    """Two players who always take the first legal number never end a Paper Safari match: the id's
    ``max_episode_steps`` truncates it."""
    env = gymnasium.make(
        "asobiba/PaperSafari2p-v1", opponents="policy:asobiba.rl.policy:first_legal", max_episode_steps=300
    )
    env.reset(seed=0)
    steps = 0
    truncated = False
    while not truncated:
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
        steps += 1
        assert not terminated, "the match ended: first-legal players do finish it"
    assert steps == 300


def test_step_after_the_end_raises_a_clear_error() -> None:
    env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random")
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    with pytest.raises(gymnasium.error.ResetNeeded, match="call reset"):
        env.step(0)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # a new episode steps again


def test_step_after_an_illegal_number_raises_too() -> None:
    env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random")
    env.reset(seed=2)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info == {"illegal": True} and reward == -1.0
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(illegal)
