"""The ``ppo`` bot: the shipped networks, played in numpy (no torch), on the ladder like any bot."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import asobiba
import asobiba.rl
from asobiba.cli.main import app
from asobiba.core.errors import InvalidOption
from asobiba.rl.named import all_setups
from asobiba.rl.trained import TRAINED, NetworkPolicy, TrainedBot, network, weights_path


def test_each_game_has_its_network_small_and_for_its_setup() -> None:
    total = 0
    for game, setup in TRAINED.items():
        path = weights_path(setup)
        total += path.stat().st_size
        found = NetworkPolicy(path)
        assert (found.game, found.setup) == (game, setup)
        named = all_setups()[setup]
        assert named.game == game
        encoder = asobiba.rl.encoder(game, players=named.players, **named.options)
        codec = asobiba.rl.codec(game, players=named.players, action_space=named.action_space, **named.options)
        assert (found.inputs, found.outputs) == (encoder.shape[0], codec.size)
        assert found.action_space == named.action_space
    assert total < 3_000_000  # "a few MB at most": package data, no download


@pytest.mark.parametrize("game", list(TRAINED))
def test_the_ppo_bot_plays_its_setup_with_legal_moves(game: str) -> None:
    named = all_setups()[TRAINED[game]]
    state = asobiba.new_game(game, players=named.players, seed=7, **named.options)
    players = [asobiba.bot("ppo", seed=seat) for seat in range(named.players)]
    for _ in range(120):
        if state.is_over:
            break
        state.apply(players[state.to_move].choose(state.observe(state.to_move)))


def test_the_same_seed_plays_the_same_moves_and_greedy_takes_the_likeliest() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=3)
    observation = state.observe(state.to_move)
    assert [asobiba.bot("ppo", seed=5).choose(observation) for _ in range(3)] == [
        asobiba.bot("ppo", seed=5).choose(observation)
    ] * 3
    greedy = asobiba.bot("ppo:greedy=true", seed=1)
    assert isinstance(greedy, TrainedBot)
    chosen = greedy.choose(observation)
    encoder = asobiba.rl.encoder("cockroach-poker", players=4)
    codec = asobiba.rl.codec("cockroach-poker", players=4)
    logits = network("cockroach-poker").logits(encoder.encode(observation.view))
    mask = codec.mask(state).astype(bool)
    assert codec.index(chosen) == int(np.flatnonzero(mask)[np.argmax(logits[mask])])


def test_a_table_it_was_not_trained_for_is_refused_naming_its_setup() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=3)
    with pytest.raises(InvalidOption, match="cockroach_poker_trump_4p_v1"):
        asobiba.bot("ppo").choose(state.observe(state.to_move))
    with pytest.raises(InvalidOption, match="no trained network"):
        network("no-such-game")


def test_the_ppo_bot_stands_on_the_ladder() -> None:
    result = CliRunner().invoke(
        app, ["rate", "cockroach-poker", "--players", "4", "--bots", "ppo,random", "--games-per-pair", "8"]
    )
    assert result.exit_code == 0, result.output
    assert "ppo" in result.output


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="needs torch and sb3-contrib to train")
def test_an_exported_network_plays_as_the_torch_policy_does(tmp_path: Path) -> None:
    import torch
    from sb3_contrib import MaskablePPO

    from asobiba.rl.trained import export_maskable_ppo

    torch.set_num_threads(1)
    env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=0)
    model.learn(64)
    exported = NetworkPolicy(export_maskable_ppo(model, tmp_path / "p.npz", game="cockroach-poker"))
    observation, _ = env.reset(seed=1)
    with torch.no_grad():
        distribution = model.policy.get_distribution(torch.as_tensor(observation[None]))
        expected = distribution.distribution.logits[0].numpy()
    ours = exported.logits(observation)
    assert np.allclose(ours - ours.max(), expected - expected.max(), atol=0.02)  # float16 weights
    mask = env.action_masks()
    assert exported(observation, mask) == int(model.predict(observation, action_masks=mask, deterministic=True)[0])


@pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None, reason="needs torch and sb3-contrib to train")
def test_the_training_script_clones_a_bot_first_and_the_clone_plays_its_moves(tmp_path: Path) -> None:
    """``--imitate normal`` (behaviour cloning before PPO; with ``--timesteps 0`` the clone alone):
    the written network gives most of the bot's moves the highest probability, and the bot loads it."""
    import re
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "examples" / "train_agents.py"
    command = [sys.executable, str(script), "paper-safari", "--imitate", "normal", "--imitate-games", "6"]
    command += ["--imitate-epochs", "20", "--timesteps", "0", "--out", str(tmp_path)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    found = re.search(r"imitated normal in (\d+) decisions of 6 games: ([\d.]+) of its moves", result.stdout)
    assert found is not None, result.stdout
    assert float(found.group(2)) > 0.5  # (a uniform choice among the legal numbers: 0.31 on these games)
    clone = NetworkPolicy(tmp_path / "paper_safari_one_round_3p_v1.npz")
    assert (clone.game, clone.inputs, clone.outputs) == ("paper-safari", 625, 58)
