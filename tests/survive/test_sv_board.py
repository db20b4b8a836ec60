"""The board and the components (rules/survive.en.md: Components, The board, Tile backs)."""

from __future__ import annotations

from collections import Counter

from asobiba.games.survive.board import (
    CELL_BY_NAME,
    CELL_NAMES,
    CELLS,
    ESCAPE_SPACES,
    IS_ISLAND,
    LAGOON,
    LAND_SPACES,
    NEIGHBOURS,
    SAFE_ISLANDS,
    SERPENT_STARTS,
    START_SEA,
)
from asobiba.games.survive.data import (
    BOAT_COUNT,
    CREATURE_COUNT,
    DIE_FACES,
    EFFECT_KIND,
    EFFECTS,
    EXPLORER_VALUES,
    TILES,
    effect_of,
    terrain_of,
)


def test_the_board_has_137_cells_in_13_offset_rows():
    assert len(CELLS) == 137
    rows = Counter(row for row, _ in CELLS)
    assert [rows[r] for r in range(13)] == [7, 12, 11, 10, 11, 12, 11, 12, 11, 10, 11, 12, 7]


def test_there_are_40_land_spaces_and_93_sea_spaces_at_the_start():
    assert len(LAND_SPACES) == 40
    assert len(START_SEA) == 93
    assert len(LAND_SPACES) + len(START_SEA) + len(SAFE_ISLANDS) == 137


def test_neighbours_follow_the_six_neighbour_rule_of_offset_rows():
    for cell, (row, column) in enumerate(CELLS):
        if row % 2 == 0:
            offsets = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)]
        else:
            offsets = [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)]
        expected = {
            CELL_BY_NAME[f"r{row + dr}c{column + dc}"] for dr, dc in offsets if (row + dr, column + dc) in CELLS
        }
        assert set(NEIGHBOURS[cell]) == expected
        assert len(NEIGHBOURS[cell]) <= 6
        for other in NEIGHBOURS[cell]:
            assert cell in NEIGHBOURS[other]
    # Every land space is inside the board: six neighbours.
    assert all(len(NEIGHBOURS[cell]) == 6 for cell in LAND_SPACES)


def test_28_land_spaces_touch_the_sea_at_the_start():
    land = set(LAND_SPACES)
    touching = [c for c in LAND_SPACES if any(n not in land and not IS_ISLAND[n] for n in NEIGHBOURS[c])]
    assert len(touching) == 28


def test_the_lagoon_is_a_serpent_start_surrounded_by_land():
    assert CELL_NAMES[LAGOON] == "r6c5"
    assert LAGOON in SERPENT_STARTS and LAGOON not in LAND_SPACES
    assert set(NEIGHBOURS[LAGOON]) <= set(LAND_SPACES)
    assert sorted(CELL_NAMES[c] for c in SERPENT_STARTS) == ["r10c0", "r11c10", "r1c1", "r2c10", "r6c5"]


def test_each_safe_island_has_two_escape_spaces():
    assert {corner: sorted(CELL_NAMES[c] for c in cells) for corner, cells in ESCAPE_SPACES.items()} == {
        "NW": ["r1c1", "r2c0"],
        "NE": ["r1c10", "r2c10"],
        "SW": ["r10c0", "r11c1"],
        "SE": ["r10c10", "r11c10"],
    }
    for corner, island in SAFE_ISLANDS.items():
        assert IS_ISLAND[island]
        assert set(ESCAPE_SPACES[corner]) == {n for n in NEIGHBOURS[island] if not IS_ISLAND[n]}


def test_40_tiles_16_beach_16_forest_8_mountain_with_the_tabled_backs():
    assert len(TILES) == 40
    assert Counter(terrain_of(t) for t in TILES) == {0: 16, 1: 16, 2: 8}
    backs = Counter((terrain_of(t), EFFECTS[effect_of(t)]) for t in TILES)
    assert backs[0, "shark"] == 3 and backs[1, "shark"] == 2 and backs[2, "shark"] == 1
    assert backs[2, "volcano"] == 1 and sum(n for (_, e), n in backs.items() if e == "volcano") == 1
    assert backs[2, "whirlpool"] == 4 and backs[1, "whirlpool"] == 2
    assert backs[1, "boat"] == 3 and backs[0, "boat"] == 1
    assert backs[0, "winds"] == 2 and backs[0, "dolphin"] == 3 and backs[1, "dolphin"] == 1
    assert backs[1, "kill-whale"] == 2 and backs[2, "kill-whale"] == 1
    kinds = Counter(EFFECT_KIND[effect_of(t)] for t in TILES)
    assert kinds == {"immediate": 22, "held": 12, "counter": 6}


def test_explorer_values_pieces_and_the_die():
    assert sorted(EXPLORER_VALUES) == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]
    assert CREATURE_COUNT == (5, 6, 5)
    assert BOAT_COUNT == 12
    assert Counter(DIE_FACES) == {0: 2, 1: 2, 2: 2}
