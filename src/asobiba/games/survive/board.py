"""The Survive! board as data: 137 hex cells in offset rows (even rows shifted right).

One letter per cell, row by row, from the first column that exists in the row
(the map of ``rules/survive.en.md``): ``L`` a land space (holds a tile at the start), ``S`` a sea
serpent's start space (sea), ``E`` a safe island (not a space pieces stand on), ``.`` sea.

>>> len(CELLS), len(LAND_SPACES), len(START_SEA)
(137, 40, 93)
>>> CELL_NAMES[LAGOON]
'r6c5'
>>> sorted(CELL_NAMES[cell] for cell in ESCAPE_SPACES["NW"])
['r1c1', 'r2c0']
"""

from __future__ import annotations

from typing import Final

#: (row, first column, one letter per cell from that column on).
MAP: Final = (
    (0, 2, "......."),
    (1, 0, "ES.........E"),
    (2, 0, "..........S"),
    (3, 1, "...LLLL..."),
    (4, 0, "...LLLLL..."),
    (5, 0, "..LLLLLLLL.."),
    (6, 0, "..LLLSLLL.."),
    (7, 0, "..LLLLLLLL.."),
    (8, 0, "...LLLLL..."),
    (9, 1, "...LLLL..."),
    (10, 0, "S.........."),
    (11, 0, "E.........SE"),
    (12, 2, "......."),
)

ROWS: Final = 13
COLUMNS: Final = 12

#: Every cell as (row, column), row by row; a cell's index in this tuple is its number.
CELLS: tuple[tuple[int, int], ...] = tuple((row, first + i) for row, first, letters in MAP for i in range(len(letters)))
_LETTER: dict[tuple[int, int], str] = {
    (row, first + i): letter for row, first, letters in MAP for i, letter in enumerate(letters)
}
CELL_INDEX: dict[tuple[int, int], int] = {cell: index for index, cell in enumerate(CELLS)}
N_CELLS: Final = len(CELLS)


def cell_name(cell: int) -> str:
    """The notation of a cell: ``r<row>c<column>``."""
    row, column = CELLS[cell]
    return f"r{row}c{column}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(cell) for cell in range(N_CELLS))
CELL_BY_NAME: dict[str, int] = {name: cell for cell, name in enumerate(CELL_NAMES)}


def _offsets(row: int) -> tuple[tuple[int, int], ...]:
    # Even rows are shifted half a hex to the right.
    if row % 2 == 0:
        return ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
    return ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))


#: The cells next to each cell (at most six), in index order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(CELL_INDEX[(row + dr, column + dc)] for dr, dc in _offsets(row) if (row + dr, column + dc) in CELL_INDEX)
    )
    for row, column in CELLS
)
NEIGHBOUR_SETS: tuple[frozenset[int], ...] = tuple(frozenset(cells) for cells in NEIGHBOURS)

LAND_SPACES: tuple[int, ...] = tuple(cell for cell in range(N_CELLS) if _LETTER[CELLS[cell]] == "L")
SERPENT_STARTS: tuple[int, ...] = tuple(cell for cell in range(N_CELLS) if _LETTER[CELLS[cell]] == "S")
LAGOON: Final = CELL_INDEX[(6, 5)]

#: The safe islands by corner; not spaces pieces stand on.
SAFE_ISLANDS: dict[str, int] = {
    "NW": CELL_INDEX[(1, 0)],
    "NE": CELL_INDEX[(1, 11)],
    "SW": CELL_INDEX[(11, 0)],
    "SE": CELL_INDEX[(11, 11)],
}
IS_ISLAND: tuple[bool, ...] = tuple(_LETTER[cell] == "E" for cell in CELLS)
#: Each island's two escape spaces: the sea spaces it touches.
ESCAPE_SPACES: dict[str, tuple[int, ...]] = {
    corner: tuple(n for n in NEIGHBOURS[island] if not IS_ISLAND[n]) for corner, island in SAFE_ISLANDS.items()
}
IS_ESCAPE: tuple[bool, ...] = tuple(any(cell in spaces for spaces in ESCAPE_SPACES.values()) for cell in range(N_CELLS))
#: The sea spaces at the start (the serpent spaces included).
START_SEA: tuple[int, ...] = tuple(
    cell for cell in range(N_CELLS) if _LETTER[CELLS[cell]] != "L" and not IS_ISLAND[cell]
)
#: Neighbours a piece may ever stand on (the islands left out).
SPACE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in NEIGHBOURS[cell] if not IS_ISLAND[n]) for cell in range(N_CELLS)
)
