"""What anybody may read of a player and of a game's best players: a profile (``GET /api/players/{username}``)
and a leaderboard (``GET /api/leaderboard/{game}``), read from the stored ratings, their history and
the seats of finished games.

Nothing private leaves here: no email, no password hash, no token or its hash, no game options (a
fixed deal is a secret option), no game that has not ended.
"""

from __future__ import annotations

import datetime
import json
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select

from asobiba.core.registry import game_names, get_game
from asobiba.server.accounts.ratings import RULES_OPTION, game_key
from asobiba.server.accounts.ratings_scale import displayed_rating, plays_like
from asobiba.server.accounts.rows import ACCOUNTS, RATING_HISTORY, RATINGS
from asobiba.server.storage import ROOMS, SEATS, Storage

#: What a username looks like (``POST /api/account``): anything else is nobody's, without a query.
USERNAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
#: Finished games a profile lists (the newest).
RECENT_GAMES = 20
#: Points of a rating's history a profile gives per game (the newest).
HISTORY_POINTS = 200
#: Players a leaderboard lists, and the rated games a player needs to be on it.
LEADERBOARD_SIZE = 50
LEADERBOARD_GAMES = 5
#: Below this many rated games a rating is provisional (shown so).
PROVISIONAL_GAMES = LEADERBOARD_GAMES


def iso_date(seconds: float | None) -> str | None:
    """A stored time as ISO 8601 in UTC (``"2026-12-07T11:13:49Z"``)."""
    if seconds is None:
        return None
    moment = datetime.datetime.fromtimestamp(seconds, tz=datetime.UTC).replace(microsecond=0)
    return moment.isoformat().replace("+00:00", "Z")


def rule_set_keys(game: str) -> list[str]:
    """The ratings a game has: one per rule set, the default first (``"<game>:<rules>"``), or just ``"<game>"``.

    >>> rule_set_keys("cockroach-poker"), rule_set_keys("survive")
    (['cockroach-poker:trump', 'cockroach-poker:original'], ['survive'])
    """
    for option in get_game(game).options:
        if option.name == RULES_OPTION and option.choices:
            others = [choice for choice in option.choices if choice != option.default]
            return [game_key(game, {RULES_OPTION: choice}) for choice in [option.default, *others]]
    return [game]


def leaderboard_key(name: str) -> str | None:
    """The rating a leaderboard's ``{game}`` names: a game (its default rule set) or ``"<game>:<rules>"``;
    None if it is no installed game's."""
    game, _, rules = name.partition(":")
    if game not in game_names():
        return None
    keys = rule_set_keys(game)
    if not rules:
        return keys[0]
    return name if name in keys else None


async def player_exists(storage: Storage, username: str) -> bool:
    """Is there an account ``username`` (any case)?"""
    if USERNAME.fullmatch(username) is None:
        return False
    async with storage.engine.connect() as connection:
        found = await connection.execute(select(ACCOUNTS.c.id).where(ACCOUNTS.c.username_key == username.lower()))
        return found.first() is not None


