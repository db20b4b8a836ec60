"""A learned policy plays as a bot: on the ladder (``asobiba rate --bots policy:…``), in the arena, for the server."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

import asobiba
from asobiba.cli.main import app
from asobiba.core.errors import InvalidOption
from asobiba.rl.policy import PolicyBot


def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def compact_last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    assert mask.shape == (3062,)
    return int(np.flatnonzero(mask)[-1])


compact_last_legal.action_space = "compact"  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["cockroach-poker", "paper-safari", "survive"])
def test_a_policy_bot_plays_a_whole_game_with_legal_moves(game: str) -> None:
    state = asobiba.new_game(game, players=2 if game != "cockroach-poker" else 3, seed=5)
    player = asobiba.bot(f"policy:{__name__}:last_legal", seed=1)
    assert isinstance(player, PolicyBot)
    for _ in range(300):
        if state.is_over:
            break
        state.apply(player.choose(state.observe(state.to_move)))


def test_a_policy_may_ask_for_survives_compact_space() -> None:
    state = asobiba.new_game("survive", players=2, seed=5)
    player = asobiba.bot(f"policy:{__name__}:compact_last_legal", seed=1)
    for _ in range(200):
        if state.is_over:
            break
        state.apply(player.choose(state.observe(state.to_move)))


def test_a_policy_that_cannot_be_loaded_is_refused_saying_so() -> None:
    with pytest.raises(InvalidOption, match="cannot be loaded"):
        asobiba.bot("policy:no_such_package.policies:play")
    with pytest.raises(InvalidOption, match="module:function"):
        asobiba.bot("policy:just_a_name")


def test_a_policy_sits_on_the_ladder() -> None:
    result = CliRunner().invoke(
        app,
        ["rate", "cockroach-poker", "--bots", f"policy:{__name__}:last_legal,random", "--games-per-pair", "4"],
    )
    assert result.exit_code == 0, result.output
    assert "policy" in result.output
