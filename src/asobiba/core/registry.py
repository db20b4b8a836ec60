"""Which games exist: one declaration per game, found through the ``asobiba.games`` entry points.

A game from another package plugs in by declaring, in its own ``pyproject.toml``::

    [project.entry-points."asobiba.games"]
    my-game = "my_package.declaration:DECLARATION"

where ``DECLARATION`` is a :class:`GameDeclaration`. Everything it names is a ``"module:attribute"``
text imported on first use, so listing the games imports none of them, and ``import asobiba.core``
loads no game and no bot.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import UnknownGame

if TYPE_CHECKING:
    from asobiba.core.game import Game

ENTRY_POINT_GROUP = "asobiba.games"


@dataclass(frozen=True)
class GameDeclaration:
    """Everything asobiba knows of one game, each part named as ``"module:attribute"``.

    - ``game``: the :class:`~asobiba.core.game.Game` instance (state, notation, heuristic, texts);
    - ``evaluator``: a function ``State -> list[float]`` scoring a position for every player
      (the hard bot's rollouts cut short);
    - ``hard_settings``: the ``hard`` level's search settings where they differ from the defaults;
    - ``screen``: the terminal screen module (a ``render(view, lang)`` function);
    - ``screen_fit``: the module of the terminal's fitted forms and helpers: ``compact(view, lang)``
      (the screen for a small terminal), ``decision(view, lang)`` (the decision at hand in words) and
      optionally ``group_moves(view, choices, lang)``, ``move_warning(view, choice, lang)``,
      ``round_summary(view, lang, rounds_before)``;
    - ``web_renderer``: the browser module drawing the game, as ``"package:file.js"`` (a file the
      package carries; the server serves it and the files beside it at ``/games/<name>/<file>``);
    - ``web_style``: the game's style sheet, as ``"package:file.css"`` (the classes its renderer draws
      with; the client adds it to the page once, when it loads the game's renderer, and the page's own
      style sheet holds no game's rules); served at ``/games/<name>/<file>`` too;
    - ``rules``: the rules pages, as ``"package:path"`` with ``{lang}`` in the path;
    - ``analysis_rollout_depth``: moves an analysis rollout plays before the evaluator scores it
      (``None``: to the end);
    - ``rl``: the research API's declaration (an ``asobiba.rl.support.RLSupport``: the encoder, the
      action spaces, how OpenSpiel deals the game); without it the game gets the generic one;
    - ``gym_version``: the version of its Gymnasium id ``asobiba/<Game>-v<version>`` (here, not in
      ``rl``: ``import asobiba.rl`` registers every game's id without importing any game's research
      module, so a game's ``rl`` module may be the first thing imported).

    A game declaring only ``name`` and ``game`` plays everywhere: the terminal and the browser
    draw it with their generic table (its view as panels, its actions grouped by their data), and
    the research API with its generic encoder and codec.
    """

    name: str
    game: str
    evaluator: str | None = None
    hard_settings: Mapping[str, Any] = field(default_factory=dict)
    screen: str | None = None
    screen_fit: str | None = None
    web_renderer: str | None = None
    web_style: str | None = None
    rules: str | None = None
    analysis_rollout_depth: int | None = None
    rl: str | None = None
    gym_version: int = 1

    def load(self, part: str) -> Any:
        """Import and return the part called ``part`` (``"game"``, ``"evaluator"``, …); ``None`` if unset."""
        where = getattr(self, part)
        if where is None:
            return None
        module_name, _, attribute = where.partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attribute) if attribute else module

    def resource(self, part: str, **fields: str) -> Traversable | None:
        """The package file the part called ``part`` names (``"web_renderer"``, ``"web_style"``, ``"rules"``), its
        ``{field}`` marks filled from ``fields``; ``None`` if unset or not a file.

        >>> declaration("cockroach-poker").resource("rules", lang="en").name
        'cockroach_poker.en.md'
        """
        where = getattr(self, part)
        if where is None:
            return None
        package, _, path = where.partition(":")
        found = files(package).joinpath(path.format(**fields))
        return found if found.is_file() else None


#: Declarations registered in-process (tests, a game under development); they win over entry points.
_registered: dict[str, GameDeclaration] = {}
_loaded_games: dict[str, Game] = {}


@cache
def _entry_points() -> dict[str, Any]:
    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


def register(declaration: GameDeclaration) -> None:
    """Make a game known in this process (entry points are the way for an installed package)."""
    _registered[declaration.name] = declaration
    _loaded_games.pop(declaration.name, None)


def unregister(name: str) -> None:
    """Forget a game registered with :func:`register`."""
    _registered.pop(name, None)
    _loaded_games.pop(name, None)


def game_names() -> list[str]:
    """The names of every game, in a stable order.

    >>> import asobiba
    >>> "cockroach-poker" in asobiba.game_names()
    True
    """
    return sorted({*_entry_points(), *_registered})


@cache
def _declaration_from_entry_point(name: str) -> GameDeclaration:
    loaded = _entry_points()[name].load()
    if not isinstance(loaded, GameDeclaration) or loaded.name != name:
        raise UnknownGame("the entry point {name} does not declare that game", name=repr(name))
    return loaded


def declaration(name: str) -> GameDeclaration:
    """The declaration of the game called ``name``; :class:`UnknownGame` lists the names if none."""
    if isinstance(name, str) and name in _registered:
        return _registered[name]
    if isinstance(name, str) and name in _entry_points():
        return _declaration_from_entry_point(name)
    raise UnknownGame(
        "unknown game {name}; the games are: {games}", name=repr(name)[:80], games=", ".join(game_names())
    )


def get_game(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGame` lists the names if there is none."""
    if isinstance(name, str) and name in _loaded_games:
        return _loaded_games[name]
    game: Game = declaration(name).load("game")
    _loaded_games[name] = game
    return game
