"""A game from another package plays everywhere with no change to asobiba: the example package
``examples/plugin_game`` (Goofspiel with sealed bids, found through its ``asobiba.games`` entry point)
is listed, played and simulated by the ``asobiba`` command, drawn by the generic terminal screen,
played by every bot level, and no asobiba file names it."""

from __future__ import annotations

import io
import json
import random
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import asobiba
from asobiba.bots import bot
from asobiba.bots.arena import MatchConfig, run_match
from asobiba.cli.chooser import Choice
from asobiba.cli.main import app
from asobiba.cli.screens import generic, render_view, terminal_screen
from asobiba.cli.screens.terminal import TerminalScreen
from asobiba.core.registry import declaration
from asobiba.core.state import Action

GAME = "goofspiel"
ROOT = Path(__file__).resolve().parents[2]


def test_the_game_comes_from_its_own_package_through_the_entry_point() -> None:
    declared = declaration(GAME)
    assert declared.game().__module__.startswith("asobiba_goofspiel")
    assert asobiba.get_game(GAME) is declared.game()
    assert not declared.declares("screen") and declared.web_renderer is None and declared.web_style is None


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
    assert "The game is over." in result.output and "Outcome" in result.output  # the ending and its standings
    assert "prizes left" in result.output and "Players" in result.output  # the generic table: panels
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
    # the opponent's move, as its log line reads in the game's own catalog (locale/ja/LC_MESSAGES/goofspiel.po)
    assert "p1が伏せて入札する" in result.output


def test_asobiba_games_in_japanese_shows_its_options_from_its_own_catalog() -> None:
    result = CliRunner().invoke(app, ["--lang", "ja", "games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "グーフシュピール（封印入札）" in result.output
    assert "各プレイヤーの手札と賞品の山の枚数（1からこの数まで）" in result.output


def test_asobiba_simulate_runs_it() -> None:
    result = CliRunner().invoke(
        app, ["simulate", GAME, "--games", "30", "--bots", "normal,random,random", "--seed", "3", "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    assert "30 games" in result.output and "normal" in result.output


def test_the_generic_table_draws_every_view_key_and_the_players_in_one_table() -> None:
    state = asobiba.new_game(GAME, players=2, seed=4)
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(state.view(0), "en"))
    text = console.export_text()
    for key in ("prize", "prizes left", "hands", "scores", "rounds", "Players", "p0 (you)"):
        assert key in text
    assert type(terminal_screen(GAME)) is TerminalScreen  # the generic table's, every method


@dataclass(frozen=True, slots=True)
class Place(Action):
    row: int
    column: int

    def __str__(self) -> str:
        return f"place {self.row} {self.column}"


@dataclass(frozen=True, slots=True)
class Wait(Action):
    def __str__(self) -> str:
        return "wait"


def test_the_generic_table_groups_long_move_lists_by_their_data() -> None:
    view = asobiba.new_game(GAME, players=2, seed=4).view(0)
    places = [Choice(Place(row, column), str(Place(row, column)), "") for row in range(5) for column in range(5)]
    groups = generic.group_moves(view, places, "en")
    assert groups is not None and [group.key for group in groups] == [f"row: {row}" for row in range(5)]
    assert all(len(group.choices) == 5 for group in groups)
    kinds = generic.group_moves(view, [*places, Choice(Wait(), "wait", "")], "en")
    assert kinds is not None and [(group.key, len(group.choices)) for group in kinds] == [("place", 25), ("wait", 1)]
    assert generic.group_moves(view, places[:5], "en") is None  # a short list is shown whole
    assert generic.decision(view, "ja") == "決めること: bid。"


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


def test_its_declared_encoder_and_codec_serve_the_research_api() -> None:
    rl = pytest.importorskip("asobiba.rl", reason="the research API needs the rl extra (numpy)")
    from asobiba.rl.support import support

    assert type(support(GAME).encoder(asobiba.get_game(GAME), 2, {"cards": 6})).__module__ == "asobiba_goofspiel.rl"
    state = asobiba.new_game(GAME, players=3, seed=8)
    encoder = rl.encoder(GAME, 3)
    codec = rl.codec(GAME, 3)
    while not state.is_over:
        player = state.to_move
        tensor = encoder.encode(state.view(player))
        assert tensor.shape == encoder.shape and (tensor <= encoder.high).all()
        sample = state.determinize(player, seed=1)
        assert (encoder.encode(sample.view(player)) == tensor).all(), "the tensor reads the view only"
        legal = {codec.index(action) for action in state.legal_actions()}
        assert set(codec.mask(state).nonzero()[0]) == legal
        state.apply(codec.action(min(legal), state))


def test_analyse_reads_a_record_of_it_with_the_depth_its_declaration_gives() -> None:
    from asobiba.bots.analysis import analyse

    state = asobiba.new_game(GAME, players=2, seed=9)
    players = [bot("normal", seed=1), bot("random", seed=2)]
    while not state.is_over:
        state.apply(players[state.to_move].choose(state.observe(state.to_move)))
    analysis = analyse(state.record(), player=0, samples=4, seed=1)
    assert analysis.game == GAME and analysis.rollout_depth == declaration(GAME).analysis_rollout_depth
    assert len(analysis.decisions) == 5  # one bid a round; the last round's bid is forced (one card left)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoos_api_test_passes_on_it() -> None:
    rl = pytest.importorskip("asobiba.rl", reason="the research API needs the rl extra (numpy)")
    from pettingzoo.test import api_test

    api_test(rl.env(GAME, players=3), num_cycles=60)


def test_gymnasiums_check_env_passes_on_it_against_a_bot() -> None:
    rl = pytest.importorskip("asobiba.rl", reason="the research API needs the rl extra (numpy)")
    from gymnasium.utils.env_checker import check_env

    check_env(rl.gym_env(GAME, players=2, opponents="random"), skip_render_check=True)


def test_openspiels_random_simulation_passes_on_it() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from asobiba.rl.openspiel import spiel_names

    game = pyspiel.load_game(spiel_names()[GAME], {"players": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
