"""Survive! in a small terminal: the board with a narrow side column (players, die, move points),
the viewer's explorers below it; the decision in words (with right plurals); warnings in the move
list for a move into a creature's space or next to a land tile that may hide a whirlpool.

>>> import asobiba
>>> import io
>>> from rich.console import Console
>>> state, _ = asobiba.get_game("survive").start(2, seed=1)
>>> console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
>>> console.print(compact(state.view(0), "en"))
>>> "your explorers" in console.export_text()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from asobiba.cli.chooser import Choice
from asobiba.cli.common import tr
from asobiba.games.survive.board import CELL_BY_NAME, CELL_NAMES, NEIGHBOURS
from asobiba.games.survive.data import TERRAINS, TILE_TABLE
from asobiba.games.survive.screen import COLOUR_STYLE, _pending, board
from asobiba.games.survive.text import term

#: Terrain -> how many whirlpools its tiles hide (the tile table of the rules).
WHIRLPOOLS = {
    terrain: sum(int(row[2 + index]) for row in TILE_TABLE if row[0] == "whirlpool")
    for index, terrain in enumerate(TERRAINS)
}
#: What each creature attacks: a swimmer (S), a boat (B).
DANGER = {"shark": "S", "serpent": "SB", "whale": "B"}


def explorer_label(entry: dict[str, Any], lang: str) -> str:
    """``red#4`` in the player's language: ``赤#4``."""
    return term(entry["colour"], lang) + "#" + entry["id"].partition("#")[2]


def _steps(count: int, lang: str) -> str:
    return tr("1 step left", lang) if count == 1 else tr("{count} steps left", lang, count=count)


def decision(view: dict[str, Any], lang: str) -> str:
    """The decision at hand, in words."""
    pending = view.get("pending")
    if pending is None:
        return ""
    kind = pending["kind"]
    if kind == "creature":
        return tr(
            "Move the {creature} ({steps}).",
            lang,
            creature=term(pending["creature"], lang),
            steps=_steps(pending["steps_left"], lang),
        )
    if kind == "dolphin":
        return tr("The dolphin carries a swimmer ({steps}).", lang, steps=_steps(pending["steps_left"], lang))
    if kind == "winds":
        return tr("Favourable winds move a boat ({steps}).", lang, steps=_steps(pending["steps_left"], lang))
    if kind == "move":
        points = view.get("moves_left", 0)
        left = tr("1 move point left", lang) if points == 1 else tr("{count} move points left", lang, count=points)
        return tr("Move explorers and boats ({left}).", lang, left=left)
    return _pending(view, lang)


def _side(view: dict[str, Any], lang: str) -> Text:
    side = Text(tr("rescued", lang) + "\n", style="dim")
    for player in range(view["players"]):
        mark = "▶" if player == view["current_player"] and not view["is_over"] else " "
        you = "*" if player == view["viewer"] else " "
        side.append(f"{mark}p{player}{you}")
        for colour in view["colours"][player]:
            side.append("  ", style=COLOUR_STYLE[colour])
        side.append(f" {view['rescued'][player]}\n")
    if view["phase"] == "move":
        side.append(tr("moves {count}", lang, count=view["moves_left"]) + "\n", style="bold")
    if view["die"]:
        side.append(tr("die: {creature}", lang, creature=term(view["die"], lang)) + "\n")
    side.append(tr("turn {turn}", lang, turn=view["turn"]), style="dim")
    return side


def _own(view: dict[str, Any], lang: str) -> Text:
    own = Text(tr("your explorers:", lang) + " ", style="bold")
    if view["viewer"] is None:
        own.append("-")
        return own
    for entry in view["explorers"]:
        if entry["player"] != view["viewer"] or entry["status"] == "lost":
            continue
        where = entry["cell"] or (tr("rescued", lang) if entry["status"] == "rescued" else "-")
        own.append(f"{explorer_label(entry, lang)}={entry.get('value', '?')}", style=COLOUR_STYLE[entry["colour"]])
        own.append(f"@{where} ")
    held = ", ".join(term(h["effect"], lang) for h in view["held"])
    if held:
        own.append("· " + tr("your tiles: {tiles}", lang, tiles=held))
    return own


def compact(view: dict[str, Any], lang: str) -> RenderableType:
    """The board and a side column, then the viewer's explorers and tiles."""
    layout = Table.grid(padding=(0, 1))
    layout.add_column(no_wrap=True)
    layout.add_column(no_wrap=True, overflow="ellipsis")
    drawn = board(view)
    drawn.rstrip()
    layout.add_row(drawn, _side(view, lang))
    return Group(layout, _own(view, lang))


def _next_terrain(view: dict[str, Any]) -> str | None:
    """The terrain of the next land tile to be removed (beaches first, then forests, mountains)."""
    for terrain in TERRAINS:
        if view["tiles_left"].get(terrain, 0):
            return terrain
    return None


def move_warning(view: dict[str, Any], choice: Choice, lang: str) -> str | None:
    """Why a move may be dangerous: a creature in the space it enters, or a sea space next to a
    land tile that may hide a whirlpool and could be removed next."""
    words = choice.words
    if not words or words[0] not in ("move", "sail", "dolphin", "winds"):
        return None
    target = words[-1]
    cell = CELL_BY_NAME.get(target)
    if cell is None:
        return None
    swimming = words[0] in ("move", "dolphin") and target not in view["tiles"]
    if words[0] == "move" and target in view["tiles"]:
        return None  # onto land: nothing bites there
    if words[0] == "move" and any(boat["cell"] == target for boat in view["boats"]):
        swimming = False
    attacked = "S" if swimming else "B"
    for creature, cells in view["creatures"].items():
        if target in cells and attacked in DANGER.get(creature, ""):
            return tr("a {creature} is there", lang, creature=term(creature, lang))
    terrain = _next_terrain(view)
    if terrain is not None and WHIRLPOOLS.get(terrain, 0):
        for neighbour in NEIGHBOURS[cell]:
            name = CELL_NAMES[neighbour]
            if view["tiles"].get(name) == terrain:
                return tr("whirlpool risk", lang)
    return None
