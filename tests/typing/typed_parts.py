"""Checked by mypy in the test command (``tests/test_lint.py``), never run: a game's parts come through
typed accessors, never as ``Any`` from a ``"module:attribute"`` text or a ``getattr`` lookup. The old
untyped forms are type errors (``warn_unused_ignores`` makes each ``type: ignore`` below an
assertion that mypy still finds that error)."""

from __future__ import annotations

from typing import Any, assert_type

from rich.console import RenderableType

from asobiba.cli.screens import terminal_screen
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.core.capabilities import GameCapabilities
from asobiba.core.game import Game
from asobiba.core.hard_settings import Evaluator, HardSettings
from asobiba.core.registry import GameDeclaration, declaration
from asobiba.core.state import Action
from asobiba.games.paper_safari.bots import HARD_SETTINGS, evaluate, round_over
from asobiba.games.paper_safari.state import PaperSafariState
from asobiba.games.paper_safari.view import PaperSafariFullView
from asobiba.games.survive.rl_compact import SurviveCompactCodec
from asobiba.games.survive.screen_fit import SurviveScreen
from asobiba.games.survive.state import SurviveState
from asobiba.games.survive.view import SurviveFullView
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.types import RLSupport


def typed_accessors(name: str) -> None:
    declared = declaration(name)
    assert_type(declared.game(), Game)
    assert_type(declared.evaluator(), Evaluator | None)
    assert_type(declared.hard_settings(), HardSettings[Any, Any])
    assert_type(declared.screen(), TerminalScreen)
    assert_type(declared.rl(), RLSupport | None)
    assert_type(declared.game().capabilities, GameCapabilities)
    assert_type(declared.game().capabilities.max_decisions, int | None)
    # The old form: a part loaded by name, as Any.
    declared.load("screen")  # type: ignore[attr-defined]


def screen_methods(view: dict[str, object]) -> None:
    screen = terminal_screen("survive")
    assert_type(screen.render(view, "en"), RenderableType)
    assert_type(screen.decision(view, "en"), str)
    assert_type(screen.round_summary(view, "en", 0), RenderableType | None)
    assert_type(screen.option_label("rules", "en"), str | None)
    # A hook that is no method of the screen is an error, not a getattr that finds nothing.
    screen.describe_board(view, "en")  # type: ignore[attr-defined]


def a_games_screen_reads_its_own_view(view: SurviveFullView, other: PaperSafariFullView) -> None:
    screen = SurviveScreen()
    assert_type(screen.decision(view, "en"), str)
    screen.decision(other, "en")  # type: ignore[arg-type]


def settings_hold_functions() -> None:
    assert_type(HARD_SETTINGS, HardSettings[PaperSafariState, PaperSafariFullView])
    assert_type(HARD_SETTINGS.cut, Any)  # type: ignore[assert-type]
    HardSettings(cut="asobiba.games.paper_safari.bots:round_over")  # type: ignore[arg-type]
    HardSettings[PaperSafariState, PaperSafariFullView](cut=round_over)
    HardSettings[SurviveState, SurviveFullView](cut=round_over)  # type: ignore[arg-type]
    HardSettings(search="best")  # type: ignore[arg-type]


def declarations_take_the_objects_or_their_names(game: Game) -> None:
    GameDeclaration(name="g", game=game, screen=SurviveScreen, hard_settings=HardSettings(search="pimc"))
    GameDeclaration(name="g", game="my_game:GAME", screen="my_game.screen:MyScreen")
    GameDeclaration(name="g", game=game, hard_settings=HARD_SETTINGS, evaluator=evaluate)
    GameDeclaration(name="g", game=game, evaluator=round_over)  # type: ignore[arg-type]
    GameDeclaration(name="g", game=game, screen=SurviveScreen())  # type: ignore[arg-type]
    GameDeclaration(name="g", game=game, screen_fit="my_game.screen_fit")  # type: ignore[call-arg]
    GameDeclaration(name="g", game=game, hard_settings={"search": "pimc"})  # type: ignore[arg-type]


def codecs_read_their_games_state(codec: SurviveCompactCodec, state: SurviveState, other: PaperSafariState) -> None:
    generic: ActionCodec = codec
    assert_type(codec.legal(state), dict[int, Action])
    codec.index_in(state.legal_actions()[0], state)
    codec.index_in(state.legal_actions()[0], other)  # type: ignore[arg-type]
    generic.mask(other)
