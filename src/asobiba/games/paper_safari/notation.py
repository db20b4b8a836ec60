"""Reading the Paper Safari notation (written by each action's ``str``, see :mod:`.actions`).

>>> str(parse("snorlax b3 a1"))
'snorlax a1 b3'
"""

from __future__ import annotations

from asobiba.core.errors import NotationError
from asobiba.core.state import Action
from asobiba.games.paper_safari.actions import (
    COINS,
    DISCARD,
    DRAW,
    EXCHANGES,
    FLIPS,
    MAX_PLAYERS,
    MEW_CHOICES,
    MEW_PLACES,
    MEW_TAKES,
    PEEKS,
    ROCKETS,
    SKIP,
    STARTS,
    SWAPS,
    TAKE_DISCARD,
    Deal,
    Exchange,
    Reshuffle,
)
from asobiba.games.paper_safari.data import POSITION_INDEX

_FIXED: dict[str, Action] = {
    str(action): action
    for action in (
        DRAW,
        TAKE_DISCARD,
        DISCARD,
        SKIP,
        *FLIPS,
        *SWAPS,
        *PEEKS,
        *MEW_TAKES,
        *MEW_PLACES,
        *ROCKETS,
        *EXCHANGES,
        *MEW_CHOICES,
        *STARTS,
        *COINS,
    )
}

WORDS = "flip, draw, take discard, swap, discard, peek, skip, snorlax, mew, mew-take, mew-place, rocket"


def parse(text: str) -> Action:
    """Read an action in the notation above; raise :class:`NotationError` saying what is wrong."""
    words = text.split()
    if not words:
        raise NotationError("an empty text is not an action", domain="paper_safari")
    normal = " ".join(words)
    found = _FIXED.get(normal)
    if found is not None:
        return found
    head = words[0]
    if head in ("deal", "reshuffle"):
        if len(words) == 1:
            raise NotationError("'{word}' lists the cards, top first", domain="paper_safari", word=head)
        return Deal(tuple(words[1:])) if head == "deal" else Reshuffle(tuple(words[1:]))
    if head == "snorlax" and len(words) == 3 and words[1] in POSITION_INDEX and words[2] in POSITION_INDEX:
        first, second = POSITION_INDEX[words[1]], POSITION_INDEX[words[2]]
        if first == second:
            raise NotationError(
                "{text}: Snorlax exchanges two different positions", domain="paper_safari", text=repr(normal)
            )
        return Exchange(min(first, second), max(first, second))
    if head in ("flip", "swap", "peek", "mew-take", "mew-place", "rocket", "snorlax"):
        raise NotationError(
            "{text}: positions are a1 a2 a3 (top row) and b1 b2 b3 (bottom row)",
            domain="paper_safari",
            text=repr(normal),
        )
    if head in ("mew", "start"):
        raise NotationError(
            "{text}: players are written p0 to p{last}", domain="paper_safari", text=repr(normal), last=MAX_PLAYERS - 1
        )
    if head == "coin":
        raise NotationError("{text}: the coin's faces are pikachu and meowth", domain="paper_safari", text=repr(normal))
    raise NotationError(
        "{text} is not a Paper Safari action; the actions are: {words}",
        domain="paper_safari",
        text=repr(normal),
        words=WORDS,
    )
