"""The phases of a Survive! game: who decides what now (``state.phase``; its value is the view's
``phase``). The details of a multi-step decision are its pending step (:mod:`.steps`).

>>> Phase.REMOVE_TILE.value
'remove_tile'
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Who decides what now; the value is the phase's name in views."""

    TILES = "tiles"  # chance: the tile layout
    VALUES = "values"  # chance: the explorer values
    FIRST_PLAYER = "first_player"  # chance: the first player
    PLACE_EXPLORERS = "place_explorers"
    PLACE_BOATS = "place_boats"
    MOVE = "move"  # a turn's steps 1 and 2: a held tile, then up to 3 move points
    DOLPHIN = "dolphin"  # a dolphin carries a swimmer (DolphinRide)
    WINDS = "winds"  # favourable winds move a boat (WindsSail)
    JUMP = "jump"  # a "move any …" tile jumps a creature (Jump)
    REMOVE_TILE = "remove_tile"
    BOAT_TILE = "boat_tile"  # the remover chooses who boards a boat tile (BoatTileBoarding)
    ROLL = "roll"  # chance: the creature die
    CREATURE = "creature"  # the rolled creature moves (CreatureRun)
    COUNTER = "counter"  # a threatened player may play a counter tile (CounterQuestion)
    OVER = "over"


# Tuples, not sets: membership is then an identity test in C (an Enum hashes in Python).
#: The phases where chance decides.
CHANCE_PHASES: Final = (Phase.TILES, Phase.VALUES, Phase.FIRST_PLAYER, Phase.ROLL)
#: The phases of setup, before the first turn.
SETUP_PHASES: Final = (Phase.TILES, Phase.VALUES, Phase.FIRST_PLAYER, Phase.PLACE_EXPLORERS, Phase.PLACE_BOATS)
