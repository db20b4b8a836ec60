"""A rematch has a waiting room: each previous player's seat is kept for them (their token of the
game before takes it, by the rematch link or as stored), nothing moves and no bot takes a kept seat
before the start; it starts by itself once everybody is back, or when its creator — whoever asked for
the rematch — starts it."""

from __future__ import annotations

import asyncio
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from server_testing import ServerProcess, play_first_legal, run

from asobiba.server.client import RoomClient, ServerError, create_room, http, rematch, room_summary, start_room

GAME = "cockroach-poker"
#: Seconds after which a seat taken but never connected would be handed on (the test server's).
SEAT_TIMEOUT = 0.5


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose seat timeout is short: a kept seat handed to a bot would be seen at once."""
    folder = tmp_path_factory.mktemp("rematch")
    process = ServerProcess(
        folder / "a.db", folder / "server.log", environment={"ASOBIBA_SEAT_TIMEOUT": str(SEAT_TIMEOUT)}
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


def finished_game(server: ServerProcess) -> tuple[dict[str, Any], dict[str, Any]]:
    """Aki (the creator) and Ken (by his invite link) play Cockroach Poker with a bot to the end:
    the room's creation answer and Ken's seat."""
    made = create_room(server.base_url, GAME, 3, seats={"1": "human", "2": "bot:random"}, name="Aki", grace=0.2)
    code = urllib.parse.parse_qs(urllib.parse.urlsplit(made["invites"]["1"]).query)["invite"][0]
    ken = http("POST", f"{server.base_url}/api/rooms/{made['room']}/join", {"name": "Ken", "seat": 1, "invite": code})

    async def play() -> None:
        async with (
            RoomClient(server.base_url, made["room"], made["token"]) as aki,
            RoomClient(server.base_url, made["room"], ken["token"]) as ken_client,
        ):
            await asyncio.gather(play_first_legal(aki), play_first_legal(ken_client))

    run(play())
    return made, ken


def test_a_rematch_waits_for_the_friend_and_no_bot_takes_the_kept_seat(quick_server: ServerProcess) -> None:
    base = quick_server.base_url
    made, ken = finished_game(quick_server)
    again = rematch(base, made["room"], made["token"])
    assert again["link"].endswith(f"/r/{again['room']}#token={made['token']}")  # Aki's own seat's credential
    summary = room_summary(base, again["room"])
    ken_seat = next(seat["seat"] for seat in summary["seats"] if seat["name"] == "Ken")
    assert summary["started"] is False, "the rematch started without its waiting room"
    assert summary["creator"] == again["seat"]  # whoever asked for it
    assert summary["seats"][ken_seat]["kept"] is True
    time.sleep(SEAT_TIMEOUT * 4)  # past the seat timeout: still Ken's, no bot
    waited = room_summary(base, again["room"])
    assert waited["started"] is False and waited["seq"] == summary["seq"]
    assert waited["seats"][ken_seat]["taken_over"] is False and waited["seats"][ken_seat]["kept"] is True
    with pytest.raises(ServerError) as stranger:
        http("POST", f"{base}/api/rooms/{again['room']}/join", {"name": "Sam", "seat": ken_seat})
    assert stranger.value.status == 403

    async def ken_comes_back() -> dict[str, Any]:
        # Ken follows the "rematch room is ready" link with the token of the game before
        async with RoomClient(base, again["room"], ken["token"]) as client:
            assert client.state["seat"] == ken_seat
            while not client.state["started"]:  # everybody is back: it starts by itself
                await client.next_state()
            return client.state

    state = run(ken_comes_back())
    assert state["started"] is True
    after = room_summary(base, again["room"])
    assert after["started"] is True and after["seats"][ken_seat]["kept"] is False


def test_the_rematch_creator_starts_without_the_friend_who_then_takes_the_seat_back(
    quick_server: ServerProcess,
) -> None:
    base = quick_server.base_url
    made, ken = finished_game(quick_server)
    again = rematch(base, made["room"], made["token"])
    room = again["room"]
    assert rematch(base, made["room"], ken["token"])["room"] == room  # Ken asking too: the same room
    with pytest.raises(ServerError) as not_creator:
        start_room(base, room, ken["token"])
    assert not_creator.value.status == 403
    assert room_summary(base, room)["started"] is False
    started = start_room(base, room, made["token"])
    ken_seat = next(seat["seat"] for seat in started["seats"] if seat["name"] == "Ken")
    assert started["started"] is True and started["seats"][ken_seat]["kind"] == "human"

    async def ken_back_late() -> dict[str, Any]:
        async with RoomClient(base, room, ken["token"]) as client:
            return client.state

    assert run(ken_back_late())["seat"] == ken_seat


def test_a_rematch_seat_is_not_freed_by_the_creator(quick_server: ServerProcess) -> None:
    made, _ken = finished_game(quick_server)
    again = rematch(quick_server.base_url, made["room"], made["token"])
    summary = room_summary(quick_server.base_url, again["room"])
    ken_seat = next(seat["seat"] for seat in summary["seats"] if seat["name"] == "Ken")
    path = f"{quick_server.base_url}/api/rooms/{again['room']}/seats/{ken_seat}/free"
    with pytest.raises(ServerError) as kept:
        http("POST", path, {"token": made["token"]})
    assert kept.value.status == 409 and kept.value.body["code"] == "kept"


def test_a_rematch_alone_among_bots_starts_at_once(quick_server: ServerProcess) -> None:
    made = create_room(quick_server.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="Aki")

    async def finish() -> None:
        async with RoomClient(quick_server.base_url, made["room"], made["token"]) as client:
            await play_first_legal(client)

    run(finish())
    again = rematch(quick_server.base_url, made["room"], made["token"])
    assert room_summary(quick_server.base_url, again["room"])["started"] is True  # nobody else to wait for
