"""Survive!'s compact action space (``action_space="compact"``): piece × direction, at most 3,542 numbers.

The full space (:class:`asobiba.games.survive.rl.SurviveCodec`) numbers a step by its piece and
its target cell and a creature's move by source × target: 22–26k numbers. Here a step is a piece
and one of the six hex directions (0–5: north-west, north-east, west, east, south-west,
south-east), an explorer is one of the *mover's* own (``slot`` = its number within its colour,
plus 10 for a player's second colour with ``two_colours``), and a creature's jump (the "move
any …" tiles) is which of that creature's pieces (the ``k``-th occupied space in cell order,
``k`` < 6) × the target space. ``S`` = 10 × colours per player (10, or 20 with ``two_colours``):

=============  ========  ============================================================
block          size      number
=============  ========  ============================================================
place          S × 40    setup: ``slot * 40 + land space``
boat           133       setup: the space a boat goes on
play           12        a held or counter tile, by effect
move           S × 6     an explorer's step (or a dolphin's): ``slot * 6 + direction``
board          S         a swimmer climbs onto the boat in its space
escape         S         an explorer reaches the safe island
sail           133 × 6   a boat's step: ``space * 6 + direction``
end_moves      1         end the movement step
stop           1         end a creature's, a dolphin's or a boat's move
decline        1         do not play a counter tile now
remove         40        the land space whose tile is removed
creature       133 × 6   the rolled creature's step: ``space * 6 + direction``
jump           6 × 133   a tile's jump: ``k * 133 + target space``
=============  ========  ============================================================

3,062 numbers with one colour per player, 3,542 with ``two_colours``. The number of a step or a
creature's move depends on the position (where the piece stands, the phase): ``index_in(action,
state)``; the rest read the action alone. The mask is exact: the legal actions of a position
have distinct numbers (a direction leads to one cell; a piece has one cell).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from asobiba.core.game import Game
from asobiba.core.state import Action
from asobiba.games.survive.actions import (
    BoardBoat,
    Decline,
    EndMoves,
    Escape,
    MoveCreature,
    MoveExplorer,
    PlaceBoat,
    PlaceExplorer,
    PlayTile,
    RemoveTile,
    SailBoat,
    Stop,
)
from asobiba.games.survive.board import LAND_SPACES
from asobiba.games.survive.data import CREATURE_COUNT, EFFECTS, EXPLORERS_PER_COLOUR
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rl_spaces import DIRECTION, LAND_INDEX, SPACE_INDEX, SPACES, colours
from asobiba.rl.codecs import ActionCodec

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

__all__ = ["SurviveCompactCodec"]

#: The most pieces of one creature kind (the jump block's rows).
MOST_OF_A_CREATURE = max(CREATURE_COUNT)


class SurviveCompactCodec(ActionCodec["SurviveState"]):
    """Survive!'s compact numbering (see the module's table)."""

    position_dependent: ClassVar[tuple[type, ...]] = (MoveExplorer, MoveCreature)

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        self.slots = EXPLORERS_PER_COLOUR * (colours(players, options) // players)
        spaces, land, slots = len(SPACES), len(LAND_SPACES), self.slots
        self._lay_out(
            [
                ("place", slots * land),
                ("boat", spaces),
                ("play", len(EFFECTS)),
                ("move", slots * 6),
                ("board", slots),
                ("escape", slots),
                ("sail", spaces * 6),
                ("end_moves", 1),
                ("stop", 1),
                ("decline", 1),
                ("remove", land),
                ("creature", spaces * 6),
                ("jump", MOST_OF_A_CREATURE * spaces),
            ]
        )

    def slot(self, explorer: int) -> int:
        """An explorer's place among its player's own: its number in its colour, + 10 for a second colour."""
        colour, number = divmod(explorer, EXPLORERS_PER_COLOUR)
        return (colour // self.players) * EXPLORERS_PER_COLOUR + number

    def index(self, action: Action) -> int:
        first = self.first
        match action:
            case PlaceExplorer(explorer, cell):
                return first["place"] + self.slot(explorer) * len(LAND_SPACES) + LAND_INDEX[cell]
            case PlaceBoat(cell):
                return first["boat"] + SPACE_INDEX[cell]
            case PlayTile(effect):
                return first["play"] + effect
            case BoardBoat(explorer):
                return first["board"] + self.slot(explorer)
            case Escape(explorer):
                return first["escape"] + self.slot(explorer)
            case SailBoat(source, target):
                return first["sail"] + SPACE_INDEX[source] * 6 + DIRECTION[source, target]
            case EndMoves():
                return first["end_moves"]
            case Stop():
                return first["stop"]
            case Decline():
                return first["decline"]
            case RemoveTile(cell):
                return first["remove"] + LAND_INDEX[cell]
            case MoveExplorer() | MoveCreature():
                raise ValueError(f"{action} is numbered by where its piece stands: use index_in(action, state)")
        raise KeyError(f"{action!r} is not a player's action of survive")

    def index_in(self, action: Action, state: SurviveState) -> int:
        first = self.first
        match action:
            case MoveExplorer(explorer, cell):
                here = state.ex_cell[explorer]
                return first["move"] + self.slot(explorer) * 6 + DIRECTION[here, cell]
            case MoveCreature(creature, source, target):
                if state.phase == Phase.JUMP:
                    occupied = state.creature_at[creature]
                    rank = sum(1 for cell in range(source) if occupied[cell])
                    return first["jump"] + rank * len(SPACES) + SPACE_INDEX[target]
                return first["creature"] + SPACE_INDEX[source] * 6 + DIRECTION[source, target]
        return self.index(action)
