"""Which games exist: one declaration per game, found through the ``asobiba.games`` entry points.

A game from another package plugs in by declaring, in its own ``pyproject.toml``::

    [project.entry-points."asobiba.games"]
    my-game = "my_package.declaration:DECLARATION"

where ``DECLARATION`` is a :class:`GameDeclaration`. Everything it names is a ``"module:attribute"``
text imported on first use: listing the games imports each one's declaration and rules (``game``),
no bot, screen or research module, and ``import asobiba.core`` loads no game and no bot.

One broken plug-in does not take the others down: a game whose declaration or rules fail to import
(a package written for an older :class:`GameDeclaration`, a missing dependency) is left out of
:func:`game_names`, with one warning in the log naming its package and the error;
:func:`unavailable_games` says why, and asking for it is :class:`UnknownGame` with that reason.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any

from asobiba.core.errors import UnknownGame
from asobiba.core.i18n import forget_read_catalogs

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
    - ``locale``: the folder of the game's translations, as ``"package:folder"``, holding gettext
      catalogs ``<lang>/LC_MESSAGES/<domain>.po`` (its domain is ``Game.text_domain``: its log lines,
      option texts and error messages); :class:`~asobiba.core.i18n.Catalog` reads them from there;
    - ``analysis_rollout_depth``: moves an analysis rollout plays before the evaluator scores it
      (``None``: to the end);
    - ``rl``: the research API's declaration (an ``asobiba.rl.types.RLSupport``: the encoder, the
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
    locale: str | None = None
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

    def catalog(self, domain: str, lang: str) -> Traversable | None:
        """The game's gettext catalog of ``domain`` in ``lang`` (``None`` if its ``locale`` has none).

        >>> declaration("survive").catalog("survive", "ja").name
        'survive.po'
        """
        if self.locale is None:
            return None
        package, _, folder = self.locale.partition(":")
        found = files(package).joinpath(f"{folder}/{lang}/LC_MESSAGES/{domain}.po")
        return found if found.is_file() else None


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
        game: Game = found.load("game")
    except Exception as error:  # the plug-in's rules fail to import
        raise _give_up(name, describe_error(error)) from None
    _loaded_games[name] = game
    return game
