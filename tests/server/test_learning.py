"""Hints while learning, server side (asobiba.server.learning, asobiba.bots.verdict): the ``learning`` room
option — off by default, only for a player alone among bots — and its verdicts: after each move of the
learning seat exactly one ``verdict`` frame, to that seat's connections only (never a spectator's), each in
its reader's language, naming its move by seq; sent again when the seat connects again; made from the
seat's observation only (two games that agree on what the seat saw get the same verdict); in the hints'
worker behind their queue (a newer move of the seat supersedes the verdict waiting, a verdict whose room
closed leaves the queue, and a client's hints and verdicts share one bound). And the hint says why."""

from __future__ import annotations

import asyncio
import json
import random
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from server_testing import ServerProcess, run

import asobiba
from asobiba.core.record import replay
from asobiba.server.analysis import Coach, Sizing, TooManyForClient
from asobiba.server.app import create_app
from asobiba.server.client import RoomClient, ServerError, create_room, room_summary
from asobiba.server.learning import VerdictKey, run_verdict
from asobiba.server.protocol import ServerFrame
from asobiba.server.rooms import Settings

GAME = "cockroach-poker"
BOTS = {"1": "bot:random", "2": "bot:random"}
#: Moves the learning seat makes in the room test (each waits for its verdict before the next).
MOVES = 5
SERVER_FRAME: TypeAdapter[Any] = TypeAdapter(ServerFrame)
#: The first words of a verdict's line, in English and in Japanese (asobiba.bots.verdict).
LINES = {
    "en": ("Good move.", "Fine:", "Risky:", "Costly:", "Your only move."),
    "ja": ("良い手です。", "悪くない手です。", "危うい手：", "損な手：", "ほかに選べる手はありませんでした。"),
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def post_room(base_url: str, body: dict[str, Any], lang: str = "en") -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"{base_url}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "accept-language": lang},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_learning_is_off_by_default_and_only_for_a_player_alone_among_bots(server: ServerProcess) -> None:
    plain = create_room(server.base_url, GAME, 3, seats=BOTS)
    assert room_summary(server.base_url, plain["room"])["learning"] is False
    learning = create_room(server.base_url, GAME, 3, seats=BOTS, learning=True)
    assert room_summary(server.base_url, learning["room"])["learning"] is True
    for seats in (
        {"1": "human", "2": "bot:random"},  # another person at the table
        {"1": "bot:random"},  # seat 2 is a person's by default
        {"0": "bot:random", **BOTS},  # nobody plays: the creator watches
    ):
        with pytest.raises(ServerError) as refused:
            create_room(server.base_url, GAME, 3, seats=seats, learning=True)
        assert refused.value.status == 400 and refused.value.body["code"] == "invalid_learning", seats
    status, body = post_room(
        server.base_url, {"game": GAME, "players": 3, "seats": {"1": "human"}, "learning": True}, lang="ja"
    )
    assert status == 400 and body["code"] == "invalid_learning" and JAPANESE.search(body["message"]), body
    status, body = post_room(server.base_url, {"game": GAME, "players": 3, "seats": BOTS, "learning": "yes"})
    assert status == 422, body  # a yes/no option: true or false


async def drain(client: RoomClient, quiet: float = 1.5) -> None:
    """Read every frame the client has been sent until none comes for ``quiet`` seconds."""
    while True:
        try:
            await client.receive(timeout=quiet)
        except TimeoutError:
            return


def verdicts_of(client: RoomClient) -> list[dict[str, Any]]:
    return [frame for frame in client.frames if frame.get("type") == "verdict"]


def test_each_move_of_the_learning_seat_gets_one_verdict_for_that_seat_only(server: ServerProcess) -> None:
    made = create_room(server.base_url, GAME, 3, seats=BOTS, learning=True)
    room, token = made["room"], made["token"]
    chooser = random.Random(7)

    async def play() -> tuple[list[int], dict[str, RoomClient]]:
        async with (
            RoomClient(server.base_url, room, token) as player,
            RoomClient(server.base_url, room, token, lang="ja") as reader_ja,
            RoomClient(server.base_url, room) as watcher,
        ):
            acted: list[int] = []
            waiting: int | None = None  # the seq of the move whose verdict has not come yet
            latest = player.state

            async def act_if_ours() -> None:
                nonlocal waiting
                view = latest["view"]
                ours = view["to_move"] == 0 and latest["legal"] and not view["is_over"]
                if ours and waiting is None and latest["seq"] not in acted and len(acted) < MOVES:
                    notation = chooser.choice(latest["legal"])["notation"]
                    await player.send(
                        {"type": "act", "id": f"m{latest['seq']}", "seq": latest["seq"], "action": notation}
                    )
                    acted.append(latest["seq"])
                    waiting = latest["seq"]

            await act_if_ours()
            while waiting is not None or (len(acted) < MOVES and not latest["view"]["is_over"]):
                frame = await player.receive(timeout=120)
                assert frame["type"] != "rejected", frame
                if frame["type"] == "state":
                    latest = frame
                elif frame["type"] == "verdict":
                    assert frame["seq"] == waiting, (frame, waiting)  # one verdict, of the move just made
                    waiting = None
                await act_if_ours()
            await drain(player)
            await drain(reader_ja, 0.5)
            await drain(watcher, 0.5)
        # the seat connects again: its kept verdicts come again; a new spectator gets none
        async with RoomClient(server.base_url, room, token) as again, RoomClient(server.base_url, room) as late:
            await drain(again, 0.5)
            await drain(late, 0.5)
        return acted, {"player": player, "ja": reader_ja, "watcher": watcher, "again": again, "late": late}

    acted, clients = run(play(), timeout=600)
    assert len(acted) >= 2, acted
    english, japanese = verdicts_of(clients["player"]), verdicts_of(clients["ja"])
    assert [frame["seq"] for frame in english] == acted  # exactly one verdict a move, in order
    assert [frame["seq"] for frame in japanese] == acted  # the seat's every connection hears it
    for en, ja in zip(english, japanese, strict=True):
        assert SERVER_FRAME.validate_python(en) and SERVER_FRAME.validate_python(ja)
        assert en["seat"] == 0 and en["kind"] == ja["kind"] and en["action"] == ja["action"]
        assert en["text"].startswith(LINES["en"]) and not JAPANESE.search(en["text"]), en
        assert ja["text"].startswith(LINES["ja"]) and JAPANESE.search(ja["move"]), ja
    for name in ("watcher", "late"):  # a spectator is never sent a verdict, nor its words
        spectator = clients[name]
        assert spectator.frames and not verdicts_of(spectator)
        sent = json.dumps(spectator.frames, ensure_ascii=False)
        assert not [frame["text"] for frame in english + japanese if frame["text"] in sent]
    assert [frame["seq"] for frame in verdicts_of(clients["again"])] == acted  # kept, sent again to the seat


def test_a_room_without_the_option_sends_no_verdict(server: ServerProcess) -> None:
    made = create_room(server.base_url, GAME, 3, seats=BOTS)

    async def play() -> RoomClient:
        async with RoomClient(server.base_url, made["room"], made["token"]) as player:
            moves = 0
            while moves < 2 and not player.state["view"]["is_over"]:
                state = player.state
                if state["view"]["to_move"] == 0 and state["legal"]:
                    reply = await player.act(state["legal"][0]["notation"])
                    assert reply["type"] == "accepted", reply
                    moves += 1
                else:
                    await player.next_state(timeout=60)
            await drain(player, 3.0)  # a verdict would have come by now (the learning test waits as long)
            return player

    player = run(play(), timeout=300)
    assert not verdicts_of(player)


# ---------------------------------------------------------------------- the verdict itself, in process


def decisions_of_seat_0(seed: int, count: int) -> list[tuple[dict[str, Any], str]]:
    """The first ``count`` positions of a bots' game where p0 chooses: each record and a legal move."""
    state = asobiba.new_game(GAME, 3, seed=seed)
    found = []
    while not state.is_over and len(found) < count:
        if state.to_move == 0 and len(state.legal_actions()) > 1:
            found.append((state.record(), str(state.legal_actions()[-1])))
        state.apply(asobiba.bot("random", seed=state.seq).choose(state.observe(state.to_move)))
    return found


def test_a_verdict_is_made_from_what_the_seat_saw_only() -> None:
    # The same game twice but for a card of p1 and a card of p2 swapped in the deal, cards p0 never saw:
    # p0's view is the same at the position, the true hands are not — the verdict is the same.
    record, played = decisions_of_seat_0(seed=3, count=3)[-1]
    state = replay(record)
    first = next(card for card in state.view(1)["hand"] if not card.startswith("J"))
    second = next(card for card in state.view(2)["hand"] if card[0] != first[0] and not card.startswith("J"))
    deal = record["actions"][0].split(" ")
    i, j = deal.index(first), deal.index(second)
    deal[i], deal[j] = deal[j], deal[i]
    other = {**record, "actions": [" ".join(deal), *record["actions"][1:]]}
    twin = replay(other)
    assert twin.view(0) == state.view(0) and twin.view(1) != state.view(1)
    made = run_verdict(record, 0, played)
    assert made == run_verdict(other, 0, played)
    assert set(made["text"]) == {"en", "ja"} and made["seq"] == state.seq and made["action"] == played


@pytest.fixture
def coach_app(tmp_path: Path) -> Iterator[tuple[TestClient, Coach]]:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", bot_delay=0.0))
    coach = Coach(
        app.state.lobby.storage,
        sizing=Sizing(samples=2, max_candidates=2, hard="hard:time_limit=none,iterations=4"),
        max_per_client=3,
    )
    app.state.coach = coach
    with TestClient(app) as client:
        yield client, coach


def test_a_newer_move_supersedes_the_verdict_waiting_and_a_closed_rooms_verdict_leaves_the_queue(
    coach_app: tuple[TestClient, Coach],
) -> None:
    client, coach = coach_app
    (a, played_a), (b, played_b), (c, played_c) = decisions_of_seat_0(seed=11, count=3)
    (d, played_d), (e, played_e) = decisions_of_seat_0(seed=12, count=2)
    seq = {id(record): len(record["actions"]) for record in (a, b, c, d, e)}

    async def ask() -> tuple[list[Any], bool, bool, Any]:
        async def asked(room: str, record: dict[str, Any], played: str, client_address: str) -> Any:
            return await coach.verdict(room, seq[id(record)], 0, record, played, client_address)

        first = asyncio.ensure_future(asked("r1", a, played_a, "10.0.0.1"))  # runs at once
        await asyncio.sleep(0.05)
        second = asyncio.ensure_future(asked("r1", b, played_b, "10.0.0.1"))  # waits behind it
        await asyncio.sleep(0.05)
        third = asyncio.ensure_future(asked("r1", c, played_c, "10.0.0.1"))  # a newer move: supersedes it
        await asyncio.sleep(0.05)
        closing = asyncio.ensure_future(asked("r2", d, played_d, "10.0.0.2"))  # waits, then its room closes
        await asyncio.sleep(0.05)
        held_before = VerdictKey("r2", seq[id(d)], 0) in coach.hint_queue
        closing.cancel()
        await asyncio.sleep(0.05)
        held_after = VerdictKey("r2", seq[id(d)], 0) in coach.hint_queue
        # a client's hints and verdicts share one bound: two verdicts and a hint waiting, a third verdict is refused
        held = [
            asyncio.ensure_future(asked("r5", e, played_e, "10.0.0.9")),
            asyncio.ensure_future(coach.hint("r6", seq[id(e)], 0, e, "10.0.0.9")),
            asyncio.ensure_future(asked("r7", e, played_e, "10.0.0.9")),
        ]
        await asyncio.sleep(0.05)
        try:
            refused: Any = await asked("r8", e, played_e, "10.0.0.9")
        except TooManyForClient as error:
            refused = error
        answers = await asyncio.gather(first, second, third, *held)
        return answers, held_before, held_after, refused

    answers, held_before, held_after, refused = client.portal.call(ask)
    first, second, third, later, hint, last = answers
    assert first["seq"] == seq[id(a)] and first["action"] == played_a
    assert second is None  # superseded while it waited
    assert third["seq"] == seq[id(c)] and third["action"] == played_c
    assert held_before and not held_after
    assert isinstance(refused, TooManyForClient) and refused.limit == 3
    assert later["action"] == last["action"] == played_e
    assert hint["seat"] == 0 and all(hint["why"][lang] for lang in ("en", "ja"))  # the hint says why, in words
    assert not len(coach.hint_queue)


def test_a_learning_room_that_leaves_memory_drops_its_verdict_waiting(coach_app: tuple[TestClient, Coach]) -> None:
    client, coach = coach_app
    made = client.post("/api/rooms", json={"game": GAME, "players": 3, "seats": BOTS, "learning": True}).json()
    room = client.app.state.lobby.rooms[made["room"]]
    # the hints' worker busy with three other rooms' verdicts: this room's waits behind them
    ahead = decisions_of_seat_0(seed=13, count=3)

    async def occupy() -> list[asyncio.Future[Any]]:
        return [
            asyncio.ensure_future(coach.verdict(f"other{i}", len(record["actions"]), 0, record, played, f"10.0.1.{i}"))
            for i, (record, played) in enumerate(ahead)
        ]

    others = client.portal.call(occupy)
    with client.websocket_connect(f"/api/rooms/{made['room']}/ws") as socket:
        socket.send_json({"type": "hello", "protocol": 1, "token": made["token"]})
        frame = socket.receive_json()
        while not (frame["type"] == "state" and frame["view"]["to_move"] == 0 and frame["legal"]):
            frame = socket.receive_json()
        socket.send_json({"type": "act", "id": "m", "seq": frame["seq"], "action": frame["legal"][0]["notation"]})
        while frame["type"] != "accepted":
            frame = socket.receive_json()
        key = VerdictKey(room.id, frame["seq"], 0)
        assert coach.hint_queue.position(key) not in (None, 0)  # waiting
        assert room.timers.pending
        client.portal.call(room.close)
    assert key not in coach.hint_queue and not room.timers.pending

    async def finish() -> list[Any]:
        return await asyncio.gather(*others)

    assert all(answer is not None for answer in client.portal.call(finish))


def test_a_learning_rooms_rematch_is_a_learning_room(coach_app: tuple[TestClient, Coach]) -> None:
    client, _ = coach_app
    made = client.post("/api/rooms", json={"game": GAME, "players": 3, "seats": BOTS, "learning": True}).json()
    lobby = client.app.state.lobby
    found = client.portal.call(lobby.rematch, lobby.rooms[made["room"]], made["token"])
    assert found is not None
    rematch, _seat = found
    assert rematch.row.learning and client.get(f"/api/rooms/{rematch.id}").json()["learning"] is True
