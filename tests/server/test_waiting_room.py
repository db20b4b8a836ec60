"""The waiting room: a room with a free person seat has not started — no decision is applied, no bot
moves, no clock runs — until every person seat is taken or the creator presses Start
(``POST /api/rooms/{room}/start``); it survives a kill -9. Rooms are private unless listed; chat is
kept (the last 200 per room) and sent again after a (re)connecting client's first state; a person may
change their name; timeouts and bots taking seats over are lines of the log."""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_testing import ServerProcess, run

from asobiba.server.client import (
    RoomClient,
    ServerError,
    create_room,
    follow_invite,
    http,
    join_room,
    rename,
    room_summary,
    start_room,
)
from asobiba.server.storage import KEPT_CHAT, RoomRow, Storage

GAME = "cockroach-poker"
#: Seat 1 a person (free), seat 2 a bot that moves at once; the bot is the first to move.
WAITING = {"seats": {"1": "human", "2": "bot:random"}, "options": {"first_player": 2}, "bot_delay": 0}
#: How long "nothing happens" is watched for (a bot with no delay moves within milliseconds).
QUIET_SECONDS = 1.0


def waiting_room(server: ServerProcess, **extra: Any) -> dict[str, Any]:
    made: dict[str, Any] = create_room(server.base_url, GAME, 3, name="Aki", **{**WAITING, **extra})
    return made


def post(server: ServerProcess, path: str, body: Any) -> Any:
    return http("POST", f"{server.base_url}{path}", body)


def refused(call: Any) -> ServerError:
    with pytest.raises(ServerError) as error:
        call()
    return error.value


async def frames_for(client: RoomClient, seconds: float) -> list[dict[str, Any]]:
    """Every frame the client gets within ``seconds``."""
    found: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            found.append(await client.receive(timeout=left))
        except TimeoutError:
            break
    return found


def test_a_room_with_a_free_person_seat_waits_nothing_moves_and_no_clock_runs(shared_server: ServerProcess) -> None:
    made = waiting_room(shared_server, clock={"per_decision": 0.2})
    summary = room_summary(shared_server.base_url, made["room"])
    assert summary["started"] is False and summary["creator"] == 0

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as aki:
            state = aki.state
            assert state["started"] is False and state["legal"] == [] and state["clock"]["deadline"] is None
            later = await frames_for(aki, QUIET_SECONDS)  # the bot to move does not, no clock runs out
            assert [frame for frame in later if frame["type"] in ("state", "notice")] == []
            reply = await aki.act("offer p1 spades card=S3", wait_state=False)
            assert reply["type"] == "rejected" and reply["code"] == "not_started"
            assert "has not started" in reply["message"] and reply["seq"] == state["seq"]

    run(scenario())
    after = room_summary(shared_server.base_url, made["room"])
    assert after["seq"] == summary["seq"] and after["started"] is False


def test_the_not_started_error_speaks_japanese_too(shared_server: ServerProcess) -> None:
    made = waiting_room(shared_server)

    async def scenario() -> str:
        async with RoomClient(shared_server.base_url, made["room"], made["token"], lang="ja") as aki:
            reply = await aki.act("offer p1 spades card=S3", wait_state=False)
            assert reply["code"] == "not_started"
            return str(reply["message"])

    assert "始まっていません" in run(scenario())


def test_the_last_person_seat_taken_starts_the_game_and_the_bots_move(shared_server: ServerProcess) -> None:
    made = waiting_room(shared_server)

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as aki:
            seq = aki.seq
            follow_invite(made["invites"]["1"], "Ken")
            while not aki.state["started"]:
                await aki.next_state()
            while aki.seq == seq:  # the bot (first to move) moves now
                await aki.next_state()
            started = next(frame for frame in aki.frames if frame["type"] == "notice")
            assert started["event"] == "GameStarted" and started["text"] == "the game starts: every seat is taken"

    run(scenario())
    assert room_summary(shared_server.base_url, made["room"])["started"] is True


