"""Passkeys in the database: an account's passkeys, and the WebAuthn challenges handed out for them.

A challenge is kept in the database (not in a process's memory: any process of several may receive its
answer), as its SHA-256, for :data:`CHALLENGE_SECONDS`; :func:`take_challenge` deletes it as it reads
it, in one transaction of the storage's single writer, so a challenge is answered once at most.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asobiba.server.accounts.rows import PASSKEY_CHALLENGES, PASSKEYS, PasskeyRow
from asobiba.server.storage import Storage, _Write

#: How long a challenge may be answered: 5 minutes.
CHALLENGE_SECONDS = 300.0


def challenge_hash(challenge: bytes) -> str:
    return hashlib.sha256(challenge).hexdigest()


async def keep_challenge(storage: Storage, challenge: bytes, purpose: str, account_id: int | None, now: float) -> None:
    """A challenge handed out at ``now`` for ``purpose`` (``"register"`` for ``account_id``, or
    ``"sign-in"``); expired challenges are deleted on the way."""

    def write(connection: Connection) -> None:
        connection.execute(delete(PASSKEY_CHALLENGES).where(PASSKEY_CHALLENGES.c.expires_at <= now))
        connection.execute(
            insert(PASSKEY_CHALLENGES).values(
                challenge_hash=challenge_hash(challenge),
                purpose=purpose,
                account_id=account_id,
                expires_at=now + CHALLENGE_SECONDS,
            )
        )

    await storage._enqueue(_Write(write))


async def take_challenge(storage: Storage, challenge: bytes, purpose: str, account_id: int | None, now: float) -> bool:
    """Was ``challenge`` handed out for ``purpose`` (and ``account_id``), unanswered and unexpired at
    ``now``? It is used up either way."""

    def write(connection: Connection) -> bool:
        key = challenge_hash(challenge)
        found = connection.execute(
            select(
                PASSKEY_CHALLENGES.c.purpose, PASSKEY_CHALLENGES.c.account_id, PASSKEY_CHALLENGES.c.expires_at
            ).where(PASSKEY_CHALLENGES.c.challenge_hash == key)
        ).first()
        if found is None:
            return False
        deleted = connection.execute(delete(PASSKEY_CHALLENGES).where(PASSKEY_CHALLENGES.c.challenge_hash == key))
        return (
            bool(deleted.rowcount)
            and found.purpose == purpose
            and found.account_id == account_id
            and (found.expires_at > now)
        )

    taken: bool = await storage._enqueue(_Write(write))
    return taken


async def add_passkey(
    storage: Storage, account_id: int, credential_id: str, public_key: bytes, sign_count: int, now: float
) -> bool:
    """The account's new passkey; False if that credential is already stored (anyone's)."""

    def write(connection: Connection) -> bool:
        try:
            connection.execute(
                insert(PASSKEYS).values(
                    credential_id=credential_id,
                    account_id=account_id,
                    public_key=public_key,
                    sign_count=sign_count,
                    created_at=now,
                )
            )
        except IntegrityError:
            return False
        return True

    added: bool = await storage._enqueue(_Write(write))
    return added


async def passkey(storage: Storage, credential_id: str) -> PasskeyRow | None:
    async with storage.sessions() as session:
        found: PasskeyRow | None = await session.scalar(
            select(PasskeyRow).where(PasskeyRow.credential_id == credential_id)
        )
        return found


async def account_passkeys(storage: Storage, account_id: int) -> list[PasskeyRow]:
    async with storage.sessions() as session:
        rows = await session.scalars(
            select(PasskeyRow).where(PasskeyRow.account_id == account_id).order_by(PasskeyRow.id)
        )
        return list(rows.all())


async def passkey_used(storage: Storage, credential_id: str, old_count: int, new_count: int) -> bool:
    """The passkey's sign count moves from ``old_count`` to ``new_count``; False if another sign-in
    moved it meanwhile (the same assertion twice)."""

    def write(connection: Connection) -> bool:
        result = connection.execute(
            update(PASSKEYS)
            .where(PASSKEYS.c.credential_id == credential_id, PASSKEYS.c.sign_count == old_count)
            .values(sign_count=new_count)
        )
        return bool(result.rowcount)

    moved: bool = await storage._enqueue(_Write(write))
    return moved


__all__ = [
    "CHALLENGE_SECONDS",
    "account_passkeys",
    "add_passkey",
    "challenge_hash",
    "keep_challenge",
    "passkey",
    "passkey_used",
    "take_challenge",
]
