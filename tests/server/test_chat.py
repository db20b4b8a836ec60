"""Who may chat, and how often: a seat always; a spectator where the room allows it (``spectator_chat``,
by default its listed rooms) and unless the creator muted it; every speaker and every room within a
rate. A message refused is kept nowhere and seen by nobody."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_testing import ServerProcess, run

from asobiba.server.client import RoomClient, ServerError, create_room, follow_invite, join_room, room_summary
from asobiba.server.storage import Storage

GAME = "cockroach-poker"
#: Bots wait a minute: nothing moves while the tests chat.
PEOPLE = {"seats": {"2": "bot:random"}, "bot_delay": 60}


@pytest.fixture
def hourly_server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    """A server whose chat rates count per hour (``request.param``: speaker and room), so no test
    depends on how fast the machine sends."""
    speaker, room = request.param
    environment = {"ASOBIBA_CHAT_RATE": speaker, "ASOBIBA_ROOM_CHAT_RATE": room}
    process = ServerProcess(tmp_path / "asobiba.db", tmp_path / "server.log", environment=environment)
    process.start()
    try:
        yield process
    finally:
        process.stop()


def kept_chat(server: ServerProcess, room: str) -> list[dict[str, Any]]:
    """The chat messages a new connection gets (the room's kept ones)."""

    async def scenario() -> list[dict[str, Any]]:
        async with RoomClient(server.base_url, room) as late:
            await late.next_frame("presence")
            frames = []
            while True:
                try:
                    frames.append(await late.next_frame("chat", timeout=0.5))
                except TimeoutError:
                    return frames

    found: list[dict[str, Any]] = run(scenario())
    return found


def stored_chat(server: ServerProcess, room: str) -> list[str]:
    """The room's chat messages in the server's database: read with the server stopped (a SQLite
    file is the serving process's alone), which is then started again on the same file."""

    async def read() -> list[str]:
        storage = Storage(server.db_url)
        try:
            return [message.text for message in await storage.chat(room)]
        finally:
            await storage.close()

    server.stop()
    try:
        texts: list[str] = run(read())
    finally:
        server.start()
    return texts


async def rejection(client: RoomClient) -> dict[str, Any]:
    return await client.next_frame("rejected")


# ---------------------------------------------------------------------- spectators may chat where allowed


def test_a_spectator_cannot_chat_in_an_unlisted_room_and_is_told_why(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, name="Aki", **PEOPLE)  # unlisted: the default

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as aki,
            RoomClient(shared_server.base_url, made["room"], lang="ja") as stranger,
        ):
            presence = await stranger.next_frame("presence")
            await stranger.chat("spam")
            await aki.chat("hello")  # a seat may
            said = await stranger.next_frame("chat")
            refused = await rejection(stranger)
            return presence, refused, said

    presence, refused, said = run(scenario())
    assert said["text"] == "hello"  # the first message anybody sees
    assert refused["code"] == "chat_off"
    assert refused["message"] == "この部屋では観戦者はチャットできません。部屋の作成者が許可していません"
    assert said["seat"] == 0 and said["spectator"] is None
    assert [message["text"] for message in kept_chat(shared_server, made["room"])] == ["hello"]
    assert presence["spectator_chat"] is False
    assert room_summary(shared_server.base_url, made["room"])["spectator_chat"] is False


@pytest.mark.parametrize(
    ("listed", "chosen", "allowed"),
    [(True, None, True), (False, None, False), (True, False, False), (False, True, True)],
)
def test_spectator_chat_is_on_in_listed_rooms_unless_the_creator_chose(
    shared_server: ServerProcess, listed: bool, chosen: bool | None, allowed: bool
) -> None:
    extra = {} if chosen is None else {"spectator_chat": chosen}
    made = create_room(shared_server.base_url, GAME, 3, name="Aki", listed=listed, **PEOPLE, **extra)
    assert room_summary(shared_server.base_url, made["room"])["spectator_chat"] is allowed

    async def scenario() -> dict[str, Any]:
        async with RoomClient(shared_server.base_url, made["room"]) as watcher:
            await watcher.chat("from the stands")
            while True:
                frame = await watcher.receive()
                if frame["type"] in ("chat", "rejected"):
                    return frame

    answer = run(scenario())
    if allowed:
        assert answer["type"] == "chat" and answer["text"] == "from the stands"
        assert answer["seat"] is None and answer["name"] is None and len(answer["spectator"]) == 8
    else:
        assert answer["type"] == "rejected" and answer["code"] == "chat_off"


def test_spectator_chat_is_refused_unless_a_yes_or_no(shared_server: ServerProcess) -> None:
    with pytest.raises(ServerError) as error:
        create_room(shared_server.base_url, GAME, 3, name="Aki", spectator_chat="yes")
    assert error.value.status == 422


# ---------------------------------------------------------------------- rates