def test_a_person_alone_with_bots_starts_at_once(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="Aki")
    assert room_summary(shared_server.base_url, made["room"])["started"] is True

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as aki:
            assert aki.state["started"] is True
            while not aki.state["legal"]:
                await aki.next_state()

    run(scenario())


def test_start_by_the_creator_makes_the_free_seats_bots_of_the_level_chosen(shared_server: ServerProcess) -> None:
    made = waiting_room(shared_server)
    room = made["room"]
    joined = create_room(shared_server.base_url, GAME, 4, name="Aki")  # another room, another token
    wrong = [None, "not-a-token", joined["token"]]
    for token in wrong:
        error = refused(lambda token=token: start_room(shared_server.base_url, room, token))
        assert error.status == 403 and error.body["code"] == "bad_token"
    bad_level = refused(lambda: post(shared_server, f"/api/rooms/{room}/start", {"token": made["token"], "bot": "god"}))
    assert bad_level.status == 422
    assert room_summary(shared_server.base_url, room)["started"] is False  # nothing changed

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, room, made["token"]) as aki:
            summary = start_room(shared_server.base_url, room, made["token"], bot="easy")
            assert summary["started"] is True
            assert [seat["kind"] for seat in summary["seats"]] == ["human", "bot:easy", "bot:random"]
            while not aki.state["started"]:
                await aki.next_state()
            notice = await aki.next_frame("notice")
            assert notice["event"] == "GameStartedWithBots"
            while not aki.state["legal"]:  # the bots play until it is Aki's turn
                await aki.next_state()

    run(scenario())
    twice = refused(lambda: start_room(shared_server.base_url, room, made["token"]))
    assert twice.status == 409 and twice.body["code"] == "already_started"
    missing = refused(lambda: start_room(shared_server.base_url, "no-such-room", made["token"]))
    assert missing.status == 404


def test_only_the_creators_token_starts_not_another_players(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 4, name="Aki")
    ken = follow_invite(made["invites"]["1"], "Ken")
    error = refused(lambda: start_room(shared_server.base_url, made["room"], ken["token"]))
    assert error.status == 403 and "creator" in error.body["message"]
    assert room_summary(shared_server.base_url, made["room"])["started"] is False


def test_a_waiting_room_survives_a_kill_and_starts_afterwards(server: ServerProcess) -> None:
    made = waiting_room(server)
    server.kill()
    server.start()
    summary = room_summary(server.base_url, made["room"])
    assert summary["started"] is False and summary["seq"] == 1
    start_room(server.base_url, made["room"], made["token"])
    server.kill()
    server.start()
    summary = room_summary(server.base_url, made["room"])
    assert summary["started"] is True and summary["seats"][1]["kind"] == "bot:normal"


def test_chat_is_kept_and_a_reconnecting_client_gets_it_after_its_first_state(server: ServerProcess) -> None:
    made = create_room(server.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="<b>Aki</b>")

    async def say() -> None:
        async with (
            RoomClient(server.base_url, made["room"], made["token"]) as aki,
            RoomClient(server.base_url, made["room"]) as watcher,
        ):
            for text in ("one", "two", "<i>three</i>"):
                await aki.chat(text)
                await watcher.next_frame("chat")

    run(say())
    server.kill()
    server.start()

    async def again() -> list[dict[str, Any]]:
        async with RoomClient(server.base_url, made["room"]) as watcher:
            chats = [await watcher.next_frame("chat") for _ in range(3)]
            assert watcher.frames[0]["type"] == "state"  # the kept chat comes after the first state
            return chats

    chats = run(again())
    assert [chat["text"] for chat in chats] == ["one", "two", "<i>three</i>"]
    assert {chat["name"] for chat in chats} == {"<b>Aki</b>"} and {chat["seat"] for chat in chats} == {0}
    assert len({chat["id"] for chat in chats}) == 3


