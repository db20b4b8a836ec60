"""One person against bots in the terminal: the screen, the moves, the log, the record."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from asobiba.bots import Bot, RandomBot, bot
from asobiba.cli.chooser import Chooser
from asobiba.cli.common import QuitGame, Terminal, UserError, player_name, tr
from asobiba.cli.screens import render_view, view_tree
from asobiba.core.errors import AsobibaError
from asobiba.core.events import Event
from asobiba.core.state import Action, State

#: How many log lines the turn screen shows (``l`` at the prompt shows them all).
LOG_LINES = 12
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
    """Write ``record`` as JSON to ``path`` (creating its folder); return the path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def describe_events(state: State, events: Sequence[Event], viewer: int | None, lang: str) -> list[str]:
    """The log lines ``viewer`` may read about ``events``, in ``lang``."""
    lines = []
    for event in state.events_for(events, viewer):
        try:
            lines.append(state.game.describe_event(event, lang))
        except Exception:  # an undescribed event is shown raw rather than stopping the game
            lines.append(json.dumps(event.to_dict(), ensure_ascii=False))
    return lines


def render_screen(view: dict[str, Any], lang: str) -> RenderableType:
    """The game's screen for ``view``; the raw view if the screen fails on it."""
    try:
        return render_view(view, lang)
    except Exception:  # a screen bug must not end the game: show the data instead
        return view_tree(view)


