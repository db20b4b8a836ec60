"""Never crash, never lose the game: odd input at every prompt, odd command lines, odd records,
kills and signals (issue 14, each case as it was seen)."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from tests.cli.conftest import Keyboard, new_terminal
from typer.testing import CliRunner

import asobiba
from asobiba.cli.chooser import Chooser
from asobiba.cli.common import MAX_INPUT_CHARS, Terminal, typed_number
from asobiba.cli.main import app
from asobiba.cli.play import save_record

USAGE_ERROR = 2
GAMES = asobiba.game_names()
#: The games asobiba itself ships (a plug-in game, such as the example, brings its own texts).
OWN_GAMES = [name for name in GAMES if type(asobiba.get_game(name)).__module__.startswith("asobiba.games.")]
#: Numbers no prompt reads (NFKC leaves them as they are, and they are not ASCII digits or too long).
ODD_NUMBERS = ["9" * 5000, "١٢", "99"]
ODD_IDS = ["5000-digits", "arabic-indic", "too-big"]
#: Typed forms that NFKC turns into ASCII (full-width as a Japanese keyboard types them): read as "2".
WIDE_TWOS = ["２", "　２　", "②", "²"]
WIDE_IDS = ["fullwidth", "ideographic-spaces", "circled", "superscript"]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def play_args(game: str, path: Path, *extra: str) -> list[str]:
    return [
        "play",
        game,
        "--seed",
        "4",
        "--delay",
        "0",
        "--bots",
        "random",
        "--save",
        str(path),
        "--lang",
        "en",
        *extra,
    ]


@pytest.mark.parametrize("typed", ODD_NUMBERS, ids=ODD_IDS)
def test_a_unicode_digit_or_a_huge_number_at_the_move_prompt_is_refused_and_the_game_goes_on(
    runner: CliRunner, typed: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, play_args("cockroach-poker", path), input=f"{typed}\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "There is no choice" in result.output
    assert json.loads(path.read_text(encoding="utf-8"))["actions"]


@pytest.mark.parametrize("typed", ODD_NUMBERS, ids=ODD_IDS)
def test_a_unicode_digit_or_a_huge_number_in_the_start_menu_asks_again(runner: CliRunner, typed: str) -> None:
    result = runner.invoke(app, ["--lang", "en"], input=f"{typed}\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Please type a number from 1 to" in result.output


@pytest.mark.parametrize("typed", ODD_NUMBERS, ids=ODD_IDS)
def test_a_unicode_digit_or_a_huge_number_in_a_replay_asks_again(runner: CliRunner, typed: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    runner.invoke(app, play_args("cockroach-poker", path), input="1\nq\n")
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"], input=f"{typed}\nq\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Press Enter for the next step" in result.output


@pytest.mark.parametrize("typed", WIDE_TWOS, ids=WIDE_IDS)
def test_a_full_width_number_at_the_move_prompt_is_read_as_its_ascii_form(
    typed: str, make_terminal: Callable[..., tuple[Terminal, io.StringIO]]
) -> None:
    state = asobiba.new_game("cockroach-poker", 3, seed=4)
    keyboard = Keyboard([typed, typed])
    terminal, screen = make_terminal(keyboard)
    chosen = Chooser(terminal, state, "ja").choose()
    assert "番はありません" not in screen.getvalue()
    expected = Chooser(new_terminal(Keyboard(["2", "2"]))[0], state, "ja").choose()
    assert chosen == expected


def test_full_width_letters_are_read_as_ascii_at_the_move_prompt(
    make_terminal: Callable[..., tuple[Terminal, io.StringIO]],
) -> None:
    state = asobiba.new_game("cockroach-poker", 3, seed=4)
    wanted = next(action for action in state.legal_actions() if str(action).startswith("offer p2"))
    wide = str(wanted).translate({code: code + 0xFEE0 for code in range(0x21, 0x7F)}).replace(" ", "　")
    terminal, _ = make_terminal(Keyboard([wide]))
    assert Chooser(terminal, state, "ja").choose() == wanted


def test_a_full_width_number_at_the_language_prompt_chooses_japanese(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "en"], input="２\n")
    assert "Please type a number" not in result.output
    assert "どのゲームで遊びますか？" in result.output


def test_a_refusal_at_the_language_prompt_is_said_in_japanese_too(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "en"], input="9\n")
    assert "Please type a number from 1 to 2." in result.output
    assert "1から2" in result.output


def test_the_language_option_takes_full_width_letters(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "ｊａ", "games"])
    assert result.exit_code == 0, result.output
    assert "オプション" in result.output


def test_typed_numbers_are_ascii_digits_only() -> None:
    assert [typed_number(text) for text in ("7", " 12 ", "①", "²", "３", "-1", "9" * 10)] == [
        7,
        12,
        None,
        None,
        None,
        None,
        None,
    ]


def test_a_pasted_line_of_200_kilobytes_is_refused_and_asked_again() -> None:
    terminal, screen = new_terminal(Keyboard(["x" * 200_000, "q"]))
    assert terminal.ask("? ") == "q"
    text = screen.getvalue()
    assert "That line is too long (200000 characters); nothing was read." in text
    assert len(text) < MAX_INPUT_CHARS + 500


def test_a_long_line_that_matches_no_move_is_echoed_shortened(runner: CliRunner, tmp_path: Path) -> None:
    """Rich's highlighter is quadratic on long texts: the "No move matches" message repeats at most
    a few dozen characters of what was typed, never highlighted."""
    path = tmp_path / "game.json"
    typed = "zq" * (MAX_INPUT_CHARS // 2)
    result = runner.invoke(app, play_args("cockroach-poker", path), input=f"{typed}\nq\n")
    assert result.exit_code == 0, result.output
    message = next(line for line in result.output.splitlines() if "No move matches" in line)
    assert len(message) < 200


def test_a_300_character_save_name_is_refused_before_the_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300 + ".json")
    result = runner.invoke(app, play_args("cockroach-poker", path))
    assert result.exit_code == USAGE_ERROR, result.output
    assert "Traceback" not in result.output
    assert "cannot save the record as" in result.output


@pytest.mark.parametrize(
    ("game", "option"),
    [
        ("paper-safari", "tokens_to_win=--5"),
        ("cockroach-poker", "loss_threshold=--6"),
        ("paper-safari", "deck=" + "[" * 5000),
        ("paper-safari", "tokens_to_win=３"),
        ("cockroach-poker", "loss_threshold=" + "9" * 5000),
    ],
    ids=["tokens-minus-minus", "loss-minus-minus", "deeply-nested-deck", "fullwidth-digit", "5000-digits"],
)
def test_a_malformed_option_is_one_line_of_error(runner: CliRunner, game: str, option: str, tmp_path: Path) -> None:
    result = runner.invoke(app, play_args(game, tmp_path / "g.json", "-o", option))
    assert result.exit_code == USAGE_ERROR, result.output
    assert "Traceback" not in result.output
    assert result.output.count("Error: ") == 1
    assert len(result.output) < 1000


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_bot_spec_with_a_number_that_is_not_finite_is_refused(runner: CliRunner, value: str, tmp_path: Path) -> None:
    args = play_args("cockroach-poker", tmp_path / "g.json")
    args[args.index("random")] = f"ismcts:exploration={value}"
    result = runner.invoke(app, args)
    assert result.exit_code == USAGE_ERROR, result.output
    assert "is not a finite number" in result.output


@pytest.mark.parametrize("game", GAMES)
def test_resume_of_a_record_with_scripted_chance_rolls_the_dice_itself(
    runner: CliRunner, game: str, tmp_path: Path
) -> None:
    state, _ = asobiba.get_game(game).start(3, seed=2, chance="scripted")
    record = state.record()
    record["seats"] = ["human", "random", "random"]
    record["human"] = 0
    path = tmp_path / "scripted.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["resume", str(path), "--delay", "0", "--lang", "en"], input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["chance"] == "scripted"
    assert len(saved["actions"]) > 0
    asobiba.replay(saved)


def test_an_unexpected_error_saves_the_game_first_and_says_where(tmp_path: Path) -> None:
    from asobiba.cli.play import PlaySession

    keyboard = Keyboard(["1", RuntimeError("the keyboard broke")])
    terminal, screen = new_terminal(keyboard)
    state = asobiba.new_game("paper-safari", 2, seed=1)
    path = tmp_path / "g.json"
    session = PlaySession(state, 0, {1: "random"}, terminal, save_path=path)
    keyboard.session = session
    outcome = session.run()
    assert outcome.status == "crashed"
    text = " ".join(screen.getvalue().split())  # a long temporary path may wrap onto its own line
    assert "Unexpected error: RuntimeError: the keyboard broke" in text
    assert f"The game so far is saved in {path}" in text
    assert asobiba.replay(json.loads(path.read_text(encoding="utf-8"))).seq == state.seq


def test_saving_replaces_the_record_in_one_step_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record({"a": 1}, path)
    save_record({"a": 2, "long": "x" * 100_000}, path)
    assert json.loads(path.read_text(encoding="utf-8"))["a"] == 2
    assert [item.name for item in tmp_path.iterdir()] == ["game.json"]


SAVER = """
import sys
from pathlib import Path
from asobiba.cli.play import save_record
path = Path(sys.argv[1])
number = 0
print("ready", flush=True)
while True:
    number += 1
    save_record({"number": number, "padding": "x" * 200_000}, path)
