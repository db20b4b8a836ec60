"""The Survive! screen: the hex board in offset rows and what the viewer knows, from a view only.

Each cell shows four characters: on land the terrain letter (b/f/m) and one digit per colour of
explorers standing there; at sea ``B`` for a boat, then ``S`` serpent, ``^`` shark, ``W`` whale,
and the swimmers' (or the passengers') digits per colour. ``⌂`` is a safe island, ``»`` marks an
escape space. Explorers are digits on their colour.

>>> import io
>>> import asobiba
>>> from rich.console import Console
>>> state = asobiba.new_game("survive", players=2, seed=1)
>>> console = Console(width=120, file=io.StringIO(), record=True)
>>> console.print(render(state.view(0), "en"))
>>> text = console.export_text()
>>> "c11" in text and "r12" in text
True
>>> "moves" in text or "placing" in text
True
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from asobiba.cli.layout import ItemLine
from asobiba.cli.linebreak import PhraseText
from asobiba.games.survive.board import CELL_NAMES, CELLS, COLUMNS, IS_ESCAPE, IS_ISLAND, ROWS
from asobiba.games.survive.text import player_name, term
from asobiba.games.survive.view import Creature, ExplorerView, SurviveFullView
from asobiba.i18n import Catalog

tr = Catalog("survive")

CELL_WIDTH = 5
TERRAIN_STYLE = {"beach": "black on khaki1", "forest": "white on dark_green", "mountain": "black on grey62"}
SEA_STYLE = "white on navy_blue"
ESCAPE_STYLE = "white on dodger_blue3"
ISLAND_STYLE = "bold white on green4"
COLOUR_STYLE = {
    "red": "bold white on red3",
    "blue": "bold white on blue1",
    "yellow": "bold black on yellow1",
    "green": "bold white on green3",
}
CREATURE_MARK: dict[Creature, str] = {"serpent": "S", "shark": "^", "whale": "W"}


def _cell_text(cell: int, view: SurviveFullView, here: dict[str, list[ExplorerView]]) -> Text:
    name = CELL_NAMES[cell]
    if IS_ISLAND[cell]:
        return Text(" ⌂⌂ ".ljust(CELL_WIDTH - 1), style=ISLAND_STYLE)
    terrain = view["tiles"].get(name)
    explorers = here.get(name, [])
    counts: dict[str, int] = {}
    for entry in explorers:
        counts[entry["colour"]] = counts.get(entry["colour"], 0) + 1
    if terrain is not None:
        text = Text(terrain[0], style=TERRAIN_STYLE[terrain])
    else:
        base = ESCAPE_STYLE if IS_ESCAPE[cell] else SEA_STYLE
        boat = any(b["cell"] == name for b in view["boats"])
        text = Text("B" if boat else ("»" if IS_ESCAPE[cell] else "·"), style="bold " + base if boat else base)
        for kind, mark in CREATURE_MARK.items():
            number = view["creatures"][kind].count(name)
            if number:
                text.append(mark * min(number, 2), style="bold bright_red on navy_blue" if kind != "whale" else base)
    for colour, number in counts.items():
        text.append(str(min(number, 9)), style=COLOUR_STYLE[colour])
    if len(text) > CELL_WIDTH - 1:
        text = text[: CELL_WIDTH - 2]
        text.append("+")
    pad = CELL_WIDTH - 1 - len(text)
    if pad:
        text.append(" " * pad, style=SEA_STYLE if terrain is None else TERRAIN_STYLE[terrain])
    return text


def board(view: SurviveFullView) -> Text:
    """The map: column numbers above, ``r<row>`` on the left, even rows shifted half a hex."""
    here: dict[str, list[ExplorerView]] = {}
    for entry in view["explorers"]:
        if entry["status"] in ("land", "boat", "swimming") and entry["cell"]:
            here.setdefault(entry["cell"], []).append(entry)
    rows: dict[int, dict[int, int]] = {}
    for cell, (row, column) in enumerate(CELLS):
        rows.setdefault(row, {})[column] = cell
    out = Text("     " + "".join(f"c{column:<{CELL_WIDTH - 1}}" for column in range(COLUMNS)) + "\n", style="dim")
    for row in range(ROWS):
        line = Text(f"r{row:<3}", style="dim")
        line.append(" " * (1 + (CELL_WIDTH // 2 if row % 2 == 0 else 0)))
        for column in range(COLUMNS):
            cell_here = rows[row].get(column)
            if cell_here is None:
                line.append(" " * CELL_WIDTH)
            else:
                line.append_text(_cell_text(cell_here, view, here))
                line.append(" ")
        out.append_text(line)
        out.append("\n")
    return out


def _pending(view: SurviveFullView, lang: str) -> str:
    pending = view["pending"]
    if pending is None:
        return tr("The game is over.", lang)
    kind: str = pending["kind"]
    if kind == "counter":
        return tr(
            "{player} may play {tile} on {cell}",
            lang,
            player=player_name(pending["player"], lang),
            tile=term(pending["tile"], lang),
            cell=pending["cell"],
        )
    if kind == "creature":
        return tr(
            "moving a {creature} ({steps} step(s) left)",
            lang,
            creature=term(pending["creature"], lang),
            steps=pending["steps_left"],
        )
    if kind == "dolphin":
        return tr("the dolphin carries a swimmer ({steps} step(s) left)", lang, steps=pending["steps_left"])
    if kind == "winds":
        return tr("favourable winds move a boat ({steps} step(s) left)", lang, steps=pending["steps_left"])
    if kind == "jump":
        return tr("moving a {creature} to an empty sea space", lang, creature=term(pending["creature"], lang))
    if kind == "boat_tile":
        return tr("choosing who boards the new boat on {cell}", lang, cell=pending["cell"])
    words: dict[str, str] = {
        "place_explorer": tr("placing explorers", lang),
        "place_boat": tr("placing boats", lang),
        "move": tr("moving explorers and boats", lang),
        "remove_tile": tr("removing a land tile", lang),
        "chance": tr("rolling the creature die", lang) if view["phase"] == "roll" else str(view["phase"]),
    }
    return words.get(kind, kind)


def status(view: SurviveFullView, lang: str) -> Table:
    """Whose turn, the decision pending, and every player's rescued and held counts."""
    table = Table(title=tr("Turn {turn}", lang, turn=view["turn"]), show_header=True, expand=False)
    table.add_column(tr("player", lang))
    table.add_column(tr("colours", lang))
    table.add_column(tr("rescued", lang), justify="right")
    table.add_column(tr("held tiles", lang), justify="right")
    if view["is_over"]:
        table.add_column(tr("score", lang), justify="right")
    for player in range(view["players"]):
        marks = []
        if player == view["current_player"] and not view["is_over"]:
            marks.append("▶")
        if player == view["viewer"]:
            marks.append(tr("(you)", lang))
        colours = Text()
        for colour in view["colours"][player]:
            colours.append(f" {term(colour, lang)} ", style=COLOUR_STYLE[colour])
        cells: list[str | Text] = [
            " ".join([player_name(player, lang), *marks]),
            colours,
            str(view["rescued"][player]),
            str(view["held_counts"][player]),
        ]
        if view["is_over"]:
            cells.append(str(view["result"]["scores"][player]))
        table.add_row(*cells)
    return table


