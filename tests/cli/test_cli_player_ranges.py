"""How many players each game takes, per rule set where the rule sets differ (issue 35): Cockroach
Poker's default `trump` rules take 3–5 players and only `original` takes 2–6, so neither
`asobiba games` nor the rules index may say 2–6 for the game as a whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import asobiba
from asobiba.cli.main import app, players_text
from asobiba.core.options import resolve_options

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def ranges_by_rule_set(name: str) -> dict[str, tuple[int, int]]:
    """The player range of each value of the game's option whose values differ in it (empty if none)."""
    game = asobiba.get_game(name)
    for option in game.options:
        if option.choices is None or option.applies_when is not None:
            continue
        ranges = {
            value: game.player_range(resolve_options(name, game.options, {option.name: value}))
            for value in option.choices
        }
        if len(set(ranges.values())) > 1:
            return ranges
    return {}


def test_cockroach_poker_takes_3_to_5_with_trump_and_2_to_6_with_original() -> None:
    assert ranges_by_rule_set("cockroach-poker") == {"trump": (3, 5), "original": (2, 6)}


def test_the_games_list_gives_cockroach_pokers_players_per_rule_set() -> None:
    runner = CliRunner()
    english = runner.invoke(app, ["games", "--lang", "en"], env={"COLUMNS": "200"})
    assert english.exit_code == 0, english.output
    title = next(line for line in english.output.splitlines() if line.startswith("cockroach-poker — "))
    assert title.rstrip().endswith("(rules=trump: 3 to 5 players, rules=original: 2 to 6 players)")
    japanese = runner.invoke(app, ["games", "--lang", "ja"], env={"COLUMNS": "200"})
    assert japanese.exit_code == 0, japanese.output
    title = next(line for line in japanese.output.splitlines() if line.startswith("cockroach-poker — "))
    assert title.rstrip().endswith("(rules=trump：3～5人、rules=original：2～6人)")


@pytest.mark.parametrize("name", ["paper-safari", "survive"])
def test_a_game_whose_rule_sets_do_not_differ_in_players_keeps_one_range(name: str) -> None:
    game = asobiba.get_game(name)
    assert players_text(game, "en") == f"{game.min_players} to {game.max_players} players"
    assert players_text(game, "ja") == f"{game.min_players}～{game.max_players}人"


def test_the_rules_index_gives_each_games_players_per_rule_set() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for name in asobiba.game_names():
        row = next((line for line in index.splitlines() if f"| `{name}` |" in line), None)
        if row is None:  # a game from another package: its pages are its own
            continue
        players = row.split(" | ")[2]
        ranges = ranges_by_rule_set(name)
        if ranges:
            for value, (low, high) in ranges.items():
                assert f"{low}–{high} (`{value}`" in players, (name, players)
        else:
            game = asobiba.get_game(name)
            assert players == f"{game.min_players}–{game.max_players}", (name, players)
