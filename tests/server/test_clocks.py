"""Clocks and leavers: on timeout a bot plays that decision; after the grace period a disconnected
seat is taken over by a bot (the room shows it); the person takes it back with the token."""

from __future__ import annotations

import asyncio
import time

from server_testing import ServerProcess, run

from asobiba.server.client import RoomClient, create_room, follow_invite, room_summary


def wait_for(condition, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def test_when_the_clock_runs_out_a_bot_plays_that_decision(shared_server: ServerProcess) -> None:
    made = create_room(
        shared_server.base_url,
        "cockroach-poker",
        3,
        seats={"1": "bot:random", "2": "bot:random"},
        clock={"per_decision": 0.3},
    )

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            while not client.state["legal"]:
                await client.next_state()
            clock = client.state["clock"]
            assert clock is not None and clock["player"] == 0 and clock["per_decision"] == 0.3
            assert clock["deadline"] is not None and clock["remaining"] <= 0.3
            waited_at = client.seq
            while client.seq == waited_at:  # we never answer: the stand-in bot does
                await client.next_state()
            assert client.seq > waited_at

    run(scenario())


def test_a_seat_left_longer_than_the_grace_is_taken_over_and_taken_back_with_its_token(
    shared_server: ServerProcess,
) -> None:
    made = create_room(
        shared_server.base_url, "cockroach-poker", 3, seats={"1": "bot:random", "2": "bot:random"}, grace=0.2
    )

    async def leave_and_return() -> None:
        client = RoomClient(shared_server.base_url, made["room"], made["token"])
        await client.connect()
        await client.close()
        await asyncio.to_thread(
            wait_for, lambda: room_summary(shared_server.base_url, made["room"])["seats"][0]["taken_over"]
        )
        # the bot plays the seat meanwhile: the game goes on to its end without the person
        await asyncio.to_thread(wait_for, lambda: room_summary(shared_server.base_url, made["room"])["seq"] > 3)
        back = RoomClient(shared_server.base_url, made["room"], made["token"])
        await back.connect()
        summary = room_summary(shared_server.base_url, made["room"])
        assert not summary["seats"][0]["taken_over"] and summary["seats"][0]["connected"]
        await back.close()

    run(leave_and_return())


def test_a_deadline_is_stored_so_a_restart_does_not_reset_it(server: ServerProcess) -> None:
    made = create_room(server.base_url, "cockroach-poker", 3, name="ann", clock={"per_decision": 600})
    for seat, name in ((1, "bo"), (2, "cy")):  # every seat taken: the game starts, the clock runs
        follow_invite(made["invites"][str(seat)], name)

    async def deadline() -> float:
        async with RoomClient(server.base_url, made["room"], made["token"]) as client:
            clock = client.state["clock"]
            assert clock is not None and clock["player"] == client.state["view"]["to_move"]
            return float(clock["deadline"])

    before = run(deadline())
    server.kill()
    server.start()
    assert run(deadline()) == before


def test_a_bank_clock_runs_out_and_stays_empty(shared_server: ServerProcess) -> None:
    made = create_room(
        shared_server.base_url,
        "cockroach-poker",
        3,
        seats={"1": "bot:random", "2": "bot:random"},
        clock={"bank": 0.3},
    )

    async def scenario() -> None:
        async with RoomClient(shared_server.base_url, made["room"], made["token"]) as client:
            while not client.state["legal"]:
                await client.next_state()
            assert client.state["clock"]["banks"][0] == 0.3
            waited_at = client.seq
            while client.seq == waited_at:  # the bank runs out: the stand-in bot plays
                await client.next_state()
            assert client.state["clock"]["banks"][0] == 0.0

    run(scenario())
