"""The room log's lines that are no game event, in both languages: the game started, a clock ran
out, a bot took a seat over or gave it back, a player resigned or forfeited on time. Each is
stored (:class:`NoticeRow`) with the seq the room was at; frames carry it like an event,
``{event, player, name, seq, text}``, the seat written ``p{n}`` in the text (as game events write
players: the browser shows the seat's name there)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from asobiba.i18n import Catalog
from asobiba.server.protocol import Notice, NoticeEntry
from asobiba.server.rooms.seats import Seat
from asobiba.server.storage import NoticeRow

tr = Catalog("server")

#: Each kind of line, its text (``{player}``: the seat, as ``p{n}``).
TEXTS: dict[str, Callable[[str, str], str]] = {
    "GameStarted": lambda lang, _player: tr("the game starts: every seat is taken", lang),
    "GameStartedWithBots": lambda lang, _player: tr("the game starts: bots play the seats nobody took", lang),
    "ClockRanOut": lambda lang, player: tr("{player}'s time ran out: a bot decides for them", lang, player=player),
    "SeatTakenOver": lambda lang, player: tr("{player} is away: a bot plays for them", lang, player=player),
    "SeatGivenBack": lambda lang, player: tr("{player} is back: the bot gives the seat back", lang, player=player),
    "Forfeited": lambda lang, player: tr(
        "{player}'s time ran out a second time: {player} is out of the game and a bot plays the seat on",
        lang,
        player=player,
    ),
    "Resigned": lambda lang, player: tr("{player} resigned: a bot plays the seat on", lang, player=player),
}


class NoticeRoom(Protocol):
    """What a notice reads of its room: the seats' names."""

    @property
    def seats(self) -> Sequence[Seat]: ...


def notice_event(room: NoticeRoom, notice: NoticeRow, lang: str) -> NoticeEntry:
    """The line as an entry of a frame's ``events`` (and of a ``notice`` frame), in ``lang``."""
    seat = notice.seat
    name = room.seats[seat].name if seat is not None and 0 <= seat < len(room.seats) else None
    text = TEXTS[notice.kind](lang, f"p{seat}" if seat is not None else "")
    return {"event": notice.kind, "player": seat, "name": name, "seq": notice.seq, "text": text}


def notice_frame(room: NoticeRoom, notice: NoticeRow, lang: str) -> Notice:
    return {"type": "notice", **notice_event(room, notice, lang)}


__all__ = ["TEXTS", "NoticeRoom", "notice_event", "notice_frame"]
