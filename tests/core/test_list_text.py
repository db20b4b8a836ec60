"""Lists in running text use the language's own separator: "Aki, Ken" in English, 「あき、ケン」 in
Japanese — in every game's end-of-game lines and in the round's scores."""

from __future__ import annotations

import pytest

from asobiba.core.i18n import list_text
from asobiba.games.cockroach_poker import events as cockroach_events
from asobiba.games.cockroach_poker.text import describe_event as cockroach_line
from asobiba.games.paper_safari import events as safari_events
from asobiba.games.paper_safari.text import describe_event as safari_line
from asobiba.games.survive import events as survive_events
from asobiba.games.survive.text import describe_event as survive_line

LINES = {
    "cockroach-poker": lambda lang: cockroach_line(cockroach_events.GameOver(winners=(0, 2), losers=(1,)), lang),
    "paper-safari": lambda lang: safari_line(
        safari_events.RoundScored(round=1, scores=(30, 28, 0), winner=2, tokens=(0, 0, 1)), lang
    ),
    "survive": lambda lang: survive_line(
        survive_events.GameEnded(reason="volcano", scores=(5, 0, 19), winners=(0, 2), rescued_values=()), lang
    ),
}


def test_list_text_joins_with_the_languages_separator() -> None:
    assert list_text(["Aki", "Ken", "Mio"], "en") == "Aki, Ken, Mio"
    assert list_text(["あき", "ケン"], "ja") == "あき、ケン"
    assert list_text([], "ja") == ""


@pytest.mark.parametrize("game", sorted(LINES))
def test_a_games_list_of_players_is_written_in_the_readers_language(game: str) -> None:
    english, japanese = LINES[game]("en"), LINES[game]("ja")
    assert "p0, p" in english or "p0 30, p1" in english or "p0: 5, p1" in english, english
    assert ", " not in japanese and "、" in japanese, japanese