def result_table(result: Mapping[str, Any], players: int, lang: str, names: Sequence[str]) -> Table:
    """Who won, who lost, and the scores, one row per seat."""
    winners = set(result.get("winners") or [])
    losers = set(result.get("losers") or [])
    scores = result.get("scores")
    table = Table(title=tr("Result", lang))
    table.add_column(tr("Player", lang))
    table.add_column(tr("Outcome", lang))
    if isinstance(scores, list) and len(scores) == players:
        table.add_column(tr("Score", lang), justify="right")
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
    delay: float = 1.0
    save_path: Path | None = None
    bot_seed: int | None = None
    log: list[str] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    #: What happened before the first decision (the deal), for the log.
    setup_events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        for seat, name in self.bot_names.items():
            seed = None if self.bot_seed is None else self.bot_seed * 1000 + seat
            self.bots[seat] = bot(name, seed=seed)
        self.log.extend(describe_events(self.state, self.setup_events, self.human, self.lang))

    # ------------------------------------------------------------------ names and screens

    def name(self, seat: int) -> str:
        """How a seat is called on screen: ``p1 (normal bot)``."""
        return player_name(seat, self.lang, self.human, self.bot_names)

    def names(self) -> list[str]:
        """Every seat's name, in seat order."""
        return [self.name(seat) for seat in range(self.state.players)]

    def title(self) -> str:
        """The game's title in the player's language."""
        game = self.state.game
        return str(game.title.get(self.lang) or game.title.get("en") or game.name)

    def log_panel(self, fresh: int = 0) -> Panel:
        """The last lines of the log; the ``fresh`` newest ones highlighted."""
        shown = self.log[-LOG_LINES:]
        text = Text()
        first_fresh = len(shown) - fresh
        for index, line in enumerate(shown):
            if index:
                text.append("\n")
            text.append(("▶ " if index >= first_fresh else "  ") + line, style="bold" if index >= first_fresh else "")
        if not shown:
            text.append(tr("Nothing has happened yet.", self.lang), style="dim")
        return Panel(text, title=tr("What happened", self.lang), title_align="left")

    def turn_line(self) -> Text:
        """Whose turn it is, in words."""
        to_move = self.state.to_move
        if to_move is None:
            return Text(tr("The game is over.", self.lang), style="bold")
        if to_move == self.human:
            return Text(tr("Your turn, {player}.", self.lang, player=self.name(to_move)), style="bold green")
        return Text(tr("{player} is thinking…", self.lang, player=self.name(to_move)), style="cyan")

    def draw(self, fresh: int = 0) -> None:
        """The whole screen: title, the human's view, the log and whose turn it is."""
        console = self.terminal.console
        self.terminal.clear()
        seats = " · ".join(self.names())
        console.print(Rule(f"[bold]{escape(self.title())}[/bold] — {escape(seats)}"))
        console.print(render_screen(self.state.view(self.human), self.lang))
        console.print(self.log_panel(fresh))
        console.print(self.turn_line())

    def print_full_log(self) -> None:
        """Every line of the log (the ``l`` command)."""
        body = "\n".join(self.log) or tr("Nothing has happened yet.", self.lang)
        self.terminal.console.print(Panel(escape(body), title=tr("The whole log", self.lang), title_align="left"))

    def show_rules(self) -> None:
        """The game's rules in the player's language (the ``r`` command)."""
        from asobiba.cli.rules import show_rules

        try:
            show_rules(self.terminal.console, self.state.game.name, self.lang)
        except UserError as error:  # a game without rules text: say so, and play on
            self.terminal.console.print(escape(str(error)), style="yellow")

    # ------------------------------------------------------------------ turns

    def _record_events(self, actor: int, events: Sequence[Event]) -> int:
        lines = describe_events(self.state, events, self.human, self.lang)
        if not lines and actor != self.human:
            lines = [tr("{player} made a move.", self.lang, player=self.name(actor))]
        self.log.extend(lines)
        return len(lines)

    def human_turn(self) -> None:
        """Ask until the human's action is accepted; a refused one changes nothing."""
        state = self.state
        seat = self.human
        while True:
            action = Chooser(
                self.terminal, state, self.lang, show_log=self.print_full_log, show_rules=self.show_rules
            ).choose()
            refusal = self._refusal(action)
            if refusal is not None:
                self.terminal.console.print(
                    escape(tr("Not allowed: {reason}", self.lang, reason=refusal)), style="bold yellow"
                )
                continue
            events = state.apply(action)
            self._record_events(seat, events)
            return

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` cannot be played now (``state.check`` changes nothing), or ``None``."""
        try:
            self.state.check(action)
        except AsobibaError as error:
            return error.translated(self.lang)
        return None

    def bot_turn(self, seat: int) -> None:
        """Let the bot at ``seat`` move, and show what the human may see of it."""
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
        events = state.apply(action)
        fresh = self._record_events(seat, events)
        if self.terminal.console.is_terminal:
            self.draw(fresh)
        else:
            for line in self.log[len(self.log) - fresh :]:
                self.terminal.console.print("▶ " + escape(line), highlight=False)
        self.terminal.pause(self.delay)

    # ------------------------------------------------------------------ the session

    def record(self) -> dict[str, Any]:
        """The game's record, plus who sat where (ignored by replay)."""
        record = self.state.record()
        record["seats"] = [
            "human" if seat == self.human else self.bot_names.get(seat, "?") for seat in range(self.state.players)
        ]
        record["human"] = self.human
        record["saved"] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        return record

    def save(self) -> Path:
        """Save the record (to ``save_path`` or a new timestamped file) and return where."""
        if self.save_path is None:
            self.save_path = default_record_path(self.state.game.name)
        return save_record(self.record(), self.save_path)

    def finish(self) -> None:
        """The result screen."""
        console = self.terminal.console
        self.draw()
        result = self.state.result()
        console.print(result_table(result, self.state.players, self.lang, self.names()))
        winners = result.get("winners") or []
        if self.human in winners:
            console.print(Text(tr("You win!", self.lang), style="bold green"))
        elif winners:
            console.print(Text(tr("You lose.", self.lang), style="bold red"))

    def run(self) -> PlayOutcome:
        """Play to the end (or until the human quits or presses Ctrl-C); the record is saved in every case."""
        console = self.terminal.console
        lang = self.lang
        status = "finished"
        try:
            while not self.state.is_over:
                seat = self.state.to_move
                assert seat is not None and seat >= 0, "chance is resolved automatically in a played game"
                if seat == self.human:
                    self.draw()
                    self.human_turn()
                else:
                    self.bot_turn(seat)
            self.finish()
        except KeyboardInterrupt:
            status = "interrupted"
            console.print()
            console.print(escape(tr("Interrupted.", lang)), style="bold yellow")
        except (QuitGame, EOFError):
            status = "quit"
        try:
            path = self.save()
        except OSError as error:  # the game must not be lost: save it where records go by default
            wanted = self.save_path
            self.save_path = default_record_path(self.state.game.name)
            console.print(
                escape(tr("Could not save to {path} ({error}).", lang, path=wanted, error=error)), style="bold red"
            )
            path = self.save()
        if status == "finished":
            console.print(escape(tr("The record is saved in {path}", lang, path=path)))
        else:
            console.print(escape(tr("The game so far is saved in {path}", lang, path=path)), style="bold")
            console.print(escape(tr("Continue it with: asobiba resume {path}", lang, path=path)), style="dim")
        console.print(escape(tr("Watch it again with: asobiba replay {path}", lang, path=path)), style="dim")
        return PlayOutcome(status, path, self.state)
