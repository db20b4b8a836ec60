"""`asobiba learn`: a game's tutorial in the terminal, read by one generic player.

A tutorial (:mod:`asobiba.core.tutorial`) is a short real game on a scripted deal; each step is the
teacher's words, the places of the table they speak of and, where the learner is asked to move, the
move expected. The terminal shows it with the screen `asobiba play` draws: the game's screen, the
events of the last step in the log (the seats by the tutorial's names), the teacher's words above
the prompt, and the moves to choose from, read as `play` reads them. A move that is not the one
asked for changes nothing: the teacher says why, and asks again. ``skip``, ``back`` and ``quit``
work at every step; the step reached is kept (:data:`PROGRESS_FILE`) and offered on the next
``asobiba learn`` of the same tutorial. After the last step the game goes on against bots of the
tutorial's ``play_on`` level, or ends with the teacher's last words.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from asobiba.cli.chooser import Choice, Chooser
from asobiba.cli.common import QuitGame, Terminal, UserError, bot_level_name, tr
from asobiba.cli.layout import Fitted, ItemLine, fit_frame
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.play import (
    DEFAULT_DELAY,
    RECORDS_DIR,
    PlaySession,
    describe_events,
    render_forms,
    save_record,
    signals_interrupt,
)
from asobiba.cli.screens import terminal_screen
from asobiba.core.events import Event
from asobiba.core.names import with_names
from asobiba.core.registry import declaration, game_names, get_game
from asobiba.core.tutorial import Tutorial, TutorialRun, TutorialStep

#: Where the step reached in each tutorial is kept (by its key, ``game/name``): beside the records
#: of saved games.
PROGRESS_FILE = RECORDS_DIR / "tutorials.json"

#: What may be typed at any step, in either language, for each of the tutorial's commands (the
#: help line shows the English word and, in Japanese, the Japanese one).
COMMANDS: Mapping[str, frozenset[str]] = {
    "skip": frozenset({"skip", "スキップ", "とばす", "飛ばす"}),
    "back": frozenset({"back", "戻る", "もどる"}),
    "quit": frozenset({"quit", "q", "exit", "やめる", "終了"}),
}
#: A cell of a board by its notation name (``r4c5``).
CELL = re.compile(r"r[0-9]{1,2}c[0-9]{1,2}")


class LessonCommand(Exception):
    """The learner typed one of the tutorial's commands (``skip``, ``back``, ``quit``)."""

    def __init__(self, command: str) -> None:
        super().__init__(command)
        self.command = command


def lesson_command(text: str) -> str | None:
    """The tutorial's command ``text`` is, if it is one.

    >>> lesson_command("Skip"), lesson_command("戻る"), lesson_command("q"), lesson_command("bid 3")
    ('skip', 'back', 'quit', None)
    """
    folded = text.strip().casefold()
    for command, words in COMMANDS.items():
        if folded in words:
            return command
    return None


@dataclass
class LessonTerminal(Terminal):
    """The terminal while a step is shown: the tutorial's commands are heard at every prompt (the
    move chooser's too), as a :class:`LessonCommand`."""

    def ask(self, prompt: str) -> str:
        text = super().ask(prompt)
        command = lesson_command(text)
        if command is not None:
            raise LessonCommand(command)
        return text


# ---------------------------------------------------------------------- the places, in words


def place_words(place: str, names: Sequence[str], learner: int, lang: str) -> str | None:
    """The words for a place a step points at (``seat:1`` -> "Ken's panel"); ``None`` for a place
    the terminal has no words for (a plug-in's own: left unsaid).

    >>> place_words("seat:1", ["You", "Ken"], 0, "en"), place_words("row:0", ["You", "Ken"], 0, "en")
    ("Ken's panel", 'your face-up cards')
    >>> place_words("r4c5", [], 0, "en"), place_words("gauge", [], 0, "en")
    ('the space r4c5', None)
    """
    kind, colon, number = place.partition(":")
    if colon:
        if not number.isascii() or not number.isdigit() or int(number) >= len(names):
            return None
        seat = int(number)
        own = seat == learner
        player = names[seat]
        if kind == "seat":
            return tr("your panel", lang) if own else tr("{player}'s panel", lang, player=player)
        if kind == "row":
            return tr("your face-up cards", lang) if own else tr("{player}'s face-up cards", lang, player=player)
        if kind == "grid":
            return tr("your grid", lang) if own else tr("{player}'s grid", lang, player=player)
        if kind == "tokens":
            return tr("your tokens", lang) if own else tr("{player}'s tokens", lang, player=player)
        return None
    if CELL.fullmatch(place):
        return tr("the space {cell}", lang, cell=place)
    words = {
        "hand": tr("your hand", lang),
        "actions": tr("the list of moves", lang),
        "log": tr("the log (What happened)", lang),
        "result": tr("the result", lang),
        "in-play": tr("the card in play", lang),
        "discard": tr("the discard pile", lang),
        "deck": tr("the draw pile", lang),
        "tiles": tr("the land tiles left", lang),
        "die": tr("the creature die", lang),
    }
    return words.get(place)


