"""What happens in Goofspiel. A bid is secret until every player has bid: the others see that a
player bid, not which card."""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.events import Event


@dataclass(frozen=True, slots=True)
class PrizeRevealed(Event):
    value: int


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """``player`` bid ``value`` (``None`` in the form the other players see)."""

    player: int
    value: int | None

    def audience(self) -> frozenset[int] | None:
        return None if self.value is None else frozenset({self.player})

    def redacted(self) -> Event | None:
        return BidPlaced(self.player, None)


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """Every bid of the round face up; ``winner`` takes the prize (``None``: a tie, nobody does)."""

    prize: int
    bids: tuple[int, ...]
    winner: int | None
