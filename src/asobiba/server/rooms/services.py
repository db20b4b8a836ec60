"""What a room needs from the process it lives in, and nothing more: the storage (and the write and
read that keep the database's health), telling other processes the room moved, whether this process
holds the room's lease, whether the database can be written and the process is stopping, the settings,
the server's time, the threads bots think in, a record replayed, and the end of a game.
:class:`~asobiba.server.rooms.lobby.Lobby` provides it; a :class:`~asobiba.server.rooms.room.Room` is
given it and never sees the lobby."""

from __future__ import annotations

from collections.abc import Awaitable
from concurrent.futures import Executor
from typing import Any, Protocol, TypeVar

from asobiba.core.events import Event
from asobiba.core.state import State
from asobiba.server.rooms.servertime import ServerClock
from asobiba.server.rooms.settings import Settings
from asobiba.server.storage import Storage, StoredRoom

Result = TypeVar("Result")


class Replayed(Protocol):
    """A record replayed: its state, its events (each with the seq it led to), its entries and whose
    decision each entry was."""

    @property
    def state(self) -> State: ...

    @property
    def events(self) -> list[tuple[int, Event]]: ...

    @property
    def entries(self) -> list[str]: ...

    @property
    def entry_players(self) -> list[int | None]: ...


class RoomServices(Protocol):
    """The calls a room makes outside itself."""

    @property
    def storage(self) -> Storage:
        """The database (its calls go through :meth:`write` and :meth:`read`)."""
        ...

    @property
    def settings(self) -> Settings: ...

    @property
    def clock(self) -> ServerClock:
        """The server's time (every deadline, bank and timer of the room reads it)."""
        ...

    @property
    def bot_executor(self) -> Executor:
        """Where bots think, off the event loop."""
        ...

    @property
    def stopping(self) -> bool:
        """The process is shutting down: nothing new is started."""
        ...

    @property
    def writable(self) -> bool:
        """Can the database be written now?"""
        ...

    async def write(self, operation: Awaitable[Result]) -> Result:
        """A storage write; a failure (other than a lost race) marks the database unwritable."""
        ...

    async def read(self, operation: Awaitable[Result]) -> Result:
        """A storage read (a failure is counted)."""
        ...

    async def publish(self, room_id: str, seq: int, *, seats: bool = False, news: bool = False) -> None:
        """Tell the other processes the room is at ``seq`` (or changed a seat, or kept news)."""
        ...

    @property
    def shared(self) -> bool:
        """Do other processes serve rooms too (a seat may be connected to one of them)?"""
        ...

    def holds(self, room_id: str) -> bool:
        """Does this process hold the room's lease (it alone runs its bots, clocks and seat timers)?"""
        ...

    async def present_elsewhere(self, room_id: str, seat: int) -> bool:
        """Is the seat connected to another process?"""
        ...

    async def rebuild(self, stored: StoredRoom) -> Replayed:
        """The stored record replayed from its start (off the event loop: in a worker process)."""
        ...

    async def game_over(self, room_id: str) -> None:
        """The room's game ended here (its last move is stored): count it — each seat's place, and the
        ratings of its signed-in players (never raises: a failure is logged)."""
        ...

    async def verdict(
        self, room_id: str, seq: int, seat: int, record: dict[str, Any], played: str, client: str
    ) -> dict[str, Any] | None:
        """A learning room's verdict of the move ``played`` that ``seat`` made at ``seq`` (``record``: the
        game before it), made off the event loop (:mod:`asobiba.server.learning`), asked by ``client``
        (an address: the coach's queue bounds each); None if this server has no coach or a newer move
        of the seat superseded it. Raises what the coach's queue refuses with."""
        ...

    def turn_passed(self, room_id: str, seat: int) -> None:
        """A turn-based room's decision passed to ``seat``, whose player is not at the table here (the
        lobby may email them: :mod:`asobiba.server.accounts.turn_mail`). Returns at once."""
        ...


class VerdictMaker(Protocol):
    """What makes a learning room's verdicts (:class:`asobiba.server.analysis.Coach`)."""

    async def verdict(
        self, room: str, seq: int, seat: int, record: dict[str, Any], played: str, client: str = "?"
    ) -> dict[str, Any] | None: ...


__all__ = ["Replayed", "RoomServices", "VerdictMaker"]
