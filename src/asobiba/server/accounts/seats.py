"""Seats and accounts: a seat taken while signed in is the account's; a signed-in player takes their
seat back on any device (a new token for it); a seat kept for an account by name (an invitation) is
taken or given back by that account only.

Each change of a room's seats runs in the room's queue (``Room.run``), as the room's own changes do,
and is stored before it is made in memory.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from asobiba.server.accounts import store
from asobiba.server.accounts.rows import AccountRow
from asobiba.server.protocol import CLOSE_SEAT_FREED
from asobiba.server.rooms import Lobby, Room
from asobiba.server.rooms.seats import Seat, hash_token, new_invite_code, new_token

#: The reason the connections of a seat taken back on another device are closed with.
TAKEN_BACK = "this seat was taken back on another device"


async def seat_is_accounts(lobby: Lobby, account: AccountRow | None, room_id: str, seat: int) -> None:
    """A seat just taken by a signed-in player is their account's (a guest's is nobody's)."""
    if account is not None:
        await lobby.write(store.seat_taken_by_account(lobby.storage, room_id, seat, account.id))


async def take_back(lobby: Lobby, room: Room, account: AccountRow) -> tuple[int, str] | None:
    """The account's seat in ``room`` gets a new token, returned with the seat's number: the old
    token holds nothing any more (its connections are closed with 4410). None if the account holds
    no seat there."""

    async def job() -> tuple[int, str] | None:
        found = await lobby.read(store.account_seat(lobby.storage, room.id, account.id))
        if found is None:
            return None
        seat = room.seats[found.seat]
        token = new_token()
        new_hash, old_hash = hash_token(token), seat.token_hash
        if not await lobby.write(store.change_seat_token(lobby.storage, room.id, seat.number, old_hash, new_hash)):
            return None
        if old_hash is not None and room.row.creator is not None and secrets.compare_digest(room.row.creator, old_hash):
            room.row.creator = new_hash
        seat.token_hash = new_hash
        for connection in list(seat.connections):
            seat.connections.discard(connection)
            connection.end(CLOSE_SEAT_FREED, TAKEN_BACK)
        room.broadcast_presence()
        await lobby.publish(room.id, room.seq, seats=True)
        return seat.number, token

    taken: tuple[int, str] | None = await room.run(job)
    return taken


async def _set_invite(lobby: Lobby, room: Room, seat: Seat, invite_hash: str | None) -> bool:
    """(In the room's queue.) A free person seat's invite code becomes ``invite_hash`` (None: open);
    False if the seat is not free."""
    if seat.kind != "human" or seat.token_hash is not None:
        return False
    await lobby.write(lobby.storage.update_seat(room.id, seat.number, invite_hash=invite_hash))
    seat.invite_hash = invite_hash
    room.broadcast_presence()
    await lobby.publish(room.id, room.seq, seats=True)
    return True


#: A seat kind that keeps the seat for a player by username.
USER_SEAT = "user:"


class UnknownUsername(Exception):
    """A seat kept for a username no account has."""

    def __init__(self, username: str) -> None:
        super().__init__(username)
        self.username = username


async def invited_accounts(lobby: Lobby, kinds: dict[int, str]) -> dict[int, AccountRow]:
    """The accounts of the seats kept by username (``"user:ken"``), whose kinds become ``"human"``
    in ``kinds``; :class:`UnknownUsername` for a username no account has."""
    invited: dict[int, AccountRow] = {}
    for number, kind in kinds.items():
        if not kind.startswith(USER_SEAT):
            continue
        username = kind.removeprefix(USER_SEAT)
        account = await lobby.read(store.account_by_username(lobby.storage, username))
        if account is None:
            raise UnknownUsername(username)
        invited[number] = account
    for number in invited:
        kinds[number] = "human"
    return invited


async def reserve(lobby: Lobby, room: Room, accounts: Mapping[int, AccountRow]) -> None:
    """Keep seats for accounts (an invitation by name): each seat of ``accounts`` is kept for its
    account, and made an invited seat whose code nobody has (only that account takes it, by accepting)."""
    for number, account in accounts.items():
        seat = room.seats[number]
        code = new_invite_code()  # thrown away: nobody takes the seat with a link

        async def job(seat: Seat = seat, code: str = code) -> bool:
            return await _set_invite(lobby, room, seat, hash_token(code))

        if await room.run(job):  # (a seat taken already, the creator's, is kept for nobody)
            await lobby.write(store.reserve_seat(lobby.storage, room.id, number, account.id))


async def accept(lobby: Lobby, room: Room, account: AccountRow, number: int) -> tuple[int, str] | None:
    """The account takes the seat kept for it: its number and token, or None if it was taken meanwhile."""
    seat = room.seats[number]
    code = new_invite_code()  # the seat's code now, known only here: the claim below uses it

    async def job() -> bool:
        return await _set_invite(lobby, room, seat, hash_token(code))

    if not await room.run(job):
        return None
    granted: tuple[int, str] | None = await room.claim(
        account.username, only=number, invite=code, account_id=account.id
    )
    if granted is not None:  # (the claim made the seat the account's; this clears the reservation)
        await lobby.write(store.seat_taken_by_account(lobby.storage, room.id, number, account.id))
    return granted


async def decline(lobby: Lobby, room: Room, number: int) -> None:
    """The invited account gives the seat back: it is kept for nobody, and open (anyone with the
    room's link may take it; the creator may free it for a new invite link)."""
    seat = room.seats[number]
    await lobby.write(store.reserve_seat(lobby.storage, room.id, number, None))

    async def job() -> bool:
        return await _set_invite(lobby, room, seat, None)

    await room.run(job)


__all__ = [
    "TAKEN_BACK",
    "USER_SEAT",
    "UnknownUsername",
    "accept",
    "decline",
    "invited_accounts",
    "reserve",
    "seat_is_accounts",
    "take_back",
]
