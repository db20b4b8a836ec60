"""Survive! actions and their notation.

Cells are written ``r<row>c<column>``, explorers by colour and number (``red#4``), players
``p0`` … Every action is one atomic step:

==========================  ===========================================================
``tiles b:shark f:boat …``  chance: the 40 tiles, one per land space in board order
``values 1112233456 …``     chance: each colour's explorer values, ``#1`` to ``#10``
``first p2``                chance: the first player
``place red#4 r5c4``        setup: put an explorer on a land tile
``boat r4c2``               setup: put a boat on a sea space next to land
``play dolphin``            play a held tile (``dolphin``, ``winds``, ``move-serpent``,
                            ``move-shark``, ``move-whale``) or a counter tile
                            (``kill-shark``, ``kill-whale``)
``move red#4 r5c4``         one step of an explorer (land, boarding, swimming; a dolphin step)
``board red#4``             a swimmer climbs onto the boat in its space (or onto a boat tile)
``sail r4c2 r4c3``          one step of the boat at r4c2 (move points or favourable winds)
``escape red#4``            an explorer on an escape space reaches the safe island
``end moves``               end the movement step
``remove r5c4``             remove a land tile
``die shark``               chance: the creature die
``shark r2c3 r2c4``         one step of the shark at r2c3 (a roll), or its jump (a held tile)
``stop``                    end a creature's, a dolphin's or a boat's move here
``decline``                 do not play a counter tile now
==========================  ===========================================================

>>> str(MoveExplorer(3, 50)), str(SailBoat(20, 21))
('move red#4 r4c10', 'sail r2c1 r2c2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from asobiba.core.state import Action
from asobiba.games.survive.board import CELL_NAMES, N_CELLS, NEIGHBOURS
from asobiba.games.survive.data import CREATURES, EFFECTS, explorer_name, tile_name


@dataclass(frozen=True, slots=True)
class LayTiles(Action):
    """Chance: the tile on each land space, in board order."""

    layout: tuple[int, ...]
    is_chance = True

    def __str__(self) -> str:
        return "tiles " + " ".join(tile_name(code) for code in self.layout)


@dataclass(frozen=True, slots=True)
class AssignValues(Action):
    """Chance: each colour's explorer values, explorer #1 first."""

    values: tuple[tuple[int, ...], ...]
    is_chance = True

    def __str__(self) -> str:
        return "values " + " ".join("".join(str(v) for v in colour) for colour in self.values)


@dataclass(frozen=True, slots=True)
class ChooseFirst(Action):
    """Chance: the first player."""

    player: int
    is_chance = True

    def __str__(self) -> str:
        return f"first p{self.player}"


@dataclass(frozen=True, slots=True)
class PlaceExplorer(Action):
    explorer: int
    cell: int

    def __str__(self) -> str:
        return f"place {explorer_name(self.explorer)} {CELL_NAMES[self.cell]}"


@dataclass(frozen=True, slots=True)
class PlaceBoat(Action):
    cell: int

    def __str__(self) -> str:
        return f"boat {CELL_NAMES[self.cell]}"


@dataclass(frozen=True, slots=True)
class PlayTile(Action):
    """Play a held tile (on one's turn) or a counter tile (when asked)."""

    effect: int

    def __str__(self) -> str:
        return f"play {EFFECTS[self.effect]}"


@dataclass(frozen=True, slots=True)
class MoveExplorer(Action):
    explorer: int
    cell: int

    def __str__(self) -> str:
        return f"move {explorer_name(self.explorer)} {CELL_NAMES[self.cell]}"


@dataclass(frozen=True, slots=True)
class BoardBoat(Action):
    explorer: int

    def __str__(self) -> str:
        return f"board {explorer_name(self.explorer)}"


@dataclass(frozen=True, slots=True)
class SailBoat(Action):
    source: int
    target: int

    def __str__(self) -> str:
        return f"sail {CELL_NAMES[self.source]} {CELL_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Escape(Action):
    explorer: int

    def __str__(self) -> str:
        return f"escape {explorer_name(self.explorer)}"


@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    def __str__(self) -> str:
        return "end moves"


@dataclass(frozen=True, slots=True)
class RemoveTile(Action):
    cell: int

    def __str__(self) -> str:
        return f"remove {CELL_NAMES[self.cell]}"


@dataclass(frozen=True, slots=True)
class RollDie(Action):
    """Chance: the creature die shows a serpent, a shark or a whale."""

    creature: int
    is_chance = True

    def __str__(self) -> str:
        return f"die {CREATURES[self.creature]}"


@dataclass(frozen=True, slots=True)
class MoveCreature(Action):
    creature: int
    source: int
    target: int

    def __str__(self) -> str:
        return f"{CREATURES[self.creature]} {CELL_NAMES[self.source]} {CELL_NAMES[self.target]}"


@dataclass(frozen=True, slots=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    def __str__(self) -> str:
        return "decline"


# Precomputed action objects: legal_actions only looks them up.
END_MOVES: Final = EndMoves()
STOP: Final = Stop()
DECLINE: Final = Decline()
N_EXPLORERS = 40
PLACE_EXPLORER: tuple[tuple[PlaceExplorer, ...], ...] = tuple(
    tuple(PlaceExplorer(e, c) for c in range(N_CELLS)) for e in range(N_EXPLORERS)
)
MOVE_EXPLORER: tuple[tuple[MoveExplorer, ...], ...] = tuple(
    tuple(MoveExplorer(e, c) for c in range(N_CELLS)) for e in range(N_EXPLORERS)
)
BOARD: tuple[BoardBoat, ...] = tuple(BoardBoat(e) for e in range(N_EXPLORERS))
ESCAPE: tuple[Escape, ...] = tuple(Escape(e) for e in range(N_EXPLORERS))
PLACE_BOAT: tuple[PlaceBoat, ...] = tuple(PlaceBoat(c) for c in range(N_CELLS))
REMOVE_TILE: tuple[RemoveTile, ...] = tuple(RemoveTile(c) for c in range(N_CELLS))
PLAY_TILE: tuple[PlayTile, ...] = tuple(PlayTile(e) for e in range(len(EFFECTS)))
ROLL: tuple[RollDie, ...] = tuple(RollDie(k) for k in range(3))
SAIL: dict[tuple[int, int], SailBoat] = {(c, n): SailBoat(c, n) for c in range(N_CELLS) for n in NEIGHBOURS[c]}
CREATURE_STEP: dict[tuple[int, int, int], MoveCreature] = {
    (k, c, n): MoveCreature(k, c, n) for k in range(3) for c in range(N_CELLS) for n in NEIGHBOURS[c]
}
_JUMPS: dict[tuple[int, int, int], MoveCreature] = {}


def creature_move(creature: int, source: int, target: int) -> MoveCreature:
    """The (shared) action object moving a creature from ``source`` to ``target``."""
    key = (creature, source, target)
    action = CREATURE_STEP.get(key) or _JUMPS.get(key)
    if action is None:
        action = _JUMPS[key] = MoveCreature(creature, source, target)
    return action
