"""The notation: every action has a text that reads back to it; bad texts say what is wrong."""

from __future__ import annotations

import pytest

from asobiba.core.errors import NotationError
from asobiba.games.survive import GAME
from asobiba.games.survive.actions import AssignValues, LayTiles
from asobiba.games.survive.data import TILES


def parse(text):
    return GAME.parse_action(text, None)


@pytest.mark.parametrize(
    "text",
    [
        "place red#4 r5c4",
        "boat r4c2",
        "play dolphin",
        "play kill-whale",
        "move green#10 r3c3",
        "board blue#2",
        "sail r4c2 r3c2",
        "escape yellow#1",
        "end moves",
        "remove r5c4",
        "die whale",
        "shark r3c2 r3c3",
        "serpent r1c1 r12c8",
        "stop",
        "decline",
        "first p3",
        "values 1112233456 6543322111",
    ],
)
def test_texts_read_back_to_themselves(text):
    assert str(parse(text)) == text


def test_the_tile_shuffle_reads_back():
    action = LayTiles(TILES)
    assert parse(str(action)) == action
    assert parse("values 1112233456") == AssignValues(((1, 1, 1, 2, 2, 3, 3, 4, 5, 6),))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("fly red#1 r5c4", "unknown action 'fly'"),
        ("move red#11 r5c4", "'red#11' is not an explorer"),
        ("move red#1 r99c0", "'r99c0' is not a cell"),
        ("move red#1", "takes 2 word"),
        ("sail r4c2 r9c9", "not next to"),
        ("play sunshine", "not a tile effect"),
        ("die dragon", "serpent, shark or whale"),
        ("tiles b:shark", "takes 40 word"),
        ("values 123", "10-digit group"),
        ("first x", "players are written p0"),
    ],
)
def test_a_bad_text_says_what_is_wrong(text, message):
    with pytest.raises(NotationError, match=message):
        parse(text)
