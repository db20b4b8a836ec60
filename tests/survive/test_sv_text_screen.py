"""Descriptions in English and Japanese, and the terminal screen."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from asobiba.cli.screens import render_view
from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.games.survive import GAME
from asobiba.games.survive.positions import position
from asobiba.games.survive.screen import render


def screen(view, lang="en"):
    console = Console(width=130, file=io.StringIO(), record=True)
    console.print(render(view, lang))
    return console.export_text()


def test_every_action_and_event_of_a_game_is_described_in_english_and_japanese():
    state = GAME.new_game(3, seed=21)
    rng = random.Random(3)
    kinds = set()
    while not state.is_over:
        actions = state.legal_actions()
        for action in actions[:5]:
            en, ja = GAME.describe_action(action, "en"), GAME.describe_action(action, "ja")
            assert en and ja and "{" not in en + ja
        events = state.apply(rng.choice(actions))
        for event in events:
            for viewer in (0, 1, 2, None):
                seen = event.seen_by(viewer)
                if seen is None:
                    continue
                en, ja = GAME.describe_event(seen, "en"), GAME.describe_event(seen, "ja")
                assert en and ja and "{" not in en + ja
                assert en != ja or en == seen.kind
                kinds.add(seen.kind)
    assert {"TileRemoved", "DieRolled", "GameEnded", "ExplorerPlaced", "BoatPlaced"} <= kinds


def test_japanese_uses_the_seed_terms():
    from asobiba.games.survive.actions import Escape, MoveCreature, PlaceBoat

    assert "冒険者コマ" in GAME.describe_action(Escape(0), "ja")
    assert "船コマ" in GAME.describe_action(PlaceBoat(20), "ja")
    assert "大海蛇" in GAME.describe_action(MoveCreature(0, 8, 9), "ja")
    with pytest.raises(InvalidOption):
        GAME.describe_action(Escape(0), "fr")


def test_the_screen_draws_the_board_coordinates_pieces_and_the_viewers_own_values():
    state = position(
        explorers={"red#1": "r5c4", "blue#1": "r3c3"},
        boats={"r4c2": ["red#2", "blue#2"]},
        creatures={"shark": ["r2c3"]},
        held={0: ["b:dolphin"], 1: ["f:kill-whale"]},
        values=["6543322111", "1112233456"],
    )
    mine = screen(state.view(0))
    assert "c11" in mine and "r12" in mine and "⌂" in mine
    assert "red 6 r5c4" in mine and "dolphin" in mine  # colour and value, never the id (issue 35)
    assert "move points left" in mine and "3" in mine
    assert "r4c2[red 5,blue→p0,p1]" in mine  # another's explorer by its colour alone
    theirs = screen(state.view(1))
    assert "red#1=6" not in theirs and "dolphin" not in theirs and "kill a whale" in theirs
    assert "大海蛇" in screen(state.view(0), "ja")


def test_the_screen_shows_the_pending_decision_and_the_end():
    state = position(
        explorers={"blue#1": "r3c3", "red#1": "r7c7"},
        creatures={"shark": ["r3c2"]},
        held={1: ["b:kill-shark"]},
        phase="creature",
        die="shark",
    )
    state.apply(state.parse_action("shark r3c2 r3c3"))
    assert "p1 may play kill a shark on r3c3" in screen(state.view(1))
    final = GAME.new_game(2, seed=5)
    rng = random.Random(5)
    while not final.is_over:
        final.apply(rng.choice(final.legal_actions()))
    text = screen(final.view(None))
    assert "The game is over." in text and "score" in text
    assert render_view(final.view(0), "ja") is not None


@pytest.mark.parametrize(
    ("word", "japanese"),
    [
        ("serpent", "大海蛇"),
        ("kill-shark", "サメ撃退"),
        ("winds", "順風"),
        ("beach", "砂浜"),
        ("move-whale", "クジラを移動"),
    ],
)
def test_every_game_word_in_an_error_reads_in_japanese(word, japanese):
    from asobiba.games.survive.text import game_word

    assert str(game_word(word)) == word
    assert game_word(word).translated("ja") == japanese


def test_every_effect_creature_and_terrain_has_its_japanese_word():
    from asobiba.games.survive.data import CREATURES, EFFECTS, TERRAINS
    from asobiba.games.survive.text import game_word

    for word in (*EFFECTS, *CREATURES, *TERRAINS):
        assert game_word(word).translated("ja") != word


def test_an_error_shows_its_game_words_in_the_readers_language():
    state = position(explorers={"red#1": "r7c7"}, held={0: ["b:kill-shark"]})
    with pytest.raises(IllegalAction) as caught:
        state.apply(state.parse_action("play kill-shark"))
    assert "kill-shark" in str(caught.value)
    assert "サメ撃退" in caught.value.translated("ja")


def test_an_explorers_colour_is_named_in_the_readers_language() -> None:
    from asobiba.games.survive.text import explorer_text

    assert explorer_text("red#4", "en") == "explorer red#4"
    assert explorer_text("red#4", "ja") == "冒険者コマ 赤#4"


#: An explorer's id as the rules name it (``red#4``): never in a log line a player reads.
EXPLORER_ID = re.compile(r"#\d")
#: The log lines that name one explorer.
EXPLORER_EVENTS = {"ExplorerPlaced", "ExplorerMoved", "ExplorerEscaped", "ExplorerLost"}


def test_a_log_line_names_every_explorer_by_owner_and_colour_its_value_to_its_owner_only() -> None:
    """Whoever reads it: an explorer by its owner and colour (the cells are in the line), never by its
    id (red#4, which reads like a value); its owner reads its value too, nobody else does."""
    state, events = GAME.start(3, seed=21)
    values = {name: value for event in events if event.kind == "ValuesAssigned" for name, value in event.values}
    rng = random.Random(3)
    seen_kinds: set[str] = set()
    for _ in range(5000):
        for event in events:
            for viewer in (0, 1, 2, None):
                seen = event.seen_by(viewer)
                for lang in ("en", "ja"):
                    line = "" if seen is None else GAME.describe_event(seen, lang)
                    assert not EXPLORER_ID.search(line), (viewer, line)
            if event.kind not in EXPLORER_EVENTS:
                continue
            player, name = event.player, event.explorer  # type: ignore[attr-defined]
            value = values[name]
            colours = {
                "en": name.partition("#")[0],
                "ja": {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑"}[name.partition("#")[0]],
            }
            owner, other, spectator = event.seen_by(player), event.seen_by((player + 1) % 3), event.seen_by(None)
            assert owner is not None and other is not None and spectator is not None
            assert GAME.describe_event(other, "en") == GAME.describe_event(spectator, "en")
            if event.kind == "ExplorerPlaced":
                mine = f"p{player} places a {colours['en']} explorer worth {value} on "
                theirs = f"p{player} places a {colours['en']} explorer on "
                mine_ja = f"p{player}が数字{value}の{colours['ja']}の冒険者コマを "
                theirs_ja = f"p{player}が{colours['ja']}の冒険者コマを "
            else:
                mine = f"p{player}'s {colours['en']} explorer worth {value} "
                theirs = f"p{player}'s {colours['en']} explorer "
                mine_ja = f"p{player}の数字{value}の{colours['ja']}の冒険者コマ"
                theirs_ja = f"p{player}の{colours['ja']}の冒険者コマ"
            assert mine in GAME.describe_event(owner, "en"), GAME.describe_event(owner, "en")
            assert mine_ja in GAME.describe_event(owner, "ja"), GAME.describe_event(owner, "ja")
            for hidden in (other, spectator):
                assert theirs in GAME.describe_event(hidden, "en"), GAME.describe_event(hidden, "en")
                assert theirs_ja in GAME.describe_event(hidden, "ja"), GAME.describe_event(hidden, "ja")
                assert "worth" not in GAME.describe_event(hidden, "en")
                assert "数字" not in GAME.describe_event(hidden, "ja")
            seen_kinds.add(event.kind)
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
    assert {"ExplorerPlaced", "ExplorerMoved", "ExplorerLost"} <= seen_kinds, seen_kinds


def test_a_players_own_values_are_told_without_the_explorers_ids() -> None:
    _, events = GAME.start(3, seed=21)
    dealt = next(event for event in events if event.kind == "ValuesAssigned" and event.player == 0)
    assert GAME.describe_event(dealt.seen_by(0), "en") == "Your red explorers are worth 1, 1, 1, 2, 2, 3, 3, 4, 5, 6."
    assert GAME.describe_event(dealt.seen_by(0), "ja") == "あなたの赤の冒険者コマの数字：1、1、1、2、2、3、3、4、5、6。"
    assert GAME.describe_event(dealt.seen_by(1), "en") == "p0 looks at the values of the red explorers."
