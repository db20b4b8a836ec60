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
from enum import Enum
from functools import cache
from typing import Final

from mypy_extensions import mypyc_attr

from asobiba.core.actions import Action
from asobiba.core.errors import IllegalAction
from asobiba.games.survive.board import CELL_NAMES, N_CELLS, NEIGHBOURS, SPACE_NEIGHBOURS
from asobiba.games.survive.data import COLOURS, CREATURES, EFFECTS, EXPLORERS_PER_COLOUR, TILE_BY_NAME, explorer_name

# The texts of fields, for any value of the field's type: an action built directly with a value
# out of range still has a text (that ``_check`` then refuses), never an exception.
_TILE_NAMES: dict[int, str] = {code: name for name, code in TILE_BY_NAME.items()}
N_ALL_EXPLORERS: Final = len(COLOURS) * EXPLORERS_PER_COLOUR


def number_text(number: int) -> str:
    """A whole number as text, however long (a huge one is shortened)."""
    return str(number) if number.bit_length() < 64 else "…"


def cell_text(cell: int) -> str:
    return CELL_NAMES[cell] if 0 <= cell < N_CELLS else f"cell?{number_text(cell)}"


def explorer_text(explorer: int) -> str:
    return explorer_name(explorer) if 0 <= explorer < N_ALL_EXPLORERS else f"explorer?{number_text(explorer)}"


def effect_text(effect: int) -> str:
    return EFFECTS[effect] if 0 <= effect < len(EFFECTS) else f"effect?{number_text(effect)}"


def creature_text(creature: int) -> str:
    return CREATURES[creature] if 0 <= creature < len(CREATURES) else f"creature?{number_text(creature)}"


def tile_text(code: int) -> str:
    return _TILE_NAMES.get(code) or f"tile?{number_text(code)}"


@mypyc_attr(native_class=False)
class ChanceOutcome(Action):
    """Base of the outcomes of chance. ``is_chance`` is set here, outside the dataclasses: compiled by
    mypyc, an assignment in a dataclass's body (annotated or not, ``ClassVar`` too) becomes a field."""

    __slots__ = ()
    is_chance = True


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class LayTiles(ChanceOutcome):
    """Chance: the tile on each land space, in board order."""

    layout: tuple[int, ...]

    def __str__(self) -> str:
        return "tiles " + " ".join(tile_text(code) for code in self.layout)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class AssignValues(ChanceOutcome):
    """Chance: each colour's explorer values, explorer #1 first."""

    values: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "values " + " ".join("".join(number_text(v) for v in colour) for colour in self.values)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ChooseFirst(ChanceOutcome):
    """Chance: the first player."""

    player: int

    def __str__(self) -> str:
        return f"first p{number_text(self.player)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PlaceExplorer(Action):
    explorer: int
    cell: int

    def __str__(self) -> str:
        return f"place {explorer_text(self.explorer)} {cell_text(self.cell)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PlaceBoat(Action):
    cell: int

    def __str__(self) -> str:
        return f"boat {cell_text(self.cell)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class PlayTile(Action):
    """Play a held tile (on one's turn) or a counter tile (when asked)."""

    effect: int

    def __str__(self) -> str:
        return f"play {effect_text(self.effect)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class MoveExplorer(Action):
    explorer: int
    cell: int

    def __str__(self) -> str:
        return f"move {explorer_text(self.explorer)} {cell_text(self.cell)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class BoardBoat(Action):
    explorer: int

    def __str__(self) -> str:
        return f"board {explorer_text(self.explorer)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class SailBoat(Action):
    source: int
    target: int

    def __str__(self) -> str:
        return f"sail {cell_text(self.source)} {cell_text(self.target)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Escape(Action):
    explorer: int

    def __str__(self) -> str:
        return f"escape {explorer_text(self.explorer)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    def __str__(self) -> str:
        return "end moves"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RemoveTile(Action):
    cell: int

    def __str__(self) -> str:
        return f"remove {cell_text(self.cell)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class RollDie(ChanceOutcome):
    """Chance: the creature die shows a serpent, a shark or a whale."""

    creature: int

    def __str__(self) -> str:
        return f"die {creature_text(self.creature)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class MoveCreature(Action):
    creature: int
    source: int
    target: int

    def __str__(self) -> str:
        return f"{creature_text(self.creature)} {cell_text(self.source)} {cell_text(self.target)}"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Decline(Action):
    def __str__(self) -> str:
        return "decline"


