"""The numbering both Survive! action spaces share: the spaces, the land spaces, the hex directions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobiba.games.survive.board import CELLS, IS_ISLAND, LAND_SPACES, N_CELLS, NEIGHBOURS

__all__ = ["DIRECTION", "LAND_INDEX", "NEIGHBOUR_IN", "SPACES", "SPACE_INDEX", "colours"]

#: The cells pieces may stand on (every cell but the four safe islands), in cell order.
SPACES: tuple[int, ...] = tuple(cell for cell in range(N_CELLS) if not IS_ISLAND[cell])
SPACE_INDEX: dict[int, int] = {cell: index for index, cell in enumerate(SPACES)}
LAND_INDEX: dict[int, int] = {cell: index for index, cell in enumerate(LAND_SPACES)}
#: Directions on the grid, (row, column) steps, for even rows (shifted right) and odd rows.
_DIRECTIONS = (
    ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1)),
    ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)),
)
#: (cell, neighbour) -> the direction 0–5 of the step.
DIRECTION: dict[tuple[int, int], int] = {}
for _cell, (_row, _column) in enumerate(CELLS):
    for _neighbour in NEIGHBOURS[_cell]:
        _step = (CELLS[_neighbour][0] - _row, CELLS[_neighbour][1] - _column)
        DIRECTION[_cell, _neighbour] = _DIRECTIONS[_row % 2].index(_step)
#: (cell, direction) -> the neighbour in that direction.
NEIGHBOUR_IN: dict[tuple[int, int], int] = {
    (cell, direction): neighbour for (cell, neighbour), direction in DIRECTION.items()
}


def colours(players: int, options: Mapping[str, Any]) -> int:
    """How many colours are in play."""
    return 4 if options["two_colours"] else players
