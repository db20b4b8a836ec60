"""The "your turn" email of a turn-based room (:mod:`asobiba.server.mail`): when a decision passes to a seat
whose player is away from the table, and that player's account gave an address and opted in, one email —
at most one per room and day (``seats.notified_at``), in the account's language, with the account's
one-click unsubscribe link."""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from asobiba.core.registry import get_game
from asobiba.server.accounts.rows import ACCOUNTS
from asobiba.server.mail import Mailer, SmtpServer, TurnNotice, may_notify, turn_email
from asobiba.server.rooms.servertime import ServerClock
from asobiba.server.storage import ROOMS, SEATS, Storage, _Write

log = logging.getLogger("asobiba.server")


@dataclass(frozen=True)
class Recipient:
    """Who a "your turn" email of a room's seat would go to, and what it would say of the room."""

    username: str
    address: str
    lang: str
    unsubscribe_code: str
    game: str
    room_name: str | None
    deadline: float | None


class TurnMail:
    """Sends "your turn" emails through ``mailer``; links point at ``public_url`` (the server's address
    as players reach it)."""

    def __init__(self, mailer: Mailer, storage: Storage, clock: ServerClock, public_url: str) -> None:
        self.mailer = mailer
        self.storage = storage
        self.clock = clock
        self.public_url = public_url.rstrip("/")

    @classmethod
    def from_url(cls, smtp_url: str, storage: Storage, clock: ServerClock, public_url: str) -> TurnMail:
        return cls(Mailer(SmtpServer.from_url(smtp_url)), storage, clock, public_url)

    async def turn_passed(self, room_id: str, seat: int) -> bool:
        """The decision of a turn-based room passed to ``seat``, whose player is away: email them if they
        asked for it and had none about this room in the last day. Whether an email went out."""
        now = self.clock.now()
        recipient = await self._claim(room_id, seat, now)
        if recipient is None:
            return False
        hours_left = (recipient.deadline - now) / 3600 if recipient.deadline is not None else None
        game = get_game(recipient.game)
        notice = TurnNotice(
            username=recipient.username,
            game_title=game.title.get(recipient.lang, game.title["en"]),
            room_name=recipient.room_name,
            room_url=f"{self.public_url}/r/{room_id}",
            unsubscribe_url=f"{self.public_url}/unsubscribe?code={recipient.unsubscribe_code}",
            hours_left=hours_left,
        )
        try:
            await self.mailer.send(turn_email(self.mailer.server, recipient.address, notice, recipient.lang))
        except (OSError, smtplib.SMTPException) as error:  # the game goes on; the next turn tries again
            log.warning("room %s: the 'your turn' email could not be sent: %s", room_id, type(error).__name__)
            await self.storage._enqueue(_Write(lambda connection: _unmark(connection, room_id, seat)))
            return False
        return True

    async def _claim(self, room_id: str, seat: int, now: float) -> Recipient | None:
        """The seat's recipient if an email is due, marked as sent now (in one transaction, so two processes
        never both send it); None if none is due."""

        columns = (SEATS.c.notified_at, ACCOUNTS.c.username, ACCOUNTS.c.email, ACCOUNTS.c.lang,
                   ACCOUNTS.c.unsubscribe_code, ROOMS.c.game, ROOMS.c.name, ROOMS.c.deadline)  # fmt: skip

        def write(connection: Connection) -> Recipient | None:
            found = connection.execute(
                select(*columns)
                .join(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account_id)
                .join(ROOMS, ROOMS.c.id == SEATS.c.room_id)
                .where(
                    SEATS.c.room_id == room_id,
                    SEATS.c.seat == seat,
                    ACCOUNTS.c.email_notify.is_(True),
                    ACCOUNTS.c.email.is_not(None),
                    ACCOUNTS.c.unsubscribe_code.is_not(None),
                )
            ).first()
            if found is None or not may_notify(found.notified_at, now):
                return None
            connection.execute(
                update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(notified_at=now)
            )
            return Recipient(
                username=found.username,
                address=found.email,
                lang=found.lang or "en",
                unsubscribe_code=found.unsubscribe_code,
                game=found.game,
                room_name=found.name,
                deadline=found.deadline,
            )

        recipient: Recipient | None = await self.storage._enqueue(_Write(write))
        return recipient


def _unmark(connection: Connection, room_id: str, seat: int) -> None:
    """Not sent after all: the seat may be emailed at its next turn."""
    connection.execute(update(SEATS).where(SEATS.c.room_id == room_id, SEATS.c.seat == seat).values(notified_at=None))