#: Every action class of the game, chance outcomes included.
ACTION_TYPES: Final = (
    LayTiles,
    AssignValues,
    ChooseFirst,
    PlaceExplorer,
    PlaceBoat,
    PlayTile,
    MoveExplorer,
    BoardBoat,
    SailBoat,
    Escape,
    EndMoves,
    RemoveTile,
    RollDie,
    MoveCreature,
    Stop,
    Decline,
)

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


# Move generation only concatenates these (built once, in the order of SPACE_NEIGHBOURS).
#: Per explorer and cell: the moves to every space next to it (a step on land may reach any).
EXPLORER_STEPS: tuple[tuple[tuple[MoveExplorer, ...], ...], ...] = tuple(
    tuple(tuple(MOVE_EXPLORER[e][n] for n in SPACE_NEIGHBOURS[c]) for c in range(N_CELLS)) for e in range(N_EXPLORERS)
)
#: Per explorer and cell: ``(space, move there)`` for every space next to it (a swimmer's step skips land).
EXPLORER_STEP_TO: tuple[tuple[tuple[tuple[int, MoveExplorer], ...], ...], ...] = tuple(
    tuple(tuple((n, MOVE_EXPLORER[e][n]) for n in SPACE_NEIGHBOURS[c]) for c in range(N_CELLS))
    for e in range(N_EXPLORERS)
)
#: Per cell: ``(space, sailing there)`` for every space next to it.
SAIL_TO: tuple[tuple[tuple[int, SailBoat], ...], ...] = tuple(
    tuple((n, SAIL[c, n]) for n in SPACE_NEIGHBOURS[c]) for c in range(N_CELLS)
)
#: Per creature and cell: ``(space, the creature's move there)`` for every space next to it.
CREATURE_STEP_TO: tuple[tuple[tuple[tuple[int, MoveCreature], ...], ...], ...] = tuple(
    tuple(tuple((n, CREATURE_STEP[k, c, n]) for n in SPACE_NEIGHBOURS[c]) for c in range(N_CELLS)) for k in range(3)
)


class Numbered(Enum):
    """What a numbered field of an action counts, and so its range."""

    CELL = "cell"
    EXPLORER = "explorer"
    EFFECT = "effect"
    CREATURE = "creature"
    PLAYER = "player"


#: The numbered fields of each action class (``_check`` refuses a value out of range).
NUMBERED_FIELDS: dict[type[Action], tuple[tuple[str, Numbered], ...]] = {
    ChooseFirst: (("player", Numbered.PLAYER),),
    PlaceExplorer: (("explorer", Numbered.EXPLORER), ("cell", Numbered.CELL)),
    PlaceBoat: (("cell", Numbered.CELL),),
    PlayTile: (("effect", Numbered.EFFECT),),
    MoveExplorer: (("explorer", Numbered.EXPLORER), ("cell", Numbered.CELL)),
    BoardBoat: (("explorer", Numbered.EXPLORER),),
    SailBoat: (("source", Numbered.CELL), ("target", Numbered.CELL)),
    Escape: (("explorer", Numbered.EXPLORER),),
    RemoveTile: (("cell", Numbered.CELL),),
    RollDie: (("creature", Numbered.CREATURE),),
    MoveCreature: (("creature", Numbered.CREATURE), ("source", Numbered.CELL), ("target", Numbered.CELL)),
}


@cache
def numbered_field_ranges(explorers: int, players: int) -> dict[type[Action], tuple[tuple[str, int], ...]]:
    """Per action class, its numbered fields and how many things each may name in a game of
    ``explorers`` explorers and ``players`` players (one table for every such game, never changed)."""
    counts = {
        Numbered.CELL: N_CELLS,
        Numbered.EXPLORER: explorers,
        Numbered.EFFECT: len(EFFECTS),
        Numbered.CREATURE: len(CREATURES),
        Numbered.PLAYER: players,
    }
    return {
        kind: tuple((name, counts[counted]) for name, counted in numbered) for kind, numbered in NUMBERED_FIELDS.items()
    }


def verify_numbered_fields(action: Action, explorers: int, players: int) -> None:
    """A numbered field (a cell, an explorer, a tile effect, a creature, a player) that names
    nothing in a game of ``explorers`` explorers and ``players`` players, as in an action built directly."""
    for name, count in numbered_field_ranges(explorers, players).get(type(action), ()):
        value = getattr(action, name)
        if not 0 <= value < count:
            raise IllegalAction(
                "{action}: {field} {value} is out of range; it takes 0 to {last}",
                domain="survive",
                action=type(action).__name__,
                field=name,
                value=number_text(value),
                last=count - 1,
            )
