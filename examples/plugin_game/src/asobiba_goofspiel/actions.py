"""The actions of Goofspiel and their notation: ``prize 4`` (chance turns the next prize card up)
and ``bid 3`` (a player bids a card of his hand, face down)."""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.actions import Action
from asobiba.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class Prize(Action):
    """Chance turns the prize card ``value`` up."""

    value: int
    is_chance = True

    def __str__(self) -> str:
        return f"prize {self.value}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """The player to move bids the card ``value`` of his hand, face down."""

    value: int

    def __str__(self) -> str:
        return f"bid {self.value}"


#: The notation's verbs and the action each makes.
VERBS: dict[str, type[Prize] | type[Bid]] = {"prize": Prize, "bid": Bid}
#: The longest value ever written (the largest deck has 13 cards).
MAX_VALUE_DIGITS = 2


def parse(text: str) -> Prize | Bid:
    """Read ``prize 4`` or ``bid 3``; :class:`NotationError` says what is wrong otherwise.

    >>> parse("bid 3")
    Bid(value=3)
    >>> parse("fold")
    Traceback (most recent call last):
    ...
    asobiba.core.errors.NotationError: 'fold' is not an action of goofspiel: write 'bid <card>'
    """
    words = text.split()
    if len(words) != 2 or words[0] not in VERBS:
        raise NotationError(
            "{text} is not an action of goofspiel: write 'bid <card>'", domain="goofspiel", text=repr(text[:40])
        )
    verb, value = words
    if not value.isascii() or not value.isdigit() or len(value) > MAX_VALUE_DIGITS:
        raise NotationError("{text}: a card is a whole number such as 3", domain="goofspiel", text=repr(text[:40]))
    return VERBS[verb](int(value))