def test_a_hello_gets_the_kept_chat_once_after_its_state_not_on_every_hello(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats={"1": "bot:random", "2": "bot:random"}, name="Aki")

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as aki:
            await aki.chat("hello")
            await aki.next_frame("chat")
        async with RoomClient(shared_server.base_url, made["room"]) as watcher:
            types = [frame["type"] for frame in watcher.frames]
            assert types[0] == "state"
            chat = await watcher.next_frame("chat")
            assert chat["text"] == "hello"
            index = watcher.frames.index(chat)
            assert watcher.frames[0]["type"] == "state" and index > 0
            await watcher.hello(watcher.seq)  # a repeated hello: a state, no chat again
            assert [f for f in await frames_for(watcher, 0.5) if f["type"] == "chat"] == []

    run(scenario())


def bare_room(room_id: str) -> RoomRow:
    return RoomRow(
        id=room_id,
        game=GAME,
        players=3,
        options="{}",
        seed=1,
        status="open",
        bot_delay=0.0,
        grace=60.0,
        created_at=0.0,
        updated_at=0.0,
        started=True,
        listed=False,
    )


def test_only_the_last_200_chat_messages_of_a_room_are_kept(tmp_path: Path) -> None:
    async def scenario() -> list[str]:
        storage = Storage(f"sqlite:///{tmp_path / 'chat.db'}")
        await storage.migrate()
        await storage.create_room(bare_room("room"), [], [])
        for number in range(KEPT_CHAT + 5):
            await storage.add_chat("room", 0, "Aki", f"m{number}")
        texts = [message.text for message in await storage.chat("room")]
        await storage.close()
        return texts

    texts = run(scenario())
    assert texts == [f"m{number}" for number in range(5, KEPT_CHAT + 5)]


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.booleans(), min_size=KEPT_CHAT - 10, max_size=KEPT_CHAT + 30))
def test_each_room_keeps_its_own_last_messages_in_order_whatever_the_interleaving(
    tmp_path: Path, rooms: list[bool]
) -> None:
    """Messages of two rooms, interleaved at random: each room keeps its own last 200, in order."""

    async def scenario() -> dict[str, list[str]]:
        storage = Storage(f"sqlite:///{tmp_path / f'chat-{secrets.token_hex(4)}.db'}")
        await storage.migrate()
        for room_id in ("a", "b"):
            await storage.create_room(bare_room(room_id), [], [])
        for number, second in enumerate(rooms):
            await storage.add_chat("b" if second else "a", None, None, f"m{number}")
        kept = {room_id: [message.text for message in await storage.chat(room_id)] for room_id in ("a", "b")}
        await storage.close()
        return kept

    kept = run(scenario())
    for room_id, second in (("a", False), ("b", True)):
        sent = [f"m{number}" for number, which in enumerate(rooms) if which == second]
        assert kept[room_id] == sent[-KEPT_CHAT:]


def test_rooms_are_private_unless_listed_and_the_list_shows_only_waiting_ones(shared_server: ServerProcess) -> None:
    private = waiting_room(shared_server)
    listed = waiting_room(shared_server, listed=True)
    full = create_room(shared_server.base_url, GAME, 3, seats={"2": "bot:easy"}, name="Aki", listed=True)
    listed_rooms = [room["room"] for room in http("GET", f"{shared_server.base_url}/api/open-rooms")]
    assert listed["room"] in listed_rooms and full["room"] in listed_rooms
    assert private["room"] not in listed_rooms
    join_room(shared_server.base_url, full["room"], "Ken")  # started: no longer in the list
    start_room(shared_server.base_url, listed["room"], listed["token"])
    listed_rooms = [room["room"] for room in http("GET", f"{shared_server.base_url}/api/open-rooms")]
    assert full["room"] not in listed_rooms and listed["room"] not in listed_rooms
    assert room_summary(shared_server.base_url, listed["room"])["listed"] is True


