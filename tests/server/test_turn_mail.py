"""'Your turn' emails of a turn-based room, against a real ``asobiba serve --test-clock --smtp …`` and a real
SMTP server started here (aiosmtpd on a loopback port): Ken, invited by name and away from the table, gets
one email when the decision passes to him — in his language, with the room's link and his one-click
unsubscribe link — at most one per room and day (the server's days, moved by the test clock), and none once
he followed the unsubscribe link."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from server_testing import Inbox, ServerProcess, free_port, invited_turn_based_room, run, wait_for

from asobiba.server.client import RoomClient, room_summary

PASSWORD = "correct horse battery"
DAY = 24 * 3600.0


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    received = Inbox()
    port = free_port()
    controller = Controller(received, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield received, port
    finally:
        controller.stop()


async def one_turn(server: ServerProcess, room: str, token: str) -> None:
    """The seat of ``token`` comes to the table, plays its turn (its first legal moves, until the decision is
    another's), and leaves."""
    async with RoomClient(server.base_url, room, token) as seat:
        while not seat.state["legal"]:
            assert not seat.state["view"]["is_over"], "the game ended first"
            await seat.next_state()
        for _ in range(20):
            reply = await seat.act(seat.state["legal"][0]["notation"])
            assert reply["type"] == "accepted", reply
            if not seat.state["legal"]:
                return
        raise AssertionError("a turn of more than 20 decisions")


def until_kens_turn(server: ServerProcess, room: str, aki: str) -> None:
    """Aki moves until the decision is Ken's (seat 1)."""
    for _ in range(40):
        summary = room_summary(server.base_url, room)
        assert summary["status"] != "over", "the game ended first"
        if summary["to_move"] == 1:
            return
        run(one_turn(server, room, aki))
    raise AssertionError("Ken never got the decision")


def test_a_player_away_gets_one_email_a_day_of_his_turn_and_none_once_unsubscribed(
    tmp_path: Path, inbox: tuple[Inbox, int]
) -> None:
    received, smtp_port = inbox
    server = ServerProcess(
        tmp_path / "asobiba.db",
        tmp_path / "server.log",
        environment={"ASOBIBA_SMTP": f"smtp://127.0.0.1:{smtp_port}?from=play@asobiba.test"},
        flags=("--test-clock",),
    )
    server.start()
    try:
        with (
            httpx.Client(base_url=server.base_url, timeout=30) as aki_browser,
            httpx.Client(base_url=server.base_url, timeout=30, headers={"Accept-Language": "ja"}) as ken_browser,
        ):
            assert aki_browser.post("/api/account", json={"username": "aki", "password": PASSWORD}).status_code == 201
            assert ken_browser.post("/api/account", json={"username": "ken", "password": PASSWORD}).status_code == 201
            chosen = ken_browser.put("/api/me/email", json={"address": "ken@example.org", "notify": True})
            assert chosen.status_code == 200
            room, aki, ken = invited_turn_based_room(aki_browser, ken_browser, "ken")

            until_kens_turn(server, room, aki)
            wait_for(lambda: len(received.envelopes) == 1, "the first email")
            (first,) = received.messages()
            assert received.envelopes[0].rcpt_tos == ["ken@example.org"]
            assert first["Subject"] == "Friday：あなたの番です"
            body = first.get_content()
            assert f"{server.base_url}/r/{room}" in body and "残り時間は72時間です。" in body
            unsubscribe = str(first["List-Unsubscribe"]).strip().strip("<>")
            assert unsubscribe.startswith(f"{server.base_url}/unsubscribe?code=")
            assert first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

            # the same day: his turn again, no second email
            run(one_turn(server, room, ken))
            until_kens_turn(server, room, aki)
            time.sleep(1.0)
            assert len(received.envelopes) == 1

            # a day later (the server's day): his next turn is worth an email again
            aki_browser.post("/api/test/clock", json={"advance": DAY + 60})
            run(one_turn(server, room, ken))
            until_kens_turn(server, room, aki)
            wait_for(lambda: len(received.envelopes) == 2, "the next day's email")

            # one click on the link: no more emails, even a day later
            page = httpx.get(unsubscribe, headers={"Accept-Language": "ja"})
            assert page.status_code == 200 and "メールを止めました" in page.text
            aki_browser.post("/api/test/clock", json={"advance": DAY + 60})
            run(one_turn(server, room, ken))
            until_kens_turn(server, room, aki)
            time.sleep(1.0)
            assert len(received.envelopes) == 2
        log = server.log()
        assert "ken@example.org" not in log and unsubscribe.split("code=")[1] not in log
    finally:
        server.stop()


def test_an_email_that_cannot_be_sent_costs_the_game_nothing(tmp_path: Path) -> None:
    """The SMTP server is down: the move is accepted as ever, and the log says (without the address) why
    there was no email."""
    server = ServerProcess(
        tmp_path / "asobiba.db",
        tmp_path / "server.log",
        environment={"ASOBIBA_SMTP": f"smtp://127.0.0.1:{free_port()}"},
    )
    server.start()
    try:
        with (
            httpx.Client(base_url=server.base_url, timeout=30) as aki_browser,
            httpx.Client(base_url=server.base_url, timeout=30) as ken_browser,
        ):
            aki_browser.post("/api/account", json={"username": "aki", "password": PASSWORD})
            ken_browser.post("/api/account", json={"username": "ken", "password": PASSWORD})
            ken_browser.put("/api/me/email", json={"address": "ken@example.org", "notify": True})
            made: dict[str, Any] = aki_browser.post(
                "/api/rooms",
                json={"game": "paper-safari", "players": 2, "seats": {"1": "user:ken"},
                      "pace": "turn-based", "clock": {"per_decision_hours": 24}},
            ).json()  # fmt: skip
            ken_browser.post(f"/api/rooms/{made['room']}/invitation", json={"accept": True})
            until_kens_turn(server, made["room"], made["token"])
            wait_for(lambda: "could not be sent" in server.log(), "the log line of the failed email")
            assert "ken@example.org" not in server.log()
    finally:
        server.stop()
