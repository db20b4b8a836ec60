"""Who may chat in a room, and how often.

- A seat's connections always may; a spectator (a connection without a seat) only where the room
  allows it (``spectator_chat``: by default its listed rooms, stored with the room) and unless the
  room's creator muted it.
- A spectator has no token: it is known by its **spectator id**, a keyed hash of its client address
  with the room's own secret key (``rooms.chat_key``, never sent). The same address gets the same id
  in that room — over reconnects, restarts and every process of a cluster — and another room gives
  it another id; the id tells nothing of the address. People behind one address (one NAT, or a proxy
  without ``FORWARDED_ALLOW_IPS``) share one id: muting it mutes them all.
- Every message counts against its speaker's rate (a seat, whatever its connections; a spectator id)
  and the room's (``Settings.chat_rate``, ``Settings.room_chat_rate``), in a moving window kept in
  memory, or in Redis when the processes share one. A message over either is refused ``rate_limited``
  and counts against neither.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from limits import parse as parse_limit
from limits.aio.storage import Storage
from limits.aio.strategies import MovingWindowRateLimiter

from asobiba.i18n import Catalog
from asobiba.server.protocol import RejectionCode
from asobiba.server.rooms.settings import Settings
from asobiba.server.storage import RoomRow

if TYPE_CHECKING:
    from asobiba.server.rooms.connection import Connection

tr = Catalog("server")

#: Hex digits of a spectator id (a collision between two spectators of one room: 1 in 4 billion).
SPECTATOR_ID_LENGTH = 8


def spectator_id(chat_key: str, address: str) -> str:
    """The id in a room (of key ``chat_key``) of the spectator at client ``address``."""
    digest = hmac.new(chat_key.encode(), address.encode(), hashlib.sha256).hexdigest()
    return digest[:SPECTATOR_ID_LENGTH]


def chat_off_message(lang: str) -> str:
    return tr("spectators cannot chat in this room: its creator has not allowed it", lang)


def muted_message(lang: str) -> str:
    return tr("the room's creator has muted you: your messages are not sent", lang)


def speaker_rate_message(lang: str) -> str:
    return tr("you are sending chat messages too fast: wait a few seconds", lang)


def room_rate_message(lang: str) -> str:
    return tr("this room's chat is too busy just now: wait a few seconds", lang)


def not_creator_message(lang: str) -> str:
    return tr("only the room's creator may mute a spectator", lang)


def no_such_spectator_message(spectator: str) -> Callable[[str], str]:
    return lambda lang: tr("there is no spectator {spectator} in this room", lang, spectator=spectator)


Refusal = tuple[RejectionCode, Callable[[str], str]]


class ChatRoom(Protocol):
    """What the chat's rules read of a room."""

    @property
    def id(self) -> str: ...

    @property
    def row(self) -> RoomRow: ...

    @property
    def muted(self) -> list[str]: ...


def who_may_not_chat(room: ChatRoom, connection: Connection) -> Refusal | None:
    """Why this connection may not chat in the room (None: it may)."""
    if connection.seat is not None:
        return None
    if not room.row.spectator_chat:
        return "chat_off", chat_off_message
    if connection.spectator in room.muted:
        return "muted", muted_message
    return None


class ChatRates:
    """The chat's rates: per speaker and per room (``Settings.chat_rate``, ``room_chat_rate``)."""

    def __init__(self, settings: Settings, storage: Storage) -> None:
        self.limiter = MovingWindowRateLimiter(storage)
        self.speaker_rate = parse_limit(settings.chat_rate)
        self.room_rate = parse_limit(settings.room_chat_rate)

    async def refusal(self, room: ChatRoom, connection: Connection) -> Refusal | None:
        """Count a message of this connection (None), or say why it is over a rate (not counted).
        While the counters' storage (Redis) is away, every message is allowed."""
        seat = connection.seat
        speaker = ("seat", str(seat)) if seat is not None else ("spectator", connection.spectator or "")
        try:
            if not await self.limiter.test(self.speaker_rate, "chat", room.id, *speaker):
                return "rate_limited", speaker_rate_message
            if not await self.limiter.test(self.room_rate, "chat", room.id):
                return "rate_limited", room_rate_message
            await self.limiter.hit(self.speaker_rate, "chat", room.id, *speaker)
            await self.limiter.hit(self.room_rate, "chat", room.id)
        except Exception:
            return None
        return None


__all__ = ["ChatRates", "ChatRoom", "Refusal", "chat_off_message", "muted_message", "spectator_id", "who_may_not_chat"]
