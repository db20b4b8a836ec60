"""The decks of both rule sets, as tables checked against ``rules/cockroach_poker.en.md``.

Cards are small integers inside the engine (an index into a deck's tables) and short texts
outside it:

=========  ===================================================  ==========================
rule set   cards                                                text
=========  ===================================================  ==========================
trump      spades, clubs, hearts, diamonds, A (1) to K (13)     ``S1`` … ``S13``, ``C7``,
                                                                ``H12``, ``D1`` …
trump      2 jokers (not with ``jokers=none``)                  ``J1``, ``J2``
original   8 creatures × 8 copies                               ``bat1`` … ``bat8``,
                                                                ``stinkbug3`` …
=========  ===================================================  ==========================

A creature card's number is only its copy index, to keep every physical card distinct.

>>> TRUMP.cards[:3], TRUMP.cards[-2:]
(('S1', 'S2', 'S3'), ('J1', 'J2'))
>>> ORIGINAL.cards[8], ORIGINAL.kind_of[8], ORIGINAL.kinds[ORIGINAL.kind_of[8]]
('rat1', 1, 'rat')
"""

from __future__ import annotations

from dataclasses import dataclass

#: The four suits of the trump rule set, in deck order: (name, card letter).
SUITS: tuple[tuple[str, str], ...] = (
    ("spades", "S"),
    ("clubs", "C"),
    ("hearts", "H"),
    ("diamonds", "D"),
)
RANKS = range(1, 14)  # A=1 … K=13; ranks never matter, only the suit
JOKERS = ("J1", "J2")

#: The eight creatures of the original game, in the order the seed lists them.
CREATURES: tuple[str, ...] = ("cockroach", "rat", "bat", "fly", "toad", "spider", "scorpion", "stinkbug")
COPIES_PER_CREATURE = 8

#: Spellings accepted for a kind besides its canonical name.
KIND_ALIASES: dict[str, str] = {
    "spade": "spades",
    "club": "clubs",
    "heart": "hearts",
    "diamond": "diamonds",
    "stink-bug": "stinkbug",
    "stink_bug": "stinkbug",
    "stink bug": "stinkbug",
}

#: The kind index a joker has: it matches no suit (redirect mode).
NO_KIND = -1


@dataclass(frozen=True)
class Deck:
    """One rule set's cards: ``cards[i]`` is card ``i``'s text, ``kind_of[i]`` its kind index
    (``NO_KIND`` for a joker), ``kinds`` the names claims use."""

    kinds: tuple[str, ...]
    cards: tuple[str, ...]
    kind_of: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def jokers(self) -> tuple[int, ...]:
        return tuple(card for card, kind in enumerate(self.kind_of) if kind == NO_KIND)


def _trump_deck(with_jokers: bool) -> Deck:
    cards = [f"{letter}{rank}" for _, letter in SUITS for rank in RANKS]
    kind_of = [suit for suit in range(len(SUITS)) for _ in RANKS]
    if with_jokers:
        cards += JOKERS
        kind_of += [NO_KIND] * len(JOKERS)
    return Deck(tuple(name for name, _ in SUITS), tuple(cards), tuple(kind_of))


def _original_deck() -> Deck:
    cards = [f"{creature}{copy}" for creature in CREATURES for copy in range(1, COPIES_PER_CREATURE + 1)]
    kind_of = [kind for kind in range(len(CREATURES)) for _ in range(COPIES_PER_CREATURE)]
    return Deck(CREATURES, tuple(cards), tuple(kind_of))


#: 54 cards: 4 suits × 13 + 2 jokers.
TRUMP = _trump_deck(with_jokers=True)
#: 52 cards, for ``jokers=none``.
TRUMP_NO_JOKERS = _trump_deck(with_jokers=False)
#: 64 cards: 8 creatures × 8.
ORIGINAL = _original_deck()

assert TRUMP.size == 54 and TRUMP_NO_JOKERS.size == 52 and ORIGINAL.size == 64


def original_cards(creatures: int, copies: int) -> tuple[int, ...]:
    """The card numbers of an original deck cut down to its first ``creatures`` creatures and ``copies`` cards
    of each (the research options ``creatures`` and ``copies``; 8 and 8 is the whole deck).

    >>> [ORIGINAL.cards[card] for card in original_cards(2, 2)]
    ['cockroach1', 'cockroach2', 'rat1', 'rat2']
    """
    return tuple(kind * COPIES_PER_CREATURE + copy for kind in range(creatures) for copy in range(copies))


#: Players per rule set (inclusive).
PLAYER_RANGE: dict[str, tuple[int, int]] = {"trump": (3, 5), "original": (2, 6)}

#: Original game with 2 players: cards set aside before the deal, and the "of a kind" loss.
TWO_PLAYER_SET_ASIDE = 10
TWO_PLAYER_KIND_LIMIT = 5
#: Original game, 3+ players: this many face-up cards of one creature lose.
KIND_LIMIT = 4
#: Trump: this many cards of one suit (with enough face-up cards) lose.
TRUMP_KIND_LIMIT = 4
