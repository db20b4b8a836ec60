"""The room protocol and the HTTP API, checked from outside against a real server process
(docs/protocol.md): every route, every message, every rejection code and close code."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from server_testing import ServerProcess, play_first_legal, run
from websockets.exceptions import ConnectionClosed

import asobiba
from asobiba.server.client import (
    RoomClient,
    ServerError,
    create_room,
    follow_invite,
    games,
    http,
    join_room,
    rematch,
    room_record,
    room_summary,
)

TWO_PEOPLE_AND_A_BOT = {"1": "human", "2": "bot:random"}


def people_room(server: ServerProcess, **room: Any) -> dict:
    """A Cockroach Poker room: seat 0 (the creator) and seat 1 people, seat 2 a random bot."""
    return create_room(server.base_url, "cockroach-poker", 3, seats=TWO_PEOPLE_AND_A_BOT, name="ann", **room)


async def closed_with(client: RoomClient) -> int | None:
    """Read until the server closes the connection; its close code."""
    assert client.socket is not None
    with pytest.raises(ConnectionClosed):
        for _ in range(100):
            await asyncio.wait_for(client.socket.recv(), 10)
    return client.socket.close_code


# ---------------------------------------------------------------------------------------- HTTP


def test_games_lists_every_registered_game_with_titles_players_and_options(shared_server: ServerProcess) -> None:
    listed = games(shared_server.base_url)
    assert isinstance(listed, list)
    assert [game["name"] for game in listed] == asobiba.game_names()
    for entry in listed:
        game = asobiba.get_game(entry["name"])
        assert entry["title"] == {"en": game.title["en"], "ja": game.title["ja"]}
        assert (entry["min_players"], entry["max_players"]) == (game.min_players, game.max_players)
        # A research option (a research variant, not a way to play) is never offered.
        assert [option["name"] for option in entry["options"]] == [
            option.name for option in game.options if not option.research
        ]
        assert all(set(option["doc"]) == {"en", "ja"} for option in entry["options"])


def test_creating_a_room_seats_the_creator_at_seat_zero_with_a_token_and_an_invite(
    shared_server: ServerProcess,
) -> None:
    made = people_room(shared_server)
    assert made["seat"] == 0
    assert isinstance(made["token"], str) and len(made["token"]) >= 20
    assert made["invite"].endswith(f"/r/{made['room']}")
    summary = room_summary(shared_server.base_url, made["room"])
    assert summary["game"] == "cockroach-poker"
    assert summary["status"] == "open"
    assert [seat["kind"] for seat in summary["seats"]] == ["human", "human", "bot:random"]
    assert [seat["occupied"] for seat in summary["seats"]] == [True, False, True]
    assert summary["seats"][0]["name"] == "ann"
    assert made["token"] not in json.dumps(summary)


def test_seats_not_named_are_human_and_joins_fill_them_in_ascending_order(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 4, seats={"2": "bot:easy"}, open_seats=2)
    first = join_room(shared_server.base_url, made["room"], "bo")
    second = join_room(shared_server.base_url, made["room"], "cy")
    assert (first["seat"], second["seat"]) == (1, 3)
    with pytest.raises(ServerError) as full:
        join_room(shared_server.base_url, made["room"], "di")
    assert full.value.status == 409


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "players": 2},
        {"game": "cockroach-poker", "players": 9},
        {"game": "cockroach-poker", "players": 3, "options": {"colour": "blue"}},
        {"game": "cockroach-poker", "players": 3, "seats": {"3": "bot:easy"}},
        {"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:genius"}},
    ],
    ids=["unknown game", "too many players", "unknown option", "no such seat", "no such seat kind"],
)
def test_a_room_that_cannot_be_made_is_refused_saying_why(shared_server: ServerProcess, body: dict) -> None:
    with pytest.raises(ServerError) as refused:
        http("POST", f"{shared_server.base_url}/api/rooms", body)
    assert refused.value.status in (400, 422)


def test_unknown_rooms_are_404(shared_server: ServerProcess) -> None:
    for path in ("/api/rooms/nosuchroom", "/api/rooms/nosuchroom/record", "/r/nosuchroom"):
        with pytest.raises(ServerError) as missing:
            http("GET", shared_server.base_url + path)
        assert missing.value.status == 404
    with pytest.raises(ServerError) as missing:
        join_room(shared_server.base_url, "nosuchroom", "x")
    assert missing.value.status == 404


def test_the_room_page_is_served_at_the_invite_link(shared_server: ServerProcess) -> None:
    import urllib.request

    made = people_room(shared_server)
    with urllib.request.urlopen(made["invite"], timeout=10) as response:
        assert response.status == 200
        assert "text/html" in response.headers["content-type"]


def test_the_record_is_403_until_the_game_is_over_then_the_bare_record(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def finish() -> dict:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            with pytest.raises(ServerError) as hidden:
                room_record(shared_server.base_url, made["room"])
            assert hidden.value.status == 403
            await play_first_legal(client)
            return client.state

    final = run(finish())
    record = room_record(shared_server.base_url, made["room"])
    assert set(record) >= {"game", "players", "options", "seed", "actions"}
    assert len(record["actions"]) == final["seq"]
    assert asobiba.replay(record).view(0) == final["view"]
    assert room_summary(shared_server.base_url, made["room"])["status"] == "over"


def test_a_rematch_is_a_new_room_with_the_same_game_and_seats_and_the_first_player_moved_on(
    shared_server: ServerProcess,
) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def finish() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            with pytest.raises(ServerError) as early:
                rematch(shared_server.base_url, made["room"], made["token"])
            assert early.value.status == 409
            await play_first_legal(client)

    run(finish())
    old = room_record(shared_server.base_url, made["room"])
    again = rematch(shared_server.base_url, made["room"], made["token"])
    assert again["room"] != made["room"] and again["token"]
    assert rematch(shared_server.base_url, made["room"], made["token"]) == again  # made once, the same seat
    summary = room_summary(shared_server.base_url, again["room"])
    assert summary["game"] == "cockroach-poker" and summary["rematch_of"] == made["room"]
    assert sorted(seat["kind"] for seat in summary["seats"]) == ["bot:random", "bot:random", "human"]
    assert room_summary(shared_server.base_url, made["room"])["rematch"] == again["room"]
    # Cockroach Poker has a first_player option: it moves on by one; nobody changes seat.
    first_before = asobiba.replay({**old, "actions": old["actions"][:1]}).to_move
    assert again["seat"] == 0

    async def first_mover() -> int:
        async with RoomClient(shared_server.base_url, again["room"], again["token"]) as client:
            view = client.state["view"]
            return int(view["options"]["first_player"])

    assert first_before is not None
    assert run(first_mover()) == (first_before + 1) % 3


def test_a_rematch_without_a_first_player_option_moves_everybody_one_seat_down(shared_server: ServerProcess) -> None:
    # asobiba's own games all have a first_player option now; the plug-in example (Goofspiel) has none
    assert "first_player" not in {option.name for option in asobiba.get_game("goofspiel").options}
    made = create_room(shared_server.base_url, "goofspiel", 2, seats={"1": "bot:random"}, name="ann")

    async def finish() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            await play_first_legal(client)

    run(finish())
    again = rematch(shared_server.base_url, made["room"], made["token"])
    assert again["seat"] == 1  # old seat 1 is new seat 0: the bot moves first now
    summary = room_summary(shared_server.base_url, again["room"])
    assert [seat["kind"] for seat in summary["seats"]] == ["bot:random", "human"]
    assert summary["seats"][1]["name"] == "ann" and summary["seats"][1]["occupied"]


# ---------------------------------------------------------------------------------------- hello


def test_every_hello_is_answered_with_a_full_state_for_that_seat(shared_server: ServerProcess) -> None:
    # people only: no bot may move between the two hellos
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"}, name="ann")

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            first = client.state
            assert first["type"] == "state" and first["seat"] == 0
            assert set(first) == {"type", "seq", "seat", "started", "view", "legal", "events", "clock"}
            assert first["started"] is False  # seats 1 and 2 are free: the room waits
            assert first["clock"] is None
            assert first["view"]["viewer"] == 0
            again = await client.hello(first["seq"])
            assert again["seq"] == first["seq"] and again["view"] == first["view"]
            assert again["events"] == []  # nothing happened since

    run(scenario())


def test_a_spectator_connects_without_a_token_and_gets_the_spectator_view(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, name="ann")

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"]) as watcher:
            assert watcher.state["seat"] is None
            assert watcher.state["view"]["viewer"] is None
            assert watcher.state["legal"] == []
            reply = await watcher.act("offer p1 hearts H2")
            assert reply["type"] == "rejected" and reply["code"] == "not_your_turn"

    run(scenario())


def test_the_seat_to_move_gets_its_legal_actions_with_notation_json_and_a_label(
    shared_server: ServerProcess,
) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"], lang="ja") as client:
            while not client.state["legal"]:
                await client.next_state()
            for legal in client.state["legal"]:
                assert set(legal) == {"notation", "action", "label"}
                assert isinstance(legal["action"]["kind"], str)
                assert legal["label"]
            assert all(isinstance(event["text"], str) for event in client.state["events"])

    run(scenario())


@pytest.mark.parametrize(
    ("token", "protocol", "code"),
    [("not-a-token", 1, 4403), (None, 3, 4400), (None, 0, 4400)],
    ids=["bad token", "protocol mismatch", "protocol before the first"],
)
def test_a_bad_hello_is_accepted_then_closed_with_its_code(
    shared_server: ServerProcess, token: str | None, protocol: int, code: int
) -> None:
    made = people_room(shared_server)

    async def scenario() -> int | None:
        client = RoomClient(shared_server.base_url, made["room"], token)
        await client.open()
        await client.send({"type": "hello", "protocol": protocol, "token": token, "seq": None, "lang": "en"})
        return await closed_with(client)

    assert run(scenario()) == code


def test_no_such_room_is_accepted_then_closed_with_4404(shared_server: ServerProcess) -> None:
    async def scenario() -> int | None:
        client = RoomClient(shared_server.base_url, "nosuchroom")
        await client.open()
        return await closed_with(client)

    assert run(scenario()) == 4404


def test_a_foreign_origin_is_refused_and_the_served_origin_is_served(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)

    async def scenario() -> tuple[int | None, int]:
        foreign = RoomClient(shared_server.base_url, made["room"], made["token"], origin="http://evil.example")
        await foreign.open()
        code = await closed_with(foreign)
        served = RoomClient(
            shared_server.base_url, made["room"], made["token"], origin=f"http://127.0.0.1:{shared_server.port}"
        )
        state = await served.connect()
        await served.close()
        return code, state["seat"]

    assert run(scenario()) == (4403, 0)


def test_one_seat_may_have_several_connections_and_all_are_served(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as tab1,
            RoomClient(shared_server.base_url, made["room"], made["token"]) as tab2,
        ):
            while not tab1.state["legal"]:
                await tab1.next_state()
            while tab2.seq < tab1.seq:
                await tab2.next_state()
            reply = await tab1.act(tab1.state["legal"][0]["notation"])
            assert reply["type"] == "accepted"
            while tab2.seq < tab1.seq:
                await tab2.next_state()
            assert tab2.state["seq"] == tab1.state["seq"]
            summary = room_summary(shared_server.base_url, made["room"])
            assert summary["seats"][0]["connected"]

    run(scenario())


# ---------------------------------------------------------------------------------------- act


def test_an_accepted_act_is_the_record_entry_at_its_seq_and_everybody_gets_the_new_state(
    shared_server: ServerProcess,
) -> None:
    made = people_room(shared_server, bot_delay=0)
    joined = follow_invite(made["invites"]["1"], "bo")

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as ann,
            RoomClient(shared_server.base_url, made["room"], joined["token"]) as bo,
            RoomClient(shared_server.base_url, made["room"]) as watcher,
        ):
            clients = {0: ann, 1: bo}
            mover_seat = ann.state["view"]["to_move"]
            while mover_seat not in clients:  # the bot moves first
                await ann.next_state()
                mover_seat = ann.state["view"]["to_move"]
            mover = clients[mover_seat]
            while mover.seq < ann.seq:
                await mover.next_state()
            quoted = mover.seq
            notation = mover.state["legal"][0]["notation"]
            reply = await mover.act(notation, message_id=7)
            assert reply == {"type": "accepted", "id": 7, "seq": quoted}
            for other in (ann, bo, watcher):
                while other.seq <= quoted:
                    await other.next_state()
            assert watcher.state["view"]["viewer"] is None

    run(scenario())


def rejection_scenario(server: ServerProcess, send: list, expect_code: str) -> dict:
    made = create_room(server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def scenario() -> dict:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            while not client.state["legal"]:
                await client.next_state()
            seq = client.seq
            for message in send:
                await client.send(message(seq) if callable(message) else message)
            reply = await client.next_frame("rejected")
            assert reply["code"] == expect_code, reply
            assert reply["seq"] == seq and isinstance(reply["message"], str) and reply["message"]
            assert client.seq == seq
            return reply

    result: dict = run(scenario())
    return result


def test_an_act_quoting_an_old_seq_is_stale_and_a_fresh_state_follows(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            while not client.state["legal"]:
                await client.next_state()
            reply = await client.act(client.state["legal"][0]["notation"], seq=client.seq + 5, wait_state=False)
            assert reply["code"] == "stale" and reply["id"] is not None
            fresh = await client.next_state()
            assert fresh["seq"] == reply["seq"]

    run(scenario())


def test_an_act_when_it_is_another_seats_turn_is_not_your_turn(shared_server: ServerProcess) -> None:
    made = create_room(
        shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"}, bot_delay=30
    )

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            if client.state["view"]["to_move"] == 0:  # make it someone else's turn
                await client.act(client.state["legal"][0]["notation"])
            assert client.state["view"]["to_move"] != 0
            reply = await client.act("answer yes", wait_state=False)
            assert reply["code"] == "not_your_turn"

    run(scenario())


def test_an_act_that_is_not_notation_is_notation(shared_server: ServerProcess) -> None:
    rejection_scenario(
        shared_server, [lambda seq: {"type": "act", "id": "x", "seq": seq, "action": "fly away"}], "notation"
    )


def test_an_act_the_rules_forbid_is_illegal(shared_server: ServerProcess) -> None:
    # offering oneself a card: notation that reads, refused by the rules whatever the phase
    rejection_scenario(
        shared_server,
        [lambda seq: {"type": "act", "id": "x", "seq": seq, "action": "offer p0 hearts card=S3"}],
        "illegal",
    )


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[1, 2]",
        json.dumps({"type": "dance"}),
        json.dumps({"type": "act", "id": "x", "seq": "zero", "action": "answer yes"}),
        json.dumps({"type": "act", "id": "x", "seq": 0, "action": "a" * 1001}),
        json.dumps({"type": "act", "id": "x", "seq": 0, "action": "answer yes", "extra": 1}),
        json.dumps({"type": "chat", "text": "b" * 1001}),
        json.dumps({"type": "chat", "text": "   "}),
    ],
    ids=[
        "not json",
        "not an object",
        "unknown type",
        "wrong field type",
        "long action",
        "extra field",
        "long chat",
        "empty chat",
    ],
)
def test_malformed_messages_are_bad_message_and_change_nothing(shared_server: ServerProcess, message: str) -> None:
    reply = rejection_scenario(shared_server, [message], "bad_message")
    if '"id": "x"' in message:
        assert reply["id"] == "x"
    elif "id" not in message:
        assert reply["id"] is None


def test_acting_before_hello_is_bad_message(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)

    async def scenario() -> dict:
        client = RoomClient(shared_server.base_url, made["room"], made["token"])
        await client.open()
        await client.send({"type": "act", "id": 3, "seq": 0, "action": "answer yes"})
        reply = await client.receive()
        await client.close()
        return reply

    reply = run(scenario())
    assert reply["type"] == "rejected" and reply["code"] == "bad_message" and reply["id"] == 3


def test_more_than_twenty_messages_a_second_are_rate_limited(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)
    follow_invite(made["invites"]["1"], "bo")  # every seat taken: the game has started

    async def scenario() -> list[str]:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            for number in range(40):
                await client.send({"type": "act", "id": number, "seq": 10**6, "action": "answer yes"})
            codes: list[str] = []
            while len(codes) < 40:
                frame = await client.receive()
                if frame["type"] == "rejected":
                    codes.append(frame["code"])
            return codes

    codes = run(scenario())
    assert "rate_limited" in codes
    assert codes.count("stale") >= 1


def test_a_frame_over_64_kib_closes_with_1009(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)

    async def scenario() -> int | None:
        client = RoomClient(shared_server.base_url, made["room"], made["token"])
        await client.connect()
        await client.send(json.dumps({"type": "chat", "text": "x" * (65 * 1024)}))
        return await closed_with(client)

    assert run(scenario()) == 1009


def test_resending_an_accepted_act_after_a_reconnect_is_harmless(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"})

    async def scenario() -> None:
        client = RoomClient(shared_server.base_url, made["room"], made["token"])
        await client.connect()
        while not client.state["legal"]:
            await client.next_state()
        quoted = client.seq
        notation = client.state["legal"][0]["notation"]
        first = await client.act(notation, message_id="m1")
        assert first["type"] == "accepted"
        await client.close()
        again = RoomClient(shared_server.base_url, made["room"], made["token"])
        await again.connect(seq=quoted)
        resent = await again.act(notation, seq=quoted, message_id="m1", wait_state=False)
        assert resent == {"type": "accepted", "id": "m1", "seq": quoted}
        await again.close()
        record_so_far = room_summary(shared_server.base_url, made["room"])
        assert record_so_far["seq"] >= quoted + 1

    run(scenario())


# ---------------------------------------------------------------------------------------- chat and presence


def test_chat_goes_to_everyone_in_the_room_with_the_senders_seat_and_name(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)

    async def scenario() -> None:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as ann,
            RoomClient(shared_server.base_url, made["room"]) as watcher,
        ):
            await ann.chat("こんにちは")
            for client in (ann, watcher):
                frame = await client.next_frame("chat")
                assert isinstance(frame["id"], int)
                assert frame == {
                    "type": "chat",
                    "id": frame["id"],
                    "seat": 0,
                    "name": "ann",
                    "text": "こんにちは",
                    "spectator": None,
                }

    run(scenario())


def test_presence_says_who_is_connected(shared_server: ServerProcess) -> None:
    made = people_room(shared_server)
    joined = follow_invite(made["invites"]["1"], "bo")

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as ann:
            async with RoomClient(shared_server.base_url, made["room"], joined["token"]):
                while True:
                    frame = await ann.next_frame("presence")
                    if frame["seats"][1]["connected"]:
                        break
            while True:
                frame = await ann.next_frame("presence")
                if not frame["seats"][1]["connected"]:
                    break
            assert frame["seats"][0]["connected"] and frame["seats"][1]["name"] == "bo"

    run(scenario())
