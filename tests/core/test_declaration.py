"""A declaration's parts come through typed accessors: each is checked once loaded, a part of the wrong
kind is refused with an error naming it (and the game is left out), and a name that is not a
``"module:attribute"`` is refused where it is declared."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

import asobiba
from asobiba.cli.screens import terminal_screen
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.core import registry
from asobiba.core.declaration import GameDeclaration
from asobiba.core.hard_settings import HardSettings
from asobiba.games.survive.screen_fit import SurviveScreen

TESTS = Path(__file__).resolve().parent.parent


@pytest.fixture
def kuhn_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(TESTS))
    yield
    registry.unregister("kuhn-poker")


@pytest.mark.parametrize("part", ["game", "evaluator", "hard_settings", "screen", "rl"])
def test_a_part_named_as_a_module_alone_is_refused_where_it_is_declared(part: str) -> None:
    parts = {"game": "kuhn_poker:GAME", part: "kuhn_poker"}
    with pytest.raises(ValueError, match=rf"the game kuhn-poker's {part} must be named as 'module:attribute'"):
        GameDeclaration(name="kuhn-poker", **parts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("part", "named", "expected"),
    [
        ("screen", "kuhn_poker:GAME", r"not a TerminalScreen subclass \(it is of type KuhnPoker\)"),
        (
            "screen",
            "asobiba.games.survive.screen_fit:render",
            r"not a TerminalScreen subclass \(it is of type function\)",
        ),
        ("hard_settings", "kuhn_poker:GAME", r"not a HardSettings \(it is of type KuhnPoker\)"),
        ("rl", "kuhn_poker:GAME", r"not an RLSupport \(it is of type KuhnPoker\)"),
        (
            "evaluator",
            "asobiba.games.survive.data:MOVE_POINTS",
            r"not a function State -> list\[float\] \(it is of type int\)",
        ),
    ],
)
def test_a_part_of_the_wrong_kind_is_a_type_error_naming_it(
    kuhn_path: None, part: str, named: str, expected: str
) -> None:
    declared = GameDeclaration(name="kuhn-poker", game="kuhn_poker:GAME", **{part: named})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=rf"the game kuhn-poker's {part} \('{named}'\) is {expected}"):
        getattr(declared, part)()


def test_a_game_that_is_no_game_is_left_out_with_the_reason(kuhn_path: None) -> None:
    registry.register(GameDeclaration(name="kuhn-poker", game="asobiba.games.survive.screen_fit:SurviveScreen"))
    assert "kuhn-poker" not in asobiba.game_names()
    assert "is not a Game (it is of type type)" in registry.unavailable_games()["kuhn-poker"]
    with pytest.raises(asobiba.UnknownGame, match="cannot be loaded"):
        asobiba.get_game("kuhn-poker")


def test_parts_may_be_given_as_the_objects_themselves(kuhn_path: None) -> None:
    from kuhn_poker import GAME

    settings = HardSettings(search="pimc", moves=10)
    registry.register(GameDeclaration(name="kuhn-poker", game=GAME, screen=SurviveScreen, hard_settings=settings))
    declared = registry.declaration("kuhn-poker")
    assert declared.game() is GAME is asobiba.get_game("kuhn-poker")
    assert isinstance(declared.screen(), SurviveScreen) and declared.screen() is terminal_screen("kuhn-poker")
    assert declared.hard_settings() is settings
    assert declared.evaluator() is None and declared.rl() is None and not declared.declares("evaluator")


def test_an_undeclared_screen_is_the_generic_table_and_settings_the_defaults(kuhn_path: None) -> None:
    registry.register(GameDeclaration(name="kuhn-poker", game="kuhn_poker:GAME"))
    declared = registry.declaration("kuhn-poker")
    assert type(declared.screen()) is TerminalScreen
    assert declared.hard_settings() == HardSettings()


def test_a_copy_for_another_process_carries_the_names_not_what_was_loaded() -> None:
    declared = registry.declaration("survive")
    declared.screen()
    copy = pickle.loads(pickle.dumps(declared))
    assert copy.named("screen") == "asobiba.games.survive.screen_fit:SurviveScreen"
    assert copy._loaded == {}
    assert isinstance(copy.screen(), SurviveScreen)


def test_a_declaration_is_not_changed_once_made() -> None:
    declared = registry.declaration("survive")
    with pytest.raises(AttributeError, match="not changed once made"):
        declared.analysis_rollout_depth = 3
    assert declared.analysis_rollout_depth == 8
