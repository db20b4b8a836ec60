"""One person against bots in the terminal: the screen, the moves, the log, the record."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import signal
import tempfile
import threading
import traceback
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from asobiba.bots import Bot, RandomBot, bot
from asobiba.cli.chooser import Choice, Chooser
from asobiba.cli.common import QuitGame, Terminal, UserError, bot_level_name, player_name, tr
from asobiba.cli.layout import LOG_MAX, FirstThatFits, Fitted, fit_frame
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.screens import screen_forms, terminal_screen, view_tree
from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.i18n import SENTENCE_SEPARATORS
from asobiba.core.names import with_names
from asobiba.core.state import CHANCE, Action, State

#: How many log lines the turn screen shows at most (``l`` at the prompt shows them all).
LOG_LINES = LOG_MAX
#: A bot's move that does not end its turn pauses this share of ``--delay`` (Survive's move points).
WITHIN_TURN_PAUSE = 0.25
#: The default ``--delay``: seconds to pause after a bot's turn.
DEFAULT_DELAY = 0.8
#: A bot's turn of more lines than this is one line of the log (Survive's move points, the die…).
SUMMARY_AFTER = 2
#: Lines under the result screen: where the record is saved and how to replay it (the cursor is
#: then left on the frame's prompt line, where the shell's prompt comes).
END_NOTE_LINES = 2
#: Where records go when no ``--save`` path is given.
RECORDS_DIR = Path("asobiba-records")


def default_record_path(game: str, directory: Path = RECORDS_DIR, now: dt.datetime | None = None) -> Path:
    """``asobiba-records/<game>-YYYYmmdd-HHMMSS.json``, with ``-2``, ``-3`` … if taken."""
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = directory / f"{game}-{stamp}.json"
    number = 2
    while path.exists():
        path = directory / f"{game}-{stamp}-{number}.json"
        number += 1
    return path


def save_record(record: Mapping[str, Any], path: Path) -> Path:
    """Write ``record`` as JSON to ``path`` (creating its folder) atomically: a temporary file in
    the same folder, flushed to the disk, then renamed over ``path`` — a kill at any moment
    leaves either the old record or the new one, never a part. Return the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".asobiba-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # the rename itself reaches the disk with the folder
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return path


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While a game is played, SIGTERM and SIGHUP (a closed terminal) stop it like Ctrl-C, so it is
    saved. Only the main thread can set handlers; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(number: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, interrupt)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def describe_events(state: State, events: Sequence[Event], viewer: int | None, lang: str) -> list[str]:
    """The log lines ``viewer`` may read about ``events``, in ``lang``."""
    lines = []
    for event in state.events_for(events, viewer):
        try:
            lines.append(state.game.describe_event(event, lang))
        except Exception:  # an undescribed event is shown raw rather than stopping the game
            lines.append(json.dumps(event.to_dict(), ensure_ascii=False))
    return lines


def render_screen(view: Mapping[str, object], lang: str) -> RenderableType:
    """The game's full screen for ``view``; the raw view if the screen fails on it."""
    return render_forms(view, lang)[0]


def render_forms(view: Mapping[str, object], lang: str) -> list[RenderableType]:
    """The game's screen for ``view``: its full form and its compact one; the raw view if the
    screen fails on it (a screen bug must not end the game)."""
    try:
        return screen_forms(view, lang)
    except Exception:
        return [view_tree(view)]


@dataclass
class Turn:
    """What one seat's decisions in a row showed (``actor`` ``None``: the deal, a note)."""

    actor: int | None
    lines: list[str]
    #: Index of a line -> the warning it is shown as (what happened to the player's own pieces:
    #: eaten, capsized, rescued…), on a ⚠ line of its own even when the turn is summarised.
    alerts: dict[int, str] = field(default_factory=dict)


