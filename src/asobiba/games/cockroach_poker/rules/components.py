"""The cards, the claims and the players a move names (rules/cockroach_poker.en.md "Components" of
both rule sets, and "Typing moves"): each checked, and the cards' texts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.games.cockroach_poker import actions as act
from asobiba.games.cockroach_poker.data import NO_KIND, Deck
from asobiba.games.cockroach_poker.notation import shown

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState

#: Numbers at least this large are not quoted in an error message.
_SHOWN_NUMBER = 10**6


def deck_counts(deck: Deck, cards: tuple[int, ...]) -> dict[str, int]:
    """How many cards of each kind (and jokers) the game's ``cards`` of ``deck`` hold, as views show it (worked
    out once): every kind of the deck, those out of play (a research deck) at 0."""
    known = _DECK_COUNTS.get((id(deck), len(cards), cards[-1]))
    if known is not None:
        return known[1]
    counts = {name: 0 for name in deck.kinds}
    for card in cards:
        kind = deck.kind_of[card]
        if kind == NO_KIND:
            counts["joker"] = counts.get("joker", 0) + 1
        else:
            counts[deck.kinds[kind]] += 1
    _DECK_COUNTS[(id(deck), len(cards), cards[-1])] = (deck, counts)
    return counts


# Keyed by the deck's id (hashing a deck walks its 54 cards) and the size and last card of the cards in play
# (which tell a research deck's creatures and copies), each value keeping its deck alive so that the id stays
# its own.
_DECK_COUNTS: dict[tuple[int, int, int], tuple[Deck, dict[str, int]]] = {}


def verify_target(state: CockroachPokerState, target: object) -> None:
    """A player's number: a whole number (not a bool) from 0 to players - 1."""
    if isinstance(target, bool) or not isinstance(target, int):
        raise IllegalAction(
            "a player is a whole number, not {kind}", domain="cockroach_poker", kind=type(target).__name__
        )
    if not 0 <= target < state.players:
        raise IllegalAction(
            "there is no player p{player}; players are p0 to p{last}",
            domain="cockroach_poker",
            player=target if abs(target) < _SHOWN_NUMBER else "…",
            last=state.players - 1,
        )


def verify_claim(state: CockroachPokerState, claim: object) -> None:
    """A claim names one of the game's kinds: a suit (trump) or a creature (original) ("Components")."""
    kinds = state.setup.deck.kinds[: state.setup.kinds]
    if not isinstance(claim, str) or claim not in kinds:
        raise IllegalAction(
            "{claim} is not a claim of this game; claims are: {claims}",
            domain="cockroach_poker",
            claim=shown(claim) if isinstance(claim, str) else type(claim).__name__,
            claims=", ".join(kinds),
        )


def card_number(state: CockroachPokerState, text: object) -> int:
    """The number of the card written ``text``, which must be in play in this game."""
    card = act.CARD_INDEX[state.setup.rules].get(text) if isinstance(text, str) else None
    if card is None:
        raise IllegalAction(
            "{card} is not a card of this game",
            domain="cockroach_poker",
            card=shown(text) if isinstance(text, str) else type(text).__name__,
        )
    if card >= state.setup.deck.size:
        raise IllegalAction("{card} is not in play with jokers=none", domain="cockroach_poker", card=text)
    return card


def texts(state: CockroachPokerState, cards: list[int]) -> list[str]:
    """The texts of ``cards``."""
    names = state.setup.deck.cards
    return [names[card] for card in cards]


def hand_texts(state: CockroachPokerState, cards: list[int]) -> tuple[str, ...]:
    """The texts of ``cards``, as an event keeps them."""
    names = state.setup.deck.cards
    return tuple(names[card] for card in cards)
