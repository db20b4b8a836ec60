"""``render_mode="ansi"``: a position as readable text, the game's terminal screen without colour."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence

from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.registry import declaration

__all__ = ["RENDER_WIDTH", "check_render_mode", "render_text"]

#: Columns of the text board.
RENDER_WIDTH = 100


def check_render_mode(render_mode: str | None, modes: Sequence[str]) -> str | None:
    """``render_mode`` if the environment has it (``None``: no rendering); refuses any other."""
    if render_mode is not None and render_mode not in modes:
        raise InvalidOption(
            "render_mode must be one of {modes} or None, not {value}",
            domain="rl",
            modes=", ".join(modes),
            value=repr(render_mode)[:40],
        )
    return render_mode


def render_text(game: Game, view: Mapping[str, object], lang: str = "en") -> str:
    """``view`` drawn by the game's terminal screen as plain text; the view as JSON if it has none."""
    declared = declaration(game.name)
    if not declared.declares("screen"):
        return json.dumps(view, ensure_ascii=False, indent=1)
    from rich.console import Console

    written = io.StringIO()
    console = Console(file=written, width=RENDER_WIDTH, color_system=None, force_terminal=False)
    console.print(declared.screen().render(view, lang))
    return written.getvalue()