"""


def test_a_kill_during_saving_leaves_the_previous_or_the_new_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record({"number": 0}, path)
    for attempt in range(5):
        process = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        process.stdout.readline()
        time.sleep(0.05 * (attempt + 1))
        process.kill()
        process.wait()
        record = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(record["number"], int)


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_save_the_game_like_ctrl_c(signal_name: str, tmp_path: Path) -> None:
    number = getattr(signal, signal_name, None)
    if number is None:
        pytest.skip(f"no {signal_name} here")
    path = tmp_path / "game.json"
    script = (
        "import sys; from asobiba.cli.main import main; "
        "main(['play', 'cockroach-poker', '--seed', '3', '--delay', '0', '--bots', 'random', "
        f"'--save', {str(path)!r}, '--lang', 'en'])"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", script],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "COLUMNS": "100"},
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n")
    process.stdin.flush()
    for _ in range(200):  # the first move is saved: the game is under way
        if path.exists():
            break
        time.sleep(0.05)
    process.send_signal(number)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 130, output
    assert "The game so far is saved in" in output
    asobiba.replay(json.loads(path.read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------- language


def test_the_global_lang_is_validated_even_before_a_command(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "xx", "games"])
    assert result.exit_code == USAGE_ERROR, result.output
    assert "unknown language 'xx'" in result.output


def test_the_global_lang_reaches_the_command(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--lang", "ja", "games"], env={"LANG": "C.UTF-8", "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "ボット" in result.output


def test_resuming_a_japanese_game_stays_japanese(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = play_args("cockroach-poker", path)
    args[args.index("en")] = "ja"
    runner.invoke(app, args, input="1\nq\n")
    assert json.loads(path.read_text(encoding="utf-8"))["lang"] == "ja"
    result = runner.invoke(app, ["resume", str(path), "--delay", "0"], input="q\n", env={"LANG": "C.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "あなたの番です" in result.output
    english = runner.invoke(app, ["resume", str(path), "--delay", "0", "--lang", "en"], input="q\n")
    assert "Your turn" in english.output


def test_bot_levels_have_japanese_names(runner: CliRunner, tmp_path: Path) -> None:
    args = play_args("cockroach-poker", tmp_path / "g.json")
    args[args.index("en")] = "ja"
    args[args.index("random")] = "normal,hard,easy"
    result = runner.invoke(app, args, input="q\n", env={"COLUMNS": "200"})
    assert "p1（ボット：ふつう）" in result.output
    assert "p2（ボット：つよい）" in result.output
    assert "p3（ボット：やさしい）" in result.output


def test_one_move_is_singular_in_english() -> None:
    from asobiba.cli.chooser import moves_text

    assert (moves_text(1, "en"), moves_text(2, "en")) == ("1 move", "2 moves")


def test_a_replay_speaks_the_records_language(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = play_args("cockroach-poker", path)
    args[args.index("en")] = "ja"
    runner.invoke(app, args, input="1\nq\n")
    result = runner.invoke(app, ["replay", str(path), "--all"], env={"LANG": "C.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "これまでの出来事" in result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_start_menus_rules_table_is_never_cut_at_80_columns(lang: str) -> None:
    from asobiba.cli.common import option_doc
    from asobiba.cli.menu import StartMenu, applies

    game = asobiba.get_game("cockroach-poker")
    terminal, screen = new_terminal(Keyboard(["", ""]), width=80)  # the rule set, then "change them?"
    StartMenu(terminal, lang).ask_options(game)
    rows = [line.split("│") for line in screen.getvalue().splitlines() if line.startswith("│")]
    shown = "".join(row[3] for row in rows).replace(" ", "")  # the meaning column, lines joined
    for option in game.options:
        if option.name == "rules" or not applies(option, "trump"):
            continue  # the rule set is asked first; the table holds that set's options only
        meaning = "".join(character for character in option_doc(game, option, lang) if character not in " \n")
        assert meaning in shown, option.name


def test_a_line_typed_during_the_bots_pause_skips_it_and_answers_the_next_prompt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    with open(slave, encoding="utf-8", closefd=True) as keyboard:
        monkeypatch.setattr(sys, "stdin", keyboard)
        terminal = Terminal(console=Console(file=io.StringIO(), force_terminal=True))
        os.write(master, b"2\n")
        assert terminal.pause(600) is True  # Enter ends the pause at once (no ten minutes here)
        assert terminal.typed_ahead == "2"
        assert terminal.ask("? ") == "2"
        assert terminal.typed_ahead is None
    os.close(master)


def test_the_start_menus_rules_table_speaks_japanese() -> None:
    from asobiba.cli.menu import StartMenu

    for name in OWN_GAMES:  # a plug-in game speaks the languages its author wrote
        game = asobiba.get_game(name)
        terminal, screen = new_terminal(Keyboard(["", ""]), width=80)
        StartMenu(terminal, "ja").ask_options(game)
        shown = screen.getvalue()
        names = {option.name for option in game.options}
        for line in shown.splitlines():
            words = set(re.findall(r"[A-Za-z][A-Za-z_]+", line)) - names
            # what is left is a value to type (trump, redirect…), always beside its Japanese words
            assert not words or re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line), line
        assert "True" not in shown and "False" not in shown


def test_a_rules_choice_may_be_typed_in_japanese_words() -> None:
    from asobiba.cli.menu import StartMenu

    game = asobiba.get_game("cockroach-poker")
    answers = ["本家版", "y", "", "いいえ"]  # the rule set first, then its own options: deal, eight_kinds
    terminal, _ = new_terminal(Keyboard(answers), width=80)
    chosen = StartMenu(terminal, "ja").ask_options(game)
    assert chosen == {"rules": "original", "eight_kinds": False}


def test_the_games_list_in_japanese_breaks_lines_between_phrases(runner: CliRunner) -> None:
    from tests.cli.kinsoku import bad_breaks

    result = runner.invoke(app, ["games", "--lang", "ja"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert bad_breaks(result.output) == []
    assert "True" not in result.output and "はい" in result.output


def test_the_start_menu_never_offers_a_research_option() -> None:
    """``creatures`` and ``copies`` make research variants (docs/research.md), not ways to play."""
    from asobiba.cli.menu import StartMenu

    game = asobiba.get_game("cockroach-poker")
    terminal, screen = new_terminal(Keyboard(["2", ""]), width=100)  # the original rule set, then keep its options
    chosen = StartMenu(terminal, "en").ask_options(game)
    shown = screen.getvalue()
    assert chosen == {"rules": "original"} and "eight_kinds" in shown
    assert "research variant" not in shown and "Copies of each creature" not in shown
