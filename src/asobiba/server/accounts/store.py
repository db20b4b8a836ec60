"""Accounts in the database: accounts, their sessions, the seats they hold and the seats kept for
them (invitations), their email address.

Every write is one transaction through the storage's single writer (``Storage._enqueue``), as the
rooms' writes are; reads use the storage's sessions.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asobiba.server.accounts.rows import ACCOUNT_SESSIONS, ACCOUNTS, AccountRow, AccountSessionRow
from asobiba.server.storage import ROOMS, SEATS, RoomRow, SeatRow, Storage, _Write


def username_key(username: str) -> str:
    """The username as it is unique: in lower case ("Ken" and "ken" are one account)."""
    return username.lower()


async def create_account(storage: Storage, username: str, password_hash: str, now: float) -> AccountRow | None:
    """A new account, made at ``now``; None if the username is another's, in any case (the database decides
    races)."""
    values = {"username": username, "username_key": username_key(username), "password_hash": password_hash,
              "created_at": now, "email": None, "email_notify": False, "unsubscribe_code": None,
              "lang": None}  # fmt: skip

    def write(connection: Connection) -> int | None:
        taken = connection.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.username_key == values["username_key"]))
        if taken.first() is not None:
            return None
        try:
            result = connection.execute(insert(ACCOUNTS).values(**values))
        except IntegrityError:
            return None
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])

    number: int | None = await storage._enqueue(_Write(write))
    if number is None:
        return None
    return AccountRow(id=number, **values)


async def account_by_username(storage: Storage, username: str) -> AccountRow | None:
    async with storage.sessions() as session:
        found: AccountRow | None = await session.scalar(
            select(AccountRow).where(AccountRow.username_key == username_key(username))
        )
        return found


async def account_by_id(storage: Storage, account_id: int) -> AccountRow | None:
    async with storage.sessions() as session:
        return await session.get(AccountRow, account_id)


async def create_session(storage: Storage, account_id: int, token_hash: str, seconds: float, now: float) -> None:
    """A new session of the account (its token's hash), valid ``seconds`` from ``now`` (the server's time);
    expired sessions of the account are deleted on the way."""

    def write(connection: Connection) -> None:
        connection.execute(
            delete(ACCOUNT_SESSIONS).where(
                ACCOUNT_SESSIONS.c.account_id == account_id, ACCOUNT_SESSIONS.c.expires_at <= now
            )
        )
        connection.execute(
            insert(ACCOUNT_SESSIONS).values(
                token_hash=token_hash, account_id=account_id, created_at=now, expires_at=now + seconds
            )
        )

    await storage._enqueue(_Write(write))


async def session_account(storage: Storage, token_hash: str, now: float) -> AccountRow | None:
    """The account of the session ``token_hash`` if it has not expired by ``now``."""
    async with storage.sessions() as session:
        found: AccountRow | None = await session.scalar(
            select(AccountRow)
            .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
            .where(AccountSessionRow.token_hash == token_hash, AccountSessionRow.expires_at > now)
        )
        return found


async def delete_session(storage: Storage, token_hash: str) -> None:
    def write(connection: Connection) -> None:
        connection.execute(delete(ACCOUNT_SESSIONS).where(ACCOUNT_SESSIONS.c.token_hash == token_hash))

    await storage._enqueue(_Write(write))


async def delete_sessions(storage: Storage, account_id: int) -> int:
    """Every session of the account ends ("sign out everywhere"): how many there were."""

    def write(connection: Connection) -> int:
        result = connection.execute(delete(ACCOUNT_SESSIONS).where(ACCOUNT_SESSIONS.c.account_id == account_id))
        return int(result.rowcount)

    count: int = await storage._enqueue(_Write(write))
    return count


async def set_email(storage: Storage, account_id: int, address: str | None, notify: bool, lang: str) -> None:
    """Where the account's "your turn" emails go, whether to send them, in which language; the account's
    unsubscribe code is made with its first address (and kept: every email it was in stays good)."""

    def write(connection: Connection) -> None:
        connection.execute(
            update(ACCOUNTS).where(ACCOUNTS.c.id == account_id).values(email=address, email_notify=notify, lang=lang)
        )
        connection.execute(
            update(ACCOUNTS)
            .where(ACCOUNTS.c.id == account_id, ACCOUNTS.c.unsubscribe_code.is_(None))
            .values(unsubscribe_code=secrets.token_urlsafe(24))
        )

    await storage._enqueue(_Write(write))


async def unsubscribe(storage: Storage, code: str) -> bool:
    """The account of this unsubscribe code gets no more emails; False if no account has the code."""

    def write(connection: Connection) -> bool:
        result = connection.execute(
            update(ACCOUNTS).where(ACCOUNTS.c.unsubscribe_code == code).values(email_notify=False)
        )
        return bool(result.rowcount)

    done: bool = await storage._enqueue(_Write(write))
    return done


async def own_seats(storage: Storage, account_id: int, token_hashes: Sequence[str]) -> int:
    """The seats held by these token hashes that belong to no account become the account's (a
    rematch's seat carries its player's token: it comes along). How many did."""
    hashes = list(dict.fromkeys(token_hashes))
    if not hashes:
        return 0

    def write(connection: Connection) -> int:
        result = connection.execute(
            update(SEATS)
            .where(SEATS.c.token_hash.in_(hashes), SEATS.c.account_id.is_(None), SEATS.c.kind == "human")
            .values(account_id=account_id)
        )
        return int(result.rowcount)

    count: int = await storage._enqueue(_Write(write))
    return count


@dataclass(frozen=True)
class HeldSeat:
    """A seat of a player's (held by their account or by a token their browser sent), with its room's row."""

    room: RoomRow
    seat: SeatRow


async def held_seats(
    storage: Storage, account_id: int | None, token_hashes: Sequence[str], limit: int
) -> list[HeldSeat]:
    """The seats of the account (held, or kept for it: an invitation) and of the token hashes, with
    their rooms, the most recently changed rooms first (``limit`` at most)."""
    conditions = []
    if account_id is not None:
        conditions += [SeatRow.account_id == account_id, SeatRow.reserved_for == account_id]
    if token_hashes:
        conditions.append(SeatRow.token_hash.in_(list(dict.fromkeys(token_hashes))))
    if not conditions:
        return []
    async with storage.sessions() as session:
        rows = await session.execute(
            select(RoomRow, SeatRow)
            .join(SeatRow, SeatRow.room_id == RoomRow.id)
            .where(or_(*conditions), SeatRow.kind == "human")
            .order_by(RoomRow.updated_at.desc())
            .limit(limit)
        )
        return [HeldSeat(room, seat) for room, seat in rows.all()]


async def account_seat(storage: Storage, room_id: str, account_id: int) -> SeatRow | None:
    """The seat the account holds in the room, if any."""
    async with storage.sessions() as session:
        found: SeatRow | None = await session.scalar(
            select(SeatRow).where(SeatRow.room_id == room_id, SeatRow.account_id == account_id).order_by(SeatRow.seat)
        )
        return found


async def reserved_seat(storage: Storage, room_id: str, account_id: int) -> SeatRow | None:
    """The free seat of the room kept for the account (an invitation by name), if any."""
    async with storage.sessions() as session:
        found: SeatRow | None = await session.scalar(
            select(SeatRow)
            .where(SeatRow.room_id == room_id, SeatRow.reserved_for == account_id, SeatRow.token_hash.is_(None))
            .order_by(SeatRow.seat)
        )
        return found


async def reserve_seat(storage: Storage, room_id: str, seat: int, account_id: int | None) -> None:
    """The seat is kept for the account (None: for nobody any more)."""

    def write(connection: Connection) -> None:
        connection.execute(
            update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(reserved_for=account_id)
        )

    await storage._enqueue(_Write(write))


async def seat_taken_by_account(storage: Storage, room_id: str, seat: int, account_id: int) -> None:
    """The seat (just taken by the account's player) is the account's, and kept for nobody any more."""

    def write(connection: Connection) -> None:
        connection.execute(
            update(SEATS)
            .where(SEATS.c.room_id == room_id, SEATS.c.seat == seat)
            .values(account_id=account_id, reserved_for=None)
        )

    await storage._enqueue(_Write(write))


async def change_seat_token(storage: Storage, room_id: str, seat: int, old_hash: str | None, new_hash: str) -> bool:
    """The seat's token becomes ``new_hash`` (and the room's creator too, if it was the seat's old
    token), if its token is still ``old_hash``: False if it changed meanwhile."""

    def write(connection: Connection) -> bool:
        token = SEATS.c.token_hash.is_(None) if old_hash is None else SEATS.c.token_hash == old_hash
        result = connection.execute(
            update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat, token).values(token_hash=new_hash)
        )
        if not result.rowcount:
            return False
        if old_hash is not None:
            connection.execute(
                update(ROOMS).where(ROOMS.c.id == room_id, ROOMS.c.creator == old_hash).values(creator=new_hash)
            )
        return True

    changed: bool = await storage._enqueue(_Write(write))
    return changed


__all__ = [
    "HeldSeat",
    "account_by_id",
    "account_by_username",
    "account_seat",
    "change_seat_token",
    "create_account",
    "create_session",
    "delete_session",
    "delete_sessions",
    "held_seats",
    "own_seats",
    "reserve_seat",
    "reserved_seat",
    "seat_taken_by_account",
    "session_account",
    "set_email",
    "username_key",
]