async def player_profile(storage: Storage, username: str) -> dict[str, Any] | None:
    """The public profile of ``username`` (any case), or None if there is no such account."""
    if USERNAME.fullmatch(username) is None:
        return None
    async with storage.engine.connect() as connection:
        account = (
            await connection.execute(
                select(ACCOUNTS.c.id, ACCOUNTS.c.username).where(ACCOUNTS.c.username_key == username.lower())
            )
        ).one_or_none()
        if account is None:
            return None
        rating_rows = (
            await connection.execute(
                select(RATINGS.c.game_key, RATINGS.c.mu, RATINGS.c.games, RATINGS.c.wins)
                .where(RATINGS.c.account_id == account.id)
                .order_by(RATINGS.c.games.desc(), RATINGS.c.game_key)  # the most played first
            )
        ).all()
        history_rows = (
            await connection.execute(
                select(
                    RATING_HISTORY.c.game_key,
                    RATING_HISTORY.c.mu,
                    RATING_HISTORY.c.room_id,
                    RATING_HISTORY.c.created_at,
                )
                .where(RATING_HISTORY.c.account_id == account.id)
                .order_by(RATING_HISTORY.c.created_at, RATING_HISTORY.c.id)
            )
        ).all()
        finished_at = func.coalesce(ROOMS.c.finished_at, ROOMS.c.updated_at)
        recent_rows = (
            await connection.execute(
                select(
                    ROOMS.c.id,
                    ROOMS.c.game,
                    ROOMS.c.options,
                    ROOMS.c.rated_at,
                    finished_at.label("finished"),
                    SEATS.c.seat,
                )
                .join(SEATS, SEATS.c.room_id == ROOMS.c.id)
                .where(SEATS.c.account_id == account.id, ROOMS.c.status == "over")
                .order_by(finished_at.desc(), ROOMS.c.id)
                .limit(RECENT_GAMES * 6)  # an account seated twice in a room is one game
            )
        ).all()
        rooms: dict[str, Any] = {}
        for row in recent_rows:
            if row.id not in rooms and len(rooms) < RECENT_GAMES:
                rooms[row.id] = row
        table_rows = (
            await connection.execute(
                select(SEATS.c.room_id, SEATS.c.seat, SEATS.c.kind, SEATS.c.name, SEATS.c.rank, ACCOUNTS.c.username)
                .outerjoin(ACCOUNTS, ACCOUNTS.c.id == SEATS.c.account_id)
                .where(SEATS.c.room_id.in_(list(rooms)))
                .order_by(SEATS.c.room_id, SEATS.c.seat)
            )
        ).all()
    history: dict[str, list[dict[str, Any]]] = defaultdict(list)
    after_game: dict[str, int] = {}
    for point in history_rows:
        rating = displayed_rating(point.mu)
        history[point.game_key].append({"rating": rating, "date": iso_date(point.created_at), "room": point.room_id})
        after_game[point.room_id] = rating
    ratings = {}
    for stored in rating_rows:
        rating = displayed_rating(stored.mu)
        ratings[stored.game_key] = {
            "rating": rating,
            "games": stored.games,
            "wins": stored.wins,
            "provisional": stored.games < PROVISIONAL_GAMES,
            "plays_like": plays_like(stored.game_key, rating),
            "history": history[stored.game_key][-HISTORY_POINTS:],
        }
    tables: dict[str, list[Any]] = defaultdict(list)
    for seat in table_rows:
        tables[seat.room_id].append(seat)
    recent = [_recent_game(room, tables[room_id], after_game.get(room_id)) for room_id, room in rooms.items()]
    return {"username": account.username, "ratings": ratings, "recent": recent}


def _recent_game(room: Any, seats: Sequence[Any], rating: int | None) -> dict[str, Any]:
    """A finished game of the profile's player (seated at ``room.seat``), and their rating after it."""
    own = next((seat for seat in seats if seat.seat == room.seat), None)
    return {
        "room": room.id,
        "game": room.game,
        "game_key": game_key(room.game, json.loads(room.options)),
        "date": iso_date(room.finished),
        "seat": room.seat,
        "rank": own.rank if own is not None else None,
        "rated": room.rated_at is not None,
        "rating": rating,
        "players": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "username": seat.username,
                "bot": seat.kind[4:] if seat.kind.startswith("bot:") else None,
                "rank": seat.rank,
            }
            for seat in seats
        ],
        "replay": f"/r/{room.id}",
    }


async def leaderboard(storage: Storage, key: str) -> list[dict[str, Any]]:
    """The best :data:`LEADERBOARD_SIZE` players of the rating ``key`` with :data:`LEADERBOARD_GAMES`
    rated games or more, best first."""
    async with storage.engine.connect() as connection:
        rows = (
            await connection.execute(
                select(ACCOUNTS.c.username, RATINGS.c.mu, RATINGS.c.games, RATINGS.c.wins)
                .join(ACCOUNTS, ACCOUNTS.c.id == RATINGS.c.account_id)
                .where(RATINGS.c.game_key == key, RATINGS.c.games >= LEADERBOARD_GAMES)
                .order_by(RATINGS.c.mu.desc(), ACCOUNTS.c.username_key)
                .limit(LEADERBOARD_SIZE)
            )
        ).all()
    board = []
    for place, row in enumerate(rows, start=1):
        rating = displayed_rating(row.mu)
        board.append({"rank": place, "username": row.username, "rating": rating, "games": row.games, "wins": row.wins})
    return board


__all__ = [
    "LEADERBOARD_GAMES",
    "LEADERBOARD_SIZE",
    "RECENT_GAMES",
    "iso_date",
    "leaderboard",
    "leaderboard_key",
    "player_exists",
    "player_profile",
    "rule_set_keys",
]
