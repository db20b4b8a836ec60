"""Fitting a turn's screen into the terminal: the decision, the choices and the prompt always show.

A frame is, top to bottom: a header line, the game's screen (its full form, or its compact form
when the full one leaves no room), the last events, the decision line, the numbered choices (in one
to three columns, never cut) and a notice; the prompt goes on the line below. The parts that must
be seen (decision, choices, prompt, the player's own hand or grid, which every screen draws last
or near the bottom) are measured first; the log gets what is left.

Why not a full-screen app (Textual)? The game is a conversation: a question, a typed answer,
the next screen. A line prompt keeps readline editing, works through pipes and ssh and screen
readers, and its transcript is a record a player can scroll back through; fitting each frame to
the terminal's size gives the no-scrolling screen without taking the terminal over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from asobiba.cli.linebreak import PhraseText

#: The smallest terminal the frames are made for; smaller ones get the compact forms.
MIN_WIDTH, MIN_HEIGHT = 80, 24
#: Lines kept free below the frame for the prompt.
PROMPT_LINES = 1
#: The log shows at least this many lines when there is room (three bot turns, one line each).
LOG_MIN = 3
#: … and at most this many.
LOG_MAX = 12


@dataclass(frozen=True)
class MenuEntry:
    """One numbered line of a menu: ``3) label  notation`` (``note`` is a warning or a count)."""

    number: int
    label: str
    notation: str = ""
    note: str = ""
    note_style: str = "dim"


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    options = console.options.update(width=width, height=None)
    return len(console.render_lines(renderable, options, pad=False))


def _entry_text(entry: MenuEntry, with_notation: bool) -> Text:
    text = PhraseText()  # a label wraps between words and phrases, never inside one
    text.append(f"{entry.number})", style="bold cyan")
    text.append(" " + entry.label)
    if entry.note:
        text.append(" " + entry.note, style=entry.note_style)
    if with_notation and entry.notation and entry.notation != entry.label:
        text.append("  " + entry.notation, style="dim")
    return text


def menu_table(entries: Sequence[MenuEntry], columns: int = 1) -> Table:
    """The entries in ``columns`` columns, filled top to bottom; labels wrap, never get cut."""
    table = Table.grid(padding=(0, 2, 0, 0), expand=False)
    for _ in range(columns):
        table.add_column(overflow="fold")
    rows = -(-len(entries) // columns) if entries else 0
    for row in range(rows):
        cells: list[RenderableType] = []
        for column in range(columns):
            index = column * rows + row
            cells.append(_entry_text(entries[index], columns == 1) if index < len(entries) else Text(""))
        table.add_row(*cells)
    return table


def menu_forms(
    entries: Sequence[MenuEntry],
    heading: Text | None,
    short: Sequence[MenuEntry] | None = None,
    *,
    keep_heading: bool = False,
) -> list[RenderableType]:
    """The menu's forms, tallest first: the entries in one to three columns with the heading; then
    the ``short`` entries (brief labels) in two to five columns; last, those without the heading
    (unless ``keep_heading``: a heading that says what the short labels leave out stays)."""
    forms: list[RenderableType] = []

    def add(lines: Sequence[MenuEntry], columns: int, with_heading: bool) -> None:
        table = menu_table(lines, columns)
        forms.append(Group(heading, table) if heading is not None and with_heading else table)

    for columns in (1, 2, 3):
        if columns == 1 or len(entries) >= columns * 2:
            add(entries, columns, True)
    if short is not None:
        for columns in (2, 3, 4, 5, 6, 7, 8):
            if len(short) >= columns * 2:
                add(short, columns, True)
        if heading is not None and not keep_heading:
            for columns in (3, 4, 5):
                if len(short) >= columns * 2:
                    add(short, columns, False)
    return forms


def log_text(
    lines: Sequence[Text], room: int, console: Console | None = None, width: int | None = None
) -> RenderableType | None:
    """The newest log lines that fit in ``room`` screen lines at ``width``, each whole: a line too
    long for the width wraps (between words and phrases) rather than being cut, so a bot's turn is
    read to its end. Only when the newest line alone is taller than ``room`` is it cut, with ``…``.
    Without a console, each line is kept to one screen line."""
    if room <= 0 or not lines:
        return None
    if console is None or width is None:
        shown = Text()
        for index, line in enumerate(lines[-room:]):
            if index:
                shown.append("\n")
            shown.append_text(line)
        shown.no_wrap = True
        shown.overflow = "ellipsis"
        return shown
    kept: list[RenderableType] = []
    used = 0
    for line in reversed(lines):
        wrapped = PhraseText.of(line)
        tall = height_of(console, Group(wrapped), width)
        if used + tall > room:
            if not kept:  # the newest line alone is too tall: its first lines, marked as cut
                options = console.options.update(width=width, height=None)
                cut = console.render_lines(Group(wrapped), options, pad=False)[:room]
                rows = [Text.assemble(*((segment.text, segment.style or "") for segment in row)) for row in cut]
                last = rows[-1]
                last.rstrip()
                if last.cell_len >= width:  # the mark takes the last cell, never a line of its own
                    last.truncate(width - 1)
                last.append("…")
                text = Text("\n").join(rows)
                text.no_wrap = True
                kept.append(text)
            break
        kept.append(wrapped)
        used += tall
    return Group(*reversed(kept))


@dataclass(frozen=True)
class Fitted:
    """The chosen parts of a frame."""

    parts: tuple[RenderableType, ...]
    compact: bool
    height: int

    def renderable(self) -> Group:
        """The frame to print."""
        return Group(*self.parts)


def fit_frame(
    console: Console,
    *,
    width: int,
    height: int | None,
    header: RenderableType,
    screens: Sequence[RenderableType],
    log_lines: Sequence[Text],
    log_title: RenderableType | None,
    decision: RenderableType,
    menu: Sequence[RenderableType] = (),
    notice: RenderableType | None = None,
) -> Fitted:
    """The frame for a terminal of ``width`` × ``height`` (``height`` ``None``: no limit, the full
    screen and the usual log). ``screens`` are the game screen's forms, fullest first; ``menu`` the
    menu's forms, tallest first."""
    measure = {id(part): height_of(console, part, width) for part in (header, decision, *screens, *menu)}
    notice_height = height_of(console, notice, width) if notice is not None else 0
    fixed = measure[id(header)] + measure[id(decision)] + notice_height + PROMPT_LINES
    log_overhead = 1 if log_title is not None else 0
    if height is None:
        screen, menu_form = screens[0], (menu[0] if menu else None)
        room = LOG_MAX
    else:
        forms: list[RenderableType | None] = list(menu) if menu else [None]
        options = [(screen, form) for screen in screens for form in forms]

        def used(screen: RenderableType, form: RenderableType | None) -> int:
            return fixed + measure[id(screen)] + (measure[id(form)] if form is not None else 0)

        screen, menu_form = options[-1]
        # the newest line (a bot's whole turn) is read to its end: a smaller screen before a cut line
        newest = height_of(console, Group(PhraseText.of(log_lines[-1])), width) if log_lines else 0
        titled = log_overhead
        for wanted_log, titled in (  # the log's title gives way before the newest line is cut
            (wanted, overhead)
            for wanted in dict.fromkeys((max(LOG_MIN, newest), newest, LOG_MIN, 1, 0))
            for overhead in dict.fromkeys((log_overhead, 0 if wanted == newest else log_overhead))
        ):
            fitting = [pair for pair in options if used(*pair) + (wanted_log + titled if wanted_log else 0) <= height]
            if fitting:
                screen, menu_form = fitting[0]
                break
        else:  # nothing fits: the smallest screen and menu, and the top scrolls away
            screen = screens[-1]
            menu_form = min(menu, key=lambda form: measure[id(form)]) if menu else None
            titled = log_overhead
        log_overhead = titled
        room = min(LOG_MAX, height - used(screen, menu_form) - log_overhead)
    parts: list[RenderableType] = [header, screen]
    log = log_text(log_lines, room, console, width)
    if log is not None:
        if log_title is not None and log_overhead:
            parts.append(log_title)
        parts.append(log)
    parts.append(decision)
    if menu_form is not None:
        parts.append(menu_form)
    if notice is not None:
        parts.append(notice)
    total = sum(height_of(console, part, width) for part in parts) + PROMPT_LINES
    return Fitted(tuple(parts), compact=screen is not screens[0], height=total)


