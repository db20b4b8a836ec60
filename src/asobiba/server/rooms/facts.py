"""What a room shows of itself besides its game's state: its summary (the HTTP answer and the
lobby's list), its ``presence`` frame and its ``chat`` frames — pure functions of a small frozen
snapshot, :class:`RoomFacts`, that the room takes of itself — and which of its chat messages and
log lines it keeps (:func:`merge_kept`). Nothing here reads a room."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from asobiba.server.protocol import ChatFrame, ClockSpec, Presence, SeatInfo, TurnClock
from asobiba.server.rooms.connection import frame_text
from asobiba.server.rooms.ranking import final_ranking
from asobiba.server.storage import ChatRow


@dataclass(frozen=True)
class RoomFacts:
    """What a room's summary and presence show, at one moment."""

    room: str
    game: str
    players: int
    #: The room's row: its name, status and settings as stored.
    name: str | None
    status: str
    started: bool
    listed: bool
    spectator_chat: bool
    bot_delay: float
    pace: str
    timeout_policy: str | None
    rematch: str | None
    rematch_of: str | None
    #: The clock as its creator gave it.
    clock: ClockSpec | TurnClock | None
    #: The seat of the room's creator, if they hold one; the spectator ids they muted.
    creator: int | None
    muted: tuple[str, ...]
    #: The game now: its seq, who decides (None: nobody), and once over its result (None before).
    seq: int
    to_move: int | None
    result: Mapping[str, Any] | None
    #: Each seat as shown, and how many spectators are connected.
    seats: tuple[SeatInfo, ...]
    spectators: int
    #: A learning room (its player hears a verdict of each of their moves).
    learning: bool = False


def ranking(facts: RoomFacts) -> list[int] | None:
    """Once over, each seat's rank (:func:`~asobiba.server.rooms.ranking.final_ranking`: 1 first,
    ties shared, resigned seats last); None while the game runs."""
    if facts.result is None:
        return None
    return final_ranking(facts.result, facts.players, [seat.resigned for seat in facts.seats])


def summary(facts: RoomFacts) -> dict[str, Any]:
    """The room as ``GET /rooms/{room}`` and the lobby's list show it."""
    return {
        "room": facts.room,
        "game": facts.game,
        "players": facts.players,
        "name": facts.name,
        "status": facts.status,
        "started": facts.started,
        "listed": facts.listed,
        "spectator_chat": facts.spectator_chat,
        "creator": facts.creator,
        "seq": facts.seq,
        "to_move": facts.to_move,
        "seats": [seat.model_dump() for seat in facts.seats],
        "spectators": facts.spectators,
        "bot_delay": facts.bot_delay,
        "clock": facts.clock.model_dump() if facts.clock else None,
        "pace": facts.pace,
        "timeout": facts.timeout_policy,
        "learning": facts.learning,
        "rematch": facts.rematch,
        "rematch_of": facts.rematch_of,
        # once over: each seat's rank (1 first, ties shared), resigned seats last
        "ranking": ranking(facts),
    }


def presence(facts: RoomFacts) -> Presence:
    """The ``presence`` frame: who holds each seat and is connected, the spectators, the waiting
    room's and the chat's state."""
    return Presence(
        seats=list(facts.seats),
        spectators=facts.spectators,
        rematch=facts.rematch,
        started=facts.started,
        creator=facts.creator,
        spectator_chat=facts.spectator_chat,
        muted=list(facts.muted),
        learning=facts.learning,
    )


def chat_frame(message: ChatRow, names: Sequence[str | None]) -> str:
    """A kept message as its ``chat`` frame's text: a seat's message under the seat's name now (of
    ``names``, per seat), a spectator's (or an unknown seat's) under its own."""
    seat = message.seat
    name = names[seat] if seat is not None and 0 <= seat < len(names) else message.name
    return frame_text(ChatFrame(id=message.id, seat=seat, name=name, text=message.text, spectator=message.spectator))


class Kept(Protocol):
    """A kept row (a chat message, a log line): its number orders it."""

    @property
    def id(self) -> int: ...


KeptRow = TypeVar("KeptRow", bound=Kept)


def merge_kept(kept: list[KeptRow], rows: Sequence[KeptRow], limit: int) -> tuple[list[KeptRow], list[KeptRow]]:
    """The last ``limit`` of ``kept`` and of the ``rows`` not among them, in order, and those rows
    new to ``kept``, in order (none: ``kept`` itself)."""
    known = {row.id for row in kept}
    fresh = sorted((row for row in rows if row.id not in known), key=lambda row: row.id)
    if not fresh:
        return kept, []
    return sorted([*kept, *fresh], key=lambda row: row.id)[-limit:], fresh


__all__ = ["Kept", "RoomFacts", "chat_frame", "merge_kept", "presence", "ranking", "summary"]
