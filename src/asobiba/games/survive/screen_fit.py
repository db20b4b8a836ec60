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

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from asobiba.cli.chooser import FLAT_LIMIT, Choice
from asobiba.cli.chooser import Group as ChoiceGroup
from asobiba.cli.common import tr
from asobiba.cli.layout import ItemLine
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_BY_NAME, CELL_NAMES, NEIGHBOURS, ROWS
from asobiba.games.survive.data import TERRAINS, TILE_TABLE
from asobiba.games.survive.screen import COLOUR_STYLE, _pending, board, piece_word, render
from asobiba.games.survive.text import term
from asobiba.games.survive.text import tr as game_tr
from asobiba.games.survive.view import CREATURE_NAMES, ExplorerView, SurviveFullView

#: Terrain -> how many whirlpools its tiles hide (the tile table of the rules).
WHIRLPOOLS = {
    terrain: sum(int(row[2 + index]) for row in TILE_TABLE if row[0] == "whirlpool")
    for index, terrain in enumerate(TERRAINS)
}
#: What each creature attacks: a swimmer (S), a boat (B).
DANGER = {"shark": "S", "serpent": "SB", "whale": "B"}


def _steps(count: int, lang: str) -> str:
    return tr("1 step left", lang) if count == 1 else tr("{count} steps left", lang, count=count)


def decision(view: SurviveFullView, lang: str) -> str:
    """The decision at hand, in words."""
    pending = view.get("pending")
    if pending is None:
        return ""
    kind = pending["kind"]
    if kind == "counter":  # asked on another player's turn: whose it is, and what threatens
        mover = view["current_player"]
        return tr(
            "{mover} moved the {creature} onto {cell}, where your pieces are: play your {tile} tile?",
            lang,
            mover=f"p{mover}" if mover != view["viewer"] else tr("you", lang),
            creature=term(pending["creature"], lang),
            cell=pending["cell"],
            tile=term(pending["tile"], lang),
        )
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


def _side(view: SurviveFullView, lang: str, with_turn: bool = True) -> Text:
    """The turn, each player's colours and rescued count (``⌂2``: two on the safe islands), the
    move points when someone else is moving (the decision line says the viewer's), the die."""
    side = Text(tr("turn {turn}", lang, turn=view["turn"]) + "\n" if with_turn else "", style="dim")
    for player in range(view["players"]):
        mark = "▶" if player == view["current_player"] and not view["is_over"] else " "
        you = "*" if player == view["viewer"] else " "
        side.append(f"{mark}p{player}{you}")
        for colour in view["colours"][player]:
            side.append("  ", style=COLOUR_STYLE[colour])
        side.append(f" ⌂{view['rescued'][player]}\n")
    if view["phase"] == "move" and view["current_player"] != view["viewer"]:
        side.append(tr("moves {count}", lang, count=view["moves_left"]) + "\n", style="bold")
    if view["die"]:
        side.append(tr("die: {creature}", lang, creature=term(view["die"], lang)) + "\n")
    side.rstrip()
    return side


def _own(view: SurviveFullView, lang: str) -> Text:
    own = Text(tr("your explorers:", lang) + " ", style="bold")
    if view["viewer"] is None:
        own.append("-")
        return own
    unplaced = Text()
    for entry in view["explorers"]:
        if entry["player"] != view["viewer"] or entry["status"] == "lost":
            continue
        word = piece_word(view, entry["id"], lang, where=False)
        if not entry["cell"] and entry["status"] != "rescued":  # not on the board yet: listed together
            unplaced.append(word, style=COLOUR_STYLE[entry["colour"]])
            unplaced.append(" ")
            continue
        where = entry["cell"] or "⌂"
        own.append(word, style=COLOUR_STYLE[entry["colour"]])
        own.append(f" {where} ")
    if unplaced.plain:
        own.append(tr("unplaced:", lang) + " ")
        own.append_text(unplaced)
    held = ", ".join(term(h["effect"], lang) for h in view["held"])
    if held:
        own.append("· " + tr("your tiles: {tiles}", lang, tiles=held))
    return own


def compact(view: SurviveFullView, lang: str) -> RenderableType:
    """The board and a side column, then the viewer's explorers and tiles."""
    layout = Table.grid(padding=(0, 1))
    layout.add_column(no_wrap=True)
    layout.add_column(no_wrap=True, overflow="ellipsis")
    drawn = board(view)
    drawn.rstrip()
    marks = short_legend(lang)
    side = _side(view, lang)
    if len(side.plain.splitlines()) + len(marks) > ROWS + 1:  # the turn gives way to the legend (the log has it)
        side = _side(view, lang, with_turn=False)
    room = max(0, ROWS + 1 - len(side.plain.splitlines()))  # the board's rows left free beside it
    if room:
        side.append("\n" + "\n".join(marks[:room]), style="dim")
    layout.add_row(drawn, side)
    rest = marks[room:]
    return Group(layout, ItemLine(rest), _own(view, lang)) if rest else Group(layout, _own(view, lang))


