"""Stepping through a saved record from one player's (or a spectator's) point of view."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from asobiba.cli.common import QuitGame, Terminal, UserError, tr, typed_number
from asobiba.cli.layout import fit_frame
from asobiba.cli.play import LOG_LINES, describe_events, render_forms
from asobiba.core.errors import CorruptRecord
from asobiba.core.record import replay_steps
from asobiba.core.state import CHANCE


@dataclass(frozen=True)
class Step:
    """One step of a replay as the viewer sees it."""

    number: int
    actor: int | None
    view: Mapping[str, object]
    lines: tuple[str, ...]


def load_record(path: Path, lang: str) -> dict[str, Any]:
    """Read a record file; a missing or unreadable file raises :class:`UserError`, bad JSON
    :class:`~asobiba.CorruptRecord`."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(tr("no such file: {path}", lang, path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(tr("cannot read {path}: {error}", lang, path=path, error=error)) from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise CorruptRecord("{path} is not valid JSON ({error})", domain="cli", path=path, error=error) from None
    if not isinstance(record, dict):
        raise CorruptRecord("a record is a JSON object, not {kind}", kind=type(record).__name__)
    return record


def replay_record(record: Mapping[str, Any], viewer: int | None, lang: str) -> list[Step]:
    """Every step of ``record`` from ``viewer``'s side (``None``: a spectator).

    Raises :class:`~asobiba.CorruptRecord` if the record does not replay, and :class:`UserError`
    if ``viewer`` is not a seat of the game.
    """
    steps: list[Step] = []
    actor: int | None = None
    for state, action, events in replay_steps(record):
        if viewer is not None and not 0 <= viewer < state.players:
            raise UserError(
                tr(
                    "there is no player {player}; this game has p0 to p{last}",
                    lang,
                    player=viewer,
                    last=state.players - 1,
                )
            )
        lines = tuple(describe_events(state, events, viewer, lang))
        steps.append(Step(len(steps), actor if action is not None else None, state.view(viewer), lines))
        actor = state.to_move
    return steps


class ReplayViewer:
    """Shows steps one at a time: Enter = next, b = back, q = quit (or all at once)."""

    def __init__(self, terminal: Terminal, steps: list[Step], viewer: int | None, lang: str, title: str) -> None:
        self.terminal = terminal
        self.steps = steps
        self.viewer = viewer
        self.lang = lang
        self.title = title

    def who(self) -> str:
        """Whose side the replay shows: ``p1`` or the spectator."""
        if self.viewer is None:
            return tr("spectator", self.lang)
        return f"p{self.viewer}"

    def step_lines(self, step: Step) -> list[str]:
        """What the viewer saw happen at ``step``, in words."""
        lang = self.lang
        if step.number == 0:
            return [tr("The game begins.", lang)]
        if step.lines:
            return list(step.lines)
        if step.actor == CHANCE or step.actor is None:
            return [tr("Chance decides.", lang)]
        return [tr("p{seat} made a move you could not see.", lang, seat=step.actor)]

    def show(self, index: int, earlier: bool = True) -> None:
        """Draw step ``index``: its screen and what the viewer saw happen (after the ``earlier``
        lines of the log, dimmed, when asked), fitted to a real terminal's size."""
        lang = self.lang
        step = self.steps[index]
        console = self.terminal.console
        self.terminal.clear()
        heading = tr(
            "{title} — step {number} of {total}, seen by {viewer}",
            lang,
            title=self.title,
            number=step.number,
            total=len(self.steps) - 1,
            viewer=self.who(),
        )
        header = Text(heading, style="bold", no_wrap=True, overflow="ellipsis")
        current = [Text("▶ " + line, style="bold") for line in self.step_lines(step)]
        before: list[Text] = []
        if earlier:
            for previous in self.steps[1:index]:
                before.extend(Text("  " + line, style="dim") for line in previous.lines)
        height = console.size.height if console.is_terminal else None
        fitted = fit_frame(
            console,
            width=console.size.width,
            height=height,
            header=header,
            screens=render_forms(step.view, lang),
            log_lines=[*before, *current][-LOG_LINES:] if height is None else [*before, *current],
            log_title=Rule(tr("What happened", lang), align="left", style="dim"),
            decision=Text(""),
        )
        console.print(fitted.renderable())

    def run_all(self) -> None:
        """Print every step."""
        try:
            for index in range(len(self.steps)):
                self.show(index, earlier=False)
        except KeyboardInterrupt:
            return

    def run(self) -> None:
        """Step interactively until the user quits or passes the end."""
        lang = self.lang
        index = 0
        self.show(index)
        while True:
            try:
                command = self.terminal.ask(escape(tr("[Enter] next · b back · q quit: ", lang))).casefold()
            except (EOFError, KeyboardInterrupt, QuitGame):
                self.terminal.console.print()
                return
            if command in {"q", "quit", "exit"}:
                return
            if command in {"b", "back", "p"}:
                if index == 0:
                    self.terminal.console.print(escape(tr("This is the first step.", lang)), style="yellow")
                    continue
                index -= 1
            elif command in {"", "n", "next"}:
                if index == len(self.steps) - 1:
                    self.terminal.console.print(escape(tr("That was the last step.", lang)), style="bold")
                    return
                index += 1
            elif (number := typed_number(command)) is not None and number < len(self.steps):
                index = number
            else:
                self.terminal.console.print(
                    escape(tr("Press Enter for the next step, b to go back, q to quit, or a step number.", lang)),
                    style="yellow",
                )
                continue
            self.show(index)
