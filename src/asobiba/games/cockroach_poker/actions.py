"""The actions of Cockroach Poker and their text notation.

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

Every player-made action is a precomputed object: :func:`parse` returns the same object the
state lists in ``legal_actions()``.

>>> from asobiba.games.cockroach_poker.actions import Offer, parse
>>> str(Offer(2, "hearts", "H7"))
'offer p2 hearts card=H7'
>>> parse("pass p4 claims=bat", "original", 5)
Pass(target=4, claim='bat')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from asobiba.core.errors import NotationError
from asobiba.core.state import Action
from asobiba.games.cockroach_poker.data import KIND_ALIASES, ORIGINAL, TRUMP, Deck

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
def offers_by_offerer(rules: str, players: int) -> tuple[tuple[tuple[tuple[Offer, ...], ...], ...], ...]:
    """``[card][offerer][barred + 1]``: every offer of that card by that offerer to anybody but
    himself and ``barred`` (``-1``: nobody barred), every claim — one ``extend`` per hand card."""
    table = OFFERS[rules]
    return tuple(
        tuple(
            tuple(
                tuple(
                    offer
                    for target in range(players)
                    if target not in (offerer, barred)
                    for offer in table[card][target]
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

#: ``CARD_INDEX[rules][text]``: the engine's number for a card.
CARD_INDEX: dict[str, dict[str, int]] = {
    rules: {card: index for index, card in enumerate(deck.cards)} for rules, deck in DECKS.items()
}
_KIND_INDEX = {rules: {kind: index for index, kind in enumerate(deck.kinds)} for rules, deck in DECKS.items()}


def card_index(rules: str, text: str) -> int:
    """The engine's number for the card written ``text`` (``KeyError`` if there is none)."""
    return CARD_INDEX[rules][text]


def kind_index(rules: str, kind: str) -> int:
    """The engine's number for a suit or creature name (``KeyError`` if there is none)."""
    return _KIND_INDEX[rules][kind]


def read_card(rules: str, text: str) -> str:
    """The canonical text of a card written ``text`` (case-insensitive), or NotationError."""
    deck = DECKS[rules]
    if text in CARD_INDEX[rules]:
        return text
    lowered = text.lower() if rules == "original" else text.upper()
    if lowered in CARD_INDEX[rules]:
        return lowered
    if rules == "trump":
        raise NotationError(
            "{text} is not a card of the trump deck ({size} cards: {example})",
            domain="cockroach_poker",
            text=shown(text),
            size=deck.size,
            example="S1..S13, C1..C13, H1..H13, D1..D13, J1, J2",
        )
    raise NotationError(
        "{text} is not a card of the original deck ({size} cards: {example})",
        domain="cockroach_poker",
        text=shown(text),
        size=deck.size,
        example="bat1..bat8, stinkbug3, …",
    )


def read_kind(rules: str, text: str) -> str:
    """The canonical name of a suit/creature written ``text``, or NotationError listing them."""
    word = KIND_ALIASES.get(text.lower(), text.lower())
    if word in _KIND_INDEX[rules]:
        return word
    claims = ", ".join(DECKS[rules].kinds)
    if rules == "trump":
        raise NotationError(
            "{text} is not a suit; claims are: {claims}", domain="cockroach_poker", text=shown(text), claims=claims
        )
    raise NotationError(
        "{text} is not a creature; claims are: {claims}", domain="cockroach_poker", text=shown(text), claims=claims
    )


#: A player's number in the notation: ASCII digits only, at most this many (``p007`` is read).
MAX_PLAYER_DIGITS = 3
_PLAYER = re.compile(rf"[pP]([0-9]{{1,{MAX_PLAYER_DIGITS}}})")
#: Texts quoted in a notation error are cut to this length.
SHOWN_LENGTH = 40


def shown(text: str) -> str:
    """``repr(text)``, cut short for an error message."""
    return repr(text if len(text) <= SHOWN_LENGTH else text[:SHOWN_LENGTH] + "…")


