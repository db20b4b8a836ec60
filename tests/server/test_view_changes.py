"""Protocol 2's ``state`` frames: after a connection's first, the view holds only the keys that
changed since its previous ``state`` (``base``), and merged into the view held they are exactly the
whole view protocol 1 sends — for every seat, a spectator, and again after a hello."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from server_testing import run

from asobiba.server.rooms import Connection, Lobby, Room, Settings
from asobiba.server.rooms.frames import view_changes


async def nothing_sent(_text: str) -> None:
    """A socket whose frames stay in the connection's queue, read by the test."""


def states(connection: Connection) -> list[dict[str, Any]]:
    """The ``state`` frames queued for ``connection`` (read: the queue is emptied)."""
    found = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        if text is not None and json.loads(text)["type"] == "state":
            found.append(json.loads(text))
    return found


async def people_room(tmp_path: Path, game: str, players: int) -> tuple[Lobby, Room]:
    lobby = Lobby(Settings(database_url=f"sqlite:///{tmp_path / 'rooms.db'}", bot_delay=0.0))
    await lobby.start()
    room, _token, invites = await lobby.create(
        game, players, {}, dict.fromkeys(range(1, players), "human"), "ann", 0.0, None, None
    )
    for seat in range(1, players):
        assert await room.claim(f"p{seat}", only=seat, invite=invites.get(seat)) is not None
    return lobby, room


@pytest.mark.parametrize(("game", "players"), [("cockroach-poker", 4), ("paper-safari", 3), ("survive", 4)])
def test_a_protocol_2_state_merged_is_the_whole_state_of_protocol_1(tmp_path: Path, game: str, players: int) -> None:
    async def scenario() -> None:
        lobby, room = await people_room(tmp_path, game, players)
        try:
            pairs: dict[int | None, tuple[Connection, Connection]] = {}
            for seat in [*range(players), None]:
                whole, changes = Connection(nothing_sent), Connection(nothing_sent)
                changes.protocol = 2
                for connection in (whole, changes):
                    await room.attach(connection, None if seat is None else room.seats[seat], None)
                pairs[seat] = (whole, changes)
            held: dict[int | None, dict[str, Any]] = {}  # each protocol 2 connection's view, merged
            held_seq: dict[int | None, int] = {}
            rng = random.Random(7)
            smaller = 0
            for step in range(40):
                again = step == 20
                if again:  # a hello again: its state is whole
                    await room.attach(pairs[0][1], room.seats[0], room.seq)
                for seat, (whole, changes) in pairs.items():
                    expected, got = states(whole), states(changes)
                    assert len(got) == len(expected) + (1 if again and seat == 0 else 0) >= 1
                    merged = []
                    for index, frame in enumerate(got):
                        base = frame.pop("base")
                        hello = again and seat == 0 and index == len(got) - 1  # after the last act's
                        if seat not in held or hello:
                            assert base is None
                        if base is None:
                            held[seat] = frame["view"]
                        else:
                            assert base == held_seq[seat]
                            smaller += len(frame["view"]) < len(held[seat])
                            held[seat] = {**held[seat], **frame["view"]}
                        held_seq[seat] = frame["seq"]
                        if not hello:
                            merged.append({**frame, "view": held[seat]})
                    assert all("base" not in full for full in expected)
                    assert merged == expected
                mover = room.state.to_move
                if room.is_over or mover is None:
                    break
                outcome = await room.submit(mover, room.seq, str(rng.choice(room.state.legal_actions())))
                assert outcome.accepted
            assert smaller > 0
        finally:
            await lobby.stop()

    run(scenario())


def test_view_changes_are_the_changed_and_new_keys_or_none_when_one_is_gone() -> None:
    before = {"seq": 1, "hand": [1, 2], "log": ["a"]}
    assert view_changes({"seq": 2, "hand": [1, 2], "log": ["a", "b"]}, before) == {"seq": 2, "log": ["a", "b"]}
    assert view_changes({**before, "new": 0}, before) == {"new": 0}
    assert view_changes(before, before) == {}
    assert view_changes({"seq": 1, "hand": [1, 2]}, before) is None
