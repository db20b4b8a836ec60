"""What happens in Paper Safari, and who may see it.

Cards are :class:`~asobiba.games.paper_safari.data.CardKind` values (JSON: their id). Positions
are numbers 0–5 (``a1 a2 a3 b1 b2 b3``). Only two events carry a secret: a card drawn from the
pile (seen by the drawer until he uses it) and a card peeked with Charizard (seen by the peeker).
"""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.events import Event
from asobiba.games.paper_safari.data import CardKind


@dataclass(frozen=True, slots=True)
class StartingPlayerChosen(Event):
    player: int


@dataclass(frozen=True, slots=True)
class RoundDealt(Event):
    """A new round: six cards face down to everybody, one card face up on the discard pile."""

    round: int
    starter: int
    discard_top: CardKind


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    player: int
    position: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card drawn from the pile: only the drawer sees it (``card`` is ``None`` for the others),
    unless it is Team Rocket, whose coin flip shows it to everybody (``public``)."""

    player: int
    card: CardKind | None
    public: bool = False

    def audience(self) -> frozenset[int] | None:
        return None if self.public else frozenset((self.player,))

    def redacted(self) -> Event | None:
        return CardDrawn(self.player, None)


@dataclass(frozen=True, slots=True)
class DiscardTaken(Event):
    player: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class CardSwapped(Event):
    """``card`` now lies face up at ``position``; ``replaced`` went onto the discard pile."""

    player: int
    position: int
    card: CardKind
    replaced: CardKind


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    player: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class CardPeeked(Event):
    """Charizard's peek: the card is seen by the peeker only (``None`` for the others)."""

    player: int
    position: int
    card: CardKind | None

    def audience(self) -> frozenset[int] | None:
        return frozenset((self.player,))

    def redacted(self) -> Event | None:
        return CardPeeked(self.player, self.position, None)


@dataclass(frozen=True, slots=True)
class EffectSkipped(Event):
    """The player declined an optional effect (``charizard`` or ``snorlax``)."""

    player: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class PositionsExchanged(Event):
    player: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class MewPlayed(Event):
    player: int
    opponent: int


@dataclass(frozen=True, slots=True)
class MewTookCard(Event):
    """Mew now lies at the opponent's ``position``; the taken ``card`` is shown to everybody."""

    player: int
    opponent: int
    position: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class MewPlacedCard(Event):
    player: int
    position: int
    card: CardKind
    replaced: CardKind


@dataclass(frozen=True, slots=True)
class CardPassedLeft(Event):
    """Zapdos: ``card`` displaced from ``giver`` lands face up at the same position of ``receiver``."""

    giver: int
    receiver: int
    position: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class CardToDiscardBottom(Event):
    """A card (of ``player``, at ``position``) goes face up to the bottom of the discard pile."""

    player: int
    position: int | None
    card: CardKind


@dataclass(frozen=True, slots=True)
class CoinFlipped(Event):
    player: int
    face: str


@dataclass(frozen=True, slots=True)
class CardRefilled(Event):
    """Team Rocket: ``player`` draws ``card`` and puts it face up in the emptied ``position``."""

    player: int
    position: int
    card: CardKind


@dataclass(frozen=True, slots=True)
class PileReshuffled(Event):
    """The discard pile but its top card became the new pile (``size`` cards)."""

    size: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """The round is over: every score; the winner takes a token (``None``: nobody)."""

    round: int
    scores: tuple[int, ...]
    winner: int | None
    tokens: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchWon(Event):
    player: int
    tokens: int
