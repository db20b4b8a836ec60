"""Ratings: what counting a finished game costs (one transaction of the storage's writer: the seats'
places, the players' openskill update, their history), and what reading a profile and a leaderboard
costs as a player's games pile up.

    python benchmarks/ratings.py --players 200 --games 2000

On a temporary SQLite file: ``--players`` accounts play ``--games`` games of Cockroach Poker three at a
table with a bot (rooms stored directly, as the tests do), each counted as the server counts an end;
then one account's profile and the game's leaderboard are read ``--reads`` times. Prints a table of
milliseconds per call (median and p95).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

from sqlalchemy import insert
from sqlalchemy.engine import Connection

from asobiba.server.accounts.ratings import count_finished_game
from asobiba.server.accounts.ratings_profiles import leaderboard, player_profile
from asobiba.server.accounts.rows import ACCOUNTS
from asobiba.server.storage import RoomRow, SeatRow, Storage, dumps


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await call()
    return (time.perf_counter() - started) * 1000


def row(name: str, samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(len(samples) * 0.95))]
    return f"| {name} | {len(samples)} | {statistics.median(samples):.2f} | {p95:.2f} |"


async def main(players: int, games: int, reads: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(f"sqlite:///{Path(folder) / 'ratings.db'}")
        await storage.migrate()
        try:

            def accounts(connection: Connection) -> list[int]:
                made = []
                for number in range(players):
                    values = {
                        "username": f"player{number}",
                        "username_key": f"player{number}",
                        "password_hash": "x",
                        "created_at": 0.0,
                    }
                    key = connection.execute(insert(ACCOUNTS).values(**values)).inserted_primary_key
                    assert key is not None
                    made.append(int(key[0]))
                return made

            ids = await storage.transaction(accounts)
            rng = random.Random(1)
            counting = []
            for number in range(games):
                table = rng.sample(ids, 3)
                room_id, now = secrets.token_urlsafe(9), time.time()
                room = RoomRow(id=room_id, game="cockroach-poker", players=4, options=dumps({"rules": "trump"}),
                               seed=number, name=None, status="over", bot_delay=0.0, grace=0.0, clock=None,
                               created_at=now, updated_at=now, started=True, listed=False, creator=None,
                               finished_at=now)  # fmt: skip
                seats = [
                    SeatRow(room_id=room_id, seat=seat, kind="human", account_id=account)
                    for seat, account in enumerate(table)
                ]
                seats.append(SeatRow(room_id=room_id, seat=3, kind="bot:normal"))
                await storage.create_room(room, seats, [])
                loser = rng.randrange(4)
                result = {
                    "winners": [seat for seat in range(4) if seat != loser],
                    "scores": [int(seat != loser) for seat in range(4)],
                }
                counting.append(
                    await timed(lambda room_id=room_id, result=result: count_finished_game(storage, room_id, result))
                )
            assert await player_profile(storage, "player0") is not None
            profile = [await timed(lambda: player_profile(storage, "player0")) for _ in range(reads)]
            board = [await timed(lambda: leaderboard(storage, "cockroach-poker:trump")) for _ in range(reads)]
        finally:
            await storage.close()
    print(f"{players} accounts, {games} games (player0 played about {games * 3 // players})\n")
    print("| call | n | median ms | p95 ms |\n|---|---:|---:|---:|")
    print(row("count a finished game", counting))
    print(row("read a profile", profile))
    print(row("read a leaderboard", board))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--reads", type=int, default=50)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.players, arguments.games, arguments.reads))
