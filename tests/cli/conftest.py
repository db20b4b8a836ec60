"""Driving the terminal UI as a person would: scripted keyboard, a console writing to a string."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.console import Console

import asobiba
from asobiba.cli.common import Terminal
from asobiba.cli.play import PlayOutcome, PlaySession


@dataclass
class Keyboard:
    """What the player types, line by line. An item may be a text, an exception to raise (Ctrl-C
    is ``KeyboardInterrupt``), or a function of the session returning either; when the script runs
    out, ``then`` answers (``None``: end of input)."""

    script: list[object]
    then: Callable[[PlaySession], str] | None = None
    session: PlaySession | None = None
    prompts: int = 0

    def __call__(self) -> str:
        self.prompts += 1
        item: object
        if self.script:
            item = self.script.pop(0)
        elif self.then is not None:
            assert self.session is not None
            item = self.then(self.session)
        else:
            raise EOFError
        if callable(item) and not isinstance(item, type):
            assert self.session is not None
            item = item(self.session)
        if isinstance(item, BaseException) or (isinstance(item, type) and issubclass(item, BaseException)):
            raise item
        assert isinstance(item, str)
        return item


@dataclass
class Played:
    """A finished session and everything the screen showed."""

    outcome: PlayOutcome
    session: PlaySession
    screen: str
    keyboard: Keyboard
    record_path: Path = field(init=False)

    def __post_init__(self) -> None:
        assert self.outcome.record_path is not None
        self.record_path = self.outcome.record_path


def new_terminal(
    read: Callable[[], str], width: int = 100, sleep: Callable[[float], None] | None = None
) -> tuple[Terminal, io.StringIO]:
    """A terminal whose screen is a string and whose keyboard is ``read`` (pauses take no time)."""
    screen = io.StringIO()
    console = Console(file=screen, width=width, color_system=None, force_terminal=False, legacy_windows=False)
    return Terminal(console=console, read=read, sleep=sleep or (lambda seconds: None)), screen


@pytest.fixture
def make_terminal() -> Callable[..., tuple[Terminal, io.StringIO]]:
    """``make_terminal(read, width=100)``: a terminal on a string, typed on by ``read``."""
    return new_terminal


def small_table(game: str) -> int:
    """Players for a quick game: the smallest table the default rules allow (at least 3 if possible)."""
    from asobiba.cli.common import player_range

    low, high = player_range(asobiba.get_game(game), {})
    return max(low, min(high, 3))


@pytest.fixture
def play(tmp_path: Path) -> Iterator[Callable[..., Played]]:
    """``play(game, keys, then=..., seed=..., lang=..., bots=...)`` runs a session to its end."""

    def run(
        game: str,
        keys: Iterable[object] = (),
        *,
        then: Callable[[PlaySession], str] | None = None,
        seed: int = 1,
        lang: str = "en",
        bots: str = "random",
        players: int | None = None,
        human: int = 0,
        width: int = 100,
        sleep: Callable[[float], None] | None = None,
    ) -> Played:
        keyboard = Keyboard(list(keys), then)
        terminal, screen = new_terminal(keyboard, width, sleep)
        count = players or small_table(game)
        state = asobiba.new_game(game, count, seed=seed)
        seats = {seat: bots for seat in range(count) if seat != human}
        session = PlaySession(
            state,
            human,
            seats,
            terminal,
            lang=lang,
            delay=0.5,
            save_path=tmp_path / f"{game}-{seed}.json",
            bot_seed=seed,
        )
        keyboard.session = session
        outcome = session.run()
        return Played(outcome, session, screen.getvalue(), keyboard)

    yield run
