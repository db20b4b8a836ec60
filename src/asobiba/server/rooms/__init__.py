"""Rooms, split by concern: ``room`` (the game, its record and its serial queue — ``queue``),
``outcomes`` (what became of an act, its rejections' messages), ``seats`` (seats, tokens, presence
timers, the waiting room's seat queries), ``clocks``, ``bots``, ``views`` (the room's summary and
presence, pure functions of a :class:`~asobiba.server.rooms.views.RoomFacts`), ``frames`` (what is
sent), ``notices`` (the log's lines by the server), ``chat`` (who may chat, how often; spectator
ids), ``connection``, ``lobby`` (every room in memory, the storage), ``health`` (can the database be
written) and ``settings``."""

from __future__ import annotations

from asobiba.server.rooms.connection import MAX_QUEUED_FRAMES, Connection
from asobiba.server.rooms.lobby import Lobby, rematch_plan
from asobiba.server.rooms.outcomes import Outcome
from asobiba.server.rooms.queue import QueueClosed, RoomQueue
from asobiba.server.rooms.room import Room
from asobiba.server.rooms.seats import Seat, hash_token, new_token
from asobiba.server.rooms.settings import Settings

__all__ = [
    "MAX_QUEUED_FRAMES",
    "Connection",
    "Lobby",
    "Outcome",
    "QueueClosed",
    "Room",
    "RoomQueue",
    "Seat",
    "Settings",
    "hash_token",
    "new_token",
    "rematch_plan",
]