def test_a_speaker_over_five_messages_in_ten_seconds_is_rate_limited_and_nothing_is_kept(
    shared_server: ServerProcess,
) -> None:
    made = create_room(shared_server.base_url, GAME, 3, name="Aki", **PEOPLE)
    ken = follow_invite(made["invites"]["1"], "Ken")

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"], lang="ja") as aki,
            RoomClient(shared_server.base_url, made["room"], ken["token"]) as ken_client,
        ):
            for number in range(6):
                await aki.chat(f"m{number}")
            refused = await rejection(aki)
            await ken_client.chat("another speaker")  # the limit is Aki's, not the room's
            said = [await ken_client.next_frame("chat") for _ in range(6)]
            return said, refused

    said, refused = run(scenario())
    assert [message["text"] for message in said] == ["m0", "m1", "m2", "m3", "m4", "another speaker"]
    assert refused["code"] == "rate_limited"
    assert refused["message"] == "チャットの送信が速すぎます。数秒待ってから送ってください"
    assert stored_chat(shared_server, made["room"]) == ["m0", "m1", "m2", "m3", "m4", "another speaker"]


@pytest.mark.parametrize("hourly_server", [("1000/hour", "30/hour")], indirect=True)
def test_a_room_over_its_rate_refuses_every_speaker_and_keeps_nothing(hourly_server: ServerProcess) -> None:
    server = hourly_server
    made = create_room(server.base_url, GAME, 3, name="Aki", **PEOPLE)
    ken = follow_invite(made["invites"]["1"], "Ken")

    async def scenario() -> list[dict[str, Any]]:
        async with (
            RoomClient(server.base_url, made["room"], made["token"]) as aki,
            RoomClient(server.base_url, made["room"], ken["token"]) as ken_client,
        ):
            for number in range(15):  # (under the 20 messages a second of each connection)
                await aki.chat(f"aki {number}")
                await ken_client.chat(f"ken {number}")
            for _ in range(30):
                await aki.next_frame("chat")
            await aki.chat("one too many")
            await ken_client.chat("me too")
            return [await rejection(aki), await rejection(ken_client)]

    refused = run(scenario())
    assert [answer["code"] for answer in refused] == ["rate_limited", "rate_limited"]
    assert refused[0]["message"] == "this room's chat is too busy just now: wait a few seconds"
    assert len(stored_chat(server, made["room"])) == 30


@pytest.mark.parametrize("hourly_server", [("5/hour", "1000/hour")], indirect=True)
def test_a_spectators_rate_holds_over_its_reconnects(hourly_server: ServerProcess) -> None:
    server = hourly_server
    made = create_room(server.base_url, GAME, 3, name="Aki", listed=True, **PEOPLE)

    async def scenario() -> dict[str, Any]:
        for number in range(5):
            async with RoomClient(server.base_url, made["room"]) as spectator:
                await spectator.chat(f"s{number}")
                await spectator.next_frame("chat")
        async with RoomClient(server.base_url, made["room"]) as spectator:
            await spectator.chat("a new connection, the same spectator")
            return await rejection(spectator)

    assert run(scenario())["code"] == "rate_limited"
    assert stored_chat(server, made["room"]) == [f"s{number}" for number in range(5)]


# ---------------------------------------------------------------------- muting


def test_the_creator_mutes_a_spectator_for_good(server: ServerProcess) -> None:
    made = create_room(server.base_url, GAME, 3, name="Aki", listed=True, **PEOPLE)
    ken = join_room(server.base_url, made["room"], "Ken")  # a listed room's seats are open

    async def mute_the_spectator() -> dict[str, Any]:
        async with (
            RoomClient(server.base_url, made["room"], made["token"]) as aki,
            RoomClient(server.base_url, made["room"], ken["token"]) as ken_client,
            RoomClient(server.base_url, made["room"], lang="ja") as spectator,
        ):
            await spectator.chat("hi")
            said = await aki.next_frame("chat")
            who = said["spectator"]
            # only the creator may mute, and only a spectator of the room
            await ken_client.send({"type": "mute", "id": "k", "spectator": who})
            assert (await ken_client.next_reply("k"))["code"] == "not_creator"
            await spectator.send({"type": "mute", "id": "s", "spectator": who})
            assert (await spectator.next_reply("s"))["code"] == "not_creator"
            await aki.send({"type": "mute", "id": "n", "spectator": "nobody"})
            nobody = await aki.next_reply("n")
            assert nobody["code"] == "no_such_spectator" and "nobody" in nobody["message"]
            await aki.send({"type": "mute", "id": "m", "spectator": who})
            assert (await aki.next_reply("m"))["type"] == "accepted"
            while (presence := await ken_client.next_frame("presence"))["muted"] != [who]:
                pass
            await spectator.chat("still here")
            refused = await rejection(spectator)
            assert refused["code"] == "muted"
            assert refused["message"] == "部屋の作成者があなたをミュートしました。メッセージは送られません"
            return {"who": who, "presence": presence}

    muted = run(mute_the_spectator())

    async def spectator_again() -> dict[str, Any]:
        async with RoomClient(server.base_url, made["room"]) as spectator:
            presence = await spectator.next_frame("presence")
            assert presence["muted"] == [muted["who"]] and presence["spectator_chat"] is True
            await spectator.chat("a new connection")
            return await rejection(spectator)

    assert run(spectator_again())["code"] == "muted"  # a reconnect is the same spectator
    server.restart()
    assert run(spectator_again())["code"] == "muted"  # stored with the room
    assert stored_chat(server, made["room"]) == ["hi"]
    assert room_summary(server.base_url, made["room"])["spectator_chat"] is True