def read_player(text: str, players: int) -> int:
    """``p2`` -> 2, or NotationError (ASCII digits only, at most ``MAX_PLAYER_DIGITS``)."""
    match = _PLAYER.fullmatch(text)
    if match is None:
        raise NotationError(
            "{text} is not a player; players are written p0 to p{last}",
            domain="cockroach_poker",
            text=shown(text),
            last=players - 1,
        )
    player = int(match.group(1))
    if player >= players:
        raise NotationError(
            "there is no player {text}; players are p0 to p{last}",
            domain="cockroach_poker",
            text=text,
            last=players - 1,
        )
    return player


def _field(token: str, name: str, usage: str) -> str:
    prefix = name + "="
    if not token.lower().startswith(prefix):
        raise NotationError(
            "expected {prefix}… in {usage}, got {token}",
            domain="cockroach_poker",
            prefix=prefix,
            usage=repr(usage),
            token=shown(token),
        )
    return token[len(prefix) :]


def parse(text: str, rules: str, players: int) -> Action:
    """Read one action of the ``rules`` rule set with ``players`` players; raise
    :class:`NotationError` saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError("an action is a text, not {kind}", domain="cockroach_poker", kind=type(text).__name__)
    if not text.isascii():
        raise NotationError(
            "{text} is not an action: actions are written in ASCII letters and digits",
            domain="cockroach_poker",
            text=shown(text),
        )
    words = text.split()
    if not words:
        raise NotationError(
            "empty action; actions are: offer, answer, redirect, peek, pass, deal", domain="cockroach_poker"
        )
    verb, rest = words[0].lower(), words[1:]
    if verb == "offer":
        usage = "offer p2 hearts card=H7" if rules == "trump" else "offer p2 bat card=rat3"
        if len(rest) != 3:
            raise NotationError(
                "an offer is written like {usage}, not {text}",
                domain="cockroach_poker",
                usage=repr(usage),
                text=shown(text),
            )
        target = read_player(rest[0], players)
        claim = read_kind(rules, rest[1])
        card = read_card(rules, _field(rest[2], "card", usage))
        return OFFERS[rules][card_index(rules, card)][target][kind_index(rules, claim)]
    if verb == "answer":
        if len(rest) != 1 or rest[0].lower() not in ("yes", "no", "true", "false"):
            raise NotationError(
                "an answer is 'answer yes' or 'answer no', not {text}", domain="cockroach_poker", text=shown(text)
            )
        return ANSWER_YES if rest[0].lower() in ("yes", "true") else ANSWER_NO
    if verb == "redirect":
        if rules != "trump":
            raise NotationError(
                "redirect is a joker move of the trump rule set; the original game passes instead",
                domain="cockroach_poker",
            )
        if len(rest) != 1:
            raise NotationError(
                "a redirect is written like 'redirect p3', not {text}", domain="cockroach_poker", text=shown(text)
            )
        return REDIRECTS[read_player(rest[0], players)]
    if verb == "peek":
        if rules != "original":
            raise NotationError(
                "peek belongs to the original rule set; in trump a card cannot be passed on", domain="cockroach_poker"
            )
        if rest:
            raise NotationError("peek takes nothing more, not {text}", domain="cockroach_poker", text=shown(text))
        return PEEK
    if verb == "pass":
        if rules != "original":
            raise NotationError(
                "pass belongs to the original rule set; in trump a card cannot be passed on", domain="cockroach_poker"
            )
        if len(rest) != 2:
            raise NotationError(
                "a pass is written like 'pass p4 claims=bat', not {text}", domain="cockroach_poker", text=shown(text)
            )
        target = read_player(rest[0], players)
        claim = read_kind(rules, _field(rest[1], "claims", "pass p4 claims=bat"))
        return PASSES[target][kind_index(rules, claim)]
    if verb == "deal":
        if not rest or not rest[-1].lower().startswith("first="):
            raise NotationError(
                "a deal is written 'deal <every card, top first> first=p0', not {text}",
                domain="cockroach_poker",
                text=shown(text),
            )
        first = read_player(_field(rest[-1], "first", "deal … first=p0"), players)
        return Deal(tuple(read_card(rules, word) for word in rest[:-1]), first)
    raise NotationError(
        "unknown action {verb}; actions are: offer, answer, redirect, peek, pass, deal",
        domain="cockroach_poker",
        verb=shown(verb),
    )
