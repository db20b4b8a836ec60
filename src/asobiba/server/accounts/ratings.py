"""Counting a finished game: every seat's place in the final ranking, and — in a rated room with at least
two accounts seated — each account's new rating of the game and rule set (openskill's Plackett–Luce
model, :mod:`asobiba.server.accounts.ratings_scale`), in ONE transaction of the storage's writer.

The final ranking is the result panel's (``standings`` in ``web/table_words.js``): the winners share
the first place; the others follow by score, higher first, equal scores sharing a place; a seat whose
player resigned (or forfeited) is last, after every other. Everybody at the table takes part in the
match: a bot with its level's fixed rating from the ladder, a guest (a seat of nobody's account) with a
newcomer's, an account seated twice with its rating before the game in its other seats; only the
accounts' ratings change (each account once, from its first seat).

A room is counted once, whichever process sees its end first: ``rooms.rated_at`` is set in the same
transaction, only where it is still NULL.

>>> final_ranks({"winners": [2], "scores": [3, 5, 9]}, 3, resigned=())
[3, 2, 1]
>>> final_ranks({"winners": [0, 1], "scores": [1, 1, 0, 0]}, 4, resigned={0})
[4, 1, 2, 2]
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from asobiba.server.accounts.ratings_scale import BETA, MU, SIGMA, bot_ratings, displayed_rating
from asobiba.server.accounts.rows import RATING_HISTORY, RATINGS
from asobiba.server.storage import ROOMS, SEATS, Storage

#: The game option whose choice is a rule set of its own (rated apart): Cockroach Poker's ``rules``
#: (``trump``, the playing-card adaptation, or ``original``).
RULES_OPTION = "rules"

#: Accounts seated that make a finished game count (bots and guests may sit with them).
MIN_ACCOUNTS = 2


def game_key(game: str, options: Mapping[str, Any]) -> str:
    """Which rating a game counts for: ``"<game>"``, or ``"<game>:<rules>"`` for a game with a
    ``rules`` option.

    >>> game_key("cockroach-poker", {"rules": "original", "deal": "all"}), game_key("survive", {})
    ('cockroach-poker:original', 'survive')
    """
    rules = options.get(RULES_OPTION)
    return f"{game}:{rules}" if isinstance(rules, str) and rules else game


def final_ranks(result: Mapping[str, Any], players: int, resigned: Collection[int]) -> list[int]:
    """Each seat's place (1 the best, tied seats share one) from a finished game's ``result()``
    (``winners``, ``scores``), the seats in ``resigned`` last (sharing the last place)."""
    winners = {seat for seat in result.get("winners", []) if seat not in resigned}
    scores = result.get("scores") or []

    def score(seat: int) -> float:
        value = scores[seat] if seat < len(scores) else None
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0

    def standing(seat: int) -> tuple[bool, bool, float]:
        if seat in resigned:
            return (True, True, 0.0)  # the resigned share the last place, whatever their seat's score
        return (False, seat not in winners, -score(seat))

    order = sorted(range(players), key=lambda seat: (standing(seat), seat))
    ranks = [0] * players
    for index, seat in enumerate(order):
        previous = order[index - 1] if index else None
        tied = previous is not None and standing(previous) == standing(seat)
        ranks[seat] = ranks[previous] if tied and previous is not None else index + 1
    return ranks


@dataclass(frozen=True)
class RatingChange:
    """An account's rating of the game before and after, as displayed."""

    account_id: int
    seat: int
    rank: int
    before: int
    after: int


@dataclass
class CountedGame:
    """What counting a finished game did: each seat's rank; the game's key and the ratings changed
    (none: not rated — an unrated room, fewer than two accounts, or counted before)."""

    ranks: list[int]
    game_key: str
    changes: list[RatingChange] = field(default_factory=list)

    @property
    def rated(self) -> bool:
        return bool(self.changes)


def model() -> PlackettLuce:
    """openskill's Plackett–Luce model with the scale's parameters."""
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA)