def test_a_name_change_updates_seats_presence_and_chat_for_everyone(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats={"2": "bot:random"}, name="Aki")
    ken = follow_invite(made["invites"]["1"], "Ken")

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as aki,
            RoomClient(shared_server.base_url, made["room"], ken["token"]) as ken_client,
        ):
            await ken_client.chat("hi")
            await aki.next_frame("chat")
            renamed = rename(shared_server.base_url, made["room"], ken["token"], "  Kenji  ")
            assert renamed == {"seat": 1, "name": "Kenji"}
            while True:
                presence = await aki.next_frame("presence")
                if presence["seats"][1]["name"] == "Kenji":
                    break
        async with RoomClient(shared_server.base_url, made["room"]) as late:
            chat = await late.next_frame("chat")
            assert chat["seat"] == 1 and chat["name"] == "Kenji"  # the seat's name now

    run(scenario())
    assert room_summary(shared_server.base_url, made["room"])["seats"][1]["name"] == "Kenji"
    for token, name, status, code in [
        ("not-a-token", "Mio", 403, "bad_token"),
        (None, "Mio", 403, "bad_token"),
        (ken["token"], "   ", 400, "invalid_name"),
        (ken["token"], "x" * 25, 400, "invalid_name"),
    ]:
        error = refused(lambda token=token, name=name: rename(shared_server.base_url, made["room"], token, name))
        assert error.status == status and error.body["code"] == code
    assert room_summary(shared_server.base_url, made["room"])["seats"][1]["name"] == "Kenji"


def test_a_creators_name_is_checked_like_a_joiners(shared_server: ServerProcess) -> None:
    error = refused(lambda: create_room(shared_server.base_url, GAME, 3, name="x" * 25))
    assert error.status == 400 and error.body["code"] == "invalid_name"


def test_a_clock_running_out_is_a_line_of_the_log_with_the_name(shared_server: ServerProcess) -> None:
    bots = {"1": "bot:random", "2": "bot:random"}
    clock, first = {"per_decision": 1.0}, {"first_player": 0}
    made = create_room(shared_server.base_url, GAME, 3, seats=bots, name="Aki", clock=clock, options=first)

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as aki,
            RoomClient(shared_server.base_url, made["room"], lang="ja") as watcher,
        ):
            notice = await aki.next_frame("notice")
            assert notice == {
                "type": "notice",
                "event": "ClockRanOut",
                "player": 0,
                "name": "Aki",
                "seq": notice["seq"],
                "text": "p0's time ran out: a bot decides for them",
            }
            japanese = await watcher.next_frame("notice")
            assert japanese["text"] == "p0の持ち時間が切れました。ボットが代わりに決めます"
        async with RoomClient(shared_server.base_url, made["room"]) as late:  # the log, again, from the start
            lines = [event for event in late.state["events"] if event["event"] == "ClockRanOut"]
            assert lines and lines[0]["player"] == 0

    run(scenario())


def test_a_bot_taking_a_seat_over_and_giving_it_back_are_lines_of_the_log(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats={"2": "bot:random"}, name="Aki", grace=0.2, bot_delay=30)
    ken = follow_invite(made["invites"]["1"], "Ken")

    async def scenario() -> list[str]:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as aki:
            async with RoomClient(shared_server.base_url, made["room"], ken["token"]):
                pass  # Ken was here, and left
            away = await aki.next_frame("notice")
            async with RoomClient(shared_server.base_url, made["room"], ken["token"]) as back:
                given_back = await aki.next_frame("notice")
                own = [event["event"] for event in back.state["events"] if event["event"].startswith("Seat")]
            return [away["event"], away["name"], away["text"], given_back["event"], *own]

    events = run(scenario())
    assert events == [
        "SeatTakenOver",
        "Ken",
        "p1 is away: a bot plays for them",
        "SeatGivenBack",
        "SeatTakenOver",  # Ken's own log, from the start: both lines
        "SeatGivenBack",
    ]
