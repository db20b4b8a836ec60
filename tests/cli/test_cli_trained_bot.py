"""The trained agent (``ppo``) in the terminal: the start menu offers it, with its name and a few words
in English and Japanese, at the tables its network was trained for only; typed at another table, or
given to ``asobiba play`` there, it is refused before the game starts, naming the setup it plays."""

from __future__ import annotations

import pytest
from tests.cli.conftest import Keyboard, new_terminal
from typer.testing import CliRunner

from asobiba.cli.main import app
from asobiba.cli.menu import StartMenu

pytest.importorskip("numpy")  # the ppo bot's networks run in numpy (the rl extra)


def opponents_listed(screen: str) -> str:
    return screen.split("Opponents", 1)[1] if "Opponents" in screen else screen.split("対戦相手", 1)[1]


@pytest.mark.parametrize(
    ("lang", "name", "about"),
    [("en", "trained (ppo)", "trained by reinforcement learning"), ("ja", "学習済み (ppo)", "強化学習")],
)
def test_the_start_menu_offers_ppo_at_its_table_with_its_name(lang: str, name: str, about: str) -> None:
    terminal, screen = new_terminal(Keyboard(["ppo"]), width=200)
    chosen = StartMenu(terminal, lang).ask_bots(3, "cockroach-poker", 4, {})
    assert chosen == ["ppo", "ppo", "ppo"]
    listed = opponents_listed(screen.getvalue())
    assert name in listed and about in listed


def test_the_start_menu_does_not_offer_ppo_at_another_table_and_refuses_it_typed() -> None:
    terminal, screen = new_terminal(Keyboard(["ppo", "trained", "normal"]), width=200)
    chosen = StartMenu(terminal, "en").ask_bots(2, "cockroach-poker", 3, {})
    assert chosen == ["normal", "normal"]
    shown = screen.getvalue()
    listed = shown.split("Bots for the", 1)[0]
    assert "(ppo)" not in listed and "trained" not in listed and "normal" in listed
    assert shown.count("cockroach_poker_trump_4p_v1") == 2  # each refusal names the setup it plays


def test_play_with_ppo_at_its_table_starts_and_at_another_is_refused_first() -> None:
    runner = CliRunner()
    base = ["play", "cockroach-poker", "--bots", "ppo", "--seed", "3", "--delay", "0", "--lang", "en"]
    refused = runner.invoke(app, [*base, "--players", "3"], input="q\n")
    assert refused.exit_code == 2
    assert "cockroach_poker_trump_4p_v1" in refused.output and "Traceback" not in refused.output
    played = runner.invoke(app, [*base, "--players", "4"], input="q\n", env={"COLUMNS": "200"})
    assert "trained bot" in played.output, played.output[-2000:]