def result_table(
    result: Mapping[str, Any], players: int, lang: str, names: Sequence[str], score_label: str | None = None
) -> Table:
    """Who won, who lost, and the scores, one row per seat (a header line, a rule, the rows: it
    must fit under a board at 80×24). Each column means one thing: the scores' column is named for
    what they count (``score_label``), and left out when it would only say the outcome again (1 for
    a winner, 0 for the others)."""
    winners = set(result.get("winners") or [])
    losers = set(result.get("losers") or [])
    scores = result.get("scores")
    if (
        isinstance(scores, list)
        and set(scores) <= {0, 1}
        and {seat for seat, score in enumerate(scores) if score == 1} == winners
    ):
        scores = None
    table = Table(box=None, pad_edge=False, header_style="bold dim")
    table.add_column(tr("Player", lang))
    table.add_column(tr("Outcome", lang))
    if isinstance(scores, list) and len(scores) == players:
        table.add_column(score_label or tr("Score", lang), justify="right")
    for seat in range(players):
        if seat in winners:
            outcome = Text(tr("wins", lang), style="bold green")
        elif seat in losers:
            outcome = Text(tr("loses", lang), style="red")
        else:
            outcome = Text("—")
        row: list[RenderableType] = [escape(names[seat]), outcome]
        if isinstance(scores, list) and len(scores) == players:
            row.append(str(scores[seat]))
        table.add_row(*row)
    return table


@dataclass
class PlayOutcome:
    """How a session ended: ``finished``, ``quit`` (q / end of input) or ``interrupted`` (Ctrl-C)."""

    status: str
    record_path: Path | None
    state: State


