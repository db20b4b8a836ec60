"""What became of an act (:class:`Outcome`) and the messages of its rejections, in both languages:
values the room returns and the socket sends, no behaviour of the room's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from asobiba.core.errors import AsobibaError
from asobiba.i18n import Catalog
from asobiba.server.protocol import RejectionCode

tr = Catalog("server")


def stale_message(seq: int) -> Callable[[str], str]:
    return lambda lang: tr("the game has moved on: it is at seq {seq} now", lang, seq=seq)


def over_message(lang: str) -> str:
    return tr("the game is over", lang)


def not_your_turn_message(lang: str) -> str:
    return tr("it is not your turn", lang)


def unavailable_message(lang: str) -> str:
    return tr("the server cannot store moves just now: try again in a moment", lang)


def resigned_message(lang: str) -> str:
    return tr("you have left this game: a bot plays your seat", lang)


def not_started_message(lang: str) -> str:
    return tr("the game has not started: it waits for every seat to be taken, or for its creator to start it", lang)


@dataclass
class Outcome:
    """What became of an ``act``."""

    accepted: bool
    seq: int
    code: RejectionCode | None = None
    error: AsobibaError | None = None
    message: Callable[[str], str] | None = None

    def message_in(self, lang: str) -> str:
        if self.error is not None:
            return self.error.translated(lang)
        return self.message(lang) if self.message is not None else ""


__all__ = [
    "Outcome",
    "not_started_message",
    "not_your_turn_message",
    "over_message",
    "resigned_message",
    "stale_message",
    "unavailable_message",
]
