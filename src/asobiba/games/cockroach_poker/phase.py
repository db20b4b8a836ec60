"""The phases of a Cockroach Poker game (``state.phase``; its value is the view's ``phase``).

>>> Phase.ANSWER.value
'answer'
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands; the value is the view's ``phase``."""

    DEAL = "deal"  # chance: the deal
    OFFER = "offer"  # the offerer gives a card
    ANSWER = "answer"  # the receiver answers (or redirects, or peeks to pass)
    PASS = "pass"  # original, after a peek: the receiver passes the card on
    OVER = "over"
