"""The rules of the games: one text per game and language, carried by the package, shown by
`asobiba rules GAME` and by `r` at the move prompt."""

from __future__ import annotations

import io
import random
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.cli.kinsoku import bad_breaks
from typer.testing import CliRunner

import asobiba
from asobiba.cli.main import app
from asobiba.cli.rules import pager_command, rules_file_name, rules_folder, rules_text, show_rules
from asobiba.core import CHANCE
from asobiba.core.registry import declaration

GAMES = asobiba.game_names()
#: The games whose rules pages are asobiba's own (docs/rules); a game from another package carries its own.
OWN_GAMES = [name for name in GAMES if str(declaration(name).rules).startswith("asobiba:")]
LANGUAGES = ("en", "ja")
ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
#: Hiragana and katakana: a Japanese text has them, an English one has none.
KANA = re.compile(r"[\u3040-\u30ff]")
#: The option sets whose games, together, use every kind of move of each game.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "cockroach-poker": [{"rules": "trump"}, {"rules": "original"}],
    "paper-safari": [{}],
    "survive": [{}],
}

Play = Callable[..., Any]


def plain_console(width: int = 100) -> tuple[Console, io.StringIO]:
    screen = io.StringIO()
    return Console(file=screen, width=width, color_system=None, force_terminal=False), screen


def move_words(game: str, games: int = 6, steps: int = 600) -> set[str]:
    """The first word of every kind of move players make in random games of ``game``."""
    words: set[str] = set()
    for options in OPTION_SETS.get(game, [{}]):
        for seed in range(games):
            state = asobiba.new_game(game, 3, seed=seed, **options)
            rng = random.Random(seed)
            for _ in range(steps):
                if state.is_over:
                    break
                action = rng.choice(state.legal_actions())
                if state.to_move != CHANCE:
                    words.add(str(action).split()[0])
                state.apply(action)
    return words


# ---------------------------------------------------------------------------------------- the texts


def test_every_game_has_its_rules_in_english_and_in_japanese_under_its_title() -> None:
    for name in GAMES:
        game = asobiba.get_game(name)
        for lang in LANGUAGES:
            text, shown = rules_text(name, lang)
            assert shown == lang
            heading = text.splitlines()[0]
            assert heading.startswith("# ") and game.title[lang] in heading, heading
            assert bool(KANA.search(text)) == (lang == "ja"), f"{name} {lang}: written in the wrong language"


def test_the_rules_in_the_package_are_the_files_in_docs_rules() -> None:
    folder = rules_folder()
    for name in OWN_GAMES:
        for lang in LANGUAGES:
            file_name = rules_file_name(name, lang)
            assert folder.joinpath(file_name).read_bytes() == (DOCS / file_name).read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_name_every_option_of_the_game_in_both_languages(game: str) -> None:
    for lang in LANGUAGES:
        text, _ = rules_text(game, lang)
        for option in asobiba.get_game(game).options:
            assert f"`{option.name}`" in text, f"{game} {lang}: option {option.name} is not explained"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_show_how_to_type_every_kind_of_move(game: str) -> None:
    words = move_words(game)
    assert words
    for lang in LANGUAGES:
        text, _ = rules_text(game, lang)
        missing = sorted(word for word in words if f"`{word}" not in text)
        assert not missing, f"{game} {lang}: no notation for {missing}"


def test_the_index_links_every_rules_page() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for name in OWN_GAMES:
        assert f"`{name}`" in index
        for lang in LANGUAGES:
            assert f"]({rules_file_name(name, lang)})" in index


