"""`asobiba learn`, driven as a learner at the keyboard: the teacher's words, a wrong move answered
and asked again, skip and back, leaving and coming back to the same step, and the end (the game
played on against bots, or the teacher's last words), in English and in Japanese."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.cli.conftest import Keyboard
from typer.testing import CliRunner

from asobiba.cli.common import Terminal
from asobiba.cli.learn import (
    PROGRESS_FILE,
    LearnSession,
    every_tutorial,
    keep_progress,
    lesson_command,
    load_progress,
    place_words,
)
from asobiba.cli.main import app
from asobiba.core.registry import declaration
from asobiba.core.tutorial import Tutorial, load_tutorial_text

MakeTerminal = Callable[..., tuple[Terminal, io.StringIO]]
#: The plug-in example's tutorial: 5 steps (words, ``bid 5``, words, ``bid 1``, words), then easy bots.
KEY = "goofspiel/basic"


@pytest.fixture(autouse=True)
def in_a_fresh_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test keeps its tutorial steps (and records) in a folder of its own."""
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def learn(*arguments: str, keys: list[str], lang: str = "en", columns: int = 100) -> tuple[int, str]:
    result = CliRunner().invoke(
        app,
        ["learn", *arguments, "--lang", lang, "--delay", "0"],
        input="".join(key + "\n" for key in keys),
        env={"COLUMNS": str(columns)},
    )
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


def basic() -> Tutorial:
    return declaration("goofspiel").tutorials()[0]


def screens(output: str, lang: str = "en") -> list[str]:
    """The output cut into the screens drawn, each starting at the tutorial's title line."""
    title = basic().title[lang]
    return [title + part for part in output.split(title)[1:]]


# ---------------------------------------------------------------------------------------- the list


def test_learn_without_a_game_lists_every_tutorial_with_its_minutes_and_how_to_start_it() -> None:
    code, output = learn(keys=[])
    assert code == 0
    assert "Goofspiel: your first game" in output and "asobiba learn goofspiel" in output
    for tutorial in every_tutorial():
        assert tutorial.title["en"][:20] in output
    _, japanese = learn(keys=[], lang="ja")
    assert "グーフシュピール：はじめての1ゲーム" in japanese and "始めかた" in japanese


def test_a_game_without_a_tutorial_and_an_unknown_tutorial_are_one_line_each() -> None:
    result = CliRunner().invoke(app, ["learn", "goofspiel", "expert", "--lang", "en"])
    assert result.exit_code == 2
    assert "goofspiel has no tutorial 'expert'; its tutorials are: basic" in result.output
    result = CliRunner().invoke(app, ["learn", "chess", "--lang", "en"])
    assert result.exit_code == 2 and result.output.startswith("Error: ")


# ---------------------------------------------------------------------------------------- the steps


def test_the_teachers_words_the_places_and_the_commands_are_shown_with_the_play_screen() -> None:
    code, output = learn("goofspiel", keys=["", "q"])
    assert code == 0
    first, second = screens(output)[:2]
    assert "step 1 of 5" in first and "You (p0) · Ken (p1)" in first
    assert "Each round a prize card is turned up" in first  # the teacher's words
    assert "prizes left" in first  # the game's screen, as `asobiba play` draws it
    assert "skip — go on as if done · back — one step back · quit — leave" in first
    assert "[Enter] go on:" in first
    assert "step 2 of 5" in second and "Bid your highest card, the 5" in second
    assert "1) Bid 1" in second and "Your move [1-5" in second  # the moves, read as `play` reads them


def test_a_wrong_move_gets_the_teachers_words_and_the_same_step_again() -> None:
    code, output = learn("goofspiel", keys=["", "bid 3", "bid 9", "5", "q"])
    assert code == 0
    shown = screens(output)
    assert ["step 2 of 5" in screen for screen in shown[:5]] == [False, True, True, True, False]
    # another legal move: the tutorial's words of why; an illegal one: the rules' reason, in words
    assert "only the 5 is sure to take the prize" in shown[2]
    assert "9 is not in your hand" in shown[3]
    assert "step 3 of 5" in shown[4]
    # the events of the step, the seats by their names, not p0/p1
    assert "▶ Ken bids face down" in shown[4] and "You take the prize 3" in shown[4]
    assert "p1 bids" not in output