@dataclass
class PlaySession:
    """A game between one human (seat ``human``) and bots (``bot_names`` by seat)."""

    state: State
    human: int
    bot_names: dict[int, str]
    terminal: Terminal
    lang: str = "en"
    delay: float = DEFAULT_DELAY
    save_path: Path | None = None
    bot_seed: int | None = None
    log: list[str] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    #: What happened before the first decision (the deal), for the log.
    setup_events: list[Event] = field(default_factory=list)
    #: The log by turns: a bot's turn is one line on the screen, every line on ``l``.
    turns: list[Turn] = field(default_factory=list)
    #: Set when the player pressed Enter during the bots' turns: no pauses until his next decision.
    skipping: bool = False
    #: Who decided last (the human's decision starts a new turn in the log).
    _last_actor: int | None = None
    #: What the last decision showed (its log lines): at the end, how the game ended and why.
    last_lines: list[str] = field(default_factory=list)
    #: Every seat's name by seat (a tutorial's "You", "Ken"…), said instead of p0…pN on the screen
    #: and in the log; empty: ``p1 (normal bot)``.
    seat_names: Sequence[str] = ()

    def __post_init__(self) -> None:
        self.terminal.lang = self.lang
        for seat, name in self.bot_names.items():
            seed = None if self.bot_seed is None else self.bot_seed * 1000 + seat
            self.bots[seat] = bot(name, seed=seed)
        for line in describe_events(self.state, self.setup_events, self.human, self.lang):
            self.note(self.named(line))
        self.screen = terminal_screen(self.state.game.name)

    # ------------------------------------------------------------------ names and screens

    def name(self, seat: int) -> str:
        """How a seat is called on screen: ``p1 (normal bot)`` (or its name in :attr:`seat_names`)."""
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return player_name(seat, self.lang, self.human, self.bot_names)

    def named(self, line: str) -> str:
        """A log line with the seats by their :attr:`seat_names` (as it is without them)."""
        return with_names(line, self.seat_names)

    def names(self) -> list[str]:
        """Every seat's name, in seat order."""
        return [self.name(seat) for seat in range(self.state.players)]

    def title(self) -> str:
        """The game's title in the player's language."""
        game = self.state.game
        return str(game.title.get(self.lang) or game.title.get("en") or game.name)

    def note(self, line: str) -> None:
        """A line of the log that is nobody's move (the deal, "the game continues")."""
        self.log.append(line)
        if self.turns and self.turns[-1].actor is None:
            self.turns[-1].lines.append(line)
        else:
            self.turns.append(Turn(None, [line]))
        self._last_actor = None

    def log_lines(self, fresh: int = 0) -> list[Text]:
        """The log as screen lines: a bot's turn on one line, other turns line by line; what
        happened to the player's own pieces on a ⚠ line of its own; the lines of the ``fresh``
        newest turns in bold."""
        shown: list[Text] = []
        for index, turn in enumerate(self.turns):
            is_fresh = index >= len(self.turns) - fresh
            style = "bold" if is_fresh else ""
            mark = "▶ " if is_fresh else "  "
            plain = [line for number, line in enumerate(turn.lines) if number not in turn.alerts]
            if turn.actor is not None and turn.actor != self.human and len(turn.lines) > SUMMARY_AFTER:
                if plain:
                    # the seat alone: the header says who plays it, and the turn is read to its end
                    summary = tr("{player}: {moves}", self.lang, player=f"p{turn.actor}", moves=" · ".join(plain))
                    shown.append(Text(mark + summary, style=style))
                shown.extend(Text(mark + "⚠ " + alert, style="bold red") for alert in turn.alerts.values())
                continue
            for number, line in enumerate(turn.lines):
                if number in turn.alerts:
                    shown.append(Text(mark + "⚠ " + turn.alerts[number], style="bold red"))
                else:
                    shown.append(Text(mark + line, style=style))
        if not shown:
            shown.append(Text("  " + tr("Nothing has happened yet.", self.lang), style="dim"))
        return shown

    def log_panel(self, fresh: int = 0) -> Panel:
        """The last lines of the log; the ``fresh`` newest turns highlighted."""
        shown = self.log_lines(fresh)[-LOG_LINES:]
        text = Text("\n").join(shown) if shown else Text(tr("Nothing has happened yet.", self.lang), style="dim")
        return Panel(text, title=tr("What happened", self.lang), title_align="left")

    def turn_line(self) -> Text:
        """Whose turn it is, and the decision at hand, in words."""
        to_move = self.state.to_move
        if to_move is None:
            return Text(tr("The game is over.", self.lang), style="bold")
        decision = self.decision()
        view = self.state.view(self.human)
        current = view.get("current_player")
        if to_move == self.human and isinstance(current, int) and current != self.human:
            # a question on another player's turn (a counter tile): not "your turn"
            line = PhraseText(
                tr("{player}'s turn — a question for you:", self.lang, player=self.name(current)), style="bold green"
            )
            if decision:
                line.append(" " + decision, style="bold yellow")
            return line
        if to_move == self.human:
            # With the seats' own names, the human's is "You": the line says no name. Wrapped between
            # phrases, never before a closing mark (kinsoku: no line starts with 。).
            words = (
                tr("Your turn.", self.lang)
                if self.seat_names
                else tr("Your turn, {player}.", self.lang, player=self.name(to_move))
            )
            line = PhraseText(words, style="bold green")
            if decision:
                line.append(SENTENCE_SEPARATORS.get(self.lang, " ") + decision, style="bold yellow")
            return line
        return Text(tr("{player} is thinking…", self.lang, player=self.name(to_move)), style="cyan")

    def decision(self) -> str:
        """The decision due now, as the game's screen words it ("" if it has no words for it)."""
        try:
            return self.named(self.screen.decision(self.state.view(self.human), self.lang))
        except Exception:  # words are a help, never a reason to stop
            return ""

    def header(self) -> FirstThatFits:
        """The title line: the game and who sits where — every seat, abbreviated as far as the
        width needs (``p1（ボット：ふつう）``, then the bots of one level together, then ``p1 ふつう``,
        then the seats alone), never one cut off."""
        seats = range(self.state.players)
        bots = [seat for seat in seats if seat != self.human]
        you = self.name(self.human) if 0 <= self.human < self.state.players else ""
        levels = {self.bot_names.get(seat, "") for seat in bots}
        names = self.names()
        if self.seat_names:  # the screen says p0…pN: the title line says who is who
            names = [f"{name} (p{seat})" for seat, name in enumerate(names)]
        forms = [" · ".join(names)]
        if len(levels) == 1 and bots:
            together = tr(
                "{seats} ({bot} bot)",
                self.lang,
                seats=", ".join(f"p{seat}" for seat in bots),
                bot=bot_level_name(levels.pop(), self.lang),
            )
            forms.append(" · ".join(part for part in (you, together) if part))
        forms.append(
            " · ".join(
                you if seat == self.human else f"p{seat} {bot_level_name(self.bot_names.get(seat, ''), self.lang)}"
                for seat in seats
            )
        )
        forms.append(" ".join(f"p{seat}*" if seat == self.human else f"p{seat}" for seat in seats))
        lines = []
        for who in forms:
            text = Text(self.title(), style="bold")
            text.append(" — " + who, style="dim")
            lines.append(text)
        lines.extend(Text(who, style="dim") for who in forms[-2:])  # the title gives way last
        for text in lines:
            text.no_wrap = True
            text.overflow = "ellipsis"
        return FirstThatFits(lines)

    def frame(
        self,
        menu: Sequence[RenderableType] = (),
        notice: RenderableType | None = None,
        fresh: int = 0,
        size: tuple[int, int | None] | None = None,
    ) -> Fitted:
        """The whole screen for the decision at hand, fitted to ``size`` (columns, lines; default:
        the terminal's, or no height limit when the output is not a terminal)."""
        console = self.terminal.console
        if size is None:
            size = (console.size.width, console.size.height if console.is_terminal else None)
        width, height = size
        log_title = Rule(tr("What happened", self.lang), align="left", style="dim")
        return fit_frame(
            console,
            width=width,
            height=height,
            header=self.header(),
            screens=render_forms(self.state.view(self.human), self.lang),
            log_lines=self.log_lines(fresh),
            log_title=log_title,
            decision=self.turn_line(),
            menu=menu,
            notice=notice,
        )

    def draw(self, fresh: int = 0, menu: Sequence[RenderableType] = (), notice: RenderableType | None = None) -> None:
        """The whole screen: title, the human's view, the log, whose turn it is (and the menu)."""
        self.terminal.clear()
        self.terminal.console.print(self.frame(menu, notice, fresh).renderable())

    def present(self, menu: list[RenderableType], notice: RenderableType | None) -> None:
        """The chooser's menu, drawn in the frame with the rest of the screen (a real terminal)."""
        self.draw(menu=menu, notice=notice)

    def wait_for_enter(self, prompt: str) -> None:
        """On a real terminal, wait until the player has read what is shown."""
        self.terminal.ask("[dim]" + escape(prompt) + "[/dim]")

    def print_full_log(self) -> None:
        """Every line of the log, turn by turn (the ``l`` command)."""
        body = Text()
        for turn in self.turns:
            if turn.actor is not None:
                body.append(self.name(turn.actor) + "\n", style="bold")
            for number, line in enumerate(turn.lines):
                indent = "  " if turn.actor is not None else ""
                if number in turn.alerts:
                    body.append(indent + "⚠ " + turn.alerts[number] + "\n", style="bold red")
                else:
                    body.append(indent + line + "\n")
        if not self.turns:
            body.append(tr("Nothing has happened yet.", self.lang))
        body.rstrip()
        console = self.terminal.console
        console.print(Panel(body, title=tr("The whole log", self.lang), title_align="left"))
        if console.is_terminal:
            self.wait_for_enter(tr("Press Enter to go back to the game.", self.lang))

    def show_rules(self) -> None:
        """The game's rules in the player's language (the ``r`` command)."""
        from asobiba.cli.rules import show_rules

        try:
            show_rules(self.terminal.console, self.state.game.name, self.lang)
        except UserError as error:  # a game without rules text: say so, and play on
            self.terminal.console.print(escape(str(error)), style="yellow")
            if self.terminal.console.is_terminal:
                self.wait_for_enter(tr("Press Enter to go back to the game.", self.lang))

    # ------------------------------------------------------------------ turns

    def _alerts(self, events: Sequence[Event]) -> list[str | None]:
        """For each event the player may see (as :func:`describe_events` lists them), the warning
        the game's screen gives it (what happened to his own pieces), or ``None``."""
        visible = self.state.events_for(events, self.human)
        view = self.state.view(self.human)
        found: list[str | None] = []
        for event in visible:
            try:
                alert = self.screen.alert(view, event, self.lang)
                found.append(None if alert is None else self.named(alert))
            except Exception:  # a warning is a help, never a reason to stop
                found.append(None)
        return found

    def _record_events(self, actor: int | None, events: Sequence[Event]) -> int:
        """Log what ``actor``'s decision showed; return how many turns are new or grew."""
        lines = [self.named(line) for line in describe_events(self.state, events, self.human, self.lang)]
        alerts = self._alerts(events)
        self.last_lines = list(lines)
        if actor is None or actor == CHANCE:
            for line, alert in zip(lines, alerts, strict=False):
                self.note(line)
                if alert is not None:
                    self.turns[-1].alerts[len(self.turns[-1].lines) - 1] = alert
            return 1 if lines else 0
        if not lines and actor != self.human:
            lines = [tr("{player} made a move.", self.lang, player=self.name(actor))]
        self.log.extend(lines)
        if self.turns and self.turns[-1].actor == actor and self._last_actor == actor and actor != self.human:
            turn = self.turns[-1]
        elif lines:
            turn = Turn(actor, [])
            self.turns.append(turn)
        else:
            self._last_actor = actor
            return 0
        for line, alert in zip(lines, [*alerts, *[None] * len(lines)], strict=False):
            if alert is not None:
                turn.alerts[len(turn.lines)] = alert
            turn.lines.append(line)
        self._last_actor = actor
        return 1

    def _round_interlude(self, rounds_before: int) -> None:
        """Between two rounds (Paper Safari): the revealed grids and the scores, until a key."""
        view = self.state.view(self.human)
        try:
            shown = self.screen.round_summary(view, self.lang, rounds_before)
        except Exception:  # a help, never a reason to stop
            return
        if shown is None:
            return
        self.terminal.clear()
        self.terminal.console.print(shown)
        if not self.state.is_over:
            self.wait_for_enter(tr("Press Enter for the next round.", self.lang))
            return
        with contextlib.suppress(EOFError, QuitGame):  # the game is over: the result follows anyway
            self.wait_for_enter(tr("Press Enter to see the result.", self.lang))

    def _rounds(self) -> int:
        rounds = self.state.view(self.human).get("rounds")
        return len(rounds) if isinstance(rounds, list) else 0

    def human_turn(self) -> None:
        """Ask until the human's action is accepted; a refused one changes nothing."""
        state = self.state
        seat = self.human
        self.skipping = False
        notice: Text | None = None
        while True:
            view = state.view(seat)
            chooser = Chooser(
                self.terminal,
                state,
                self.lang,
                show_log=self.print_full_log,
                show_rules=self.show_rules,
                present=self.present if self.terminal.console.is_terminal else None,
                group_moves=partial(self.screen.group_moves, view, lang=self.lang),
                move_warning=partial(self.screen.move_warning, view, lang=self.lang),
                move_label=partial(self.move_label, view),
            )
            chooser.notice = notice
            if not self.terminal.console.is_terminal:
                self.draw()
            action = chooser.choose()
            refusal = self._refusal(action)
            if refusal is not None:
                message = tr("Not allowed: {reason}", self.lang, reason=refusal)
                notice = Text(message, style="bold yellow")
                if not self.terminal.console.is_terminal:
                    self.terminal.console.print(escape(message), style="bold yellow", highlight=False)
                continue
            rounds = self._rounds()
            events = state.apply(action)
            self._record_events(seat, events)
            if self._rounds() > rounds:
                self._round_interlude(rounds)
            return

    def move_label(self, view: Mapping[str, Any], choice: Choice) -> str | None:
        """The screen's words for a move (``None``: the game's description), with the seats' names."""
        label = self.screen.move_label(view, choice, self.lang)
        if not self.seat_names:
            return label
        return self.named(label if label is not None else choice.label)

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` cannot be played now (``state.check`` changes nothing), or ``None``."""
        try:
            self.state.check(action)
        except AsobibaError as error:
            return error.translated(self.lang)
        return None

    def bot_turn(self, seat: int) -> None:
        """Let the bot at ``seat`` move, and show what the human may see of it: a short pause
        within its turn, a longer one when the turn ends (Enter skips to the human's decision)."""
        state = self.state
        try:
            action = self.bots[seat].choose(state.observe(seat))
            refusal = self._refusal(action)
        except Exception as error:  # a bot bug must not end the human's game
            refusal = f"{type(error).__name__}: {error}"
        if refusal is not None:
            self.log.append(
                tr(
                    "({player} failed: {error}; it plays a random move)",
                    self.lang,
                    player=self.name(seat),
                    error=refusal,
                )
            )
            action = RandomBot(self.bot_seed).choose(state.observe(seat))
        rounds = self._rounds()
        events = state.apply(action)
        self._record_events(seat, events)
        if self._rounds() > rounds:
            self._round_interlude(rounds)
        turn_ends = state.to_move != seat
        if not self.terminal.console.is_terminal:
            lines = [self.named(line) for line in describe_events(state, events, self.human, self.lang)]
            for line, alert in zip(lines, [*self._alerts(events), *[None] * len(lines)], strict=False):
                self.terminal.console.print("▶ " + escape(line if alert is None else "⚠ " + alert), highlight=False)
            self.terminal.pause(self.delay if turn_ends else self.delay * WITHIN_TURN_PAUSE)
            return
        if self.skipping:
            return
        self.draw(fresh=1)
        if self.terminal.pause(self.delay if turn_ends else self.delay * WITHIN_TURN_PAUSE):
            self.skipping = True

    def chance_turn(self) -> None:
        """A record with scripted chance (a test, a puzzle) resumed: the dice are rolled here."""
        rounds = self._rounds()
        self._record_events(None, self.state.resolve_chance())
        if self._rounds() > rounds:
            self._round_interlude(rounds)

    # ------------------------------------------------------------------ the session

    def record(self) -> dict[str, Any]:
        """The game's record, plus who sat where and the language (ignored by replay)."""
        record = self.state.record()
        record["seats"] = [
            "human" if seat == self.human else self.bot_names.get(seat, "?") for seat in range(self.state.players)
        ]
        record["human"] = self.human
        record["lang"] = self.lang
        record["saved"] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        return record

    def save(self) -> Path:
        """Save the record (to ``save_path`` or a new timestamped file) and return where."""
        if self.save_path is None:
            self.save_path = default_record_path(self.state.game.name)
        return save_record(self.record(), self.save_path)

    def save_somewhere(self) -> Path:
        """Save where asked, else where records go by default (saying why): the game is never lost."""
        try:
            return self.save()
        except OSError as error:
            wanted = self.save_path
            self.save_path = default_record_path(self.state.game.name)
            self._tell(tr("Could not save to {path} ({error}).", self.lang, path=wanted, error=error), "bold red")
            return self.save()

    def _tell(self, message: str, style: str = "") -> None:
        """A line for the player; a terminal that is gone (SIGHUP) does not stop the saving."""
        with contextlib.suppress(OSError, ValueError):
            self.terminal.console.print(escape(message), style=style, highlight=False)

    def ending(self) -> RenderableType:
        """How the game ended, whole: the last decision's lines (who lost or won, and why) wrapped
        and never cut, the result table, and the player's own outcome."""
        lang = self.lang
        result = self.state.result()
        heading = Text(tr("The game is over.", lang), style="bold")
        winners = result.get("winners") or []
        if self.human in winners:
            heading.append(" " + tr("You win!", lang), style="bold green")
        elif winners:
            heading.append(" " + tr("You lose.", lang), style="bold red")
        parts: list[RenderableType] = [heading]
        parts.extend(PhraseText("▶ " + line, style="bold") for line in self.last_lines)
        try:
            label = self.screen.score_label(lang)
        except Exception:  # a column's name is a help, never a reason to stop
            label = None
        parts.append(result_table(result, self.state.players, lang, self.names(), label))
        return Group(*parts)

    def end_frame(self, size: tuple[int, int | None] | None = None) -> Fitted:
        """The result screen fitted to ``size`` (default: the terminal's): the board (compact if
        need be), as much of the log as fits, and the whole :meth:`ending`, with room below for
        where the record is saved."""
        console = self.terminal.console
        if size is None:
            size = (console.size.width, console.size.height if console.is_terminal else None)
        width, height = size
        room = None if height is None else height - END_NOTE_LINES
        fitted = None
        # The title line gives way first: the end itself must stay on the screen.
        for header in (self.header(), Group()):
            fitted = fit_frame(
                console,
                width=width,
                height=room,
                header=header,
                screens=render_forms(self.state.view(self.human), self.lang),
                log_lines=self.log_lines(),
                log_title=Rule(tr("What happened", self.lang), align="left", style="dim"),
                decision=self.ending(),
            )
            if room is None or fitted.height <= room:
                break
        assert fitted is not None
        return fitted

    def finish(self) -> None:
        """The result screen: the end is always shown whole."""
        self.terminal.clear()
        self.terminal.console.print(self.end_frame().renderable())

    def run(self) -> PlayOutcome:
        """Play to the end (or until the human quits, presses Ctrl-C, or the terminal goes); the
        record is saved in every case — after each of the human's moves too, so even a killed
        game keeps all but the bots' last moves. An unexpected error saves first, then says where."""
        lang = self.lang
        status = "finished"
        failure: BaseException | None = None
        with signals_interrupt():
            try:
                while not self.state.is_over:
                    seat = self.state.to_move
                    if seat == CHANCE:
                        self.chance_turn()
                    elif seat == self.human:
                        self.human_turn()
                        self.save_somewhere()
                    else:
                        assert seat is not None
                        self.bot_turn(seat)
                self.finish()
            except KeyboardInterrupt:
                status = "interrupted"
            except (QuitGame, EOFError):
                status = "quit"
            except Exception as error:  # never lose the game: save it, then say what went wrong
                status = "crashed"
                failure = error
            try:
                path = self.save_somewhere()
            except KeyboardInterrupt:  # a second Ctrl-C while saving: save again, quietly
                path = self.save_somewhere()
        if status == "interrupted":
            self._tell("")
            self._tell(tr("Interrupted.", lang), "bold yellow")
        if failure is not None:
            what = f"{type(failure).__name__}: {failure}"
            self._tell(
                tr("Unexpected error: {error}. Please report it with the record below.", lang, error=what), "bold red"
            )
            with contextlib.suppress(OSError, ValueError):
                traceback.print_exception(failure)
        if status == "finished":
            self._tell(tr("The record is saved in {path}", lang, path=path))
        else:
            self._tell(tr("The game so far is saved in {path}", lang, path=path), "bold")
            self._tell(tr("Continue it with: asobiba resume {path}", lang, path=path), "dim")
        self._tell(tr("Watch it again with: asobiba replay {path}", lang, path=path), "dim")
        return PlayOutcome(status, path, self.state)
