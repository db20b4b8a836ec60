"""Survive! components as data: the 40 land tiles with their backs, explorers, pieces, the die.

A tile is an ``int`` code ``terrain * 16 + effect``; its text is ``b:shark`` (terrain letter, effect).

>>> len(TILES), [sum(1 for t in TILES if terrain_of(t) == k) for k in range(3)]
(40, [16, 16, 8])
>>> tile_name(TILES[0]), EFFECT_KIND[effect_of(TILES[0])]
('b:shark', 'immediate')
"""

from __future__ import annotations

from typing import Final

TERRAINS: Final = ("beach", "forest", "mountain")
TERRAIN_LETTERS: Final = ("b", "f", "m")
BEACH, FOREST, MOUNTAIN = 0, 1, 2

IMMEDIATE, HELD, COUNTER = "immediate", "held", "counter"

#: effect, kind, how many on beach, forest, mountain tiles (rules/survive.en.md, "The tiles").
TILE_TABLE: tuple[tuple[str, str, int, int, int], ...] = (
    ("shark", IMMEDIATE, 3, 2, 1),  # put a shark on this space
    ("whale", IMMEDIATE, 3, 2, 0),  # put a whale on this space
    ("boat", IMMEDIATE, 1, 3, 0),  # put a boat on this space
    ("whirlpool", IMMEDIATE, 0, 2, 4),  # clear this and the adjacent sea spaces
    ("volcano", IMMEDIATE, 0, 0, 1),  # the game ends
    ("dolphin", HELD, 3, 1, 0),  # move one of your swimmers up to 3 sea spaces
    ("winds", HELD, 2, 0, 0),  # move a boat you control up to 3 sea spaces
    ("move-serpent", HELD, 1, 1, 0),  # move any serpent to any empty sea space
    ("move-shark", HELD, 1, 1, 0),  # move any shark to any empty sea space
    ("move-whale", HELD, 1, 1, 0),  # move any whale to any empty sea space
    ("kill-shark", COUNTER, 1, 1, 1),  # a shark entering your swimmers' space is removed
    ("kill-whale", COUNTER, 0, 2, 1),  # a whale entering your boat's space is removed
)

EFFECTS: tuple[str, ...] = tuple(row[0] for row in TILE_TABLE)
EFFECT_INDEX: dict[str, int] = {name: index for index, name in enumerate(EFFECTS)}
EFFECT_KIND: tuple[str, ...] = tuple(row[1] for row in TILE_TABLE)
(
    SHARK_TILE,
    WHALE_TILE,
    BOAT_TILE,
    WHIRLPOOL,
    VOLCANO,
    DOLPHIN,
    WINDS,
    MOVE_SERPENT,
    MOVE_SHARK,
    MOVE_WHALE,
    KILL_SHARK,
    KILL_WHALE,
) = range(len(EFFECTS))
HELD_EFFECTS: Final = (DOLPHIN, WINDS, MOVE_SERPENT, MOVE_SHARK, MOVE_WHALE)
COUNTER_EFFECTS: Final = (KILL_SHARK, KILL_WHALE)


#: Tile codes per terrain: ``terrain * TERRAIN_CODES + effect``.
TERRAIN_CODES: Final = 16
#: Room for every tile code (the three terrains).
N_TILE_CODES: Final = 3 * TERRAIN_CODES


def tile_code(terrain: int, effect: int) -> int:
    return terrain * TERRAIN_CODES + effect


def terrain_codes(terrain: int) -> range:
    """Every code a tile of ``terrain`` may have."""
    return range(terrain * TERRAIN_CODES, (terrain + 1) * TERRAIN_CODES)


def terrain_of(code: int) -> int:
    return code // TERRAIN_CODES


def effect_of(code: int) -> int:
    return code % TERRAIN_CODES


def tile_name(code: int) -> str:
    """``b:shark``, ``m:volcano`` …"""
    return f"{TERRAIN_LETTERS[terrain_of(code)]}:{EFFECTS[effect_of(code)]}"


TILE_BY_NAME: dict[str, int] = {
    tile_name(tile_code(t, e)): tile_code(t, e) for t in range(3) for e in range(len(EFFECTS))
}

#: The 40 tiles, in table order.
TILES: tuple[int, ...] = tuple(
    tile_code(terrain, effect)
    for effect, row in enumerate(TILE_TABLE)
    for terrain in range(3)
    for _ in range(int(row[2 + terrain]))
)

#: Colours in seating order; explorer ``colour * 10 + k`` is ``<colour>#<k + 1>``.
COLOURS: Final = ("red", "blue", "yellow", "green")
#: The hidden values of one colour's 10 explorers.
EXPLORER_VALUES: Final = (1, 1, 1, 2, 2, 3, 3, 4, 5, 6)
EXPLORERS_PER_COLOUR: Final = 10
BOATS_PER_COLOUR: Final = 2
BOAT_CAPACITY: Final = 3
MOVE_POINTS: Final = 3

#: Creatures: kind index, name, number in the box, spaces it may move on a roll.
SERPENT, SHARK, WHALE = 0, 1, 2
CREATURES: Final = ("serpent", "shark", "whale")
CREATURE_COUNT: Final = (5, 6, 5)
CREATURE_REACH: Final = (1, 2, 3)
BOAT_COUNT: Final = 12
#: The six faces of the creature die.
DIE_FACES: Final = (SERPENT, SERPENT, SHARK, SHARK, WHALE, WHALE)


def colour_of(explorer: int) -> int:
    """The colour of explorer number ``explorer`` (``colour * 10 + k``)."""
    return explorer // EXPLORERS_PER_COLOUR


def colour_explorers(colour: int) -> range:
    """The numbers of a colour's 10 explorers."""
    return range(colour * EXPLORERS_PER_COLOUR, (colour + 1) * EXPLORERS_PER_COLOUR)


def _explorer_name(explorer: int) -> str:
    return f"{COLOURS[colour_of(explorer)]}#{explorer % EXPLORERS_PER_COLOUR + 1}"


#: Every explorer's public id, by number.
EXPLORER_NAMES: tuple[str, ...] = tuple(_explorer_name(e) for e in range(len(COLOURS) * EXPLORERS_PER_COLOUR))
#: Every explorer's colour name, by number.
EXPLORER_COLOURS: tuple[str, ...] = tuple(COLOURS[colour_of(e)] for e in range(len(COLOURS) * EXPLORERS_PER_COLOUR))


def explorer_name(explorer: int) -> str:
    """The public id of an explorer: ``red#4`` (never its value)."""
    if 0 <= explorer < len(EXPLORER_NAMES):
        return EXPLORER_NAMES[explorer]
    return _explorer_name(explorer)


EXPLORER_BY_NAME: dict[str, int] = {explorer_name(e): e for e in range(40)}