def pointer_line(step: TutorialStep, tutorial: Tutorial, lang: str) -> str:
    """The places the step points at, in words, where they add something to the teacher's words:
    not a place its words already name, nor the list of moves at a step that shows it.

    >>> from asobiba.core.tutorial import TutorialStep
    >>> step = TutorialStep({"en": "Look at your hand.", "ja": "手札を見ましょう。"}, ("hand", "seat:1", "gauge"))
    >>> names = {"en": ("You", "Ken"), "ja": ("あなた", "ケン")}
    >>> tutorial = Tutorial("g", "t", {"en": "T", "ja": "T"}, 3, 2, 0, {}, names, (), (step,))
    >>> pointer_line(step, tutorial, "en")
    "→ Ken's panel"
    """
    said = step.say[lang].casefold()
    shown = []
    for place in step.point:
        if place == "actions" and step.asks_a_move:
            continue
        words = place_words(place, tutorial.names[lang], tutorial.learner, lang)
        if words is not None and words.casefold() not in said and words not in shown:
            shown.append(words)
    return "→ " + " · ".join(shown) if shown else ""


# ---------------------------------------------------------------------- the step kept between sessions


def load_progress(path: Path = PROGRESS_FILE) -> dict[str, int]:
    """The step reached in each tutorial left unfinished (nothing if the file is missing or unreadable)."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {
        str(key): value
        for key, value in found.items()
        if isinstance(value, int) and not isinstance(value, bool) and value > 0
    }


def keep_progress(key: str, index: int | None, path: Path = PROGRESS_FILE) -> None:
    """Keep ``index`` as the step reached in the tutorial ``key`` (``None`` or 0: forget it)."""
    progress = load_progress(path)
    if index:
        progress[key] = index
    elif key not in progress:
        return
    else:
        del progress[key]
    save_record(progress, path)


def resumable_step(tutorial: Tutorial, path: Path = PROGRESS_FILE) -> int:
    """The step kept for ``tutorial`` (0: none, or one its file no longer has)."""
    index = load_progress(path).get(tutorial.key, 0)
    return index if 0 < index < len(tutorial.steps) else 0


# ---------------------------------------------------------------------- finding a tutorial


def every_tutorial() -> list[Tutorial]:
    """Every installed game's tutorials, game by game (a game whose tutorials do not load is left out)."""
    found: list[Tutorial] = []
    for name in game_names():
        with contextlib.suppress(Exception):  # a broken plug-in must not hide the others' tutorials
            found.extend(declaration(name).tutorials())
    return found


def find_tutorial(game: str, name: str | None, lang: str) -> Tutorial:
    """The tutorial ``name`` of ``game`` (its first if ``name`` is ``None``), or a :class:`UserError`."""
    game_name = get_game(game).name
    tutorials = declaration(game_name).tutorials()
    if not tutorials:
        raise UserError(
            tr("{game} has no tutorial yet; read its rules with: asobiba rules {game}", lang, game=game_name)
        )
    if name is None:
        return tutorials[0]
    for tutorial in tutorials:
        if tutorial.name == name.strip().casefold():
            return tutorial
    raise UserError(
        tr(
            "{game} has no tutorial {name!r}; its tutorials are: {names}",
            lang,
            game=game_name,
            name=name,
            names=", ".join(tutorial.name for tutorial in tutorials),
        )
    )


def start_command(tutorial: Tutorial) -> str:
    """How to start ``tutorial``: ``asobiba learn GAME`` for a game's first, else with its name."""
    first = declaration(tutorial.game).tutorials()[0]
    return f"asobiba learn {tutorial.game}" + ("" if first.key == tutorial.key else f" {tutorial.name}")