def test_skip_and_back_work_at_every_step() -> None:
    code, output = learn("goofspiel", keys=["skip", "skip", "back", "back", "back", "", "q"])
    assert code == 0
    steps = [next(f"step {n}" for n in range(1, 6) if f"step {n} of 5" in screen) for screen in screens(output)]
    assert steps == ["step 1", "step 2", "step 3", "step 2", "step 1", "step 1", "step 2"]
    assert "This is the tutorial's first step." in screens(output)[5]
    assert "▶ Ken bids face down" in screens(output)[2]  # a skipped move is played for the learner


def test_quitting_keeps_the_step_and_learn_offers_to_resume_there() -> None:
    code, output = learn("goofspiel", keys=["", "5", "quit"])
    assert code == 0
    assert "Your place is kept: step 3 of 5. Come back with: asobiba learn goofspiel" in output
    assert json.loads(PROGRESS_FILE.read_text(encoding="utf-8")) == {KEY: 2}
    _, listed = learn(keys=[], columns=160)
    assert "(left at step 3 of 5)" in listed
    code, output = learn("goofspiel", keys=["", "q"])  # Enter: yes, go on from there
    assert "You left this tutorial at step 3 of 5. Go on from there?" in output
    assert "step 3 of 5" in screens(output)[0] and "▶ Ken bids face down" in screens(output)[0]
    code, output = learn("goofspiel", keys=["n", "q"])
    assert "step 1 of 5" in screens(output)[0]
    code, output = learn("goofspiel", "--restart", keys=["q"])
    assert "Go on from there?" not in output and "step 1 of 5" in screens(output)[0]


def test_ctrl_c_and_the_end_of_input_keep_the_step(make_terminal: MakeTerminal) -> None:
    for last in (KeyboardInterrupt, EOFError):
        terminal, screen = make_terminal(Keyboard(["", "skip", last]))
        outcome = LearnSession(basic(), terminal, "en", delay=0).run_tutorial()
        assert outcome.status == ("interrupted" if last is KeyboardInterrupt else "quit")
        assert load_progress() == {KEY: 2}
        assert "Your place is kept: step 3 of 5" in screen.getvalue()
        keep_progress(KEY, None)
    code, _ = learn("goofspiel", keys=[])  # Ctrl-D at the first step
    assert code == 0 and load_progress() == {}


def test_the_end_plays_on_against_bots_of_the_tutorials_level_and_forgets_the_step() -> None:
    keep_progress("goofspiel/other", 4)
    keys = ["", "5", "", "1", "", *["1"] * 10]
    code, output = learn("goofspiel", "--restart", keys=keys)
    assert code == 0
    assert "The tutorial is over: the game goes on against easy bots." in output
    assert "The game is over." in output and "The record is saved in" in output
    assert "Ken" in output.split("The game is over.")[-1]  # the result names the seats as the tutorial did
    assert load_progress() == {"goofspiel/other": 4}
    record_path = Path(output.split("The record is saved in ")[-1].split()[0])
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["seats"] == ["human", "easy"] and record["actions"][:3] == ["prize 3", "bid 5", "bid 2"]


def test_without_play_on_the_tutorial_ends_with_the_teachers_last_words(make_terminal: MakeTerminal) -> None:
    text = basic_text().replace('play_on = "easy"', 'play_on = ""')
    tutorial = load_tutorial_text(text, "goofspiel")
    keys: list[object] = ["skip"] * 5
    terminal, screen = make_terminal(Keyboard(keys))
    outcome = LearnSession(tutorial, terminal, "en", delay=0).run_tutorial()
    assert outcome.status == "finished" and outcome.played_on is None
    ending = screen.getvalue().split("The tutorial is over.")
    assert len(ending) == 2 and "Ken bid his 1 too" in ending[0].split("Teacher")[-1]
    assert "Play a whole game with: asobiba play goofspiel" in ending[1]


def basic_text() -> str:
    from importlib.resources import files

    return files("asobiba_goofspiel").joinpath("tutorials/basic.toml").read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------- in Japanese


