"""The shape of a Goofspiel view (the game's own keys) and of its pending decision."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from asobiba.core.state import PendingPlayer, ViewEnvelope


class GoofspielRound(TypedDict):
    prize: int
    bids: list[int]
    winner: int | None


class GoofspielView(TypedDict):
    prize: int | None
    prizes_left: list[int]
    #: Per player, the cards not yet seen spent (this round's bid, face down, still counts).
    hands: list[list[int]]
    bid_placed: list[bool]
    my_bid: int | None
    scores: list[int]
    rounds: list[GoofspielRound]


class GoofspielPending(TypedDict):
    kind: str
    steps: list[str]
    #: The prize bid for (absent at a chance node).
    prize: NotRequired[int | None]


class GoofspielDecision(PendingPlayer, GoofspielPending):
    """``pending`` as a view holds it (core adds ``player``)."""


class GoofspielFullView(ViewEnvelope[GoofspielDecision], GoofspielView):
    """A whole view (``state.view(player)``): core's envelope and the game's keys; what the readers take."""
