"""Profiles and leaderboards on a real ``asobiba serve``: games played to the end over the WebSocket
between two accounts count for both (``GET /api/players/{username}``, ``GET /api/leaderboard/{game}``
and their pages), an unrated room counts for nobody, and nothing private is in a profile.

Accounts are made here by writing their rows while the server is stopped (``POST /api/account`` is
another part of the issue); the seats taken over HTTP are then given to them the same way."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from server_testing import ServerProcess, play_first_legal, run, store_finished_games
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from asobiba.server.accounts.rows import ACCOUNTS
from asobiba.server.client import RoomClient, create_room, follow_invite, rematch
from asobiba.server.storage import SEATS, Storage, normalise_url

#: Rated games between the two accounts (the leaderboard lists a player from five).
RATED_GAMES = 5


def get(url: str, lang: str = "en") -> tuple[int, Any, str]:
    """GET ``url``: its status, its JSON (None if it is no JSON) and its content type."""
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body, status, kind = response.read(), response.status, response.headers.get("content-type", "")
    except urllib.error.HTTPError as error:
        body, status, kind = error.read(), error.code, error.headers.get("content-type", "")
    try:
        return status, json.loads(body), kind
    except ValueError:
        return status, None, kind


def give_seats_to_accounts(database_url: str, seats: dict[str, list[str]]) -> dict[str, int]:
    """(The server stopped.) An account for each username of ``seats``, given the seats it lists
    (``"room:seat"``); their ids by username."""

    async def write() -> dict[str, int]:
        storage = Storage(normalise_url(database_url))
        await storage.migrate()
        try:

            def store(connection: Connection) -> dict[str, int]:
                made = {}
                for username, places in seats.items():
                    values = {
                        "username": username,
                        "username_key": username.lower(),
                        "password_hash": "not a password",
                        "created_at": 0.0,
                        "email": f"{username.lower()}@example.com",
                    }
                    key = connection.execute(insert(ACCOUNTS).values(**values)).inserted_primary_key
                    assert key is not None
                    made[username] = int(key[0])
                    for place in places:
                        room, seat = place.split(":")
                        connection.execute(
                            update(SEATS)
                            .where(SEATS.c.room_id == room, SEATS.c.seat == int(seat))
                            .values(account_id=made[username])
                        )
                return made

            accounts: dict[str, int] = await storage.transaction(store)
            return accounts
        finally:
            await storage.close()

    with ThreadPoolExecutor(1) as thread:
        return dict(thread.submit(asyncio.run, write()).result())


def give_seats(database_url: str, seats: dict[str, dict[int, str]]) -> None:
    """(The server stopped.) Each room's seats to the accounts of those usernames."""

    async def write() -> None:
        storage = Storage(normalise_url(database_url))
        try:

            def store(connection: Connection) -> None:
                for room, places in seats.items():
                    for seat, username in places.items():
                        account = connection.execute(
                            select(ACCOUNTS.c.id).where(ACCOUNTS.c.username_key == username)
                        ).scalar_one()
                        connection.execute(
                            update(SEATS)
                            .where(SEATS.c.room_id == room, SEATS.c.seat == seat)
                            .values(account_id=account)
                        )

            await storage.transaction(store)
        finally:
            await storage.close()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, write()).result()


