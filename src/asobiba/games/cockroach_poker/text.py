"""Cockroach Poker in words, English and Japanese (catalog ``cockroach_poker``).

>>> from asobiba.games.cockroach_poker.text import card_name, kind_name
>>> card_name("H12", "en"), card_name("H12", "ja"), card_name("stinkbug3", "ja")
('Q of hearts', 'ハートのQ', 'カメムシ#3')
>>> kind_name("bat", "ja")
'コウモリ'
"""

from __future__ import annotations

from collections.abc import Callable

from asobiba.core.events import Event, EventTexts
from asobiba.core.i18n import list_text
from asobiba.core.state import Action
from asobiba.games.cockroach_poker import events as ev
from asobiba.games.cockroach_poker.actions import Answer, Deal, Offer, Pass, Peek, Redirect
from asobiba.games.cockroach_poker.data import SUITS
from asobiba.i18n import Catalog

tr = Catalog("cockroach_poker")

_KIND_NAMES: dict[str, Callable[[str], str]] = {
    "spades": lambda lang: tr("spades", lang),
    "clubs": lambda lang: tr("clubs", lang),
    "hearts": lambda lang: tr("hearts", lang),
    "diamonds": lambda lang: tr("diamonds", lang),
    "joker": lambda lang: tr("joker", lang),
    "cockroach": lambda lang: tr("cockroach", lang),
    "rat": lambda lang: tr("rat", lang),
    "bat": lambda lang: tr("bat", lang),
    "fly": lambda lang: tr("fly", lang),
    "toad": lambda lang: tr("toad", lang),
    "spider": lambda lang: tr("spider", lang),
    "scorpion": lambda lang: tr("scorpion", lang),
    "stinkbug": lambda lang: tr("stink bug", lang),
}

#: Suit symbols, for compact displays.
SUIT_SYMBOLS = {"spades": "♠", "clubs": "♣", "hearts": "♥", "diamonds": "♦"}
_SUIT_OF_LETTER = {letter: name for name, letter in SUITS}
_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def kind_name(kind: str | None, lang: str) -> str:
    """A suit's or creature's name (``None``: a joker that counts as no suit)."""
    if kind is None:
        return tr("no suit", lang)
    name = _KIND_NAMES.get(kind)
    return name(lang) if name is not None else kind


def player_name(player: int, lang: str) -> str:
    return f"p{player}"


def card_name(card: str, lang: str) -> str:
    """A card's name: ``H12`` -> "Q of hearts", ``J1`` -> "joker 1", ``bat3`` -> "bat #3"."""
    if card[0] in _SUIT_OF_LETTER and card[1:].isdigit():
        rank = int(card[1:])
        return tr(
            "{rank} of {suit}",
            lang,
            rank=_RANK_NAMES.get(rank, str(rank)),
            suit=kind_name(_SUIT_OF_LETTER[card[0]], lang),
        )
    if card[0] == "J" and card[1:].isdigit():
        return tr("joker {number}", lang, number=card[1:])
    creature = card.rstrip("0123456789")
    return f"{kind_name(creature, lang)}#{card[len(creature) :]}"


def _cards(cards: tuple[str, ...], lang: str) -> str:
    return list_text((card_name(card, lang) for card in cards), lang)


def describe_action(action: Action, lang: str) -> str:
    """A sentence for a person choosing ``action``.

    >>> from asobiba.games.cockroach_poker.actions import Offer
    >>> describe_action(Offer(2, "hearts", "H7"), "en")
    'Offer 7 of hearts to p2, claiming “hearts”'
    """
    match action:
        case Offer(target, claim, card):
            return tr(
                "Offer {card} to {target}, claiming “{claim}”",
                lang,
                card=card_name(card, lang),
                target=player_name(target, lang),
                claim=kind_name(claim, lang),
            )
        case Answer(yes):
            return tr("Answer “yes, it is”", lang) if yes else tr("Answer “no, it is not”", lang)
        case Redirect(target):
            return tr("Discard a joker and make {target} answer", lang, target=player_name(target, lang))
        case Peek():
            return tr("Look at the card secretly, to pass it on", lang)
        case Pass(target, claim):
            return tr(
                "Pass the card to {target}, claiming “{claim}”",
                lang,
                target=player_name(target, lang),
                claim=kind_name(claim, lang),
            )
        case Deal(_, first):
            return tr("Shuffle and deal; {player} offers first", lang, player=player_name(first, lang))
    return str(action)


_LOSS_REASONS: dict[str, Callable[[str, str], str]] = {
    "four_suits": lambda player, lang: tr("{player} loses: all four suits lie face up", lang, player=player),
    "four_of_a_suit": lambda player, lang: tr("{player} loses: four of one suit lie face up", lang, player=player),
    "of_a_kind": lambda player, lang: tr("{player} loses: too many of one creature lie face up", lang, player=player),
    "eight_kinds": lambda player, lang: tr("{player} loses: all eight creatures lie face up", lang, player=player),
    "empty_hand": lambda player, lang: tr("{player} loses: no card left to offer", lang, player=player),
}


