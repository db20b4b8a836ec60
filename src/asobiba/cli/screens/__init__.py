"""Per-game screens for the terminal: each module has ``render(view, lang) -> RenderableType``.

A screen draws a player's *view* only (the dict from ``State.view``), never the state itself,
so the terminal shows exactly what that player may know.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from rich.console import RenderableType
from rich.pretty import Pretty


class Screen(Protocol):
    def render(self, view: dict[str, Any], lang: str) -> RenderableType: ...


SCREENS: dict[str, str] = {
    "cockroach-poker": "asobiba.cli.screens.cockroach_poker",
    "paper-safari": "asobiba.cli.screens.paper_safari",
    "survive": "asobiba.cli.screens.survive",
}


def render_view(view: dict[str, Any], lang: str) -> RenderableType:
    """The screen of the view's game, or the view as a tree when the game has no screen yet."""
    module_name = SCREENS.get(view["game"])
    if module_name is None:
        return Pretty(view)
    try:
        screen: Screen = importlib.import_module(module_name)  # type: ignore[assignment]
    except ModuleNotFoundError:
        return Pretty(view)
    return screen.render(view, lang)
