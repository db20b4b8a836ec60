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
from asobiba.core.registry import declaration, get_game

if TYPE_CHECKING:
    from asobiba.rl.codecs import ActionCodec
    from asobiba.rl.encoders.base import Encoder
    from asobiba.rl.gymnasium_env import AsobibaGymEnv
    from asobiba.rl.pettingzoo_env import AsobibaAECEnv

__all__ = ["codec", "encoder", "encoder_type", "env", "gym_env", "raw_env"]


def _game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else get_game(game)


def encoder_type(game: Game | str) -> type[Encoder]:
    """The encoder class of ``game``: its declaration's ``rl_encoder``."""
    found = _game(game)
    encoder_class: type[Encoder] | None = declaration(found.name).load("rl_encoder")
    if encoder_class is None:
        from asobiba.core.errors import UnknownGame

        raise UnknownGame("{game} has no observation encoder for the research API", domain="rl", game=found.name)
    return encoder_class


def encoder(game: Game | str, players: int, **options: Any) -> Encoder:
    """The observation encoder of ``game`` for ``players`` players and these options:
    ``shape``, ``pieces`` and ``encode(view) -> np.ndarray`` (float32)."""
    found = _game(game)
    return encoder_type(found)(found, players, found.resolve_options(players, options))


def codec(game: Game | str, players: int, **options: Any) -> ActionCodec:
    """The action codec of ``game`` for ``players`` players and these options: ``size``,
    ``index(action)``, ``action(i, state)``, ``mask(state)``."""
    found = _game(game)
    return encoder_type(found).codec_type(found, players, found.resolve_options(players, options))


def raw_env(game: Game | str, players: int, render_mode: str | None = None, **options: Any) -> AsobibaAECEnv:
    """The PettingZoo AEC environment of ``game`` without wrappers."""
    from asobiba.rl.pettingzoo_env import AsobibaAECEnv

    return AsobibaAECEnv(_game(game), players, render_mode=render_mode, **options)


def env(game: Game | str, players: int, render_mode: str | None = None, **options: Any) -> Any:
    """The PettingZoo AEC environment of ``game`` with the classic wrappers
    (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``)."""
    from asobiba.rl.pettingzoo_env import wrapped

    return wrapped(raw_env(game, players, render_mode=render_mode, **options))


def gym_env(
    game: Game | str,
    players: int | None = None,
    opponents: str | list[str] = "normal",
    seat: int = 0,
    **options: Any,
) -> AsobibaGymEnv:
    """A Gymnasium environment: one learner in ``seat`` against asobiba bots (a bot spec such as
    ``"random"``, ``"normal"``, ``"hard"``, or one spec per other seat); ``action_masks()`` gives
    the legal actions (sb3-contrib's MaskablePPO convention)."""
    from asobiba.rl.gymnasium_env import AsobibaGymEnv

    return AsobibaGymEnv(_game(game), players, opponents=opponents, seat=seat, **options)