def play_command(tutorial: Tutorial) -> str:
    """The command playing a whole game of what ``tutorial`` taught (with its rules, if it names some)."""
    rules = tutorial.options.get("rules")
    return f"asobiba play {tutorial.game}" + (f" --rules {rules}" if isinstance(rules, str) else "")


def list_tutorials(console: Console, lang: str, progress: Path = PROGRESS_FILE) -> None:
    """Every game's tutorials: the title, how long, how to start it (and where the learner left it)."""
    tutorials = every_tutorial()
    if not tutorials:
        console.print(escape(tr("No game has a tutorial yet.", lang)))
        return
    kept = load_progress(progress)
    table = Table(title=tr("Learn a game: a guided first game, the teacher at your side", lang), title_justify="left")
    table.add_column(tr("Tutorial", lang), ratio=1)
    table.add_column(tr("Minutes", lang), justify="right")
    table.add_column(tr("Start it with", lang), no_wrap=True)
    for tutorial in tutorials:
        title = PhraseText(tutorial.title[lang])
        index = kept.get(tutorial.key, 0)
        if 0 < index < len(tutorial.steps):
            title.append(
                " " + tr("(left at step {step} of {count})", lang, step=index + 1, count=len(tutorial.steps)),
                style="dim",
            )
        table.add_row(title, str(tutorial.minutes), start_command(tutorial))
    console.print(table)


# ---------------------------------------------------------------------- the session


@dataclass
class LearnOutcome:
    """How a tutorial ended: ``finished`` (then the game played on, or not), ``quit`` or ``interrupted``."""

    status: str
    #: The step reached (the number kept when the learner left).
    index: int
    #: The game played on after the last step, if any.
    played_on: PlaySession | None = None