def test_in_japanese_the_words_the_commands_and_the_names_are_japanese() -> None:
    keys = ["", "3", "5", "戻る", "スキップ", "やめる"]
    code, output = learn("goofspiel", keys=keys, lang="ja")
    assert code == 0
    shown = screens(output, "ja")
    assert "ステップ 1/5" in shown[0] and "あなた (p0) · ケン (p1)" in shown[0]
    assert "毎ラウンド、賞品カードが1枚めくられます" in shown[0]
    assert "スキップ：済んだことにして次へ · 戻る：1つ前へ · やめる：中断（あとで再開）" in shown[0]
    assert "確実に賞品を取れるのは5だけです" in shown[2]  # the wrong move, in the teacher's Japanese
    assert "ケンが伏せて入札する" in shown[3] and "あなたが賞品3を取る" in shown[3]
    assert ["ステップ 3/5" in shown[3], "ステップ 2/5" in shown[4], "ステップ 3/5" in shown[5]] == [True] * 3
    assert "続きの場所を覚えました（5ステップ中3）" in output
    code, output = learn("goofspiel", keys=["", "q"], lang="ja")
    assert "このチュートリアルは5ステップ中3で中断しています。そこから続けますか？" in output


def test_the_commands_are_heard_in_either_language() -> None:
    assert [lesson_command(word) for word in ("skip", "スキップ", "back", "戻る", "quit", "やめる", "1")] == [
        "skip",
        "skip",
        "back",
        "back",
        "quit",
        "quit",
        None,
    ]


def test_every_place_of_the_vocabulary_is_said_in_both_languages() -> None:
    names = ["You", "Ken", "Mio"]
    places = ["hand", "seat:1", "actions", "log", "result", "row:2", "in-play", "grid:1", "discard", "deck"]
    places += ["tokens:0", "r4c5", "tiles", "die"]
    for lang in ("en", "ja"):
        said = [place_words(place, names, 0, lang) for place in places]
        assert all(said) and len(set(said)) == len(said), said
    assert place_words("seat:1", names, 0, "en") == "Ken's panel"
    assert place_words("seat:0", names, 0, "ja") == "あなたの欄"
    assert place_words("gauge", names, 0, "en") is None  # a plug-in's own place: left unsaid
    assert place_words("seat:7", names, 0, "en") is None


# ---------------------------------------------------------------------------------------- every tutorial


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("tutorial", every_tutorial(), ids=lambda tutorial: tutorial.key)
def test_every_tutorial_plays_through_the_command_to_its_end(tutorial: Tutorial, lang: str) -> None:
    """Each installed tutorial, skipped step by step through `asobiba learn`, shows every step's words
    and ends (playing on, then quit at the learner's first decision; or with the last words)."""
    first = declaration(tutorial.game).tutorials()[0].key == tutorial.key
    arguments = [tutorial.game] if first else [tutorial.game, tutorial.name]
    skip = "スキップ" if lang == "ja" else "skip"
    code, output = learn(*arguments, keys=[skip] * len(tutorial.steps) + ["q"], lang=lang)
    assert code == 0, output
    flat = "".join(output.split())
    for step in tutorial.steps:
        assert "".join(step.say[lang].split())[:30] in flat
    if tutorial.play_on:
        assert ("チュートリアルは終わりです" if lang == "ja" else "The tutorial is over: the game goes on") in output
    else:
        assert f"asobiba play {tutorial.game}" in output
    assert load_progress() == {}


def test_a_script_ending_at_a_chance_node_plays_on_with_the_outcome_drawn(make_terminal: MakeTerminal) -> None:
    """The last step leaves the prize to be turned up: the game on draws it, as a resumed scripted record does."""
    text = basic_text().replace('then = ["bid 1", "prize 4"]', 'then = ["bid 1"]')
    tutorial = load_tutorial_text(text, "goofspiel")
    keys: list[object] = [*(["skip"] * 5), *(["1"] * 6)]
    terminal, screen = make_terminal(Keyboard(keys))
    outcome = LearnSession(tutorial, terminal, "en", delay=0).run_tutorial()
    assert outcome.status == "finished" and outcome.played_on is not None
    state = outcome.played_on.state
    assert state.is_over and not state.scripted_chance
    assert len([action for action in state.record()["actions"] if action.startswith("prize")]) == 5
    assert "The game is over." in screen.getvalue()
