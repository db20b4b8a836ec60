"""Reading the Survive! notation (see :mod:`asobiba.games.survive.actions`).

>>> str(parse("move red#4 r5c4"))
'move red#4 r5c4'
>>> parse("sail r4c2 r9c9")
Traceback (most recent call last):
...
asobiba.core.errors.NotationError: 'sail r4c2 r9c9': r9c9 is not next to r4c2
"""

from __future__ import annotations

import re
from typing import Final

from asobiba.core.errors import NotationError
from asobiba.core.state import Action
from asobiba.games.survive.actions import (
    BOARD,
    DECLINE,
    END_MOVES,
    ESCAPE,
    MOVE_EXPLORER,
    PLACE_BOAT,
    PLACE_EXPLORER,
    PLAY_TILE,
    REMOVE_TILE,
    ROLL,
    SAIL,
    STOP,
    AssignValues,
    ChooseFirst,
    LayTiles,
    creature_move,
)
from asobiba.games.survive.board import CELL_BY_NAME, NEIGHBOUR_SETS
from asobiba.games.survive.data import COLOURS, CREATURES, EFFECT_INDEX, EXPLORER_BY_NAME, TILE_BY_NAME

#: A player (at most 4) and a colour's 10 explorer values, in ASCII digits.
PLAYER: Final = re.compile(r"p[0-9]")
VALUE_GROUP: Final = re.compile(r"[0-9]{10}")


def parse(text: str) -> Action:
    """The action written ``text``; :class:`NotationError` says what could not be read."""
    words = text.split()
    if not words:
        raise NotationError("an empty text is not an action", domain="survive")

    shown = repr(text.strip())

    def cell(word: str) -> int:
        if word not in CELL_BY_NAME:
            raise NotationError(
                "{text}: {word} is not a cell of the board (cells are written like r5c4)",
                domain="survive",
                text=shown,
                word=repr(word),
            )
        return CELL_BY_NAME[word]

    def explorer(word: str) -> int:
        if word not in EXPLORER_BY_NAME:
            raise NotationError(
                "{text}: {word} is not an explorer (explorers are written like red#4)",
                domain="survive",
                text=shown,
                word=repr(word),
            )
        return EXPLORER_BY_NAME[word]

    def arity(count: int) -> None:
        if len(words) != count + 1:
            raise NotationError(
                "{text}: {head} takes {count} word(s) after it",
                domain="survive",
                text=shown,
                head=repr(words[0]),
                count=count,
            )

    head = words[0]
    if head == "move":
        arity(2)
        return MOVE_EXPLORER[explorer(words[1])][cell(words[2])]
    if head == "sail":
        arity(2)
        source, target = cell(words[1]), cell(words[2])
        if target not in NEIGHBOUR_SETS[source]:
            raise NotationError(
                "{text}: {target} is not next to {source}",
                domain="survive",
                text=shown,
                target=words[2],
                source=words[1],
            )
        return SAIL[source, target]
    if head in CREATURES:
        arity(2)
        return creature_move(CREATURES.index(head), cell(words[1]), cell(words[2]))
    if head == "place":
        arity(2)
        return PLACE_EXPLORER[explorer(words[1])][cell(words[2])]
    if head == "boat":
        arity(1)
        return PLACE_BOAT[cell(words[1])]
    if head == "board":
        arity(1)
        return BOARD[explorer(words[1])]
    if head == "escape":
        arity(1)
        return ESCAPE[explorer(words[1])]
    if head == "remove":
        arity(1)
        return REMOVE_TILE[cell(words[1])]
    if head == "play":
        arity(1)
        if words[1] not in EFFECT_INDEX:
            raise NotationError(
                "{text}: {word} is not a tile effect; they are: {effects}",
                domain="survive",
                text=shown,
                word=repr(words[1]),
                effects=", ".join(EFFECT_INDEX),
            )
        return PLAY_TILE[EFFECT_INDEX[words[1]]]
    if head == "die":
        arity(1)
        if words[1] not in CREATURES:
            raise NotationError("{text}: the die shows serpent, shark or whale", domain="survive", text=shown)
        return ROLL[CREATURES.index(words[1])]
    if head == "end" and words[1:] == ["moves"]:
        return END_MOVES
    if head == "stop":
        arity(0)
        return STOP
    if head == "decline":
        arity(0)
        return DECLINE
    if head == "first":
        arity(1)
        if PLAYER.fullmatch(words[1]) is None:
            raise NotationError("{text}: players are written p0, p1, …", domain="survive", text=shown)
        return ChooseFirst(int(words[1][1:]))
    if head == "tiles":
        arity(40)
        unknown = [word for word in words[1:] if word not in TILE_BY_NAME]
        if unknown:
            raise NotationError(
                "{text}: {word} is not a tile (tiles are written like b:shark)",
                domain="survive",
                text=shown,
                word=repr(unknown[0]),
            )
        return LayTiles(tuple(TILE_BY_NAME[word] for word in words[1:]))
    if head == "values":
        colours = words[1:]
        if not 1 <= len(colours) <= len(COLOURS) or any(VALUE_GROUP.fullmatch(c) is None for c in colours):
            raise NotationError(
                "{text}: values are written as one 10-digit group per colour, like 1112233456",
                domain="survive",
                text=shown,
            )
        return AssignValues(tuple(tuple(int(d) for d in c) for c in colours))
    raise NotationError("{text}: unknown action {head}", domain="survive", text=shown, head=repr(head))
