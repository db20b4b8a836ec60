"""Which games exist. Games are imported on first use, so `import asobiba` stays light."""

from __future__ import annotations

import importlib

from asobiba.core.errors import UnknownGame
from asobiba.core.game import Game

#: Game name -> "module:attribute" of its :class:`Game` instance.
GAME_MODULES: dict[str, str] = {}

_loaded: dict[str, Game] = {}


def game_names() -> list[str]:
    """The names of every game, in a stable order.

    >>> import asobiba
    >>> "cockroach-poker" in asobiba.game_names()
    True
    """
    return list(GAME_MODULES)


def get_game(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` lists the names if there is none."""
    if name not in GAME_MODULES:
        raise UnknownGame("unknown game {name}; the games are: {games}", name=repr(name), games=", ".join(game_names()))
    if name not in _loaded:
        module_name, attribute = GAME_MODULES[name].split(":")
        _loaded[name] = getattr(importlib.import_module(module_name), attribute)
    return _loaded[name]
