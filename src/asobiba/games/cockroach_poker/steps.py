"""The steps of a round as a Cockroach Poker position keeps them, and the sets of players it keeps
as bits (who has seen the card in play, who redirected this round).

A step is an immutable tuple (the view spells it out): ``(OFFER | PASS, player, to, claim)``,
``(REDIRECT, player, to, joker)``, ``(PEEK, player)``, ``(ANSWER, player, yes)``.

>>> members(bit(0) | bit(2), 3), has(bit(2), 1)
([0, 2], False)
"""

from __future__ import annotations

from enum import StrEnum


class StepKind(StrEnum):
    """What a step of a round was; the value is the view's ``action``."""

    OFFER = "offer"
    PASS = "pass"
    REDIRECT = "redirect"
    PEEK = "peek"
    ANSWER = "answer"


def bit(player: int) -> int:
    """``player``'s bit in a set of players kept as an integer."""
    return 1 << player


def has(players: int, player: int) -> bool:
    """Whether the set of players ``players`` (bits) holds ``player``."""
    return bool(players >> player & 1)


def members(players: int, count: int) -> list[int]:
    """The players of the set ``players`` (bits), lowest first, among ``count`` players."""
    return [player for player in range(count) if players >> player & 1]
