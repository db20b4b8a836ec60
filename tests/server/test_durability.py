"""Durability and order: a server killed with SIGKILL at any moment and restarted has every
acknowledged action; clients reconnect and continue at the same seq; the game finishes."""

from __future__ import annotations

import asyncio
import random

from server_testing import ServerProcess, replayed_steps, run
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from asobiba.server.client import RoomClient, create_room, room_record

KILLS = 5


async def reconnect(client: RoomClient, attempts: int = 200) -> None:
    """Reconnect with backoff, saying hello with the last seq seen."""
    delay = 0.05
    for _ in range(attempts):
        try:
            await client.connect(seq=client.seq)
            return
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            await asyncio.sleep(delay)
            delay = min(delay * 1.5, 0.5)
    raise AssertionError("could not reconnect")


async def play_until(client: RoomClient, rng: random.Random, stop_at: float, acknowledged: dict[int, str]) -> None:
    """Play random legal actions until the loop's clock passes ``stop_at`` or the game ends."""
    loop = asyncio.get_running_loop()
    while loop.time() < stop_at and not client.state["view"]["is_over"]:
        if client.state["legal"]:
            notation = rng.choice(client.state["legal"])["notation"]
            quoted = client.seq
            reply = await client.act(notation)
            if reply["type"] == "accepted":
                acknowledged[reply["seq"]] = notation
                assert reply["seq"] == quoted
        else:
            try:
                await client.next_state(timeout=max(0.01, stop_at - loop.time()))
            except TimeoutError:
                return


def test_a_server_killed_at_random_moments_loses_no_acknowledged_action(server: ServerProcess) -> None:
    made = create_room(server.base_url, "survive", 3, seats={"1": "bot:random", "2": "bot:easy"}, bot_delay=0.01)
    rng = random.Random(20261201)
    acknowledged: dict[int, str] = {}
    seen_states: list[dict] = []

    async def scenario() -> None:
        client = RoomClient(server.base_url, made["room"], made["token"])
        await client.connect()
        for _kill in range(KILLS):
            stop_at = asyncio.get_running_loop().time() + rng.uniform(0.05, 0.6)
            await play_until(client, rng, stop_at, acknowledged)
            seen_states.extend(frame for frame in client.frames if frame["type"] == "state")
            last_seen = client.seq
            server.kill()
            await asyncio.to_thread(server.start)
            await client.close()
            await reconnect(client)
            # the game continues at (or after, as bots may have moved) what this client last saw
            assert client.seq >= last_seen
            if client.state["view"]["is_over"]:
                break
        while not client.state["view"]["is_over"]:
            await play_until(client, rng, asyncio.get_running_loop().time() + 60, acknowledged)
        seen_states.extend(frame for frame in client.frames if frame["type"] == "state")
        await client.close()

    run(scenario(), timeout=120)
    assert server.starts == 1 + KILLS, "the game ended before every kill: make it longer"
    record = room_record(server.base_url, made["room"])
    for seq, notation in acknowledged.items():
        assert record["actions"][seq] == notation, f"acknowledged action at {seq} lost"
    by_seq = {seq: state for seq, state, _ in replayed_steps(record)}
    for frame in seen_states:  # every state ever shown is a position of the final record
        assert frame["view"] == by_seq[frame["seq"]].view(0)