# ---------------------------------------------------------------------------------------- asobiba rules GAME


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_command_prints_the_rules_in_the_language_asked(runner: CliRunner, game: str, lang: str) -> None:
    result = runner.invoke(app, ["rules", game, "--lang", lang], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert asobiba.get_game(game).title[lang] in result.output
    assert ("how to play" in result.output) == (lang == "en")
    assert ("遊び方" in result.output) == (lang == "ja")
    assert "**" not in result.output and "`" not in result.output  # rendered, not raw Markdown


def test_the_rules_command_refuses_an_unknown_game_in_one_line(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", "chess", "--lang", "en"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert [line for line in result.output.splitlines() if line.startswith("Error: ")] == [
        "Error: unknown game 'chess'; the games are: " + ", ".join(GAMES)
    ]


# ---------------------------------------------------------------------------------------- paging


@pytest.fixture
def echo_pager(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``$PAGER`` is a program printing ``$LESS`` and then what it is fed."""
    script = "import os, sys; print('LESS=' + os.environ.get('LESS', '')); sys.stdout.write(sys.stdin.read())"
    monkeypatch.setenv("PAGER", f"{shlex.quote(sys.executable)} -c {shlex.quote(script)}")
    monkeypatch.delenv("LESS", raising=False)
    yield


def test_on_a_terminal_the_rules_go_through_the_pager_with_their_colours(
    echo_pager: None, capfd: pytest.CaptureFixture[str]
) -> None:
    screen = io.StringIO()
    terminal = Console(file=screen, width=100, force_terminal=True, color_system="standard")
    show_rules(terminal, "survive", "en")
    paged = capfd.readouterr().out
    assert paged.startswith("LESS=FRX")  # less shows colours, quits on a short text, leaves it on screen
    assert "The Island / Survive!" in paged and "\x1b[" in paged
    assert "The Island" not in screen.getvalue()


def test_without_a_pager_installed_the_rules_are_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAGER", "no-such-pager-anywhere")
    assert pager_command() is None
    screen = io.StringIO()
    terminal = Console(file=screen, width=100, force_terminal=True, color_system=None)
    show_rules(terminal, "paper-safari", "ja")
    assert "ポケモン ペーパーサファリ" in screen.getvalue()


def test_rules_written_to_a_file_are_not_paged(echo_pager: None, capfd: pytest.CaptureFixture[str]) -> None:
    console, screen = plain_console()
    show_rules(console, "cockroach-poker", "en")
    assert "LESS=" not in capfd.readouterr().out
    assert "Cockroach Poker" in screen.getvalue()


# ---------------------------------------------------------------------------------------- in a game


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_r_at_the_prompt_shows_the_rules_in_the_players_language_and_plays_on(game: str, lang: str, play: Play) -> None:
    played = play(game, ["r", "q"], lang=lang)
    title = asobiba.get_game(game).title[lang]
    heading = f"{title} — how to play" if lang == "en" else f"{title} — 遊び方"
    assert heading in played.screen
    assert played.outcome.status == "quit"
    assert played.keyboard.prompts == 2  # r asked nothing and took no move; the prompt came back


def test_the_help_at_the_prompt_mentions_the_rules_key(play: Play) -> None:
    played = play("survive", ["?", "q"], lang="en")
    assert "r — the rules of this game" in played.screen


# ---------------------------------------------------------------------------------------- packaging


def test_a_build_of_the_package_carries_every_rules_text(tmp_path: Path) -> None:
    """What `pip install .` installs is what setuptools' build_py collects: the rules must be in it."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "src", source / "src", symlinks=True, ignore=ignore)
    shutil.copytree(ROOT / "docs", source / "docs", symlinks=True, ignore=ignore)
    build = tmp_path / "build"
    result = subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "build_py", "--build-lib", str(build)],
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    built = build / "asobiba" / "rules"
    assert not built.is_symlink()
    for name in OWN_GAMES:
        for lang in LANGUAGES:
            file_name = rules_file_name(name, lang)
            assert (built / file_name).read_bytes() == (DOCS / file_name).read_bytes()


@pytest.mark.parametrize("width", [80, 120, 60])
@pytest.mark.parametrize("game", GAMES)
def test_japanese_rules_lines_break_between_phrases_never_before_a_closing_mark(game: str, width: int) -> None:
    console, screen = plain_console(width)
    show_rules(console, game, "ja", pager=False)
    assert bad_breaks(screen.getvalue()) == []


HOUSE_RULES = {"en": "## House rules", "ja": "## ハウスルール"}
#: asobiba's own games, whose pages restate a seed (a plug-in game's pages are its author's).
OWN_GAMES = [name for name in GAMES if type(asobiba.get_game(name)).__module__.startswith("asobiba.games.")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", OWN_GAMES)
def test_every_rules_page_marks_its_house_rules_each_with_its_reason(game: str, lang: str) -> None:
    text, _ = rules_text(game, lang)
    assert HOUSE_RULES[lang] in text
    section = text.split(HOUSE_RULES[lang], 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| point")]
    rows = [row for row in rows if not row.startswith("| 点")]
    assert len(rows) >= 8, section
    for row in rows:
        point, played, why = (cell.strip() for cell in row.strip("|").split("|"))
        assert point and played and why, row


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", OWN_GAMES)
def test_every_rules_page_lists_the_first_player_option(game: str, lang: str) -> None:
    text, _ = rules_text(game, lang)
    options = text.split("## Options" if lang == "en" else "## オプション", 1)[1].split("\n## ", 1)[0]
    assert "| `first_player` |" in options
    assert any(option.name == "first_player" for option in asobiba.get_game(game).options)


def test_the_paper_safari_pages_give_the_seeds_first_player_rule_and_say_clockwise_plainly() -> None:
    english, _ = rules_text("paper-safari", "en")
    japanese, _ = rules_text("paper-safari", "ja")
    assert "Pokémon manga" in english
    assert "左回り" not in japanese and "時計回り（左隣の人へ）" in japanese
    assert "裏面を見てはいけません" not in japanese
