"""Goofspiel in words: its actions and log lines, written in English and translated by its catalog."""

from __future__ import annotations

from asobiba.core.events import Event, EventTexts
from asobiba.core.i18n import Catalog
from asobiba.core.state import Action
from asobiba_goofspiel.actions import Bid, Prize
from asobiba_goofspiel.events import BidPlaced, BidsRevealed, PrizeRevealed

#: The game's messages: English here, Japanese in ``locale/ja/LC_MESSAGES/goofspiel.po`` (the
#: declaration's ``locale`` part), the catalog of its option texts and error messages too.
tr = Catalog("goofspiel")


def describe_action(action: Action, lang: str) -> str:
    if isinstance(action, Prize):
        return tr("The prize {value} is turned up", lang, value=action.value)
    assert isinstance(action, Bid)
    return tr("Bid {value}", lang, value=action.value)


#: The log line of each kind of event.
EVENT_TEXTS = EventTexts()


@EVENT_TEXTS.writes(PrizeRevealed)
def _prize_revealed(event: PrizeRevealed, lang: str) -> str:
    return tr("The prize {value} is turned up", lang, value=event.value)


@EVENT_TEXTS.writes(BidPlaced)
def _bid_placed(event: BidPlaced, lang: str) -> str:
    if event.value is None:
        return tr("p{player} bids face down", lang, player=event.player)
    return tr("p{player} bids {value} face down", lang, player=event.player, value=event.value)


@EVENT_TEXTS.writes(BidsRevealed)
def _bids_revealed(event: BidsRevealed, lang: str) -> str:
    bids = " · ".join(f"p{player} {bid}" for player, bid in enumerate(event.bids))
    if event.winner is None:
        return tr("Bids {bids}: a tie, nobody takes the prize {prize}", lang, bids=bids, prize=event.prize)
    return tr("Bids {bids}: p{winner} takes the prize {prize}", lang, bids=bids, winner=event.winner, prize=event.prize)


def describe_event(event: Event, lang: str) -> str:
    return EVENT_TEXTS.describe(event, lang)
