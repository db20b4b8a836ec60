"""Per-game screens for the terminal: each module has ``render(view, lang) -> RenderableType``.

A screen draws a player's *view* only (the dict from ``State.view``), never the state itself,
so the terminal shows exactly what that player may know. A game names its screen and its module of
terminal helpers on its declaration (``screen`` and ``screen_fit``): ``compact(view, lang)`` (the
screen for a small terminal, the player's own hand or grid last), ``decision(view, lang)`` (the
decision at hand in words), and optionally ``group_moves(view, choices, lang)``,
``move_warning(view, choice, lang)`` and ``round_summary(view, lang, rounds_before)``. A game
without them gets the generic table (:mod:`asobiba.cli.screens.generic`): its view as panels, its
moves grouped by their data. :func:`view_tree` is the last resort when a screen fails on a view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, Protocol

from rich.console import RenderableType
from rich.markup import escape
from rich.tree import Tree

from asobiba.cli.screens import generic
from asobiba.core.errors import UnknownGame
from asobiba.core.registry import declaration


class Screen(Protocol):
    """A game's screen module."""

    def render(self, view: Any, lang: str) -> RenderableType:
        """Draw ``view`` (a player's or the spectator's, of the game's whole view type:
        ``CockroachPokerFullView``) in ``lang``."""
        ...


#: Keys of every view that the fallback tree leaves out (they are shown elsewhere on the screen).
_COMMON_KEYS = ("game", "players", "viewer", "options")


def _is_scalar(value: object) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _add(tree: Tree, key: str, value: object) -> None:
    if _is_scalar(value):
        tree.add(f"[bold]{escape(key)}[/bold]: {escape(str(value))}")
    elif isinstance(value, list) and all(_is_scalar(item) for item in value):
        shown = ", ".join("—" if item is None else str(item) for item in value) or "—"
        tree.add(f"[bold]{escape(key)}[/bold]: {escape(shown)}")
    elif isinstance(value, dict):
        branch = tree.add(f"[bold]{escape(key)}[/bold]")
        for name, item in value.items():
            _add(branch, str(name), item)
        if not value:
            branch.add("—")
    elif isinstance(value, list):
        branch = tree.add(f"[bold]{escape(key)}[/bold]")
        for index, item in enumerate(value):
            _add(branch, str(index), item)
    else:
        tree.add(f"[bold]{escape(key)}[/bold]: {escape(repr(value))}")


def view_tree(view: Mapping[str, object]) -> Tree:
    """A view as a compact tree: the fallback screen of a game without its own.

    >>> from rich.console import Console
    >>> console = Console(width=60, file=None, record=True, color_system=None)
    >>> with console.capture() as capture:
    ...     console.print(view_tree({"game": "g", "players": 2, "viewer": 0, "to_move": 1, "hand": ["H7", "S3"]}))
    >>> print(capture.get().strip())
    g (p0)
    ├── to_move: 1
    └── hand: H7, S3
    """
    viewer = view.get("viewer")
    who = "spectator" if viewer is None else f"p{viewer}"
    tree = Tree(f"[bold]{escape(str(view.get('game', '?')))}[/bold] ({who})")
    for key, value in view.items():
        if key not in _COMMON_KEYS:
            _add(tree, str(key), value)
    return tree


def screen_hooks(game: str) -> ModuleType:
    """The game's terminal helpers module (its declaration's ``screen_fit``), or the generic
    table's (:mod:`asobiba.cli.screens.generic`) for a game without its own. Its functions read
    views of that game (``compact(view: CockroachPokerFullView, lang)``): give them that game's."""
    try:
        hooks: ModuleType | None = declaration(game).load("screen_fit")
    except UnknownGame:
        hooks = None
    return generic if hooks is None else hooks


def screen_forms(view: Mapping[str, object], lang: str) -> list[RenderableType]:
    """The screen's forms, fullest first: the full screen and, where the game has one, the compact one."""
    forms = [render_view(view, lang)]
    hooks = screen_hooks(str(view.get("game")))
    compact = getattr(hooks, "compact", None)
    if compact is not None:
        forms.append(compact(view, lang))
    return forms


def render_view(view: Mapping[str, object], lang: str) -> RenderableType:
    """The screen of the view's game, or the generic table when the game has no screen of its own."""
    try:
        module_name = declaration(str(view["game"])).screen
    except UnknownGame:
        return generic.render(view, lang)
    if module_name is None:
        return generic.render(view, lang)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and module_name.startswith(error.name):
            return generic.render(view, lang)  # the game has no screen yet
        raise
    # The game's own render reads its own view type, this view's (its ``game`` chose the module).
    render: Callable[[Any, str], RenderableType] | None = getattr(module, "render", None)
    if render is None:
        return generic.render(view, lang)
    return render(view, lang)
