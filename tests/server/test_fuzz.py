"""Malformed messages (hypothesis): the server never crashes, answers each with ``rejected``
(``bad_message`` when it cannot be read), and nothing in the room changes."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from server_testing import ServerProcess, run
from websockets.exceptions import ConnectionClosed

from asobiba.server.client import RoomClient, room_summary

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["type", "id", "seq", "action", "text", "token", "protocol", "lang", "x"])
TYPES = st.sampled_from(["hello", "act", "chat", "state", "accepted", "", "ACT"]) | st.text(max_size=10)


@st.composite
def messages(draw: st.DrawFn) -> str:
    """A frame a broken or hostile client could send: not JSON, JSON of the wrong shape, or a
    message with wrong, missing, extra or huge fields."""
    kind = draw(st.sampled_from(["text", "json", "shaped"]))
    if kind == "text":
        return draw(st.text(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON))
    message: dict[str, Any] = {"type": draw(TYPES)}
    for name in draw(st.lists(FIELDS, max_size=5)):
        message[name] = draw(
            JSON | st.text(min_size=900, max_size=1100) | st.integers(min_value=-(2**70), max_value=2**70)
        )
    if message.get("type") == "act" and isinstance(message.get("action"), str) and draw(st.booleans()):
        message["action"] = message["action"] + "\x00"
    return json.dumps(message)


@given(frames=st.lists(messages(), min_size=1, max_size=5), greet_first=st.booleans())
@settings(max_examples=40)
def test_malformed_messages_never_change_the_room(
    fuzz_room: tuple[ServerProcess, dict[str, Any], dict[str, Any]], frames: list[str], greet_first: bool
) -> None:
    server, made, before = fuzz_room

    async def scenario() -> list[dict[str, Any]]:
        client = RoomClient(server.base_url, made["room"], made["token"])
        await client.open()
        if greet_first:
            await client.hello()
        replies: list[dict[str, Any]] = []
        try:
            for frame in frames:
                await client.send(frame)
            for _ in frames:
                reply = await client.receive()
                while reply["type"] in ("state", "presence", "chat"):
                    reply = await client.receive()
                replies.append(reply)
        except ConnectionClosed:  # a hello naming another protocol or a wrong token ends it
            assert client.socket is not None and client.socket.close_code in (4400, 4403)
        await client.close()
        return replies

    replies = run(scenario())
    for reply in replies:
        assert reply["type"] in ("rejected", "accepted"), reply
        if reply["type"] == "accepted":  # only a resend of the room's setup could be, and it is not ours
            raise AssertionError(reply)
    after = room_summary(server.base_url, made["room"])
    assert after["seq"] == before["seq"] and after["status"] == before["status"]
