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

from asobiba.server.client import RoomClient
from asobiba.server.rooms import Connection, Lobby, Room, Settings
from asobiba.server.rooms.frames import known_legal, list_changes, view_changes


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
            # each protocol 2 connection's frames read as RoomClient reads them (the merge under test)
            readers = {seat: RoomClient("http://127.0.0.1:1", room.id) for seat in pairs}
            rng = random.Random(7)
            smaller = 0
            for step in range(40):
                again = step == 20
                if again:  # a hello again: its state is whole
                    await room.attach(pairs[0][1], room.seats[0], room.seq)
                for seat, (whole, changes) in pairs.items():
                    expected, got = states(whole), states(changes)
                    assert len(got) == len(expected) + (1 if again and seat == 0 else 0) >= 1
                    reader, merged = readers[seat], []
                    for index, frame in enumerate(got):
                        hello = again and seat == 0 and index == len(got) - 1  # (after the last act's)
                        if not reader.state or hello:
                            assert frame["base"] is None
                            assert "known" not in frame or hello
                        else:
                            assert frame["base"] == reader.state["seq"]
                            smaller += len(json.dumps(frame)) < len(json.dumps(expected[index]))
                        reader.state = reader.whole(frame)
                        if not hello:
                            merged.append(reader.state)
                    assert all(not {"base", "known", "items"} & full.keys() for full in expected)
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


def test_list_changes_take_out_the_lists_of_which_at_most_half_the_items_changed() -> None:
    before = {"log": [1, 2, 3], "hand": [1, 2], "row": [5]}
    changes: dict[str, object] = {"log": [1, 2, 3, 4], "hand": [3, 4], "row": []}
    assert list_changes(changes, before) == {"log": (4, [(3, 4)])}
    assert changes == {"hand": [3, 4], "row": []}  # most items new, or empty: whole
    shrunk: dict[str, object] = {"log": [1, 9, 3, 4, 5, 6]}
    assert list_changes(shrunk, {"log": [1, 2, 3, 4, 5, 6, 7]}) == {"log": (6, [(1, 9)])}


def test_known_legal_names_the_entries_got_before_by_their_place() -> None:
    entries = [{"notation": name, "action": {"kind": name}, "label": name.upper()} for name in "abcd"]
    known = {"b", "d"}
    new, held = known_legal(entries, known)  # type: ignore[arg-type]
    assert new == [entries[0], entries[2]]
    assert held == [(1, "b"), (3, "d")]
    assert known == {"a", "b", "c", "d"}
