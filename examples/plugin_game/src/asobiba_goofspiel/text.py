"""Goofspiel in words, English and Japanese: tables of texts, one line per message."""

from __future__ import annotations

from asobiba.core.events import Event, EventTexts
from asobiba.core.state import Action
from asobiba_goofspiel.actions import Bid, Prize
from asobiba_goofspiel.events import BidPlaced, BidsRevealed, PrizeRevealed

#: English text -> Japanese text; the English is the key, with ``{field}`` marks.
JAPANESE = {
    "Bid {value}": "{value} で入札",
    "The prize {value} is turned up": "賞品 {value} がめくられる",
    "p{player} bids face down": "p{player} が伏せて入札",
    "p{player} bids {value} face down": "p{player} が {value} を伏せて入札",
    "Bids {bids}: p{winner} takes the prize {prize}": "入札 {bids}：p{winner} が賞品 {prize} を取る",
    "Bids {bids}: a tie, nobody takes the prize {prize}": "入札 {bids}：同点のため賞品 {prize} は誰も取らない",
    "how many cards each player and the prize deck hold (1 to this number)": (
        "各プレイヤーと賞品の山の枚数（1 からこの数まで）"
    ),
    "the prizes' order, first first, such as [3, 1, 2] (all of them or the first ones; the rest is shuffled)": (
        "賞品の順番（先頭から。例: [3, 1, 2]。全部でも最初の数枚でもよく、残りは混ぜる）"
    ),
}


def say(text: str, lang: str, **fields: object) -> str:
    """``text`` in ``lang`` (English, or Japanese from :data:`JAPANESE`), its fields filled in."""
    return (JAPANESE.get(text, text) if lang == "ja" else text).format(**fields)


def describe_action(action: Action, lang: str) -> str:
    if isinstance(action, Prize):
        return say("The prize {value} is turned up", lang, value=action.value)
    assert isinstance(action, Bid)
    return say("Bid {value}", lang, value=action.value)


#: The log line of each kind of event.
EVENT_TEXTS = EventTexts()


@EVENT_TEXTS.writes(PrizeRevealed)
def _prize_revealed(event: PrizeRevealed, lang: str) -> str:
    return say("The prize {value} is turned up", lang, value=event.value)


@EVENT_TEXTS.writes(BidPlaced)
def _bid_placed(event: BidPlaced, lang: str) -> str:
    if event.value is None:
        return say("p{player} bids face down", lang, player=event.player)
    return say("p{player} bids {value} face down", lang, player=event.player, value=event.value)


@EVENT_TEXTS.writes(BidsRevealed)
def _bids_revealed(event: BidsRevealed, lang: str) -> str:
    bids = " · ".join(f"p{player} {bid}" for player, bid in enumerate(event.bids))
    if event.winner is None:
        return say("Bids {bids}: a tie, nobody takes the prize {prize}", lang, bids=bids, prize=event.prize)
    return say(
        "Bids {bids}: p{winner} takes the prize {prize}", lang, bids=bids, winner=event.winner, prize=event.prize
    )


def describe_event(event: Event, lang: str) -> str:
    return EVENT_TEXTS.describe(event, lang)