class ItemLine:
    """Short items (a legend's ``b beach``) joined by ``separator`` on as few lines as the width
    allows; a line breaks only between items, never inside one nor before a separator.

    >>> from rich.console import Console
    >>> console = Console(width=24, color_system=None, legacy_windows=False)
    >>> with console.capture() as capture:
    ...     console.print(ItemLine(["b 砂浜", "f 森林", "m 山岳", "B 船", "S 大海蛇"]))
    >>> print(capture.get().rstrip())
    b 砂浜 · f 森林 · m 山岳
    B 船 · S 大海蛇
    """

    def __init__(self, items: Sequence[str], separator: str = " · ", style: str = "dim") -> None:
        self.items = list(items)
        self.separator = separator
        self.style = style

    def lines(self, width: int) -> list[str]:
        """The items laid out at ``width`` cells."""
        lines: list[str] = []
        for item in self.items:
            if lines and cell_len(lines[-1] + self.separator + item) <= width:
                lines[-1] += self.separator + item
            else:
                lines.append(item)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(self.lines(options.max_width)), style=self.style, overflow="fold")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = cell_len(self.separator.join(self.items))
        return Measurement(max((cell_len(item) for item in self.items), default=0), widest)


class FirstThatFits:
    """The first of ``lines`` (one-line texts, fullest first) that fits the width, else the last:
    a header that abbreviates rather than cuts.

    >>> from rich.console import Console
    >>> console = Console(width=12, color_system=None, legacy_windows=False)
    >>> with console.capture() as capture:
    ...     console.print(FirstThatFits([Text("p0 (you) · p1 (bot)"), Text("p0* p1")]))
    >>> print(capture.get().rstrip())
    p0* p1
    """

    def __init__(self, lines: Sequence[Text]) -> None:
        self.lines = list(lines)

    def chosen(self, width: int) -> Text:
        """The line shown at ``width`` cells."""
        return next((line for line in self.lines if line.cell_len <= width), self.lines[-1])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.chosen(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(line.cell_len for line in self.lines), max(line.cell_len for line in self.lines))
