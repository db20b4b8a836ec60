"""Email through a real SMTP server the test starts (aiosmtpd on a loopback port): the "your turn" email,
its one-click unsubscribe headers, its Japanese, and the SMTP URLs the server takes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from server_testing import Inbox, free_port

from asobiba.server.mail import Mailer, SmtpServer, SmtpUrlError, TurnNotice, may_notify, turn_email


@pytest.fixture
def smtp_server() -> Iterator[tuple[Inbox, SmtpServer]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, SmtpServer.from_url(f"smtp://127.0.0.1:{port}?from=play@asobiba.test")
    finally:
        controller.stop()


NOTICE = TurnNotice(
    username="Ken",
    game_title="Survive",
    room_name="Friday island",
    room_url="http://127.0.0.1:8000/r/abc",
    unsubscribe_url="http://127.0.0.1:8000/unsubscribe/CODE",
    hours_left=23.6,
)


def test_a_turn_email_reaches_the_smtp_server_with_its_unsubscribe_link(smtp_server: tuple[Inbox, SmtpServer]) -> None:
    inbox, server = smtp_server
    asyncio.run(Mailer(server).send(turn_email(server, "ken@example.org", NOTICE, "en")))
    (message,) = inbox.messages()
    assert inbox.envelopes[0].rcpt_tos == ["ken@example.org"]
    assert inbox.envelopes[0].mail_from == "play@asobiba.test"
    assert message["Subject"] == "Your turn in Friday island"
    assert message["List-Unsubscribe"] == "<http://127.0.0.1:8000/unsubscribe/CODE>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    body = message.get_content()
    assert "http://127.0.0.1:8000/r/abc" in body
    assert "24 hours left" in body
    assert "http://127.0.0.1:8000/unsubscribe/CODE" in body


def test_a_turn_email_in_japanese(smtp_server: tuple[Inbox, SmtpServer]) -> None:
    inbox, server = smtp_server
    asyncio.run(Mailer(server).send(turn_email(server, "ken@example.org", NOTICE, "ja")))
    (message,) = inbox.messages()
    assert message["Subject"] == "Friday island：あなたの番です"
    body = message.get_content()
    assert "Kenさん、こんにちは。" in body and "残り時間は24時間です。" in body
    assert "Your turn" not in body


def test_an_smtp_server_that_is_not_there_is_an_error_not_a_hang() -> None:
    server = SmtpServer.from_url("smtp://127.0.0.1:9")  # the discard port: nothing listens on loopback
    with pytest.raises(OSError):
        asyncio.run(Mailer(server, timeout=5).send(turn_email(server, "ken@example.org", NOTICE, "en")))


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://mail.example", "starts with smtp://"),
        ("smtp://", "names its host"),
        ("smtp://mail.example:99999", "port"),
        ("smtp://mail.example?from=nobody", "email address"),
    ],
)
def test_an_smtp_url_the_server_cannot_use_says_why(url: str, reason: str) -> None:
    with pytest.raises(SmtpUrlError, match=reason):
        SmtpServer.from_url(url)


def test_an_smtp_url_keeps_its_password_out_of_the_description() -> None:
    server = SmtpServer.from_url("smtps://me%40example.org:p%40ss@mail.example")
    assert (server.username, server.password, server.port, server.security) == ("me@example.org", "p@ss", 465, "tls")
    assert "p@ss" not in server.describe()


def test_at_most_one_email_per_room_and_day() -> None:
    assert may_notify(None, 0.0)
    assert not may_notify(100.0, 100.0 + 23.9 * 3600)
    assert may_notify(100.0, 100.0 + 24 * 3600)
