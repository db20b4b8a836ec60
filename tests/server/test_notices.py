"""The log's lines by the server (``notice``) are bounded: a person who leaves and comes back again and
again makes two lines each time (a bot takes the seat over, gives it back), and every full state
carries them. A room keeps its last 50 — in memory and stored — so a hello's state stays small."""

from __future__ import annotations

import json

from server_testing import ServerProcess, run

from asobiba.server.client import RoomClient, create_room, follow_invite
from asobiba.server.rooms.notices import TEXTS

GAME = "cockroach-poker"
#: The log lines a room keeps.
KEPT_NOTICES = 50
#: Leaving and coming back this many times makes 2 × 30 - 1 lines, with the start's: 60 > 50.
ROUND_TRIPS = 30


def log_lines(state: dict) -> list[dict]:
    return [event for event in state["events"] if event["event"] in TEXTS]


def test_a_room_keeps_its_last_50_log_lines_in_memory_and_stored(server: ServerProcess) -> None:
    # Ken's is the only person seat (the creator watches); grace 0: his seat is taken over as soon as he
    # leaves; bots wait a minute (nothing moves meanwhile)
    bots = {"0": "bot:random", "2": "bot:random"}
    made = create_room(server.base_url, GAME, 3, seats=bots, grace=0, bot_delay=60)
    ken = follow_invite(made["invites"]["1"], "Ken")  # the last person seat: the game starts

    async def leave_and_come_back() -> list[dict]:
        lines = []
        async with RoomClient(server.base_url, made["room"]) as watcher:
            lines.extend(log_lines(watcher.state))  # the start
            for trip in range(ROUND_TRIPS):
                async with RoomClient(server.base_url, made["room"], ken["token"]):
                    if trip:
                        lines.append(await watcher.next_frame("notice"))  # given back
                lines.append(await watcher.next_frame("notice"))  # taken over
        return lines

    made_lines = run(leave_and_come_back())
    assert len(made_lines) == 2 * ROUND_TRIPS > KEPT_NOTICES
    newest = [(line["event"], line["player"], line["seq"]) for line in made_lines[-KEPT_NOTICES:]]

    async def spectator_state() -> dict:
        async with RoomClient(server.base_url, made["room"]) as watcher:
            return watcher.state

    state = run(spectator_state())
    assert [(line["event"], line["player"], line["seq"]) for line in log_lines(state)] == newest
    size = len(json.dumps(state, ensure_ascii=False).encode())
    server.restart()  # stored: the same last 50, read again
    again = run(spectator_state())
    assert [(line["event"], line["player"], line["seq"]) for line in log_lines(again)] == newest
    assert len(json.dumps(again, ensure_ascii=False).encode()) == size
