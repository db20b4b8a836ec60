"""The research API: asobiba's games as PettingZoo, Gymnasium and OpenSpiel games.

Needs the extra ``asobiba[rl]`` (numpy, gymnasium, pettingzoo; open_spiel for
:mod:`asobiba.rl.openspiel`). Everything an agent receives is built from ``state.view(player)``
alone, so nothing hidden reaches it; chance is resolved inside, from the seed of ``reset``.

>>> import asobiba.rl
>>> codec = asobiba.rl.codec("cockroach-poker", players=4, rules="trump")
>>> codec.size
86
>>> encoder = asobiba.rl.encoder("cockroach-poker", players=4)
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=1)
>>> encoder.encode(state.view(0)).shape == encoder.shape
True
>>> int(codec.mask(state).sum()) == len({codec.index(a) for a in state.legal_actions()})
True

See ``docs/research.md`` for the layouts and an example per framework.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core.game import Game
from asobiba.rl.support import game_of, support

if TYPE_CHECKING:
    from asobiba.rl.codecs import ActionCodec
    from asobiba.rl.encoders import Encoder
    from asobiba.rl.gymnasium_env import AsobibaGymEnv, Opponent
    from asobiba.rl.pettingzoo_env import AsobibaAECEnv
    from asobiba.rl.vector import AsobibaVectorEnv

__all__ = [
    "MAX_EPISODE_STEPS",
    "codec",
    "encoder",
    "env",
    "gym_env",
    "make",
    "raw_env",
    "register_setups",
    "setup_gym_id",
    "setups",
    "vector_env",
]


def encoder(game: Game | str, players: int, **options: Any) -> Encoder:
    """The observation encoder of ``game`` for ``players`` players and these options:
    ``shape``, ``pieces`` and ``encode(view) -> np.ndarray`` (float32)."""
    found = game_of(game)
    return support(found).encoder(found, players, found.resolve_options(players, options))


def codec(game: Game | str, players: int, action_space: str | None = None, **options: Any) -> ActionCodec:
    """The action codec of ``game`` for ``players`` players and these options: ``size``,
    ``index(action)``, ``action(i, state)``, ``mask(state)``; ``action_space`` names one of the
    game's spaces (``"full"``, Survive!'s ``"compact"``), the game's default if ``None``."""
    found = game_of(game)
    codec_class = support(found).codec_type(action_space)
    return codec_class(found, players, found.resolve_options(players, options))


def raw_env(game: Game | str, players: int, render_mode: str | None = None, **options: Any) -> AsobibaAECEnv:
    """The PettingZoo AEC environment of ``game`` without wrappers (``action_space``, ``reward``,
    ``max_steps`` beside the game's options)."""
    from asobiba.rl.pettingzoo_env import AsobibaAECEnv

    return AsobibaAECEnv(game_of(game), players, render_mode=render_mode, **options)


def env(game: Game | str, players: int, render_mode: str | None = None, **options: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` with the classic wrappers
    (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``)."""
    from asobiba.rl.pettingzoo_env import wrapped

    return wrapped(raw_env(game, players, render_mode=render_mode, **options))


def gym_env(
    game: Game | str,
    players: int | None = None,
    opponents: Opponent | list[Opponent] = "normal",
    seat: int = 0,
    **options: Any,
) -> AsobibaGymEnv:
    """A Gymnasium environment: one learner in ``seat`` against opponents — a bot spec
    (``"random"``, ``"normal"``, ``"hard"``, …), a callable ``(observation, mask) -> action``, or
    ``"self"`` (a frozen copy of the learner's policy, see :meth:`AsobibaGymEnv.set_self_policy`)
    — one for every other seat or one each; ``action_masks()`` gives the legal actions
    (sb3-contrib's MaskablePPO convention)."""
    from asobiba.rl.gymnasium_env import AsobibaGymEnv

    return AsobibaGymEnv(game_of(game), players, opponents=opponents, seat=seat, **options)


def vector_env(setup: str, n: int, **options: Any) -> AsobibaVectorEnv:
    """``n`` games of a named setup (or a game) stepped together: a Gymnasium ``VectorEnv`` whose
    ``action_masks()`` (and ``infos["action_mask"]``) give every game's legal numbers; see
    :mod:`asobiba.rl.vector`."""
    from asobiba.rl.vector import vector_env as make_vector

    return make_vector(setup, n, **options)


def make(setup: str, **overrides: Any) -> Any:
    """The environment of a named, versioned setup (``"cockroach_poker_trump_4p_v1"``): the PettingZoo
    AEC environment by default, ``api="gymnasium"`` for the Gymnasium one, ``api="openspiel"`` for
    the OpenSpiel game (see :func:`setups`)."""
    from asobiba.rl.named import make as make_setup

    return make_setup(setup, **overrides)


def setups() -> dict[str, Any]:
    """Every named setup: name -> :class:`asobiba.rl.named.GameSetup` (game, players, options, version)."""
    from asobiba.rl.named import all_setups

    found = all_setups()
    _register_gymnasium()  # (a game imported first: its setups' ids now)
    return found


#: Every Gymnasium id's default ``max_episode_steps`` (learner decisions): about 8 times the longest
#: game of a random learner against random bots seen (131, Survive! 2 players); a Paper Safari match
#: of players who always take the first legal action never ends, and is truncated here.
MAX_EPISODE_STEPS = 1000


def setup_gym_id(setup: str) -> str:
    """The Gymnasium id of a named setup: ``cockroach_poker_trump_4p_v1`` -> ``asobiba/CockroachPokerTrump4p-v1``.

    >>> setup_gym_id("survive_compact_3p_v1")
    'asobiba/SurviveCompact3p-v1'
    """
    import re

    base, version = re.fullmatch(r"(.+)_v(\d+)", setup).groups()  # type: ignore[union-attr]
    return f"asobiba/{''.join(part[:1].upper() + part[1:] for part in base.split('_'))}-v{version}"


def _make_setup(**kwargs: Any) -> Any:
    # gymnasium's entry point of a setup's id: called with keywords only (the registered ``setup`` among them)
    setup = kwargs.pop("setup")
    return make(setup, api="gymnasium", **kwargs)


def register_setups() -> list[str]:
    """Register every named setup's Gymnasium id (``asobiba/<Setup>-v<version>``, keyword arguments:
    :func:`gym_env`'s, ``max_episode_steps`` :data:`MAX_EPISODE_STEPS`); the ids registered. Done by
    ``import asobiba.rl``, and again by :func:`setups` for a game whose research module was still
    being imported then; again is harmless."""
    import gymnasium

    from asobiba.core.registry import game_names

    registered = []
    for game in game_names():
        try:
            declared = support(game).setups
        except (AttributeError, ImportError):  # (the game's research module is being imported: later)
            continue
        for found in declared:
            identifier = setup_gym_id(found.full_name)
            if identifier not in gymnasium.registry:
                gymnasium.register(
                    identifier,
                    entry_point=_make_setup,
                    kwargs={"setup": found.full_name},
                    max_episode_steps=MAX_EPISODE_STEPS,
                    disable_env_checker=True,
                )
            registered.append(identifier)
    return registered


def _register_gymnasium() -> None:
    from importlib.util import find_spec

    if find_spec("gymnasium") is not None:
        from asobiba.rl.named import register_gymnasium

        register_gymnasium()
        register_setups()


_register_gymnasium()
