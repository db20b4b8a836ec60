"""``positions.layout_with``, the tile layout of a scripted position (issue 35): a full layout, or a
tile already where it is asked for, comes back as asked; an impossible one is refused with a clear
error, never a bare ``StopIteration``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES
from asobiba.games.survive.positions import layout_with, position

LAND = [CELL_NAMES[cell] for cell in LAND_SPACES]
TABLE_ORDER = layout_with({})


def test_a_full_layout_comes_back_as_given() -> None:
    assert layout_with(dict(zip(LAND, TABLE_ORDER, strict=True))) == TABLE_ORDER
    shuffled = TABLE_ORDER[:]
    random.Random(3).shuffle(shuffled)
    assert layout_with(dict(zip(LAND, shuffled, strict=True))) == shuffled


def test_the_only_tile_of_its_kind_asked_for_where_it_already_lies() -> None:
    cell = LAND[TABLE_ORDER.index("m:volcano")]
    assert layout_with({cell: "m:volcano"}) == TABLE_ORDER


def test_a_tile_asked_for_whose_copies_lie_on_spaces_fixed_to_other_tiles() -> None:
    # The volcano lies, in table order, on a space asked to hold a beach shark: it still moves.
    volcano_cell = LAND[TABLE_ORDER.index("m:volcano")]
    layout = layout_with({"r3c4": "m:volcano", volcano_cell: "b:shark"})
    assert layout[LAND.index("r3c4")] == "m:volcano" and layout[LAND.index(volcano_cell)] == "b:shark"
    assert Counter(layout) == Counter(TABLE_ORDER)


def test_any_partial_layout_keeps_the_40_tiles_and_every_tile_asked_for() -> None:
    rng = random.Random(35)
    for _ in range(300):
        shuffled = TABLE_ORDER[:]
        rng.shuffle(shuffled)
        asked = {LAND[i]: shuffled[i] for i in rng.sample(range(40), rng.randrange(41))}
        layout = layout_with(asked)
        assert Counter(layout) == Counter(TABLE_ORDER)
        assert all(layout[LAND.index(cell)] == tile for cell, tile in asked.items())


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (
            {"r3c4": "m:volcano", "r3c5": "m:volcano"},
            r"m:volcano is placed on 2 spaces \(r3c4, r3c5\), but the game has 1",
        ),
        ({"r3c4": "m:whale"}, r"m:whale is placed on 1 space \(r3c4\), but the game has 0"),
        ({"r0c0": "b:shark"}, r"'r0c0' is not a land space"),
        ({"r6c5": "b:shark"}, r"'r6c5' is not a land space"),
        ({"somewhere": "b:shark"}, r"'somewhere' is not a land space"),
        ({"r3c4": "b:kraken"}, r"'b:kraken' is not a tile"),
    ],
)
def test_an_impossible_layout_is_refused_with_a_clear_error(tiles: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        layout_with(tiles)
    with pytest.raises(ValueError, match=message):
        position(tiles=tiles)


def test_a_full_layout_asked_for_leaves_nothing_to_chance() -> None:
    shuffled = TABLE_ORDER[:]
    random.Random(7).shuffle(shuffled)
    state = position(tiles=dict(zip(LAND, shuffled, strict=True)), explorers={"red#1": "r5c4", "blue#1": "r7c7"})
    assert state.options["tile_layout"] == tuple(shuffled)
