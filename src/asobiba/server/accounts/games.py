"""A player's games in three groups (``GET /api/me/games``): ``your_turn`` (with the time left),
``waiting`` (for others, or in the waiting room) and ``finished`` (the result, the date, the replay and
the coach); and ``invitations``, the seats kept for the account by name.

The rooms are those of the account's seats and of the seat tokens the browser sent. Whose turn it is
and a finished game's result are read from the room itself (loaded by replay if it is not in memory),
so the lists are bounded: :data:`MAX_OPEN` rooms being played, :data:`MAX_FINISHED` finished ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from asobiba.server.accounts import store
from asobiba.server.accounts.rows import AccountRow
from asobiba.server.rooms import Lobby, Room
from asobiba.server.storage import SeatRow

#: Rooms being played (or waiting) listed at most.
MAX_OPEN = 50
#: Finished games listed at most (the latest).
MAX_FINISHED = 20
#: Seats read at most.
MAX_SEATS = 300


def rank_of(result: dict[str, Any], seat: int) -> int:
    """The seat's place in a finished game: 1 + how many seats scored more (ties share a place);
    without scores, 1 for a winner and 2 for the others."""
    scores = result.get("scores")
    if isinstance(scores, list) and len(scores) > seat:
        return 1 + sum(1 for score in scores if score > scores[seat])
    return 1 if seat in result.get("winners", ()) else 2


async def usernames(lobby: Lobby, account_ids: Sequence[int]) -> dict[int, str]:
    if not account_ids:
        return {}
    async with lobby.storage.sessions() as session:
        rows = await session.execute(select(AccountRow.id, AccountRow.username).where(AccountRow.id.in_(account_ids)))
        return {number: name for number, name in rows.all()}


def players(room: Room, seat_rows: Sequence[SeatRow], names: dict[int, str]) -> list[dict[str, Any]]:
    """Who sits where: each seat's name, kind, the username of its account (if any), and the username a free
    seat is kept for (``invited``: an invitation by name not answered yet)."""
    rows = {row.seat: row for row in seat_rows}
    listed = []
    for seat in room.seats:
        row = rows.get(seat.number)
        account_id = row.account_id if row is not None else None
        reserved = row.reserved_for if row is not None and row.token_hash is None else None
        listed.append(
            {
                "seat": seat.number,
                "name": seat.name,
                "kind": seat.kind,
                "username": names.get(account_id) if account_id is not None else None,
                "invited": names.get(reserved) if reserved is not None else None,
            }
        )
    return listed


async def my_games(
    lobby: Lobby, account: AccountRow | None, token_hashes: Sequence[str], now: float | None = None
) -> dict[str, list[dict[str, Any]]]:
    """The games of ``account`` and of ``token_hashes``, grouped (see the module's docstring)."""
    now = lobby.clock.now() if now is None else now
    account_id = account.id if account is not None else None
    held = await lobby.read(store.held_seats(lobby.storage, account_id, token_hashes, MAX_SEATS))
    wanted = set(token_hashes)
    groups: dict[str, list[dict[str, Any]]] = {"your_turn": [], "waiting": [], "finished": [], "invitations": []}
    seen: set[str] = set()
    opened = finished = 0
    for found in held:
        row, seat_row = found.room, found.seat
        mine = (account_id is not None and seat_row.account_id == account_id) or seat_row.token_hash in wanted
        invited = account_id is not None and seat_row.reserved_for == account_id and seat_row.token_hash is None
        if row.id in seen or not (mine or invited):
            continue
        over = row.status == "over"
        if (over and finished >= MAX_FINISHED) or (not over and opened >= MAX_OPEN):
            continue
        room = await lobby.get(row.id)
        if room is None:
            continue
        seen.add(row.id)
        finished += over
        opened += not over
        stored = await lobby.read(lobby.storage.load(row.id, from_seq=10**9))
        seat_rows = stored.seats if stored is not None else []
        accounts = [account for seat in seat_rows for account in (seat.account_id, seat.reserved_for) if account]
        names = await usernames(lobby, accounts)
        entry: dict[str, Any] = {
            "room": room.id,
            "game": room.game.name,
            "name": room.row.name,
            "seat": seat_row.seat,
            "players": players(room, seat_rows, names),
            "link": f"/r/{room.id}",
            "updated_at": room.row.updated_at,
        }
        if invited and not mine:
            if not room.is_over:
                groups["invitations"].append({**entry, "started": room.started})
            continue
        if room.is_over:
            result = room.state.result()
            groups["finished"].append(
                {
                    **entry,
                    "result": {"rank": rank_of(result, seat_row.seat), "winner": seat_row.seat in result["winners"]},
                    "finished_at": room.row.finished_at or room.row.updated_at,
                    "replay": f"/api/rooms/{room.id}/replay?seat={seat_row.seat}",
                    "coach": f"/api/rooms/{room.id}/analysis?seat={seat_row.seat}",
                }
            )
        elif room.started and room.state.to_move == seat_row.seat:
            deadline = room.row.deadline
            groups["your_turn"].append(
                {**entry, "deadline": deadline, "seconds_left": max(0.0, deadline - now) if deadline else None}
            )
        else:
            groups["waiting"].append({**entry, "started": room.started, "to_move": room.state.to_move})
    return groups


__all__ = ["MAX_FINISHED", "MAX_OPEN", "my_games", "rank_of"]