def short_legend(lang: str) -> list[str]:
    """The board's marks in a word each (the small screen's legend: beside the board, one a line,
    what does not fit there under it)."""
    return [
        "b " + term("beach", lang),
        "f " + term("forest", lang),
        "m " + term("mountain", lang),
        "B " + tr("boat", lang),
        "S " + tr("serpent", lang),
        "^ " + term("shark", lang),
        "W " + term("whale", lang),
        "» " + tr("escape", lang),
        "⌂ " + tr("rescued", lang),
        "1 " + tr("explorers", lang),
    ]


def _next_terrain(view: SurviveFullView) -> str | None:
    """The terrain of the next land tile to be removed (beaches first, then forests, mountains)."""
    for terrain in TERRAINS:
        if view["tiles_left"].get(terrain, 0):
            return terrain
    return None


def move_warning(view: SurviveFullView, choice: Choice, lang: str) -> str | None:
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
    for creature in CREATURE_NAMES:
        if target in view["creatures"][creature] and attacked in DANGER.get(creature, ""):
            return tr("a {creature} is there", lang, creature=term(creature, lang))
    terrain = _next_terrain(view)
    if terrain is not None and WHIRLPOOLS.get(terrain, 0):
        for neighbour in NEIGHBOURS[cell]:
            name = CELL_NAMES[neighbour]
            if view["tiles"].get(name) == terrain:
                return tr("whirlpool risk", lang)
    return None


def _explorer_entry(view: SurviveFullView, name: str) -> ExplorerView | None:
    return next((entry for entry in view["explorers"] if entry["id"] == name), None)


def _explorer_word(view: SurviveFullView, name: str, lang: str, where: bool = False) -> str:
    """``赤5`` for one of the viewer's explorers (its value is his to know), ``青`` for another's;
    with its space when ``where`` (``赤5（r4c5）``): never the id."""
    return piece_word(view, name, lang, where)


def _group_names(view: SurviveFullView, choice: Choice, lang: str) -> tuple[str, str]:
    """The name of the group ``choice`` belongs to, in words, and its brief form: the piece it
    moves (``赤#3=5を動かす`` / ``赤#3=5``; a boat or a creature by its mark and space, ``B r5c1``),
    or the row of the board it places on; a move of its own kind (end the movement, play a tile)
    is its own group, named by its description."""
    words = choice.words
    kind = words[0]
    if kind in ("place", "move") and len(words) == 3:
        explorer = _explorer_word(view, words[1], lang, where=kind == "move")
        if kind == "place":
            return tr("place {explorer}", lang, explorer=explorer), explorer
        entry = _explorer_entry(view, words[1])
        cell = entry["cell"] if entry is not None else None
        brief = _explorer_word(view, words[1], lang) + (f" {cell}" if cell else "")
        return tr("move {explorer}", lang, explorer=explorer), brief
    if kind == "sail" and len(words) == 3:
        return tr("move the boat on {cell}", lang, cell=words[1]), f"B {words[1]}"
    if kind in CREATURE_MARKS and len(words) == 3:
        name = tr("move the {creature} on {cell}", lang, creature=term(kind, lang), cell=words[1])
        return name, f"{CREATURE_MARKS[kind]} {words[1]}"
    if kind in ("boat", "remove") and len(words) == 2:
        row = words[1].partition("c")[0]
        if kind == "boat":
            return tr("place a boat in row {row}", lang, row=row), row
        return tr("remove a tile in row {row}", lang, row=row), row
    return choice.label, choice.label


#: The first word of a creature's move in the notation -> its mark on the board.
CREATURE_MARKS = {"serpent": "S", "shark": "^", "whale": "W"}


def group_moves(view: SurviveFullView, choices: Sequence[Choice], lang: str) -> list[ChoiceGroup] | None:
    """A long move list in groups named in the player's words: an explorer (``赤#3=5 を置く``), a
    boat, a creature, a row of the board; the moves of their own kind one by one."""
    if len(choices) <= FLAT_LIMIT:
        return None
    groups: dict[tuple[str, str], list[Choice]] = {}
    for choice in choices:
        members = groups.setdefault(_group_names(view, choice, lang), [])
        # two explorers of one colour and value in one place are one choice (which one goes is the same)
        if all(member.label != choice.label for member in members):
            members.append(choice)
    if len(groups) < 2:
        return None
    return [ChoiceGroup(key, tuple(members), short) for (key, short), members in groups.items()]


