"""Named, versioned setups and the Gymnasium ids."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import gymnasium
import pytest

import asobiba.rl
from asobiba.core.errors import InvalidOption
from asobiba.rl.named import all_setups

#: Each setup's layout digest (observation pieces, action blocks, options): a change here means a
#: new version of the setup (bump ``Setup.version`` in the game's rl module, then this table).
LAYOUT_DIGESTS: dict[str, str] = json.loads(Path(__file__).with_name("setup_layouts.json").read_text(encoding="utf-8"))


def layout_digest(name: str) -> str:
    found = all_setups()[name]
    encoder = asobiba.rl.encoder(found.game, players=found.players, **found.options)
    codec = asobiba.rl.codec(found.game, players=found.players, action_space=found.action_space, **found.options)
    layout = [encoder.describe(), codec.layout(), found.options, *([found.horizon] if found.horizon else [])]
    return hashlib.sha256(json.dumps(layout, sort_keys=True, default=str).encode()).hexdigest()[:16]


def test_every_setup_has_the_layout_of_its_version() -> None:
    assert {name: layout_digest(name) for name in all_setups()} == LAYOUT_DIGESTS


def test_make_gives_every_setups_pettingzoo_env_ready_to_play() -> None:
    for name, found in all_setups().items():
        env = asobiba.rl.make(name)
        env.reset(seed=1)
        assert env.unwrapped.players == found.players
        assert env.action_space(env.agent_selection).n == env.unwrapped.codec.size


def test_make_named_setup_for_gymnasium_and_openspiel() -> None:
    env = asobiba.rl.make("cockroach_poker_trump_4p_v1", api="gymnasium", opponents="random")
    observation, _ = env.reset(seed=2)
    assert env.players == 4 and observation.shape == env.observation_space.shape
    pyspiel = pytest.importorskip("pyspiel")
    game = asobiba.rl.make("survive_compact_2p_v1", api="openspiel")
    assert isinstance(game, pyspiel.Game) and game.num_distinct_actions() == 3062


def test_an_old_version_or_an_unknown_setup_is_refused_naming_the_right_one() -> None:
    with pytest.raises(InvalidOption, match="is not the current version; it is cockroach_poker_trump_4p_v1"):
        asobiba.rl.make("cockroach_poker_trump_4p_v0")
    with pytest.raises(InvalidOption, match="unknown setup"):
        asobiba.rl.make("chess_2p_v1")


def test_gymnasium_make_knows_every_game() -> None:
    env = gymnasium.make("asobiba/CockroachPoker-v1", players=4)
    observation, _ = env.reset(seed=1)
    assert env.unwrapped.players == 4 and observation.shape == (138,)
    assert {"asobiba/PaperSafari-v1", "asobiba/Survive-v1"} <= set(gymnasium.registry)


def test_setups_lists_every_named_setup() -> None:
    """``asobiba.rl.setups()`` is the function (the module of that name once shadowed it)."""
    import asobiba.rl.openspiel  # (importing the rest of the package leaves it a function)

    assert callable(asobiba.rl.setups) and asobiba.rl.setups() == all_setups()
