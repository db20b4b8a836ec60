"""The `asobiba` commands through Typer's test runner: output, files, and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import asobiba
from asobiba.cli.main import app

GAMES = asobiba.game_names()
USAGE_ERROR = 2


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def saved_game(runner: CliRunner, game: str, path: Path, keys: str = "1\n1\n1\nq\n") -> dict[str, object]:
    """Play a few moves of ``game`` through the command and return the saved record."""
    result = runner.invoke(
        app,
        ["play", game, "--seed", "4", "--delay", "0", "--bots", "random", "--save", str(path), "--lang", "en"],
        input=keys,
    )
    assert result.exit_code == 0, result.output
    record: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return record


def assert_one_line_error(output: str, *fragments: str) -> None:
    assert "Traceback" not in output
    lines = [line for line in output.splitlines() if line.startswith("Error: ")]
    assert len(lines) == 1, output
    for fragment in fragments:
        assert fragment in lines[0], output


# ---------------------------------------------------------------------------------------- games, version


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    version, core = result.output.strip().splitlines()
    assert version == f"asobiba {asobiba.__version__}"
    assert core.startswith("core: ")  # which rules core is in use (tests/core/test_compiled_core.py)


def test_games_lists_every_game_with_titles_and_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--lang", "en"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for name in GAMES:
        game = asobiba.get_game(name)
        assert name in result.output
        assert game.title["en"] in result.output and game.title["ja"] in result.output
        for option in game.options:
            assert option.name in result.output


# ---------------------------------------------------------------------------------------- errors


def test_an_unknown_game_is_one_line_and_exit_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "chess", "--delay", "0"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "unknown game 'chess'")


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_option_names_it(runner: CliRunner, game: str) -> None:
    result = runner.invoke(app, ["play", game, "--option", "no_such_rule=1", "--delay", "0", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "no_such_rule")


def test_an_option_without_a_value_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", GAMES[0], "--option", "garbage", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "key=value")


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_option_value_names_the_option(runner: CliRunner, game: str) -> None:
    options = [option for option in asobiba.get_game(game).options if option.choices]
    if not options:
        pytest.skip(f"{game} has no option with choices")
    option = options[0]
    result = runner.invoke(app, ["play", game, "--option", f"{option.name}=not-a-choice", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, option.name)


def test_an_unknown_bot_lists_the_bots(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", GAMES[0], "--bots", "deep-blue", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "deep-blue", "random")


def test_too_many_players_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", GAMES[0], "--players", "99", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "99")


def test_a_seat_outside_the_table_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", GAMES[0], "--seat", "9", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "--seat")


def test_an_unknown_language_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--lang", "fr"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "'fr'")


def test_errors_speak_japanese(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", GAMES[0], "--bots", "deep-blue", "--lang", "ja"])
    assert result.exit_code == USAGE_ERROR
    assert "エラー：" in result.output and "deep-blue" in result.output


@pytest.mark.skipif("cockroach-poker" not in GAMES, reason="cockroach-poker is not registered")
def test_rules_maps_to_the_rules_option(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "original.json"
    result = runner.invoke(
        app,
        ["play", "cockroach-poker", "--rules", "original", "--players", "3", "--delay", "0", "--save", str(path)],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text(encoding="utf-8"))["options"]["rules"] == "original"
    result = runner.invoke(app, ["play", "cockroach-poker", "--rules", "chess", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "rules")


# ---------------------------------------------------------------------------------------- play


@pytest.mark.parametrize("game", GAMES)
def test_play_saves_where_asked_and_the_record_replays(runner: CliRunner, game: str, tmp_path: Path) -> None:
    record = saved_game(runner, game, tmp_path / "game.json")
    assert record["game"] == game
    asobiba.replay(record)


def test_play_saves_in_asobiba_records_by_default(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", GAMES[0], "--delay", "0", "--seed", "1"], input="q\n")
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "asobiba-records").glob(f"{GAMES[0]}-*.json"))
    assert len(saved) == 1
    assert saved[0].name in result.output.replace("\n", "")


def test_the_language_comes_from_lang(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ja.json"
    args = ["play", GAMES[0], "--delay", "0", "--seed", "1", "--save", str(path)]
    result = runner.invoke(app, args, input="q\n", env={"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "あなたの番です" in result.output
    result = runner.invoke(app, args, input="q\n", env={"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""})
    assert "Your turn" in result.output


def test_the_start_menu_with_every_default_starts_a_game(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # language, game, rule set (Cockroach Poker has two), change the rules?, players, bots: all
    # Enter; then quit the game.
    enters = "\n" * (6 if GAMES[0] == "cockroach-poker" else 5)
    result = runner.invoke(app, ["--delay", "0", "--lang", "en", "--seed", "3"], input=enters + "q\n")
    assert result.exit_code == 0, result.output
    assert "Welcome to asobiba" in result.output
    assert "Which game?" in result.output
    assert "How many players, you included?" in result.output
    record_path = next((tmp_path / "asobiba-records").glob("*.json"))
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["game"] == GAMES[0] and record["seed"] == 3 and record["human"] == 0


def test_the_start_menu_reasks_after_bad_answers(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    game = GAMES[-1]
    number = GAMES.index(game) + 1
    keys = f"2\n7\n{number}\nmaybe\nn\n99\n\nnobody\n\nq\n"
    result = runner.invoke(app, ["--delay", "0"], input=keys, env={"LANG": "C"})
    assert result.exit_code == 0, result.output
    assert "1から" in result.output  # chose Japanese, then a number out of range
    assert "y か n で答えてください" in result.output
    assert "'nobody'" in result.output
    record_path = next((tmp_path / "asobiba-records").glob("*.json"))
    assert json.loads(record_path.read_text(encoding="utf-8"))["game"] == game


def test_the_start_menu_can_change_the_rules(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if "cockroach-poker" not in GAMES:
        pytest.skip("cockroach-poker is not registered")
    monkeypatch.chdir(tmp_path)
    number = GAMES.index("cockroach-poker") + 1
    from asobiba.cli.common import option_accepts

    game = asobiba.get_game("cockroach-poker")
    original = [
        option
        for option in game.options
        if option_accepts(option) and not option.doc.startswith("trump only") and not option.research
    ]
    rules = "\n" * (len(original) - 1)  # every option of the original rules the menu asks but the rule set itself
    keys = f"1\n{number}\noriginal\ny\n{rules}3\nrandom\nq\n"
    result = runner.invoke(app, ["--delay", "0"], input=keys)
    assert result.exit_code == 0, result.output
    assert "rule set" in result.output and "original (the original animals)" in result.output
    record_path = next((tmp_path / "asobiba-records").glob("*.json"))
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["options"]["rules"] == "original" and record["players"] == 3
    assert record["seats"] == ["human", "random", "random"]


def test_ctrl_c_in_the_menu_says_goodbye(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "en"], input="")
    assert result.exit_code == 0
    assert "Goodbye!" in result.output


# ---------------------------------------------------------------------------------------- replay


@pytest.mark.parametrize("game", GAMES)
def test_replay_all_shows_every_step_from_the_players_side(runner: CliRunner, game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(runner, game, path)
    actions = record["actions"]
    assert isinstance(actions, list)
    result = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert f"step {len(actions)} of {len(actions)}, seen by p0" in result.output
    assert "The game begins." in result.output
    spectator = runner.invoke(app, ["replay", str(path), "--all", "--spectator"], env={"COLUMNS": "200"})
    assert spectator.exit_code == 0
    assert "seen by spectator" in spectator.output


def test_replay_steps_forward_and_back(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved_game(runner, GAMES[0], path)
    result = runner.invoke(
        app, ["replay", str(path), "--player", "1", "--lang", "en"], input="\n\nb\nwhat\nq\n", env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    headings = [line for line in result.output.splitlines() if ", seen by p1" in line]
    assert [heading.split("step ")[1].split(" of")[0] for heading in headings] == ["0", "1", "2", "1"]
    assert "Press Enter for the next step" in result.output


def test_replay_refuses_a_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.json"), "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "no such file")


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2, 3]",
        '{"game": "chess", "players": 2, "options": {}, "seed": 1, "actions": []}',
        '{"game": "GAME", "players": "three", "options": {}, "seed": 1, "actions": []}',
        '{"game": "GAME", "players": 3, "options": {}, "seed": 1, "actions": [1, 2]}',
    ],
    ids=["bad-json", "not-an-object", "wrong-game", "bad-players", "bad-actions"],
)
def test_replay_refuses_a_corrupt_record_without_a_traceback(runner: CliRunner, tmp_path: Path, content: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content.replace("GAME", GAMES[0]), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output)


def test_replay_refuses_a_truncated_action(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(runner, GAMES[0], path)
    actions = record["actions"]
    assert isinstance(actions, list)
    actions[-1] = actions[-1][: max(1, len(actions[-1]) // 3)]
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "does not replay")


def test_replay_refuses_a_player_not_at_the_table(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved_game(runner, GAMES[0], path)
    result = runner.invoke(app, ["replay", str(path), "--player", "9", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "player 9")


# ---------------------------------------------------------------------------------------- simulate, rate


@pytest.mark.parametrize("game", GAMES)
def test_simulate_json_parses(runner: CliRunner, game: str, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", game, "--games", "2", "--bots", "random", "--seed", "1", "--json", "--records", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 2
    assert [row["bot"] for row in report["rows"]] == ["random"]
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_simulate_prints_a_table(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["simulate", GAMES[0], "--games", "3", "--bots", "heuristic,random", "--lang", "en"],
        env={"COLUMNS": "120"},
    )
    assert result.exit_code == 0, result.output
    for header in ("Bot", "Rate", "95% CI", "p50", "p99", "heuristic", "random", "decisions a game"):
        assert header in result.output


@pytest.mark.parametrize(
    "arguments",
    [["--bots", "deep-blue"], ["--games", "0", "--bots", "random"], [], ["--bots", "random", "--option", "x=1"]],
    ids=["unknown-bot", "no-games", "no-bots", "bad-option"],
)
def test_simulate_refuses_bad_requests(runner: CliRunner, arguments: list[str]) -> None:
    result = runner.invoke(app, ["simulate", GAMES[0], "--lang", "en", *arguments])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output)


def test_rate_json_parses(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["rate", GAMES[0], "--bots", "random,heuristic", "--games-per-pair", "2", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert [rating["bot"] for rating in table["ratings"]] == ["random", "heuristic"]


def test_rate_prints_the_ladder_as_a_markdown_table(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["rate", GAMES[0], "--bots", "random,heuristic", "--games-per-pair", "4", "--seed", "1", "--markdown"]
    )
    assert result.exit_code == 0, result.output
    ladder, pairs = result.stdout.strip().split("\n\n")
    lines = ladder.splitlines()
    assert lines[:2] == ["| bot | rating | 95% interval |", "|---|---:|---:|"]
    assert sorted(line.split(" | ")[0] for line in lines[2:]) == ["| heuristic", "| random"]
    assert lines[-1].endswith("| (anchor) |") or lines[-2].endswith("| (anchor) |")
    assert pairs.splitlines()[0] == "| pair | games | first's score |"
    assert pairs.splitlines()[2].startswith("| random – heuristic | 4 | ")


def test_rate_adaptive_gives_more_games_to_the_pairs_whose_neighbours_overlap(runner: CliRunner) -> None:
    arguments = ["rate", GAMES[0], "--bots", "random,easy", "--games-per-pair", "2", "--seed", "1", "--json"]
    fixed = json.loads(runner.invoke(app, arguments).stdout)
    adaptive = runner.invoke(app, [*arguments, "--max-games-per-pair", "6", "--lang", "en"])
    assert adaptive.exit_code == 0, adaptive.output
    assert fixed["pairs"][0]["games"] == 2
    assert json.loads(adaptive.stdout)["pairs"][0]["games"] == 6  # 2 and 6 games leave random and easy overlapping
    assert "These neighbours' 95% intervals overlap: random – easy" in adaptive.stderr


def test_rate_duplicate_needs_whole_seat_rotations(runner: CliRunner) -> None:
    result = runner.invoke(
        app,
        ["rate", GAMES[0], "--bots", "random,easy", "--games-per-pair", "4", "-n", "3", "--duplicate", "--lang", "en"],
    )
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "multiple of 6")


def test_rate_refuses_a_maximum_below_the_games_per_pair(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["rate", GAMES[0], "--games-per-pair", "10", "--max-games-per-pair", "5", "--lang", "en"]
    )
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "--max-games-per-pair")


def test_rate_keeps_a_bots_budget_of_games(runner: CliRunner) -> None:
    arguments = ["rate", GAMES[0], "--bots", "random,easy", "--games-per-pair", "2", "--seed", "1", "--json"]
    result = runner.invoke(app, [*arguments, "--max-games-per-pair", "40", "--max-games-with", "easy=4"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["pairs"][0]["games"] == 4


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--max-games-with", "easy=4"], "--max-games-per-pair"),
        (["--max-games-per-pair", "8", "--max-games-with", "easy"], "BOT=N"),
        (["--max-games-per-pair", "8", "--max-games-with", "hard=4"], "budget"),
    ],
    ids=["without-adaptive", "no-number", "not-a-rated-bot"],
)
def test_rate_refuses_a_bad_budget(runner: CliRunner, extra: list[str], fragment: str) -> None:
    result = runner.invoke(
        app, ["rate", GAMES[0], "--bots", "random,easy", "--games-per-pair", "2", *extra, "--lang", "en"]
    )
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, fragment)


def test_rate_help_names_the_adaptive_and_duplicate_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rate", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in ("--games-per-pair", "--max-games-per-pair", "--max-games-with", "--duplicate"):
        assert option in result.output


def test_rate_refuses_an_unknown_bot(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rate", GAMES[0], "--bots", "random,deep-blue", "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "deep-blue")


# ---------------------------------------------------------------------------------------- resume


@pytest.mark.parametrize("game", GAMES)
def test_resume_continues_a_quit_game_with_the_same_seats(runner: CliRunner, game: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = saved_game(runner, game, path, keys="q\n")
    result = runner.invoke(app, ["resume", str(path), "--delay", "0", "--lang", "en"], input="1\n1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "The game continues from" in result.output
    second = json.loads(path.read_text(encoding="utf-8"))
    assert second["seats"] == first["seats"] and second["human"] == first["human"]
    assert second["actions"][: len(first["actions"])] == first["actions"]  # type: ignore[arg-type]
    assert len(second["actions"]) > len(first["actions"])  # type: ignore[arg-type]


def test_resume_refuses_a_finished_game_and_a_record_without_seats(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(runner, GAMES[0], path, keys="q\n")
    del record["seats"]
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["resume", str(path), "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "who sat where")
    runner.invoke(app, ["simulate", GAMES[0], "--games", "1", "--bots", "random", "--records", str(tmp_path / "m")])
    finished = next((tmp_path / "m").glob("*.json"))
    played = json.loads(finished.read_text(encoding="utf-8"))
    played.update(seats=["human"] + ["random"] * (played["players"] - 1), human=0)
    finished.write_text(json.dumps(played), encoding="utf-8")
    result = runner.invoke(app, ["resume", str(finished), "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "over")


def test_an_unwritable_save_path_is_refused_before_the_game(runner: CliRunner, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = runner.invoke(app, ["play", GAMES[0], "--save", str(blocker / "x.json"), "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "cannot save the record")
    result = runner.invoke(app, ["play", GAMES[0], "--save", str(tmp_path), "--lang", "en"])
    assert result.exit_code == USAGE_ERROR
    assert_one_line_error(result.output, "is a folder")


def test_ctrl_c_stops_a_simulation_with_exit_130(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    import asobiba.cli.simulate

    def interrupted(*arguments: object, **keywords: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(asobiba.cli.simulate, "run_match", interrupted)
    result = runner.invoke(app, ["simulate", GAMES[0], "--games", "5", "--bots", "random", "--lang", "en"])
    assert result.exit_code == 130
    assert "Interrupted." in result.output and "Traceback" not in result.output


def test_ctrl_c_ends_a_replay_quietly(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from asobiba.cli.common import Terminal
    from asobiba.cli.replay import ReplayViewer, replay_record

    record = asobiba.new_game(GAMES[0], 3, seed=1).record()
    steps = replay_record(record, None, "en")

    def ctrl_c() -> str:
        raise KeyboardInterrupt

    terminal = Terminal(console=Console(file=io.StringIO(), width=100), read=ctrl_c)
    ReplayViewer(terminal, steps, None, "en", "title").run()  # returns, no exception


def test_rate_anchors_the_ladder_where_asked(runner: CliRunner) -> None:
    arguments = ["rate", GAMES[0], "--bots", "random,easy", "--games-per-pair", "4", "--seed", "1"]
    result = runner.invoke(app, [*arguments, "--anchor", "easy", "--markdown"])
    assert result.exit_code == 0, result.output
    assert "| easy | 1000 | (anchor) |" in result.stdout
    table = runner.invoke(app, [*arguments, "--anchor", "easy", "--lang", "en"])
    assert "easy fixed at 1000" in table.stdout
    refused = runner.invoke(app, [*arguments, "--anchor", "hard", "--lang", "en"])
    assert refused.exit_code == USAGE_ERROR
    assert_one_line_error(refused.output, "anchor must be one of the bots")


def test_the_start_menu_shows_only_the_chosen_rule_sets_options_and_reads_the_bot_levels_it_shows(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: no `deal` or `eight_kinds` in a trump game; 「つよい,ふつう」 as the menu words
    the levels; the question and its prompt never run together."""
    if "cockroach-poker" not in GAMES:
        pytest.skip("cockroach-poker is not registered")
    monkeypatch.chdir(tmp_path)
    number = GAMES.index("cockroach-poker") + 1
    from asobiba.cli.common import option_accepts

    game = asobiba.get_game("cockroach-poker")
    trump = [
        o for o in game.options if option_accepts(o) and o.name != "rules" and not o.doc.startswith("original only")
    ]
    keys = f"2\n{number}\n\ny\n" + "\n" * len(trump) + "4\nつよい,ふつう\nq\n"  # trump; keep each option
    result = runner.invoke(app, ["--delay", "0"], input=keys, env={"LANG": "C"})
    assert result.exit_code == 0, result.output
    rules_part = result.output.split("何人で遊びますか")[0]
    assert "deal" not in rules_part and "eight_kinds" not in rules_part, rules_part
    assert "jokers" in rules_part
    assert "つよい (hard)" in result.output
    record_path = next((tmp_path / "asobiba-records").glob("*.json"))
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["seats"] == ["human", "hard", "normal", "normal"], record["seats"]


def test_a_bare_resume_answers_in_the_systems_language_and_finds_the_newest_unfinished_game(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    japanese = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    result = runner.invoke(app, ["resume"], env=japanese)
    assert result.exit_code != 0
    assert "途中のゲームがありません" in result.output and "Missing argument" not in result.output
    played = runner.invoke(app, ["play", GAMES[0], "--delay", "0", "--seed", "1"], input="q\n", env=japanese)
    assert played.exit_code == 0, played.output
    resumed = runner.invoke(app, ["resume", "--delay", "0"], input="q\n", env=japanese)
    assert resumed.exit_code == 0, resumed.output
    assert "あなたの番です" in resumed.output