def move_label(view: SurviveFullView, choice: Choice, lang: str) -> str | None:
    """An explorer's move as what it is: a swim when it goes into the sea (no boat there), the
    boarding of a boat, a walk; the explorer named by its colour and value (the viewer's own) or
    its colour and space, never by its id; ``None`` (the game's words) for everything else."""
    words = choice.words
    pending = view["pending"]
    if len(words) != 3 or words[0] not in ("place", "move") or pending is None:
        return None
    explorer = game_tr("explorer {id}", lang, id=_explorer_word(view, words[1], lang))
    target = words[2]
    if words[0] == "place":
        return game_tr("place {explorer} on {cell}", lang, explorer=explorer, cell=target)
    if pending["kind"] != "move":
        return None
    if target in view["tiles"]:
        return game_tr("move {explorer} to {cell}", lang, explorer=explorer, cell=target)
    if any(boat["cell"] == target for boat in view["boats"]):
        return tr("{explorer} boards the boat on {cell}", lang, explorer=explorer, cell=target)
    return tr("{explorer} swims to {cell}", lang, explorer=explorer, cell=target)


def alert(view: SurviveFullView, event: Event, lang: str) -> str | None:
    """What happened to the viewer's own pieces, said on a line of its own: eaten, swept away,
    capsized, rescued (``None`` for any other event)."""
    viewer = view.get("viewer")
    if viewer is None:
        return None
    own_colours = set(view["colours"][viewer])
    match event:
        case ev.ExplorerLost(player=player, explorer=name, cell=cell, cause=cause) if player == viewer:
            explorer = _explorer_word(view, name, lang)
            if cause in ("shark", "serpent"):
                return tr(
                    "Your {explorer} was eaten by the {creature} on {cell}.",
                    lang,
                    explorer=explorer,
                    creature=term(cause, lang),
                    cell=cell,
                )
            if cause == "whirlpool":
                return tr(
                    "Your {explorer} was swept away by the whirlpool on {cell}.", lang, explorer=explorer, cell=cell
                )
            return tr("Your {explorer} is lost on {cell}.", lang, explorer=explorer, cell=cell)
        case ev.BoatLost(cell=cell, cause="whale", passengers=passengers):
            mine = [name for name in passengers if name.partition("#")[0] in own_colours]
            if mine:
                explorers = ", ".join(_explorer_word(view, name, lang) for name in mine)
                return tr(
                    "The whale capsized the boat on {cell}: your {explorers} must swim.",
                    lang,
                    cell=cell,
                    explorers=explorers,
                )
        case ev.ExplorerEscaped(player=player, explorer=name, cell=cell) if player == viewer:
            return tr(
                "Your {explorer} is rescued ({cell}).", lang, explorer=_explorer_word(view, name, lang), cell=cell
            )
    return None


def option_label(name: str, lang: str) -> str | None:
    """An option's name as a player reads it in the start menu (the key stays what is typed)."""
    return {
        "two_colours": tr("two colours each (2 players)", lang),
        "one_per_tile": tr("one explorer per tile when placing", lang),
        "tile_layout": tr("tile layout", lang),
        "explorer_values": tr("explorer values", lang),
        "first_player": tr("first player", lang),
    }.get(name)


class SurviveScreen(TerminalScreen[SurviveFullView]):
    """Survive!'s terminal screen (the declaration's ``screen``): the board, the players, the
    decision; moves grouped by piece, warned about and named as swims or boardings; alerts about
    the viewer's own explorers."""

    def render(self, view: SurviveFullView, lang: str) -> RenderableType:
        return render(view, lang)

    def compact(self, view: SurviveFullView, lang: str) -> RenderableType:
        return compact(view, lang)

    def decision(self, view: SurviveFullView, lang: str) -> str:
        return decision(view, lang)

    def group_moves(self, view: SurviveFullView, choices: Sequence[Choice], lang: str) -> list[ChoiceGroup] | None:
        return group_moves(view, choices, lang)

    def move_warning(self, view: SurviveFullView, choice: Choice, lang: str) -> str | None:
        return move_warning(view, choice, lang)

    def move_label(self, view: SurviveFullView, choice: Choice, lang: str) -> str | None:
        return move_label(view, choice, lang)

    def alert(self, view: SurviveFullView, event: Event, lang: str) -> str | None:
        return alert(view, event, lang)

    def score_label(self, lang: str) -> str | None:
        return tr("points of the survivors", lang)

    def option_label(self, name: str, lang: str) -> str | None:
        return option_label(name, lang)
