"""The conformance kit (``asobiba.testing.check_game``) passes a game that keeps the contract, whatever
its capabilities (two players, no option, no secret), and fails a game that breaks it, naming how."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from asobiba.core import registry
from asobiba.testing import ConformanceError, capabilities, check_game

TESTS = Path(__file__).resolve().parent
#: The games of tests/broken_games.py: name -> attribute.
GAMES = {"kuhn-two": "TWO", "kuhn-leaky": "LEAKY", "kuhn-forgetful": "FORGETFUL", "kuhn-sharing": "SHARING"}


@pytest.fixture(autouse=True)
def broken_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(TESTS))
    for name, attribute in GAMES.items():
        registry.register(registry.GameDeclaration(name=name, game=f"broken_games:{attribute}"))
    yield
    for name in GAMES:
        registry.unregister(name)


def test_a_two_player_game_without_options_or_secrets_passes() -> None:
    found = capabilities("kuhn-two")
    assert found.player_counts == (2,) and found.secret_options == () and found.chance
    report = check_game("kuhn-two", seeds=2)
    assert "odd_inputs" in report.passed and "views" in report.passed
    assert report.skipped == {"secret_options": "the game declares no secret option"}


def test_a_view_that_shows_another_players_card_fails() -> None:
    with pytest.raises(ConformanceError, match="view changed by determinize"):
        check_game("kuhn-leaky", seeds=2)


def test_a_game_whose_replay_diverges_fails() -> None:
    with pytest.raises(ConformanceError, match="replay's views differ"):
        check_game("kuhn-forgetful", seeds=2)


def test_a_state_whose_clone_shares_a_list_fails() -> None:
    with pytest.raises(ConformanceError, match=r"clone\(\) would share \['moves'\]"):
        check_game("kuhn-sharing", seeds=2)


def test_importing_the_kit_imports_neither_pytest_nor_hypothesis() -> None:
    probe = (
        "import sys, asobiba.testing; "
        "loaded = [m for m in ('pytest', 'hypothesis') if m in sys.modules]; "
        "print(loaded); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
