"""Email to players: "your turn" in a turn-based room, through the SMTP server the operator configured
(``asobiba serve --smtp URL`` or ``ASOBIBA_SMTP``).

The URL says how to reach it: ``smtp://host:25`` (plain, a relay on the same network),
``smtp+starttls://user:password@host:587`` (STARTTLS, the usual submission port) or
``smtps://user:password@host:465`` (TLS from the first byte); ``?from=asobiba@example.org`` sets the sender
(default ``asobiba@<host>``). Sending is the standard library's :mod:`smtplib` in a thread, so the event loop
never waits on the network.

Every email carries a one-click unsubscribe link (``List-Unsubscribe`` and ``List-Unsubscribe-Post``, RFC 8058)
and goes out at most once per room and day (:func:`may_notify`).
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Literal
from urllib.parse import parse_qs, unquote, urlsplit

from asobiba.i18n import Catalog

tr = Catalog("mail")

Security = Literal["none", "starttls", "tls"]

#: The scheme of an SMTP URL → how the connection is secured, and its default port.
SCHEMES: dict[str, tuple[Security, int]] = {
    "smtp": ("none", 25),
    "smtp+starttls": ("starttls", 587),
    "smtps": ("tls", 465),
}

#: At most one email per room and player in this many seconds (a day).
NOTIFY_INTERVAL = 24 * 3600.0


class SmtpUrlError(ValueError):
    """An SMTP URL the server cannot use (the message says why)."""


@dataclass(frozen=True)
class SmtpServer:
    """Where email goes: an SMTP server, how to reach it and who the mail is from."""

    host: str
    port: int
    security: Security
    username: str | None
    password: str | None
    sender: str

    @classmethod
    def from_url(cls, url: str) -> SmtpServer:
        """``smtp://``, ``smtp+starttls://`` or ``smtps://`` ``[user:password@]host[:port][?from=address]``.

        >>> SmtpServer.from_url("smtp+starttls://bot:secret@mail.example:2525?from=play@example.org").describe()
        'smtp+starttls://bot@mail.example:2525 (from play@example.org)'
        >>> SmtpServer.from_url("smtp://127.0.0.1").port
        25
        """
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            scheme = url.split(":")[0]
            raise SmtpUrlError(f"an SMTP URL starts with smtp://, smtp+starttls:// or smtps://, not {scheme!r}")
        if not parts.hostname:
            raise SmtpUrlError("an SMTP URL names its host: smtp://host:port")
        security, default_port = SCHEMES[parts.scheme]
        try:
            port = parts.port or default_port
        except ValueError:
            raise SmtpUrlError("the port of an SMTP URL is a number from 1 to 65535") from None
        senders = parse_qs(parts.query).get("from", [])
        sender = senders[0] if senders else f"asobiba@{parts.hostname}"
        if "@" not in sender:
            raise SmtpUrlError(f"the sender (?from=) is an email address, not {sender!r}")
        return cls(
            host=parts.hostname,
            port=port,
            security=security,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=sender,
        )

    def describe(self) -> str:
        """The server for a start-up line, password hidden."""
        scheme = next(name for name, (security, _) in SCHEMES.items() if security == self.security)
        user = f"{self.username}@" if self.username else ""
        return f"{scheme}://{user}{self.host}:{self.port} (from {self.sender})"


class Mailer:
    """Sends email through one SMTP server (a connection per email: a few a day per player)."""

    def __init__(self, server: SmtpServer, timeout: float = 20.0) -> None:
        self.server = server
        self.timeout = timeout

    async def send(self, message: EmailMessage) -> None:
        """Send ``message`` (raises :class:`OSError` or :class:`smtplib.SMTPException` when it cannot)."""
        await asyncio.to_thread(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        server = self.server
        smtp: smtplib.SMTP
        if server.security == "tls":
            context = ssl.create_default_context()
            smtp = smtplib.SMTP_SSL(server.host, server.port, timeout=self.timeout, context=context)
        else:
            smtp = smtplib.SMTP(server.host, server.port, timeout=self.timeout)
        with smtp:
            if server.security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if server.username is not None:
                smtp.login(server.username, server.password or "")
            smtp.send_message(message)


def may_notify(last_notified: float | None, now: float) -> bool:
    """Whether a player may get another email about a room (at most one per room and day).

    >>> may_notify(None, 1000.0), may_notify(0.0, 3600.0), may_notify(0.0, NOTIFY_INTERVAL)
    (True, False, True)
    """
    return last_notified is None or now - last_notified >= NOTIFY_INTERVAL


@dataclass(frozen=True)
class TurnNotice:
    """What a "your turn" email says."""

    username: str
    game_title: str
    room_name: str | None
    room_url: str
    unsubscribe_url: str
    #: Hours left to decide (None: no clock).
    hours_left: float | None


def turn_email(server: SmtpServer, to: str, notice: TurnNotice, lang: str) -> EmailMessage:
    """The "your turn" email of ``notice`` to ``to``, in ``lang``, with its one-click unsubscribe headers."""
    message = EmailMessage()
    table = notice.room_name or notice.game_title
    message["Subject"] = tr("Your turn in {table}", lang, table=table)
    message["From"] = formataddr(("asobiba", server.sender))
    message["To"] = to
    message["Message-ID"] = make_msgid(domain=server.sender.split("@", 1)[1])
    message["List-Unsubscribe"] = f"<{notice.unsubscribe_url}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    lines = [
        tr("Hello {username},", lang, username=notice.username),
        "",
        tr("It is your turn in {table} ({game}).", lang, table=table, game=notice.game_title),
    ]
    if notice.hours_left is not None:
        lines.append(tr("You have {hours} hours left to decide.", lang, hours=max(0, round(notice.hours_left))))
    lines += [
        "",
        tr("Play your move: {url}", lang, url=notice.room_url),
        "",
        "-- ",
        tr("You get at most one email a day for each game.", lang),
        tr("No more emails: {url}", lang, url=notice.unsubscribe_url),
    ]
    message.set_content("\n".join(lines) + "\n")
    return message
