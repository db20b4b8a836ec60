"""Paper Safari in a small terminal: every grid in three short lines (the viewer's first), the
table in one line; the decision in words; and between two rounds, the revealed grids and the
scores (the play loop waits for a key).

>>> import asobiba
>>> import io
>>> from rich.console import Console
>>> state, _ = asobiba.get_game("paper-safari").start(3, seed=7)
>>> console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
>>> console.print(compact(state.view(0), "en"))
>>> "p0 (you)" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from asobiba.cli.chooser import FLAT_LIMIT, Choice
from asobiba.cli.chooser import Group as ChoiceGroup
from asobiba.cli.common import tr
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.games.paper_safari.screen import (
    NOTE_MARK,
    WINNER_MARK,
    _name,
    _player_title,
    _specials,
    _value,
    pending,
    render,
)
from asobiba.games.paper_safari.screen import tr as game_tr  # the game's words: a round is 試合
from asobiba.games.paper_safari.text import position_name
from asobiba.games.paper_safari.view import PaperSafariFullView

#: A card's name in a compact cell is cut to this many columns.
NAME_COLUMNS = 11
#: … and on another player's one-line grid to this many.
SHORT_NAME_COLUMNS = 11
BACK = "▒▒▒▒"


def _cut(text: str, columns: int) -> str:
    """``text`` in at most ``columns`` cells (a wide character takes two), ``…`` where cut."""
    if cell_len(text) <= columns:
        return text
    kept = ""
    for character in text:
        if cell_len(kept + character) > columns - 1:
            break
        kept += character
    return kept + "…"


def _cell(
    view: PaperSafariFullView, card_id: str | None, lang: str, known: bool = False, columns: int | None = None
) -> Text:
    if card_id is None:
        return Text(BACK if columns is None else BACK[:2], style="blue")
    if card_id == "":
        return Text("—", style="dim")
    info = view["cards"].get(card_id)
    value = None if info is None else info["value"]
    style = "bold green" if value is not None and value <= 0 else "bold"
    if info is not None and info["effect"] != "none":
        style = "bold magenta"
    if known:
        style = "italic cyan"
    name = _cut(_name(view, card_id, lang), columns or NAME_COLUMNS)
    return Text(f"{name}\u00a0{_value(view, card_id)}", style=style)  # a card's name and number never part


def small_grid(view: PaperSafariFullView, owner: int, lang: str, cards: list[str | None] | None = None) -> Group:
    """A 2×3 grid in three lines: the owner's name and tokens, then rows ``a`` and ``b``."""
    shown = cards if cards is not None else view["grids"][owner]
    known: dict[str, str] = view["known"] if owner == view["viewer"] and cards is None else {}
    table = Table(box=None, show_header=True, header_style="dim", padding=(0, 1, 0, 0), pad_edge=False)
    table.add_column("", style="dim")
    for column in range(3):
        table.add_column(str(column + 1), no_wrap=True)
    title = Text(_player_title(view, owner, lang), style="bold yellow" if owner == view.get("current") else "bold")
    for row in range(2):
        cells: list[RenderableType] = [Text("ab"[row])]
        for column in range(3):
            position = row * 3 + column
            card = shown[position]
            if card is None and view["positions"][position] in known:
                cells.append(_cell(view, known[view["positions"][position]], lang, known=True))
            else:
                cells.append(_cell(view, card, lang))
        table.add_row(*cells)
    return Group(title, table)


def grid_line(view: PaperSafariFullView, owner: int, lang: str) -> Text:
    """Another player's grid on one line: ``p1 ●  a: … │ b: …``."""
    title = _player_title(view, owner, lang)
    line = PhraseText(title + " ", style="bold yellow" if owner == view.get("current") else "bold")
    cards: list[str | None] = view["grids"][owner]
    for row in range(2):
        line.append(" │ " if row else " ", style="dim")
        for column in range(3):
            if column:
                line.append(" ")
            line.append_text(_cell(view, cards[row * 3 + column], lang, columns=SHORT_NAME_COLUMNS))
    return line  # wrapped between cards when too long, never cut


def _table_line(view: PaperSafariFullView, lang: str) -> Text:
    line = Text(game_tr("Round {number}", lang, number=view["round"]) + " · ", style="bold")
    top = view["discard_top"]
    line.append(tr("discard", lang) + " ")
    line.append_text(_cell(view, top, lang) if top else Text("—"))
    line.append(" · " + tr("pile {count}", lang, count=view["pile_size"]))
    line.append(" · " + game_tr("{count} round wins needed", lang, count=view["tokens_to_win"]))
    if view.get("final_turns_left") is not None:
        line.append(" · " + tr("final turns: {count}", lang, count=view["final_turns_left"]), style="bold red")
    if view.get("hand"):
        holder = view["hand_holder"]
        label = tr("you hold", lang) if holder == view["viewer"] else tr("p{player} holds", lang, player=holder)
        line.append(" · " + label + " ", style="bold")
        line.append_text(_cell(view, view["hand"], lang))
    return line


def compact(view: PaperSafariFullView, lang: str) -> RenderableType:
    """The grids two or three to a row, the viewer's first, then the table and the specials."""
    viewer = view["viewer"]
    order = list(range(view["players"]))
    if viewer is not None:
        order = order[viewer:] + order[:viewer]
    parts: list[RenderableType] = []
    if viewer is None:
        parts.append(Columns([small_grid(view, owner, lang) for owner in order], padding=(0, 2)))
    else:
        parts.append(small_grid(view, viewer, lang))
        parts.extend(grid_line(view, owner, lang) for owner in order[1:])
    parts.append(_table_line(view, lang))
    for text in _specials(view, lang):
        parts.append(PhraseText(f"{NOTE_MARK} " + text, style="magenta"))  # an effect is read whole
    return Group(*parts)


