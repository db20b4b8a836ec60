"""Which research-API declaration a game has: its encoder, its action spaces, how OpenSpiel deals it.

A game declares this in its own package (``GameDeclaration(rl="my_game.rl:RL")``, an
:class:`~asobiba.rl.types.RLSupport`); nothing in :mod:`asobiba.rl` names a game. A game that declares none still
plays: :func:`support` gives it the generic encoder (feature-hashed view), the generic codec
(hashed ``to_json()`` of the actions) and OpenSpiel chance from the engine's own sampler.

>>> found = support("cockroach-poker")
>>> found.default_action_space, sorted(found.codecs)
('full', ['full'])
>>> support("survive").codecs.keys() >= {"full", "compact"}
True
"""

from __future__ import annotations

from asobiba.core.game import Game
from asobiba.core.registry import declaration, get_game
from asobiba.rl.types import RLSupport

__all__ = ["game_of", "openspiel_name", "support"]


def game_of(game: Game | str) -> Game:
    """``game`` itself or the game of that name."""
    return game if isinstance(game, Game) else get_game(game)


_generic: dict[str, RLSupport] = {}


def support(game: Game | str) -> RLSupport:
    """The research-API declaration of ``game``: its declaration's ``rl`` part, else the generic one."""
    found = game_of(game)
    declared = declaration(found.name).rl()
    if declared is not None:
        return declared
    if found.name not in _generic:
        from asobiba.rl.generic import generic_support  # (numpy: only for a game that declares none)

        _generic[found.name] = generic_support(found)
    return _generic[found.name]


def openspiel_name(game: Game | str) -> str:
    """The OpenSpiel short name of ``game``: ``python_asobiba_`` and its name in snake case."""
    return "python_asobiba_" + game_of(game).name.replace("-", "_")