def details(view: SurviveFullView, lang: str) -> Table:
    """Moves left, the die, the pending decision, the viewer's tiles and explorers, boats."""
    table = Table(show_header=False, box=None, expand=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row(tr("now", lang), _pending(view, lang))
    if view["phase"] == "move":
        table.add_row(tr("move points left", lang), str(view["moves_left"]))
    if view["die"]:
        table.add_row(tr("die", lang), term(view["die"], lang))
    left = ", ".join(f"{term(t, lang)} {n}" for t, n in view["tiles_left"].items())
    table.add_row(tr("tiles left", lang), left)
    if view["viewer"] is not None:
        held = ", ".join(f"{term(h['effect'], lang)} ({term(h['terrain'], lang)})" for h in view["held"])
        table.add_row(tr("your tiles", lang), held or "-")
        own = [e for e in view["explorers"] if e["player"] == view["viewer"]]
        places = PhraseText()
        unplaced = [entry for entry in own if entry["status"] != "lost" and not entry["cell"]]
        unplaced = [entry for entry in unplaced if entry["status"] != "rescued"]
        for entry in own:
            if entry["status"] == "lost" or entry in unplaced:
                continue
            where = entry["cell"] or tr("rescued", lang)
            places.append(piece_word(view, entry["id"], lang, where=False), style=COLOUR_STYLE[entry["colour"]])
            places.append(f" {where}  ")
        if unplaced:  # not on the board yet: said once, before them
            places.append(tr("unplaced:", lang) + " ")
            for entry in unplaced:
                places.append(piece_word(view, entry["id"], lang, where=False), style=COLOUR_STYLE[entry["colour"]])
                places.append(" ")
        places.rstrip()
        table.add_row(tr("your explorers", lang), places)
    boats = PhraseText()
    for boat in view["boats"]:
        aboard = ",".join(piece_word(view, name, lang, where=False) for name in boat["passengers"]) or "-"
        rulers = ",".join(player_name(p, lang) for p in boat["controllers"]) or tr("anyone", lang)
        boats.append(f"{boat['cell']}[{aboard}→{rulers}] ")
    table.add_row(tr("boats", lang), boats)
    if view["is_over"]:
        rescued = ", ".join(
            tr("{colour} {value}", lang, colour=term(e["colour"], lang), value=e["value"])
            for e in view["explorers"]
            if e["status"] == "rescued"
        )
        table.add_row(tr("survivors", lang), rescued or "-")
    return table


def explorer_label(name: str, lang: str) -> str:
    """An explorer's id, ``red#4``, in the player's language: ``赤#4``."""
    colour, mark, number = name.partition("#")
    return term(colour, lang) + mark + number


def piece_word(view: SurviveFullView, name: str, lang: str, where: bool = True) -> str:
    """An explorer as a player names it, never by its id: one of the viewer's own by its colour
    and value (``赤5``), another's by its colour; with its space when it stands on the board
    and ``where`` (``赤5（r4c5）``, ``青（r3c4）``)."""
    entry = next((each for each in view["explorers"] if each["id"] == name), None)
    colour = term(name.partition("#")[0], lang)
    value = entry.get("value") if entry is not None else None
    if entry is not None and value is not None and entry["player"] == view["viewer"]:
        word = tr("{colour} {value}", lang, colour=colour, value=value)
    else:
        word = colour
    if where and entry is not None and entry["cell"] and entry["status"] in ("land", "boat", "swimming"):
        word = tr("{piece} ({cell})", lang, piece=word, cell=entry["cell"])
    return word


def legend(lang: str) -> ItemLine:
    """What the board's marks mean, broken between items only (shown at every size)."""
    return ItemLine(
        [
            "b " + term("beach", lang),
            "f " + term("forest", lang),
            "m " + term("mountain", lang),
            "B " + term("boat", lang),
            "S " + term("serpent", lang),
            "^ " + term("shark", lang),
            "W " + term("whale", lang),
            "» " + tr("escape space", lang),
            "⌂ " + tr("safe island", lang),
            "1 " + tr("explorers of a colour", lang),
        ]
    )


def render(view: SurviveFullView, lang: str) -> RenderableType:
    """The whole screen for ``view`` in ``lang``."""
    marks = legend(lang)
    narrow = Group(status(view, lang), board(view), marks, details(view, lang))
    side_by_side = Table.grid(padding=(0, 2))
    side_by_side.add_column(width=BOARD_COLUMNS)
    side_by_side.add_column()
    drawn = board(view)
    drawn.rstrip()
    side_by_side.add_row(Group(drawn, marks), Group(status(view, lang), details(view, lang)))
    return ByWidth(side_by_side, narrow, WIDE_COLUMNS)


#: The board's width in columns (row labels, the shifted rows, the cells).
BOARD_COLUMNS = 6 + CELL_WIDTH * COLUMNS + CELL_WIDTH // 2
#: From this many columns the board and the tables stand side by side.
WIDE_COLUMNS = 130


class ByWidth:
    """``wide`` where there are at least ``columns`` columns, else ``narrow`` (decided when drawn)."""

    def __init__(self, wide: RenderableType, narrow: RenderableType, columns: int) -> None:
        self.wide = wide
        self.narrow = narrow
        self.columns = columns

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide if options.max_width >= self.columns else self.narrow