def decision(view: PaperSafariFullView, lang: str) -> str:
    """The decision at hand, in words."""
    return pending(view, lang)


def round_summary(view: PaperSafariFullView, lang: str, rounds_before: int) -> RenderableType | None:
    """The rounds that ended since ``rounds_before``: every grid revealed, its score, the winner,
    and the tokens."""
    ended = view["rounds"][rounds_before:]
    if not ended:
        return None
    parts: list[RenderableType] = []
    for entry in ended:
        tables = []
        for owner in range(view["players"]):
            grid = small_grid(view, owner, lang, cards=list(entry["grids"][owner]))
            score = Text(tr("score {score}", lang, score=entry["scores"][owner]), style="bold")
            if entry["winner"] == owner:
                score.append(f" {WINNER_MARK} " + game_tr("round winner", lang), style="bold green")
            tables.append(Group(grid, score))
        grids = Columns(tables, padding=(0, 2))
        tokens = "  ".join(f"p{player} {'●' * count or '·'}" for player, count in enumerate(entry["tokens"]))
        body = Group(grids, Text(tr("Tokens: {tokens}", lang, tokens=tokens), style="bold"))
        title = game_tr("Round {number} is over: the grids", lang, number=entry["round"])
        parts.append(Panel(body, title=title, box=box.ROUNDED, expand=False))
    return Group(*parts)


def group_moves(view: PaperSafariFullView, choices: Sequence[Choice], lang: str) -> list[ChoiceGroup] | None:
    """Snorlax's fifteen exchanges by the first card (``カビゴン：上段左のカードと…``), then the second;
    any other turn is short enough to show whole (``None``)."""
    if len(choices) <= FLAT_LIMIT or not any(choice.words[0] == "snorlax" for choice in choices):
        return None
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        words = choice.words
        if words[0] == "snorlax" and len(words) == 3:
            first, second = (POSITION_WORDS.get(word) for word in words[1:])
            if first is None or second is None:
                return None
            key = tr("Snorlax: your {position} card and …", lang, position=position_name(first, lang))
            label = tr("… and your {position} card", lang, position=position_name(second, lang))
            groups.setdefault(key, []).append(Choice(choice.action, choice.notation, label))
        else:
            groups.setdefault(choice.label, []).append(choice)
    return [ChoiceGroup(key, tuple(members)) for key, members in groups.items()]


#: A grid position in the notation -> its index (``a1`` top left … ``b3`` bottom right).
POSITION_WORDS = {f"{row}{column}": index for index, (row, column) in enumerate((r, c) for r in "ab" for c in "123")}


def move_warning(view: PaperSafariFullView, choice: Choice, lang: str) -> str | None:
    """Said before the move: swapping the card in hand onto the viewer's last face-down card turns
    his whole grid face up, which ends the round."""
    words = choice.words
    viewer = view["viewer"]
    if viewer is None or len(words) != 2 or words[0] != "swap":
        return None
    position = POSITION_WORDS.get(words[1])
    face_down = [index for index, card in enumerate(view["grids"][viewer]) if card is None]
    if position is None or face_down != [position]:
        return None
    if view.get("final_turns_left") is None and view["options"].get("final_turns", False):
        return game_tr("your last face-down card: the others play once more, then the round ends", lang)
    return game_tr("your last face-down card: the round ends", lang)


def option_label(name: str, lang: str) -> str | None:
    """An option's name as a player reads it in the start menu (the key stays what is typed)."""
    return {
        "deck": tr("deck", lang),
        "card_order": tr("card order", lang),
        "tokens_to_win": tr("tokens to win", lang),
        "final_turns": tr("one more turn each at the end", lang),
        "first_player": tr("first player", lang),
    }.get(name)


def value_label(name: str, value: object, lang: str) -> str | None:
    """A choice of an option in words."""
    return {("deck", "pokemon56"): tr("the 56 Pokémon cards", lang)}.get((name, str(value)))


class PaperSafariScreen(TerminalScreen[PaperSafariFullView]):
    """Paper Safari's terminal screen (the declaration's ``screen``): every grid, the piles, the
    decision; the grids revealed between two rounds."""

    def render(self, view: PaperSafariFullView, lang: str) -> RenderableType:
        return render(view, lang)

    def compact(self, view: PaperSafariFullView, lang: str) -> RenderableType:
        return compact(view, lang)

    def decision(self, view: PaperSafariFullView, lang: str) -> str:
        return decision(view, lang)

    def group_moves(self, view: PaperSafariFullView, choices: Sequence[Choice], lang: str) -> list[ChoiceGroup] | None:
        return group_moves(view, choices, lang)

    def score_label(self, lang: str) -> str | None:
        return game_tr("Poké Ball tokens", lang)

    def move_warning(self, view: PaperSafariFullView, choice: Choice, lang: str) -> str | None:
        return move_warning(view, choice, lang)

    def round_summary(self, view: PaperSafariFullView, lang: str, rounds_before: int) -> RenderableType | None:
        return round_summary(view, lang, rounds_before)

    def option_label(self, name: str, lang: str) -> str | None:
        return option_label(name, lang)

    def value_label(self, name: str, value: object, lang: str) -> str | None:
        return value_label(name, value, lang)