class LearnSession:
    """One tutorial played in the terminal, from step ``index``."""

    def __init__(
        self,
        tutorial: Tutorial,
        terminal: Terminal,
        lang: str,
        *,
        index: int = 0,
        delay: float = DEFAULT_DELAY,
        progress: Path = PROGRESS_FILE,
    ) -> None:
        self.tutorial = tutorial
        self.terminal = terminal
        self.lang = lang
        self.delay = delay
        self.progress = progress
        terminal.lang = lang
        self.lesson = LessonTerminal(console=terminal.console, read=terminal.read, sleep=terminal.sleep, lang=lang)
        self.names = tutorial.names[lang]
        self.learner = tutorial.learner
        self.screen = terminal_screen(tutorial.game)
        #: The log: what each step done showed (its events, the seats by name), step by step.
        self.steps_seen: list[list[Text]] = []
        self.run = TutorialRun(tutorial)
        while self.run.index < index:
            self.run.skip()
            self.steps_seen.append(self.event_lines(self.run.events))

    # ------------------------------------------------------------------ what is shown

    def named(self, text: str) -> str:
        return with_names(text, self.names)

    def event_lines(self, events: Sequence[Event]) -> list[Text]:
        """The log lines of a step's events as the learner may see them, with the warnings the
        game's screen gives (what happened to the learner's own pieces)."""
        state = self.run.state
        lines = [Text(self.named(line)) for line in describe_events(state, events, self.learner, self.lang)]
        view = state.view(self.learner)
        for event in state.events_for(events, self.learner):
            try:
                alert = self.screen.alert(view, event, self.lang)
            except Exception:  # a warning is a help, never a reason to stop
                alert = None
            if alert:
                lines.append(Text("⚠ " + self.named(alert), style="bold red"))
        return lines

    def log_lines(self) -> list[Text]:
        """The log: the lines of the steps done, the last step's marked ▶ and in bold."""
        shown: list[Text] = []
        for number, lines in enumerate(self.steps_seen):
            fresh = number == len(self.steps_seen) - 1
            for line in lines:
                text = Text("▶ " if fresh else "  ")
                text.append_text(line)
                if fresh:
                    text.stylize("bold")
                shown.append(text)
        if not shown:
            shown.append(Text("  " + tr("Nothing has happened yet.", self.lang), style="dim"))
        return shown

    def header(self) -> Text:
        """The title line: the tutorial and who sits where (the screen says p0…pN: name and seat)."""
        text = Text(self.tutorial.title[self.lang], style="bold")
        seats = " · ".join(f"{name} (p{seat})" for seat, name in enumerate(self.names))
        text.append(" — " + seats, style="dim")
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def help_line(self) -> ItemLine:
        """The commands, each said whole on a line (a line breaks only between two of them)."""
        words = tr("skip — go on as if done · back — one step back · quit — leave (you can resume)", self.lang)
        return ItemLine(words.split(" · "), style="dim")

    def teacher(self, words: str, pointer: str = "", *, help_line: bool = True) -> RenderableType:
        """The teacher's words, prominent (under a green rule naming the step), with the places they
        speak of and the commands: a line each, no box, so a tall board leaves them room."""
        count = len(self.tutorial.steps)
        step = tr("step {step} of {count}", self.lang, step=min(self.run.index + 1, count), count=count)
        title = Text(tr("Teacher", self.lang) + " · " + step, style="bold green")
        body: list[RenderableType] = [Rule(title, align="left", style="green"), PhraseText(words, style="bold")]
        if pointer:
            body.append(ItemLine(pointer.split(" · "), style="cyan"))
        if help_line:
            body.append(self.help_line())
        return Group(*body)

    def step_teacher(self) -> RenderableType:
        step = self.run.step
        assert step is not None
        return self.teacher(step.say[self.lang], pointer_line(step, self.tutorial, self.lang))

    def frame(
        self,
        decision: RenderableType,
        menu: Sequence[RenderableType] = (),
        notice: RenderableType | None = None,
        size: tuple[int, int | None] | None = None,
    ) -> Fitted:
        """The whole screen fitted to ``size`` (default: the terminal's), as `play` fits its own."""
        console = self.terminal.console
        if size is None:
            size = (console.size.width, console.size.height if console.is_terminal else None)
        width, height = size
        screens = render_forms(self.run.state.view(self.learner), self.lang)
        fitted = None
        # The title line gives way first: the teacher's words, the moves and the prompt must stay.
        for header in (self.header(), Group()):
            fitted = fit_frame(
                console,
                width=width,
                height=height,
                header=header,
                screens=screens,
                log_lines=self.log_lines(),
                log_title=Rule(tr("What happened", self.lang), align="left", style="dim"),
                decision=decision,
                menu=menu,
                notice=notice,
            )
            if height is None or fitted.height <= height:
                break
        assert fitted is not None
        return fitted

    def draw(self, menu: Sequence[RenderableType] = (), notice: RenderableType | None = None) -> None:
        self.terminal.clear()
        self.terminal.console.print(self.frame(self.step_teacher(), menu, notice).renderable())

    def print_full_log(self) -> None:
        """Every line of the log (the ``l`` command)."""
        body = Text("\n").join(line for lines in self.steps_seen for line in lines)
        if not self.steps_seen:
            body = Text(tr("Nothing has happened yet.", self.lang))
        self.terminal.console.print(Panel(body, title=tr("The whole log", self.lang), title_align="left"))
        if self.terminal.console.is_terminal:
            self.lesson.ask("[dim]" + escape(tr("Press Enter to go back to the game.", self.lang)) + "[/dim]")

    def show_rules(self) -> None:
        from asobiba.cli.rules import show_rules

        try:
            show_rules(self.terminal.console, self.tutorial.game, self.lang)
        except UserError as error:
            self.terminal.console.print(escape(str(error)), style="yellow")

    def move_label(self, view: Mapping[str, Any], choice: Choice) -> str:
        label = self.screen.move_label(view, choice, self.lang)
        return self.named(label if label is not None else choice.label)

    # ------------------------------------------------------------------ a step

    def went_on(self) -> None:
        """The step is done: its events go to the log."""
        self.steps_seen.append(self.event_lines(self.run.events))

    def ask_move(self, notice: Text | None) -> Text | None:
        """The learner's move at a step that asks one: ``None`` once the move asked for is made, else
        the teacher's words of why not (nothing changed)."""
        state = self.run.state
        view = state.view(self.learner)
        is_terminal = self.terminal.console.is_terminal
        chooser = Chooser(
            self.lesson,
            state,
            self.lang,
            show_log=self.print_full_log,
            show_rules=self.show_rules,
            present=self.draw if is_terminal else None,
            group_moves=partial(self.screen.group_moves, view, lang=self.lang),
            move_warning=partial(self.screen.move_warning, view, lang=self.lang),
            move_label=partial(self.move_label, view),
        )
        if is_terminal:
            chooser.notice = notice
        else:
            self.draw(notice=notice)
        action = chooser.choose()
        attempt = self.run.attempt(action)
        if attempt.accepted:
            self.went_on()
            return None
        return Text(self.named(attempt.text(self.lang)), style="bold yellow")

    def ask_read(self, notice: Text | None) -> Text | None:
        """Enter at a step of words goes on; anything else is answered with how to go on."""
        self.draw(notice=notice)
        text = self.lesson.ask("[bold]" + escape(tr("[Enter] go on: ", self.lang)) + "[/bold]")
        if text.casefold() in {"", "n", "next"}:
            self.run.read()
            self.went_on()
            return None
        if text.casefold() == "b":
            raise LessonCommand("back")
        return Text(tr("Press Enter to go on, or type skip, back or quit.", self.lang), style="bold yellow")

    def obey(self, command: str) -> Text | None:
        """Carry out a tutorial command; a notice for the next screen, if any."""
        if command == "quit":
            raise QuitGame
        if command == "skip":
            self.run.skip()
            self.went_on()
            return None
        if self.run.index == 0:
            return Text(tr("This is the tutorial's first step.", self.lang), style="bold yellow")
        self.run = self.run.back()
        del self.steps_seen[self.run.index :]
        return None

    def teach(self) -> None:
        """Every step, to the last (may raise :class:`QuitGame`, ``EOFError``, ``KeyboardInterrupt``)."""
        notice: Text | None = None
        while not self.run.finished:
            step = self.run.step
            assert step is not None
            try:
                notice = self.ask_move(notice) if step.asks_a_move else self.ask_read(notice)
            except LessonCommand as command:
                notice = self.obey(command.command)

    # ------------------------------------------------------------------ the whole tutorial

    def _tell(self, message: str, style: str = "") -> None:
        with contextlib.suppress(OSError, ValueError):  # a terminal that is gone does not stop the keeping
            self.terminal.console.print(escape(message), style=style, highlight=False)

    def run_tutorial(self) -> LearnOutcome:
        """Play the tutorial to its end (then on, or not), or until the learner leaves: the step
        reached is then kept, and forgotten once the tutorial is finished."""
        tutorial = self.tutorial
        lang = self.lang
        with signals_interrupt():
            try:
                self.teach()
                status = "finished"
            except KeyboardInterrupt:
                status = "interrupted"
            except (QuitGame, EOFError):
                status = "quit"
        if status != "finished":
            keep_progress(tutorial.key, self.run.index, self.progress)
            if status == "interrupted":
                self._tell("")
                self._tell(tr("Interrupted.", lang), "bold yellow")
            if self.run.index:
                self._tell(
                    tr(
                        "Your place is kept: step {step} of {count}. Come back with: {command}",
                        lang,
                        step=self.run.index + 1,
                        count=len(tutorial.steps),
                        command=start_command(tutorial),
                    ),
                    "bold",
                )
            return LearnOutcome(status, self.run.index)
        keep_progress(tutorial.key, None, self.progress)
        if tutorial.play_on and not self.run.state.is_over:
            return self.play_on()
        self.terminal.clear()
        last = tutorial.steps[-1].say[lang]
        ending = Group(
            self.teacher(last, help_line=False),
            Text(tr("The tutorial is over.", lang), style="bold green"),
            PhraseText(tr("Play a whole game with: {command}", lang, command=play_command(tutorial)), style="bold"),
        )
        self.terminal.console.print(self.frame(ending).renderable())
        return LearnOutcome("finished", self.run.index)

    def play_on(self) -> LearnOutcome:
        """After the last step, the game goes on against bots of the tutorial's ``play_on`` level,
        from that position, to its end — a game like any other (saved, resumable). The chance
        outcomes were scripted until now: from here they are drawn, as for a scripted record resumed."""
        tutorial = self.tutorial
        state = self.run.state
        state.scripted_chance = False
        bots = {seat: tutorial.play_on for seat in range(state.players) if seat != self.learner}
        session = PlaySession(
            state, self.learner, bots, self.terminal, lang=self.lang, delay=self.delay, seat_names=self.names
        )
        for lines in self.steps_seen:
            for line in lines:
                session.note(line.plain)
        session.note(
            tr(
                "The tutorial is over: the game goes on against {level} bots.",
                self.lang,
                level=bot_level_name(tutorial.play_on, self.lang),
            )
        )
        outcome = session.run()
        status = outcome.status
        return LearnOutcome("finished" if status == "finished" else status, self.run.index, session)