EVENT_TEXTS = EventTexts()


@EVENT_TEXTS.writes(ev.HandDealt)
def _hand_dealt(event: ev.HandDealt, lang: str) -> str:
    player = player_name(event.player, lang)
    if event.cards is None:
        return tr("{player} is dealt {count} cards", lang, player=player, count=event.count)
    return tr(
        "{player} is dealt {count} cards: {cards}",
        lang,
        player=player,
        count=event.count,
        cards=_cards(event.cards, lang),
    )


@EVENT_TEXTS.writes(ev.CardsSetAside)
def _cards_set_aside(event: ev.CardsSetAside, lang: str) -> str:
    return tr("{count} cards are set aside, unseen", lang, count=event.count)


@EVENT_TEXTS.writes(ev.FirstOfferer)
def _first_offerer(event: ev.FirstOfferer, lang: str) -> str:
    return tr("{player} offers first", lang, player=player_name(event.player, lang))


@EVENT_TEXTS.writes(ev.CardOffered)
def _card_offered(event: ev.CardOffered, lang: str) -> str:
    fields = {
        "player": player_name(event.player, lang),
        "target": player_name(event.target, lang),
        "claim": kind_name(event.claim, lang),
    }
    if event.card is None:
        return tr("{player} offers {target} a card face down: “It is {claim}”", lang, **fields)
    return tr(
        "{player} offers {target} a card face down: “It is {claim}” (really {card})",
        lang,
        card=card_name(event.card, lang),
        **fields,
    )


@EVENT_TEXTS.writes(ev.CardRedirected)
def _card_redirected(event: ev.CardRedirected, lang: str) -> str:
    return tr(
        "{player} discards {joker} and makes {target} answer",
        lang,
        player=player_name(event.player, lang),
        joker=card_name(event.joker, lang),
        target=player_name(event.target, lang),
    )


@EVENT_TEXTS.writes(ev.CardPeeked)
def _card_peeked(event: ev.CardPeeked, lang: str) -> str:
    if event.card is None:
        return tr("{player} looks at the card", lang, player=player_name(event.player, lang))
    return tr(
        "{player} looks at the card: {card}",
        lang,
        player=player_name(event.player, lang),
        card=card_name(event.card, lang),
    )


@EVENT_TEXTS.writes(ev.CardPassed)
def _card_passed(event: ev.CardPassed, lang: str) -> str:
    fields = {
        "player": player_name(event.player, lang),
        "target": player_name(event.target, lang),
        "claim": kind_name(event.claim, lang),
    }
    if event.card is None:
        return tr("{player} passes the card to {target}: “It is {claim}”", lang, **fields)
    return tr(
        "{player} passes the card to {target}: “It is {claim}” (really {card})",
        lang,
        card=card_name(event.card, lang),
        **fields,
    )


@EVENT_TEXTS.writes(ev.ClaimAnswered)
def _claim_answered(event: ev.ClaimAnswered, lang: str) -> str:
    fields = {"player": player_name(event.player, lang), "claim": kind_name(event.claim, lang)}
    if event.yes:
        return tr("{player} answers: “Yes, it is {claim}”", lang, **fields)
    return tr("{player} answers: “No, it is not {claim}”", lang, **fields)


@EVENT_TEXTS.writes(ev.CardRevealed)
def _card_revealed(event: ev.CardRevealed, lang: str) -> str:
    fields = {"card": card_name(event.card, lang), "row": player_name(event.row_of, lang)}
    if event.correct:
        line = tr("It is {card}: right! It goes face up to {row}", lang, **fields)
    else:
        line = tr("It is {card}: wrong! It goes face up to {row}", lang, **fields)
    if event.card.startswith("J"):
        line += tr(" (counts as {kind})", lang, kind=kind_name(event.counts_as, lang))
    return line


@EVENT_TEXTS.writes(ev.PlayerLost)
def _player_lost(event: ev.PlayerLost, lang: str) -> str:
    reason = _LOSS_REASONS.get(event.reason)
    name = player_name(event.player, lang)
    return reason(name, lang) if reason else tr("{player} loses", lang, player=name)


@EVENT_TEXTS.writes(ev.PlayerWon)
def _player_won(event: ev.PlayerWon, lang: str) -> str:
    return tr("{player} wins alone: no cards left in hand", lang, player=player_name(event.player, lang))


@EVENT_TEXTS.writes(ev.GameOver)
def _game_over(event: ev.GameOver, lang: str) -> str:
    winners = list_text((player_name(player, lang) for player in event.winners), lang)
    return tr("Game over. Winners: {winners}", lang, winners=winners)


def describe_event(event: Event, lang: str) -> str:
    """A log line for ``event``, in the form its reader may see.

    >>> from asobiba.games.cockroach_poker.events import CardOffered
    >>> describe_event(CardOffered(0, 1, "hearts", None), "ja")
    'p0がp1にカードを伏せて渡す：「これはハートです」'
    """
    return EVENT_TEXTS.describe(event, lang)