def test_games_between_two_accounts_make_their_profiles_and_the_leaderboard(server: ServerProcess) -> None:
    base = server.base_url
    rooms: list[tuple[str, str, str]] = []
    for number in range(RATED_GAMES + 1):
        made = create_room(base, "cockroach-poker", 3, seats={"2": "bot:normal"}, name="Ann", rated=number > 0)
        joined = follow_invite(made["invites"]["1"], name="Ben")
        rooms.append((made["room"], made["token"], joined["token"]))
    unrated = rooms[0][0]
    waiting = create_room(base, "cockroach-poker", 3, seats={"2": "bot:normal"}, name="Ann")
    server.stop()
    give_seats_to_accounts(
        server.db_url,
        {
            "Ann": [f"{room}:0" for room, _, _ in rooms] + [f"{waiting['room']}:0"],
            "ben": [f"{room}:1" for room, _, _ in rooms],
        },
    )
    server.start()

    async def play(room: str, first: str, second: str) -> None:
        async with RoomClient(base, room, first) as ann, RoomClient(base, room, second) as ben:
            await asyncio.gather(play_first_legal(ann), play_first_legal(ben))

    for room, first, second in rooms:
        run(play(room, first, second))

    status, profile, _ = get(f"{base}/api/players/ann")
    assert status == 200, profile
    assert profile["username"] == "Ann"
    assert set(profile["ratings"]) == {"cockroach-poker:trump"}
    trump = profile["ratings"]["cockroach-poker:trump"]
    assert trump["games"] == RATED_GAMES and 0 <= trump["wins"] <= RATED_GAMES
    assert isinstance(trump["rating"], int)
    assert len(trump["history"]) == RATED_GAMES and trump["history"][-1]["rating"] == trump["rating"]
    assert "plays_like" in trump
    recent = profile["recent"]
    assert [game["room"] for game in recent] == [room for room, _, _ in reversed(rooms)]  # newest first
    assert all(game["replay"] == f"/r/{game['room']}" and game["rank"] in (1, 2, 3) for game in recent)
    assert [game["rated"] for game in recent] == [True] * RATED_GAMES + [False]
    players = recent[0]["players"]
    assert [(player["username"], player["bot"]) for player in players] == [
        ("Ann", None),
        ("ben", None),
        (None, "normal"),
    ]
    assert all(player["rank"] in (1, 2, 3) for player in players)

    # ben's too, by any case of his name; the leaderboard has both (five games each)
    status, ben, _ = get(f"{base}/api/players/BEN")
    assert status == 200 and ben["ratings"]["cockroach-poker:trump"]["games"] == RATED_GAMES
    status, board, _ = get(f"{base}/api/leaderboard/cockroach-poker")
    assert status == 200 and board["key"] == "cockroach-poker:trump"
    assert board["rule_sets"] == ["cockroach-poker:trump", "cockroach-poker:original"]
    listed = [(entry["username"], entry["rating"]) for entry in board["players"]]
    assert sorted(listed) == sorted(
        [("Ann", trump["rating"]), ("ben", ben["ratings"]["cockroach-poker:trump"]["rating"])]
    )
    assert [rating for _, rating in listed] == sorted((rating for _, rating in listed), reverse=True)
    assert get(f"{base}/api/leaderboard/cockroach-poker:original")[1]["players"] == []
    assert get(f"{base}/api/leaderboard/survive")[1]["players"] == []

    # nothing private: no email, no password hash, no token, no game that has not ended
    text = json.dumps(profile)
    for secret in ("example.com", "not a password", "password", "email", "token", "card_order", waiting["room"]):
        assert secret not in text
    for _, first, second in rooms:
        assert first not in text and second not in text

    # the pages, and 404s in the reader's language
    for path in ("/p/ann", "/leaderboard/cockroach-poker", "/leaderboard/survive"):
        status, _, kind = get(base + path)
        assert status == 200 and kind.startswith("text/html"), path
    for path, code in (
        ("/api/players/nobody", "no_such_player"),
        ("/p/nobody", "no_such_player"),
        ("/api/players/a%20b", "no_such_player"),
        ("/api/leaderboard/chess", "no_such_game"),
        ("/api/leaderboard/cockroach-poker:poker", "no_such_game"),
        ("/leaderboard/chess", "no_such_game"),
    ):
        status, body, _ = get(base + path)
        assert status == 404 and body["code"] == code and body["message"].startswith("there is no"), (path, body)
        status, body, _ = get(base + path, lang="ja")
        assert status == 404 and body["code"] == code and body["message"].startswith("「"), (path, body)
    assert unrated == recent[-1]["room"]

    # a rematch keeps its players' accounts: it counts too
    last, first, second = rooms[-1]
    again = rematch(base, last, first)
    assert rematch(base, last, second)["room"] == again["room"]
    run(play(again["room"], first, second))
    status, after, _ = get(f"{base}/api/players/ann")
    assert after["ratings"]["cockroach-poker:trump"]["games"] == RATED_GAMES + 1
    assert after["recent"][0]["room"] == again["room"] and after["recent"][0]["rated"]


def test_a_game_whose_end_was_stored_but_not_counted_is_counted_when_its_room_is_read(server: ServerProcess) -> None:
    """The process that stored a game's last move stopped before counting it: the next to load the room counts it."""
    from ratings_testing import store_rated_games

    server.stop()
    store_rated_games(server.db_url, ["Ann", "Ben"], [], seed=1)  # the accounts only
    (room,) = store_finished_games(server.db_url, "cockroach-poker", 3, {"rules": "trump"}, 1, seed=5)
    give_seats(server.db_url, {room: {0: "ann", 1: "ben"}})
    server.start()
    assert get(f"{server.base_url}/api/players/ann")[1]["ratings"] == {}
    assert get(f"{server.base_url}/api/rooms/{room}")[0] == 200  # read: back in memory
    for _ in range(200):  # bounded: the count runs beside the answer
        profile = get(f"{server.base_url}/api/players/ann")[1]
        if profile["ratings"]:
            break
        time.sleep(0.05)
    assert profile["ratings"]["cockroach-poker:trump"]["games"] == 1
    assert profile["recent"][0]["room"] == room and profile["recent"][0]["rank"] in (1, 2, 3)
