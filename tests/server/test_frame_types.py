"""Every frame a real server sends on the room WebSocket is exactly a value of its type in
asobiba.server.protocol (the types the browser's src/asobiba/web/wire.js is generated from): it
validates strictly against ``protocol.ServerFrame`` and is equal to its own round trip through
the type, so a frame with a key its type does not name, or without one it names, fails. The
``state`` frame is built by the hot path as a plain dict: this is where that dict meets its type."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import TypeAdapter
from server_testing import ServerProcess, play_first_legal, run

from asobiba.server.client import RoomClient, create_room, start_room
from asobiba.server.protocol import NoticeEntry, ServerFrame
from asobiba.server.rooms.notices import TEXTS

SERVER_FRAME: TypeAdapter[Any] = TypeAdapter(ServerFrame)
NOTICE_ENTRY = TypeAdapter(NoticeEntry)


def typed(frame: dict[str, Any]) -> None:
    """``frame`` is a value of its type, no more and no less."""
    value = SERVER_FRAME.validate_json(json.dumps(frame), strict=True)
    assert SERVER_FRAME.dump_python(value, mode="json") == frame, frame
    for event in frame.get("events", []):
        if event["event"] in TEXTS:  # a notice among a state's events
            assert NOTICE_ENTRY.dump_python(NOTICE_ENTRY.validate_python(event, strict=True)) == event


def test_every_frame_of_a_whole_game_is_exactly_a_value_of_its_protocol_type(shared_server: ServerProcess) -> None:
    made = create_room(
        shared_server.base_url,
        "cockroach-poker",
        3,
        seats={"1": "human", "2": "bot:random"},
        name="ann",
        bot_delay=0,
        clock={"per_decision": 600, "bank": 600},
    )

    async def scenario() -> list[dict[str, Any]]:
        async with (
            RoomClient(shared_server.base_url, made["room"], made["token"]) as ann,
            RoomClient(shared_server.base_url, made["room"]) as watcher,
        ):
            await ann.chat("hello")
            await watcher.chat("hi")  # an unlisted room: spectators may not chat (rejected)
            await asyncio.to_thread(start_room, shared_server.base_url, made["room"], made["token"], "random")
            await ann.next_frame("notice")  # the start, with bots
            await ann.next_state()
            stale = await ann.act(ann.state["legal"][0]["notation"] if ann.state["legal"] else "x", seq=ann.seq + 5)
            assert stale["code"] == "stale"
            await play_first_legal(ann)
            await ann.hello(None)  # the whole game again
            return ann.frames + watcher.frames

    frames = run(scenario())
    assert {frame["type"] for frame in frames} == {"state", "accepted", "rejected", "presence", "chat", "notice"}
    assert any(frame["type"] == "state" and frame["clock"] for frame in frames)
    for frame in frames:
        typed(frame)
