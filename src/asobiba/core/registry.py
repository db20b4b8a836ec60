"""Which games exist: one declaration per game, found through the ``asobiba.games`` entry points.

A game from another package plugs in by declaring, in its own ``pyproject.toml``::

    [project.entry-points."asobiba.games"]
    my-game = "my_package.declaration:DECLARATION"

where ``DECLARATION`` is a :class:`~asobiba.core.declaration.GameDeclaration`. Each part it names as a
``"module:attribute"`` text is imported on first use, through its typed accessor: listing the games
imports each one's declaration and rules (``game``), no bot, screen or research module, and
``import asobiba.core`` loads no game and no bot.

One broken plug-in does not take the others down: a game whose declaration or rules fail to import
(a package written for an older :class:`GameDeclaration`, a missing dependency) is left out of
:func:`game_names`, with one warning in the log naming its package and the error;
:func:`unavailable_games` says why, and asking for it is :class:`UnknownGame` with that reason.
"""

from __future__ import annotations

import logging
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING

from asobiba.core.declaration import GameDeclaration as GameDeclaration  # where declarations import it from
from asobiba.core.errors import UnknownGame
from asobiba.core.i18n import forget_read_catalogs

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from asobiba.core.game import Game

ENTRY_POINT_GROUP = "asobiba.games"


#: Declarations registered in-process (tests, a game under development); they win over entry points.
_registered: dict[str, GameDeclaration] = {}
_loaded_games: dict[str, Game] = {}
#: Games that cannot be loaded, by name: why (the error's type and message, never a traceback).
_unavailable: dict[str, str] = {}
#: The longest reason kept.
MAX_REASON = 300

log = logging.getLogger("asobiba.games")


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


def register(declaration: GameDeclaration) -> None:
    """Make a game known in this process (entry points are the way for an installed package)."""
    _registered[declaration.name] = declaration
    _loaded_games.pop(declaration.name, None)
    _unavailable.pop(declaration.name, None)
    forget_read_catalogs()


def unregister(name: str) -> None:
    """Forget a game registered with :func:`register`."""
    _registered.pop(name, None)
    _loaded_games.pop(name, None)
    _unavailable.pop(name, None)
    forget_read_catalogs()


def game_catalog(domain: str, lang: str) -> Traversable | None:
    """The catalog of ``domain`` in ``lang`` that a game carries in its package (its ``locale``
    part), or ``None``. The game whose name is the domain's (``cockroach-poker`` for
    ``cockroach_poker``) is asked first, so that only its declaration is imported."""
    names = sorted({*_entry_points(), *_registered}, key=lambda name: (name.replace("-", "_") != domain, name))
    for name in names:
        try:
            found = declaration(name).catalog(domain, lang)
        except UnknownGame:  # a plug-in that cannot be loaded is left out (and warned about) elsewhere
            continue
        if found is not None:
            return found
    return None


def game_names() -> list[str]:
    """The names of every game that loads, in a stable order (one that does not is left out: see
    :func:`unavailable_games`).

    >>> import asobiba
    >>> "cockroach-poker" in asobiba.game_names()
    True
    """
    names = []
    for name in sorted({*_entry_points(), *_registered}):
        try:
            get_game(name)
        except UnknownGame:
            continue
        names.append(name)
    return names


def unavailable_games() -> dict[str, str]:
    """The games installed or registered that cannot be loaded, each with the reason, by name."""
    game_names()
    return dict(sorted(_unavailable.items()))


def package_of(name: str) -> str:
    """The distribution (package) that installs the game called ``name`` (``"?"`` if unknown)."""
    point = _entry_points().get(name)
    if name in _registered or point is None:
        return "?"
    distribution = point.dist
    return distribution.name if distribution is not None else point.value.partition(":")[0]


def describe_error(error: BaseException) -> str:
    """``Type: message`` (its first line): what failed, without a traceback."""
    lines = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


def _unavailable_error(name: str) -> UnknownGame:
    return UnknownGame("the game {name} cannot be loaded: {reason}", name=name, reason=_unavailable[name])


def _give_up(name: str, reason: str) -> UnknownGame:
    """Mark the game unavailable (warning once per process) and return the error to raise."""
    if name not in _unavailable:
        _unavailable[name] = reason
        log.warning(
            "the game %s of the package %s cannot be loaded and is left out: %s", name, package_of(name), reason
        )
    return _unavailable_error(name)


@cache
def _declaration_from_entry_point(name: str) -> GameDeclaration:
    try:
        loaded = _entry_points()[name].load()
    except Exception as error:  # a plug-in's own bug: it must not take the others down
        raise _give_up(name, describe_error(error)) from None
    if not isinstance(loaded, GameDeclaration) or loaded.name != name:
        shown = f"{type(loaded).__module__}.{type(loaded).__qualname__}"
        raise _give_up(name, f"the entry point does not name a GameDeclaration of {name} (it names a {shown})")
    return loaded


def declaration(name: str) -> GameDeclaration:
    """The declaration of the game called ``name``; :class:`UnknownGame` lists the names if none,
    or says why the game cannot be loaded."""
    if isinstance(name, str) and name in _registered:
        return _registered[name]
    if isinstance(name, str) and name in _unavailable:
        raise _unavailable_error(name)
    if isinstance(name, str) and name in _entry_points():
        return _declaration_from_entry_point(name)
    raise UnknownGame(
        "unknown game {name}; the games are: {games}", name=repr(name)[:80], games=", ".join(game_names())
    )


def get_game(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` lists the names if there is none, or says why
    it cannot be loaded."""
    if isinstance(name, str) and name in _loaded_games:
        return _loaded_games[name]
    if isinstance(name, str) and name in _unavailable:
        raise _unavailable_error(name)
    found = declaration(name)
    try:
        game = found.game()
    except Exception as error:  # the plug-in's rules fail to import
        raise _give_up(name, describe_error(error)) from None
    _loaded_games[name] = game
    return game