async def count_finished_game(
    storage: Storage, room_id: str, result: Mapping[str, Any], now: float | None = None
) -> CountedGame | None:
    """Count the finished game of ``room_id`` whose final ``result()`` is ``result`` (see the module's
    docstring); None if there is no such room."""
    when = time.time() if now is None else now
    try:
        outcome: CountedGame | None = await storage.transaction(
            lambda connection: _count(connection, room_id, result, when)
        )
    except IntegrityError:
        # another process inserted a first rating of one of these players at the same moment: this
        # transaction rolled back whole, and once more it finds that rating and updates it
        outcome = await storage.transaction(lambda connection: _count(connection, room_id, result, when))
    return outcome


def _count(connection: Connection, room_id: str, result: Mapping[str, Any], now: float) -> CountedGame | None:
    room = connection.execute(
        select(ROOMS.c.game, ROOMS.c.options, ROOMS.c.rated, ROOMS.c.rated_at).where(ROOMS.c.id == room_id)
    ).one_or_none()
    if room is None:
        return None
    seats = connection.execute(
        select(SEATS.c.seat, SEATS.c.kind, SEATS.c.account_id, SEATS.c.resigned)
        .where(SEATS.c.room_id == room_id)
        .order_by(SEATS.c.seat)
    ).all()
    ranks = final_ranks(result, len(seats), {seat.seat for seat in seats if seat.resigned})
    connection.execute(
        update(SEATS)
        .where(SEATS.c.room_id == room_id, SEATS.c.seat == bindparam("key_seat"))
        .values(rank=bindparam("new_rank")),
        [{"key_seat": seat.seat, "new_rank": ranks[seat.seat]} for seat in seats],
    )
    key = game_key(room.game, json.loads(room.options))
    counted = CountedGame(ranks, key)
    accounts = {seat.account_id for seat in seats if seat.account_id is not None}
    if not room.rated or room.rated_at is not None or len(accounts) < MIN_ACCOUNTS:
        return counted
    claimed = connection.execute(
        update(ROOMS).where(ROOMS.c.id == room_id, ROOMS.c.rated_at.is_(None)).values(rated_at=now)
    )
    if not claimed.rowcount:
        return counted  # another process counted it first
    stored = {
        row.account_id: row
        for row in connection.execute(
            select(RATINGS)
            .where(RATINGS.c.account_id.in_(accounts), RATINGS.c.game_key == key)
            .with_for_update()  # PostgreSQL: two games of one player ending at once count one after the other
        ).all()
    }
    bots = bot_ratings(key)
    rating_model = model()
    teams = []
    rated_seat: dict[int, int] = {}
    for seat in seats:
        if seat.account_id is not None:
            row = stored.get(seat.account_id)
            mu, sigma = (row.mu, row.sigma) if row is not None else (MU, SIGMA)
            rated_seat.setdefault(seat.account_id, seat.seat)
        elif seat.kind.startswith("bot:") and seat.kind[4:] in bots:
            bot = bots[seat.kind[4:]]
            mu, sigma = bot.mu, bot.sigma
        else:
            mu, sigma = MU, SIGMA  # a guest: a newcomer, not kept
        teams.append([rating_model.rating(mu=mu, sigma=sigma)])
    new_teams = rating_model.rate(teams, ranks=[float(rank) for rank in ranks])
    winners = set(result.get("winners", []))
    for account_id, seat_number in rated_seat.items():
        new = new_teams[seat_number][0]
        old = stored.get(account_id)
        won = seat_number in winners and not seats[seat_number].resigned
        before = displayed_rating(old.mu if old is not None else MU)
        values = {"mu": new.mu, "sigma": new.sigma, "updated_at": now}
        if old is None:
            connection.execute(
                insert(RATINGS).values(account_id=account_id, game_key=key, games=1, wins=int(won), **values)
            )
        else:
            connection.execute(
                update(RATINGS)
                .where(RATINGS.c.account_id == account_id, RATINGS.c.game_key == key)
                .values(games=old.games + 1, wins=old.wins + int(won), **values)
            )
        connection.execute(
            insert(RATING_HISTORY).values(
                account_id=account_id, game_key=key, room_id=room_id, mu=new.mu, sigma=new.sigma, created_at=now
            )
        )
        after = displayed_rating(new.mu)
        counted.changes.append(RatingChange(account_id, seat_number, ranks[seat_number], before, after))
    return counted


__all__ = [
    "MIN_ACCOUNTS",
    "RULES_OPTION",
    "CountedGame",
    "RatingChange",
    "count_finished_game",
    "final_ranks",
    "game_key",
    "model",
]
