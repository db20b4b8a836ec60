"""Rated games made without a server (for the browser tests and the screenshots): accounts, and games played
to the end here by random bots for them, stored as finished rooms with real records (their replays work)
and counted as the server counts a game that ends (:func:`asobiba.server.accounts.ratings.count_finished_game`),
a day apart each so that a rating's history spans days."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import insert
from sqlalchemy.engine import Connection

#: Seconds between two stored games (a day).
DAY = 86400.0


def store_rated_games(
    database_url: str,
    usernames: Sequence[str],
    tables: Sequence[tuple[str, dict[str, Any], Sequence[str | int]]],
    seed: int = 0,
) -> dict[str, int]:
    """Make an account per username, then play each of ``tables`` — ``(game, options, seats)``, a seat
    being an index into ``usernames`` or a bot's kind (``"bot:hard"``) — to the end with random bots and
    store it as a finished room whose seats belong to those accounts, counted for their ratings. The
    accounts' ids by username. The server must not be running on ``database_url`` (SQLite holds the file
    for one process)."""
    import asobiba
    from asobiba.server.accounts.ratings import count_finished_game
    from asobiba.server.accounts.rows import ACCOUNTS
    from asobiba.server.rooms.lobby import new_room_id
    from asobiba.server.storage import RoomRow, SeatRow, Storage, dumps, normalise_url

    async def store() -> dict[str, int]:
        storage = Storage(normalise_url(database_url))
        await storage.migrate()
        try:

            def add_accounts(connection: Connection) -> dict[str, int]:
                made = {}
                for username in usernames:
                    values = {
                        "username": username,
                        "username_key": username.lower(),
                        "password_hash": secrets.token_hex(16),
                        "created_at": 0.0,
                    }
                    key = connection.execute(insert(ACCOUNTS).values(**values)).inserted_primary_key
                    assert key is not None
                    made[username] = int(key[0])
                return made

            accounts: dict[str, int] = await storage.transaction(add_accounts)
            start = time.time() - DAY * len(tables)
            for number, (game, options, seats) in enumerate(tables):
                players = len(seats)
                state = asobiba.new_game(game, players, seed=seed + number, **options)
                player = asobiba.bot("random", seed=seed + number)
                while not state.is_over:
                    state.apply(player.choose(state.observe(state.to_move)))
                record, room_id = state.record(), new_room_id()
                when = start + DAY * number
                row = RoomRow(
                    id=room_id,
                    game=game,
                    players=players,
                    options=dumps(record["options"]),
                    seed=record["seed"],
                    name=None,
                    status="over",
                    bot_delay=0.0,
                    grace=60.0,
                    clock=None,
                    created_at=when - 600,
                    updated_at=when,
                    started=True,
                    listed=False,
                    creator=None,
                    finished_at=when,
                )
                seat_rows = [
                    SeatRow(
                        room_id=room_id,
                        seat=seat,
                        kind=kind if isinstance(kind, str) else "human",
                        name=None if isinstance(kind, str) else usernames[kind],
                        token_hash=None if isinstance(kind, str) else secrets.token_hex(32),
                        taken_over=False,
                        account_id=None if isinstance(kind, str) else accounts[usernames[kind]],
                    )
                    for seat, kind in enumerate(seats)
                ]
                await storage.create_room(row, seat_rows, record["actions"])
                await count_finished_game(storage, room_id, state.result(), now=when)
            return accounts
        finally:
            await storage.close()

    # a thread of its own: the caller may be running an event loop (Playwright's sync API does)
    with ThreadPoolExecutor(1) as thread:
        return dict(thread.submit(asyncio.run, store()).result())


__all__ = ["DAY", "store_rated_games"]
