"""Counting a finished game (:mod:`asobiba.server.accounts.ratings`) over a real SQLite storage: each
seat's place, and the ratings of the accounts seated — ties as ties, bots at their fixed ratings,
a resigned player last, unrated rooms and rooms of fewer than two accounts left alone, each room
counted once."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from server_testing import PostgreSQLCluster, run
from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from asobiba.server.accounts.ratings import count_finished_game, final_ranks, game_key
from asobiba.server.accounts.ratings_scale import MU, bot_ratings, displayed_rating, plays_like
from asobiba.server.accounts.rows import ACCOUNTS, RATING_HISTORY, RATINGS
from asobiba.server.storage import ROOMS, SEATS, RoomRow, SeatRow, Storage, dumps


async def add_account(storage: Storage, username: str) -> int:
    """An account, stored as ``POST /api/account`` will store it (the password's hash is not read here)."""

    def write(connection: Connection) -> int:
        values = {"username": username, "username_key": username.lower(), "password_hash": "x", "created_at": 0.0}
        key = connection.execute(insert(ACCOUNTS).values(**values)).inserted_primary_key
        assert key is not None
        return int(key[0])

    account: int = await storage.transaction(write)
    return account


async def add_room(
    storage: Storage,
    seats: list[str | int],
    *,
    game: str = "cockroach-poker",
    options: dict[str, Any] | None = None,
    rated: bool = True,
    resigned: tuple[int, ...] = (),
) -> str:
    """A stored room whose game is over: each seat a bot's kind (``"bot:hard"``), a guest (``"human"``)
    or an account's id."""
    room_id = secrets.token_urlsafe(9)
    now = time.time()
    row = RoomRow(
        id=room_id,
        game=game,
        players=len(seats),
        options=dumps({"rules": "trump"} if options is None else options),
        seed=1,
        name=None,
        status="over",
        bot_delay=0.0,
        grace=0.0,
        clock=None,
        created_at=now,
        updated_at=now,
        started=True,
        listed=False,
        creator=None,
        spectator_chat=False,
        chat_key=secrets.token_hex(16),
        rated=rated,
        finished_at=now,
    )
    seat_rows = [
        SeatRow(
            room_id=room_id,
            seat=number,
            kind=kind if isinstance(kind, str) else "human",
            account_id=kind if isinstance(kind, int) else None,
            resigned=number in resigned,
        )
        for number, kind in enumerate(seats)
    ]
    await storage.create_room(row, seat_rows, [])
    return room_id


async def ratings(storage: Storage) -> dict[int, Any]:
    async with storage.engine.connect() as connection:
        rows = (await connection.execute(select(RATINGS))).all()
    return {row.account_id: row for row in rows}


async def history(storage: Storage) -> list[Any]:
    async with storage.engine.connect() as connection:
        return list((await connection.execute(select(RATING_HISTORY))).all())


async def seat_ranks(storage: Storage, room_id: str) -> list[int | None]:
    async with storage.engine.connect() as connection:
        rows = await connection.execute(select(SEATS.c.rank).where(SEATS.c.room_id == room_id).order_by(SEATS.c.seat))
        return [row.rank for row in rows]


async def rated_at(storage: Storage, room_id: str) -> float | None:
    async with storage.engine.connect() as connection:
        value = (await connection.execute(select(ROOMS.c.rated_at).where(ROOMS.c.id == room_id))).scalar_one()
        return float(value) if value is not None else None


def with_storage(tmp_path: Path, body: Callable[[Storage], Awaitable[None]]) -> None:
    async def go() -> None:
        storage = Storage(f"sqlite:///{tmp_path / 'rooms.db'}")
        await storage.migrate()
        try:
            await body(storage)
        finally:
            await storage.close()

    run(go())


# ---------------------------------------------------------------------------------------- the ranking


def test_winners_share_the_first_place_and_the_others_follow_by_score() -> None:
    assert final_ranks({"winners": [1], "scores": [4, 9, 4, 2]}, 4, resigned=()) == [2, 1, 2, 4]
    assert final_ranks({"winners": [0, 2], "scores": [1, 0, 1]}, 3, resigned=()) == [1, 3, 1]


def test_a_resigned_seat_ranks_last_even_as_a_winner() -> None:
    assert final_ranks({"winners": [0], "scores": [9, 5, 1]}, 3, resigned={0}) == [3, 1, 2]
    assert final_ranks({"winners": [0], "scores": [9, 5, 1]}, 3, resigned={0, 2}) == [2, 1, 2]


def test_the_rules_option_is_a_rating_of_its_own() -> None:
    assert game_key("cockroach-poker", {"rules": "trump", "jokers": "wild"}) == "cockroach-poker:trump"
    assert game_key("cockroach-poker", {"rules": "original"}) == "cockroach-poker:original"
    assert game_key("paper-safari", {"tokens_to_win": 3}) == "paper-safari"


# ---------------------------------------------------------------------------------------- the update


def test_a_game_between_two_accounts_moves_both_ratings(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann, ben = await add_account(storage, "Ann"), await add_account(storage, "ben")
        room = await add_room(storage, [ann, ben, "bot:normal"])
        counted = await count_finished_game(storage, room, {"winners": [0, 2], "losers": [1], "scores": [1, 0, 1]})
        assert counted is not None and counted.rated
        assert counted.game_key == "cockroach-poker:trump"
        assert await seat_ranks(storage, room) == [1, 3, 1]
        rows = await ratings(storage)
        assert set(rows) == {ann, ben}  # the bot keeps its fixed rating: no row
        assert rows[ann].mu > MU > rows[ben].mu
        assert (rows[ann].games, rows[ann].wins, rows[ben].games, rows[ben].wins) == (1, 1, 1, 0)
        assert rows[ann].game_key == "cockroach-poker:trump"
        assert len(await history(storage)) == 2
        assert await rated_at(storage, room) is not None

    with_storage(tmp_path, body)


def test_tied_players_are_tied(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ids = [await add_account(storage, name) for name in ("ann", "ben", "cy")]
        room = await add_room(storage, list(ids))
        await count_finished_game(storage, room, {"winners": [0, 1], "scores": [1, 1, 0]})
        rows = await ratings(storage)
        assert rows[ids[0]].mu == pytest.approx(rows[ids[1]].mu)
        assert rows[ids[0]].sigma == pytest.approx(rows[ids[1]].sigma)
        assert rows[ids[0]].mu > MU > rows[ids[2]].mu
        assert rows[ids[0]].wins == rows[ids[1]].wins == 1

    with_storage(tmp_path, body)


def test_beating_a_hard_bot_is_worth_more_than_beating_a_random_one(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        bots = bot_ratings("cockroach-poker:trump")
        assert bots["hard"].mu > bots["random"].mu
        gains = {}
        for level in ("random", "hard"):
            ann, ben = await add_account(storage, f"ann-{level}"), await add_account(storage, f"ben-{level}")
            room = await add_room(storage, [ann, ben, f"bot:{level}"])
            await count_finished_game(storage, room, {"winners": [0, 1], "scores": [1, 1, 0]})
            gains[level] = (await ratings(storage))[ann].mu - MU
        assert gains["hard"] > gains["random"] > 0

    with_storage(tmp_path, body)


def test_a_resigned_player_ranks_last_and_loses(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann, ben = await add_account(storage, "ann"), await add_account(storage, "ben")
        # Ann's seat "won" after she resigned (the bot playing it on did): she ranks last all the same
        room = await add_room(storage, [ann, ben, "bot:easy"], resigned=(0,))
        await count_finished_game(storage, room, {"winners": [0, 1], "scores": [1, 1, 0]})
        assert await seat_ranks(storage, room) == [3, 1, 2]
        rows = await ratings(storage)
        assert rows[ann].mu < MU < rows[ben].mu
        assert (rows[ann].games, rows[ann].wins) == (1, 0)

    with_storage(tmp_path, body)


def test_an_unrated_room_counts_for_nobody(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann, ben = await add_account(storage, "ann"), await add_account(storage, "ben")
        room = await add_room(storage, [ann, ben, "bot:easy"], rated=False)
        counted = await count_finished_game(storage, room, {"winners": [0], "scores": [1, 0, 0]})
        assert counted is not None and not counted.rated
        assert await ratings(storage) == {}
        assert await rated_at(storage, room) is None
        assert await seat_ranks(storage, room) == [1, 2, 2]  # the places are kept all the same

    with_storage(tmp_path, body)


def test_one_account_among_guests_and_bots_is_not_rated(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann = await add_account(storage, "ann")
        room = await add_room(storage, [ann, "human", "bot:hard"])
        await count_finished_game(storage, room, {"winners": [0], "scores": [1, 0, 0]})
        same = await add_room(storage, [ann, ann, "bot:hard"])  # one person in two seats is one person
        await count_finished_game(storage, same, {"winners": [0], "scores": [1, 0, 0]})
        assert await ratings(storage) == {}
        assert await rated_at(storage, room) is None

    with_storage(tmp_path, body)


def test_a_room_is_counted_once(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann, ben = await add_account(storage, "ann"), await add_account(storage, "ben")
        room = await add_room(storage, [ann, ben, "bot:normal"])
        result = {"winners": [0], "scores": [1, 0, 0]}
        first = await count_finished_game(storage, room, result)
        once = dict(await ratings(storage))
        # again, and twice at once (as two processes seeing the same end would)
        again = await asyncio.gather(*(count_finished_game(storage, room, result) for _ in range(2)))
        assert first is not None and first.rated
        assert all(counted is not None and not counted.rated for counted in again)
        rows = await ratings(storage)
        assert rows[ann].games == rows[ben].games == 1
        assert rows[ann].mu == once[ann].mu
        assert len(await history(storage)) == 2

    with_storage(tmp_path, body)


def test_rematches_count_as_games_of_their_own(tmp_path: Path) -> None:
    async def body(storage: Storage) -> None:
        ann, ben = await add_account(storage, "ann"), await add_account(storage, "ben")
        for _ in range(3):
            room = await add_room(storage, [ann, ben])
            await count_finished_game(storage, room, {"winners": [0], "scores": [1, 0]})
        rows = await ratings(storage)
        assert (rows[ann].games, rows[ann].wins) == (3, 3)
        assert displayed_rating(rows[ann].mu) > displayed_rating(MU) > displayed_rating(rows[ben].mu)

    with_storage(tmp_path, body)


def test_a_player_reads_which_bot_they_play_like() -> None:
    bots = bot_ratings("cockroach-poker:trump")
    assert plays_like("cockroach-poker:trump", bots["hard"].rating) == "hard"
    assert plays_like("cockroach-poker:trump", bots["hard"].rating - 1) == "normal"
    assert plays_like("cockroach-poker:trump", bots["random"].rating - 1) is None


def test_two_processes_seeing_one_end_count_it_once(postgresql: PostgreSQLCluster) -> None:
    """On PostgreSQL each server process has its own storage (its own writer): the database decides."""
    url = postgresql.fresh_database()

    async def go() -> None:
        first, second = Storage(url), Storage(url)
        await first.migrate()
        try:
            ann, ben = await add_account(first, "ann"), await add_account(first, "ben")
            rooms = [await add_room(first, [ann, ben, "bot:normal"]) for _ in range(10)]
            result = {"winners": [0], "scores": [1, 0, 0]}
            for room in rooms:
                counted = await asyncio.gather(
                    *(count_finished_game(storage, room, result) for storage in (first, second))
                )
                assert sorted(bool(game and game.rated) for game in counted) == [False, True]
            rows = await ratings(first)
            assert rows[ann].games == rows[ben].games == len(rooms)
            assert len(await history(first)) == 2 * len(rooms)
        finally:
            await first.close()
            await second.close()

    run(go())


def test_two_first_games_of_the_same_players_ending_at_once_both_count(postgresql: PostgreSQLCluster) -> None:
    """Two processes end two games of the same newcomers at the same moment: both insert their first rating;
    the one that loses the race counts again and updates it instead."""
    url = postgresql.fresh_database()

    async def go() -> None:
        first, second = Storage(url), Storage(url)
        await first.migrate()
        try:
            for round_number in range(5):
                ann, ben = (
                    await add_account(first, f"ann{round_number}"),
                    await add_account(first, f"ben{round_number}"),
                )
                rooms = [await add_room(first, [ann, ben, "bot:normal"]) for _ in range(2)]
                result = {"winners": [0], "scores": [1, 0, 0]}
                counted = await asyncio.gather(
                    *(
                        count_finished_game(storage, room, result)
                        for storage, room in zip((first, second), rooms, strict=True)
                    )
                )
                assert all(game is not None and game.rated for game in counted)
                rows = await ratings(first)
                assert rows[ann].games == rows[ben].games == 2
        finally:
            await first.close()
            await second.close()

    run(go())
