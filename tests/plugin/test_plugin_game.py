"""A game from another package plays everywhere with no change to asobiba: the example package
``examples/plugin_game`` (Goofspiel with sealed bids, found through its ``asobiba.games`` entry point)
is listed, played and simulated by the ``asobiba`` command, drawn by the generic terminal screen,
played by every bot level, and no asobiba file names it."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import asobiba
from asobiba.bots import bot
from asobiba.bots.arena import MatchConfig, run_match
from asobiba.cli.main import app
from asobiba.cli.screens import render_view, screen_hooks
from asobiba.core.registry import declaration

GAME = "goofspiel"
ROOT = Path(__file__).resolve().parents[2]


def test_the_game_comes_from_its_own_package_through_the_entry_point() -> None:
    declared = declaration(GAME)
    assert declared.game.startswith("asobiba_goofspiel")
    assert asobiba.get_game(GAME).__module__.startswith("asobiba_goofspiel")
    assert declared.screen is None and declared.web_renderer is None and declared.screen_fit is None


def test_no_asobiba_file_names_the_plugin_game() -> None:
    listed = subprocess.run(
        ["git", "grep", "-l", "-i", "-e", "goofspiel", "--", "src/asobiba"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert listed.stdout == "", f"asobiba files naming the plug-in game: {listed.stdout}"


def test_asobiba_games_lists_it_with_its_options() -> None:
    result = CliRunner().invoke(app, ["games", "--lang", "en"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert GAME in result.output and "Goofspiel (sealed bids)" in result.output and "cards" in result.output


def test_asobiba_play_plays_it_to_the_end_with_the_generic_screen(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = CliRunner().invoke(
        app,
        [
            "play",
            GAME,
            "--players",
            "3",
            "--bots",
            "normal,random",
            "--seed",
            "1",
            "--delay",
            "0",
            "--lang",
            "en",
            "--save",
            str(record),
        ],
        input="1\n" * 40,
    )
    assert result.exit_code == 0, result.output
    assert "The game is over." in result.output and "Result" in result.output
    assert "prizes_left" in result.output  # the generic screen: the view's keys as a tree
    replayed = asobiba.replay(json.loads(record.read_text(encoding="utf-8")))
    assert replayed.is_over


def test_asobiba_play_speaks_japanese_from_the_games_own_texts(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "play",
            GAME,
            "--players",
            "2",
            "--bots",
            "random",
            "--seed",
            "2",
            "--delay",
            "0",
            "--lang",
            "ja",
            "--save",
            str(tmp_path / "game.json"),
        ],
        input="1\n" * 30,
    )
    assert result.exit_code == 0, result.output
    assert "入札" in result.output


def test_asobiba_simulate_runs_it() -> None:
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--games", "30", "--bots", "normal,random,random", "--seed", "3", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "30 games" in result.output and "normal" in result.output


def test_the_generic_screen_draws_every_view_key() -> None:
    state = asobiba.new_game(GAME, players=2, seed=4)
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_view(state.view(0), "en"))
    text = console.export_text()
    for key in ("prize", "prizes_left", "hands", "scores", "rounds"):
        assert key in text
    assert screen_hooks(GAME) is None


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard", "ismcts"])
def test_every_bot_level_plays_it_to_the_end(level: str) -> None:
    state = asobiba.new_game(GAME, players=3, seed=5)
    players = [bot(level, seed=seat) for seat in range(3)]
    while not state.is_over:
        observation = state.observe(state.to_move)
        action = players[state.to_move].choose(observation)
        assert action in observation.legal_actions
        state.apply(action)
    assert state.result()["winners"]


def test_the_heuristic_beats_random_play() -> None:
    report = run_match(MatchConfig(game=GAME, players=2, bots=["normal", "random"], games=60, seed=6))
    rates = {row.bot: row.win_rate for row in report.rows}
    assert rates["normal"] > rates["random"]


def test_a_bots_choice_depends_on_its_view_only() -> None:
    state = asobiba.new_game(GAME, players=3, seed=7)
    state.apply(random.Random(1).choice(state.legal_actions()))  # p0 bids, face down
    observation = state.observe(1)
    other = state.determinize(1, seed=3)
    assert other.view(1) == state.view(1)
    assert bot("ismcts", seed=2).choose(observation) == bot("ismcts", seed=2).choose(other.observe(1))
