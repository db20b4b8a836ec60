"""What happens in Cockroach Poker, and who may see it (rules page, "Information").

Secret events name their audience; everybody else gets the redacted form, with the card
removed (``card=None``), or nothing.

>>> from asobiba.games.cockroach_poker.events import CardOffered
>>> event = CardOffered(player=0, target=1, claim="hearts", card="H7")
>>> event.seen_by(0).card, event.seen_by(1).card
('H7', None)
"""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.events import Event


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """``player`` is dealt ``count`` cards; only he sees which (``cards``)."""

    player: int
    count: int
    cards: tuple[str, ...] | None

    def audience(self) -> frozenset[int] | None:
        return frozenset((self.player,))

    def redacted(self) -> Event:
        return HandDealt(self.player, self.count, None)


@dataclass(frozen=True, slots=True)
class CardsSetAside(Event):
    """``count`` cards are set aside face down, never to be seen."""

    count: int


@dataclass(frozen=True, slots=True)
class FirstOfferer(Event):
    """``player`` makes the first offer."""

    player: int


@dataclass(frozen=True, slots=True)
class CardOffered(Event):
    """``player`` gives a card face down to ``target`` claiming ``claim``; only he knows ``card``."""

    player: int
    target: int
    claim: str
    card: str | None

    def audience(self) -> frozenset[int] | None:
        return frozenset((self.player,))

    def redacted(self) -> Event:
        return CardOffered(self.player, self.target, self.claim, None)


@dataclass(frozen=True, slots=True)
class CardRedirected(Event):
    """``player`` discards ``joker`` face up and makes ``target`` answer the same claim."""

    player: int
    joker: str
    target: int


@dataclass(frozen=True, slots=True)
class CardPeeked(Event):
    """``player`` looks at the card in play; only he sees ``card``."""

    player: int
    card: str | None

    def audience(self) -> frozenset[int] | None:
        return frozenset((self.player,))

    def redacted(self) -> Event:
        return CardPeeked(self.player, None)


@dataclass(frozen=True, slots=True)
class CardPassed(Event):
    """``player`` passes the card in play to ``target`` claiming ``claim``; ``card`` is shown
    only to those who have seen it (``seen``)."""

    player: int
    target: int
    claim: str
    card: str | None
    seen: frozenset[int]

    def audience(self) -> frozenset[int] | None:
        return self.seen

    def redacted(self) -> Event:
        return CardPassed(self.player, self.target, self.claim, None, self.seen)


@dataclass(frozen=True, slots=True)
class ClaimAnswered(Event):
    """``player`` says the claim ``claim`` is true (``yes``) or not."""

    player: int
    claim: str
    yes: bool


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    """The card is turned up: the answer was ``correct`` or not, and the card lies face up in
    ``row_of``'s row, counted as ``counts_as`` (``None``: a joker that matches no suit)."""

    card: str
    claim: str
    claim_true: bool
    correct: bool
    row_of: int
    counts_as: str | None


@dataclass(frozen=True, slots=True)
class PlayerLost(Event):
    """``player`` loses; ``reason``: ``four_suits`` or ``four_of_a_suit`` (trump, at or over the
    threshold), ``of_a_kind``, ``eight_kinds`` or ``empty_hand`` (original)."""

    player: int
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerWon(Event):
    """``player`` wins alone with an empty hand (trump)."""

    player: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    winners: tuple[int, ...]
    losers: tuple[int, ...]
