"""The end of a game is always shown whole: who won, why, and the standings — at 80×24 too, in
both languages, also when a bot made the last move; Paper Safari's last round stays until Enter."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

import asobiba
from asobiba.cli.play import END_NOTE_LINES, PlaySession
from asobiba.i18n import Catalog

GAMES = asobiba.game_names()
SIZES = [(80, 24), (120, 40)]

Play = Callable[..., Any]


def first_choice(session: PlaySession) -> str:
    return "1"


def squeezed(text: str) -> str:
    """``text`` without spaces, line ends and frame edges (a wrapped line reads as one)."""
    return "".join(character for character in text if character not in " \n│┃▶")


def end_screen(session: PlaySession, width: int, height: int) -> tuple[str, int]:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False, record=True)
    fitted = session.end_frame(size=(width, height))
    console.print(fitted.renderable())
    return console.export_text(), fitted.height


def bot_finished(game: str, play: Play, lang: str) -> PlaySession:
    """A game that a bot's move ended (the first seed that gives one)."""
    for seed in range(1, 40):
        played = play(game, then=first_choice, seed=seed, lang=lang)
        session = played.session
        if played.outcome.status == "finished" and session.turns[-1].actor not in (None, session.human):
            return session
    pytest.skip(f"no seed below 40 lets a bot end {game}")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_end_is_shown_whole_when_a_bot_makes_the_last_move(
    game: str, lang: str, size: tuple[int, int], play: Play
) -> None:
    session = bot_finished(game, play, lang)
    width, height = size
    screen, _ = end_screen(session, width, height)
    shown = squeezed(screen)
    assert session.last_lines, "the last move said nothing"
    for line in session.last_lines:  # who lost or won, and why: every word of it
        assert squeezed(line) in shown, line
    for seat in range(session.state.players):
        assert squeezed(session.name(seat)) in shown
    cli = Catalog("cli")
    assert cli("The game is over.", lang) in screen
    assert "…" not in "".join(line for line in screen.splitlines() if "▶" in line)
    # the ending is the bottom of the frame: whatever scrolls away, it is what stays on screen
    bottom = "\n".join(screen.rstrip("\n").splitlines()[-(height - END_NOTE_LINES) :])
    assert squeezed(session.last_lines[-1]) in squeezed(bottom)
    assert squeezed(session.name(session.state.players - 1)) in squeezed(bottom)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_end_at_80x24_fits_the_screen_in_the_card_games(lang: str, play: Play) -> None:
    for game in ("cockroach-poker", "paper-safari"):
        session = bot_finished(game, play, lang)
        _, lines = end_screen(session, 80, 24)
        assert lines <= 24 - END_NOTE_LINES, game


def test_paper_safaris_last_round_panel_stays_until_enter(play: Play) -> None:
    played = play("paper-safari", then=first_choice, seed=3, lang="en")
    assert played.outcome.status == "finished"
    screen = played.screen
    last_round = screen.rindex("is over: the grids")
    wait = screen.index("Press Enter to see the result.", last_round)
    assert wait < screen.rindex("The game is over.")
