"""Per-game screens for the terminal: each game's :class:`~asobiba.cli.screens.terminal.TerminalScreen`.

A screen draws a player's *view* only (the dict from ``State.view``), never the state itself,
so the terminal shows exactly what that player may know. A game names its screen on its
declaration (``screen``: a subclass of ``TerminalScreen``); each method it does not override is the
generic table's (:mod:`asobiba.cli.screens.generic`): its view as panels, its moves grouped by
their data. :func:`view_tree` is the last resort when a screen fails on a view.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import RenderableType
from rich.markup import escape
from rich.tree import Tree

from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.core.errors import UnknownGame
from asobiba.core.registry import declaration

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


def terminal_screen(game: str) -> TerminalScreen:
    """The terminal screen of the game called ``game`` (its declaration's), or the generic table for
    a game without one. Its methods read views of that game: give them that game's."""
    try:
        found = declaration(game)
    except UnknownGame:
        return TerminalScreen()
    return found.screen()


def screen_forms(view: Mapping[str, object], lang: str) -> list[RenderableType]:
    """The screen's forms, fullest first: the full screen and the compact one."""
    screen = terminal_screen(str(view.get("game")))
    return [screen.render(view, lang), screen.compact(view, lang)]


def render_view(view: Mapping[str, object], lang: str) -> RenderableType:
    """The screen of the view's game (the generic table when the game has no screen of its own)."""
    return terminal_screen(str(view.get("game"))).render(view, lang)
