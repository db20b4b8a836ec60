"""The actions of Cockroach Poker and how each is written (read back by :mod:`.notation`).

=================================  ==================================================================
notation                           meaning
=================================  ==================================================================
``deal S1 H12 … first=p2``         chance: the whole shuffled order, top first, and the first offerer
``offer p2 hearts card=H7``        give ``H7`` face down to p2, claiming "hearts"
``answer yes`` / ``answer no``     "it is" / "it is not" what the last claim says (``true``/``false``
                                   are read too)
``redirect p3``                    trump, ``jokers=redirect``: discard a joker and make p3 answer
``peek``                           original: look at the card, to pass it on
``pass p4 claims=bat``             original, after ``peek``: give the card to p4, claiming "bat"
=================================  ==================================================================

Every player-made action is a precomputed object: the reader of the notation
(:func:`asobiba.games.cockroach_poker.notation.parse`) returns the same object the state lists in
``legal_actions()``.

>>> from asobiba.games.cockroach_poker.actions import Offer
>>> str(Offer(2, "hearts", "H7"))
'offer p2 hearts card=H7'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from asobiba.core.state import Action
from asobiba.games.cockroach_poker.data import ORIGINAL, TRUMP, Deck

MAX_PLAYERS = 6
#: Player numbers this large or larger are written ``p?`` (no such player; ``str`` never fails).
_WRITTEN_NUMBER = 10**18


def player_text(player: int) -> str:
    """``2`` -> ``"p2"``; a number too large to be a player -> ``"p?"``."""
    if isinstance(player, int) and not -_WRITTEN_NUMBER < player < _WRITTEN_NUMBER:
        return "p?"
    return f"p{player}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the shuffled order of the whole deck (top first) and the first offerer."""

    cards: tuple[str, ...]
    first: int
    is_chance = True

    def __str__(self) -> str:
        return f"deal {' '.join(str(card) for card in self.cards)} first={player_text(self.first)}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Start a round: give ``card`` face down to ``target`` claiming ``claim``."""

    target: int
    claim: str
    card: str

    def __str__(self) -> str:
        return f"offer {player_text(self.target)} {self.claim} card={self.card}"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Say whether the last claim is true (``yes``) or not (``no``)."""

    yes: bool

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@dataclass(frozen=True, slots=True)
class Redirect(Action):
    """Trump with ``jokers=redirect``: discard a joker face up; ``target`` must answer instead."""

    target: int

    def __str__(self) -> str:
        return f"redirect {player_text(self.target)}"


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """Original: look at the card in play secretly, in order to pass it on."""

    def __str__(self) -> str:
        return "peek"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Original, after peeking: give the card in play to ``target`` with a new ``claim``."""

    target: int
    claim: str

    def __str__(self) -> str:
        return f"pass {player_text(self.target)} claims={self.claim}"


PlayerAction = Offer | Answer | Redirect | Peek | Pass

ANSWER_YES = Answer(True)
ANSWER_NO = Answer(False)
ANSWERS = (ANSWER_YES, ANSWER_NO)
PEEK = Peek()
REDIRECTS: tuple[Redirect, ...] = tuple(Redirect(target) for target in range(MAX_PLAYERS))

DECKS: dict[str, Deck] = {"trump": TRUMP, "original": ORIGINAL}


def _offers(deck: Deck) -> tuple[tuple[tuple[Offer, ...], ...], ...]:
    return tuple(
        tuple(tuple(Offer(target, kind, card) for kind in deck.kinds) for target in range(MAX_PLAYERS))
        for card in deck.cards
    )


#: ``OFFERS[rules][card][target]``: the offers of that card to that player, one per claim.
OFFERS: dict[str, tuple[tuple[tuple[Offer, ...], ...], ...]] = {rules: _offers(deck) for rules, deck in DECKS.items()}


@cache
def offers_by_offerer(
    rules: str, players: int, claims: int | None = None
) -> tuple[tuple[tuple[tuple[Offer, ...], ...], ...], ...]:
    """``[card][offerer][barred + 1]``: every offer of that card by that offerer to anybody but
    himself and ``barred`` (``-1``: nobody barred), with each of the first ``claims`` kinds as its
    claim (``None``: every kind) — one ``extend`` per hand card."""
    table = OFFERS[rules]
    return tuple(
        tuple(
            tuple(
                tuple(
                    offer
                    for target in range(players)
                    if target not in (offerer, barred)
                    for offer in table[card][target][:claims]
                )
                for barred in range(-1, players)
            )
            for offerer in range(players)
        )
        for card in range(len(table))
    )


#: ``PASSES[target]``: the passes to that player, one per creature.
PASSES: tuple[tuple[Pass, ...], ...] = tuple(
    tuple(Pass(target, kind) for kind in ORIGINAL.kinds) for target in range(MAX_PLAYERS)
)


@cache
def passes_of(creatures: int) -> tuple[tuple[Pass, ...], ...]:
    """``[target]``: the passes to that player claiming each of the first ``creatures`` creatures."""
    return tuple(passes[:creatures] for passes in PASSES)


#: ``CARD_INDEX[rules][text]``: the engine's number for a card.
CARD_INDEX: dict[str, dict[str, int]] = {
    rules: {card: index for index, card in enumerate(deck.cards)} for rules, deck in DECKS.items()
}
KIND_INDEX: dict[str, dict[str, int]] = {
    rules: {kind: index for index, kind in enumerate(deck.kinds)} for rules, deck in DECKS.items()
}


def card_index(rules: str, text: str) -> int:
    """The engine's number for the card written ``text`` (``KeyError`` if there is none)."""
    return CARD_INDEX[rules][text]


def kind_index(rules: str, kind: str) -> int:
    """The engine's number for a suit or creature name (``KeyError`` if there is none)."""
    return KIND_INDEX[rules][kind]
