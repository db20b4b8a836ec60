"""Reading the Cockroach Poker notation (written by each action's ``str``, see :mod:`.actions`).

Every player-made action read is the precomputed object the state lists in ``legal_actions()``.

>>> parse("pass p4 claims=bat", "original", 5)
Pass(target=4, claim='bat')
>>> parse("offer p9 hearts card=H7", "trump", 3)
Traceback (most recent call last):
...
asobiba.core.errors.NotationError: there is no player p9; players are p0 to p2
"""

from __future__ import annotations

import re

from asobiba.core.errors import NotationError
from asobiba.core.state import Action
from asobiba.games.cockroach_poker.actions import (
    ANSWER_NO,
    ANSWER_YES,
    CARD_INDEX,
    DECKS,
    KIND_INDEX,
    OFFERS,
    PASSES,
    PEEK,
    REDIRECTS,
    Deal,
    card_index,
    kind_index,
)
from asobiba.games.cockroach_poker.data import KIND_ALIASES


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
    if word in KIND_INDEX[rules]:
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
