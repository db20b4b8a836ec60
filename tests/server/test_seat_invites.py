"""Seats that stay the invited friend's: each invited seat's link carries its own invite code
(``/r/{room}?seat=N&invite=CODE``, answered by ``POST /api/rooms`` as ``invites``); without the right
code an invited seat answers 403; a listed room's open seats are taken from the lobby by anyone, apart
from the invited ones; the creator frees a seat a stranger took before the start (its token stops
working, its connections close with 4410); a database of before the invites upgrades with its rooms
intact, and their plain ``?seat=N`` links keep working."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from server_testing import ServerProcess, run
from websockets.exceptions import ConnectionClosed

from asobiba.core.registry import get_game
from asobiba.server.client import RoomClient, ServerError, create_room, http, rename, room_summary, start_room
from asobiba.server.storage import MIGRATIONS

GAME = "cockroach-poker"
#: Three people (Aki the creator at seat 0, seats 1 and 2 free) and nobody moving yet.
PEOPLE = {"1": "human", "2": "human"}
SQLITE_ONLY = pytest.mark.skipif(bool(os.environ.get("ASOBIBA_TEST_DATABASE")), reason="builds an old SQLite file")


def join(server: ServerProcess, room: str, **body: Any) -> dict[str, Any]:
    """``POST /api/rooms/{room}/join`` with exactly ``body``."""
    granted: dict[str, Any] = http("POST", f"{server.base_url}/api/rooms/{room}/join", body)
    return granted


def code_of(link: str) -> str:
    """The invite code an invite link carries."""
    return urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["invite"][0]


def refused(call: Any) -> ServerError:
    with pytest.raises(ServerError) as error:
        call()
    return error.value


def occupied(server: ServerProcess, room: str) -> list[bool]:
    return [seat["occupied"] for seat in room_summary(server.base_url, room)["seats"]]


def test_an_invited_seat_is_taken_only_with_its_own_links_code(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, name="Aki")
    room = made["room"]
    assert sorted(made["invites"]) == ["1", "2"]
    for seat, link in made["invites"].items():
        assert link.startswith(f"{shared_server.base_url}/r/{room}?seat={seat}&invite=")
    assert made["invite"].endswith(f"/r/{room}") and made["token"]  # the answer's old fields stay
    one, two = code_of(made["invites"]["1"]), code_of(made["invites"]["2"])
    assert one != two
    summary = room_summary(shared_server.base_url, room)
    assert [seat["invited"] for seat in summary["seats"]] == [False, True, True]
    assert one not in str(summary) and two not in str(summary)
    for body, code, words in [
        ({"name": "Sam", "seat": 1}, "invite_required", "seat 1 is kept for an invited friend"),
        ({"name": "Sam", "seat": 1, "invite": two}, "bad_invite", "not seat 1's"),
        ({"name": "Sam", "seat": 1, "invite": "guessed"}, "bad_invite", "not seat 1's"),
        ({"name": "Sam"}, "invite_required", "every free seat is kept for an invited friend"),
        ({"name": "Sam", "invite": "guessed"}, "bad_invite", "no free seat's"),
    ]:
        error = refused(lambda body=body: join(shared_server, room, **body))
        assert (error.status, error.body["code"]) == (403, code), error.body
        assert words in error.body["message"]
    assert occupied(shared_server, room) == [True, False, False]  # nothing changed
    ken = join(shared_server, room, name="Ken", seat=1, invite=one)
    assert ken["seat"] == 1
    mio = join(shared_server, room, name="Mio", invite=two)  # the code alone names its seat
    assert mio["seat"] == 2
    again = refused(lambda: join(shared_server, room, name="Sam", seat=1, invite=one))
    assert (again.status, again.body["code"]) == (409, "seat_taken")


def test_a_squatter_in_a_listed_room_takes_an_open_seat_never_the_friends(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, name="Aki", listed=True, open_seats=1)
    room = made["room"]
    assert sorted(made["invites"]) == ["1"]  # seat 1 invited, seat 2 open
    summary = room_summary(shared_server.base_url, room)
    assert [seat["invited"] for seat in summary["seats"]] == [False, True, False]
    assert room in [listed["room"] for listed in http("GET", f"{shared_server.base_url}/api/open-rooms")]
    squatter = join(shared_server, room, name="Squatter")  # from the lobby: an open seat
    assert squatter["seat"] == 2
    for body in ({"name": "Squatter2"}, {"name": "Squatter2", "seat": 1}):
        error = refused(lambda body=body: join(shared_server, room, **body))
        assert error.status == 403 and error.body["code"] == "invite_required"
    # no open seat left: the lobby does not list it, though it still waits for the invited friend
    assert room not in [listed["room"] for listed in http("GET", f"{shared_server.base_url}/api/open-rooms")]
    assert room_summary(shared_server.base_url, room)["started"] is False
    ken = join(shared_server, room, name="Ken", seat=1, invite=code_of(made["invites"]["1"]))
    assert ken["seat"] == 1
    assert room_summary(shared_server.base_url, room)["started"] is True


def test_open_seats_are_checked(shared_server: ServerProcess) -> None:
    error = refused(lambda: create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, listed=True, open_seats=3))
    assert error.status == 400 and "2 free person seats" in error.body["message"]
    everyone = create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, name="Aki", listed=True)
    assert everyone["invites"] == {}  # a listed room's free seats are open unless said otherwise
    private = create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, name="Aki", open_seats=1)
    assert sorted(private["invites"]) == ["1"]
    assert join(shared_server, private["room"], name="Ken")["seat"] == 2


async def close_of(client: RoomClient) -> tuple[int | None, str | None]:
    """Read until the server closes the connection: its close code and reason."""
    assert client.socket is not None
    with pytest.raises(ConnectionClosed):
        for _ in range(100):
            await asyncio.wait_for(client.socket.recv(), 10)
    return client.socket.close_code, client.socket.close_reason


def test_the_creator_frees_a_seat_a_stranger_took_and_the_strangers_token_stops_working(
    shared_server: ServerProcess,
) -> None:
    base = shared_server.base_url
    made = create_room(base, GAME, 3, seats=PEOPLE, name="Aki", listed=True)
    room = made["room"]
    stranger = join(shared_server, room, name="Stranger")
    assert stranger["seat"] == 1
    path = f"{base}/api/rooms/{room}/seats/1/free"
    for token in (None, "not-a-token", stranger["token"]):
        error = refused(lambda token=token: http("POST", path, {"token": token}))
        assert error.status == 403 and error.body["code"] == "bad_token"
    own = refused(lambda: http("POST", f"{base}/api/rooms/{room}/seats/0/free", {"token": made["token"]}))
    assert own.status == 409 and own.body["code"] == "own_seat"
    missing = refused(lambda: http("POST", f"{base}/api/rooms/{room}/seats/5/free", {"token": made["token"]}))
    assert missing.status == 400 and missing.body["code"] == "no_such_seat"
    assert occupied(shared_server, room) == [True, True, False]

    async def scenario() -> tuple[int | None, str | None]:
        async with RoomClient(base, room, stranger["token"]) as squatting:
            assert squatting.state["seat"] == 1
            freed = await asyncio.to_thread(http, "POST", path, {"token": made["token"]})
            assert freed["seat"] == 1 and freed["invite"].startswith(f"{base}/r/{room}?seat=1&invite=")
            code, reason = await close_of(squatting)
            return code, f"{reason}|{freed['invite']}"

    code, reason_and_link = run(scenario())
    reason, link = str(reason_and_link).split("|")
    assert code == 4410 and "creator freed this seat" in reason
    summary = room_summary(base, room)
    assert summary["seats"][1]["occupied"] is False and summary["seats"][1]["invited"] is True
    assert summary["seats"][1]["name"] is None

    async def comes_back() -> int | None:
        again = RoomClient(base, room, stranger["token"])
        await again.open()
        await again.send({"type": "hello", "protocol": 1, "token": stranger["token"], "seq": None, "lang": "en"})
        return (await close_of(again))[0]

    assert run(comes_back()) == 4403  # the token holds no seat any more
    renamed = refused(lambda: rename(base, room, stranger["token"], "Back"))
    assert renamed.status == 403
    retaken = refused(lambda: join(shared_server, room, name="Stranger", seat=1))  # the seat is invited now
    assert retaken.status == 403 and retaken.body["code"] == "invite_required"
    ken = join(shared_server, room, name="Ken", seat=1, invite=code_of(link))
    assert ken["seat"] == 1
    start_room(base, room, made["token"])
    late = refused(lambda: http("POST", f"{base}/api/rooms/{room}/seats/2/free", {"token": made["token"]}))
    assert late.status == 409 and late.body["code"] == "already_started"


def test_freeing_a_free_invited_seat_gives_it_a_new_link_and_the_old_one_stops_working(
    shared_server: ServerProcess,
) -> None:
    made = create_room(shared_server.base_url, GAME, 3, seats=PEOPLE, name="Aki")
    room, old = made["room"], code_of(made["invites"]["1"])
    path = f"{shared_server.base_url}/api/rooms/{room}/seats/1/free"
    new = code_of(http("POST", path, {"token": made["token"]})["invite"])
    error = refused(lambda: join(shared_server, room, name="Ken", seat=1, invite=old))
    assert error.status == 403 and error.body["code"] == "bad_invite"
    assert join(shared_server, room, name="Ken", seat=1, invite=new)["seat"] == 1


def test_a_person_who_left_the_waiting_room_is_not_replaced_by_a_bot_before_the_start(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "a.db", tmp_path / "server.log", environment={"ASOBIBA_SEAT_TIMEOUT": "0.3"})
    server.start()
    try:
        made = create_room(server.base_url, GAME, 3, seats=PEOPLE, name="Aki", grace=0.2)
        room = made["room"]
        ken = join(server, room, name="Ken", seat=1, invite=code_of(made["invites"]["1"]))

        async def visit() -> None:
            async with RoomClient(server.base_url, room, ken["token"]):
                pass  # Ken was here, and left; seat 2 is still awaited

        run(visit())
        time.sleep(1.5)  # past the grace and the seat timeout
        summary = room_summary(server.base_url, room)
        assert summary["started"] is False
        assert summary["seats"][1]["occupied"] is True and summary["seats"][1]["taken_over"] is False
    finally:
        server.stop()


def database_of_before(path: Path) -> tuple[str, str]:
    """A SQLite database at migration 0004 (before invites) holding a waiting room made then: Aki at
    seat 0, seat 1 free (its plain ``?seat=1`` link), a bot at seat 2. The room's id and Aki's token."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    from asobiba.server.rooms.seats import hash_token

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    engine.dispose()
    state, _events = get_game(GAME).start(3, seed=7, first_player=2)
    record = state.record()
    room, token, now = "OldRoom1", "old-token-of-aki-0123456789", time.time()
    with sqlite3.connect(path) as database:
        database.execute(
            "INSERT INTO rooms (id, game, players, options, seed, name, status, bot_delay, grace, created_at,"
            " updated_at, started, listed, creator) VALUES (?, ?, 3, ?, 7, 'old', 'open', 0, 60, ?, ?, 0, 1, ?)",
            (room, GAME, json.dumps(record["options"]), now, now, hash_token(token)),
        )
        for seat, kind, name, token_hash in [(0, "human", "Aki", hash_token(token)), (1, "human", None, None)]:
            database.execute(
                "INSERT INTO seats (room_id, seat, kind, name, token_hash, taken_over) VALUES (?, ?, ?, ?, ?, 0)",
                (room, seat, kind, name, token_hash),
            )
        database.execute("INSERT INTO seats (room_id, seat, kind, taken_over) VALUES (?, 2, 'bot:random', 0)", (room,))
        for seq, text in enumerate(record["actions"]):
            database.execute(
                "INSERT INTO actions (room_id, seq, text, created_at) VALUES (?, ?, ?, ?)", (room, seq, text, now)
            )
    return room, token


@SQLITE_ONLY
def test_a_database_of_before_upgrades_with_its_rooms_and_their_plain_seat_links_intact(tmp_path: Path) -> None:
    room, token = database_of_before(tmp_path / "old.db")
    server = ServerProcess(tmp_path / "old.db", tmp_path / "server.log")
    server.start()
    try:
        summary = room_summary(server.base_url, room)
        assert summary["started"] is False and summary["name"] == "old" and summary["creator"] == 0
        assert [seat["invited"] for seat in summary["seats"]] == [False, False, False]
        assert room in [listed["room"] for listed in http("GET", f"{server.base_url}/api/open-rooms")]
        ken = join(server, room, name="Ken", seat=1)  # the plain link of before: no code on that seat
        assert ken["seat"] == 1
        assert room_summary(server.base_url, room)["started"] is True

        async def aki() -> int:
            async with RoomClient(server.base_url, room, token) as client:
                return int(client.state["seat"])

        assert run(aki()) == 0
        fresh = create_room(server.base_url, GAME, 3, seats=PEOPLE, name="Aki")  # new rooms: codes
        assert sorted(fresh["invites"]) == ["1", "2"]
    finally:
        server.stop()
