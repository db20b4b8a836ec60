"""Each free person seat has its own invite: POST /api/rooms/{room}/join with {"name", "seat", "invite"}
seats the joiner in seat N (409 with a clear message if taken); names are plain text, 1-24 characters."""

from __future__ import annotations

import pytest
from server_testing import ServerProcess

from asobiba.server.client import ServerError, create_room, http, invite_code, room_summary


def join(server: ServerProcess, room: str, body: dict) -> dict:
    result: dict = http("POST", f"{server.base_url}/api/rooms/{room}/join", body)
    return result


def people_room(server: ServerProcess, **room: object) -> str:
    made = create_room(server.base_url, "cockroach-poker", 4, seats={"3": "bot:random"}, name="Aki", **room)
    found: str = made["room"]
    return found


def test_an_invite_for_seat_n_seats_the_joiner_there_with_the_name_given(shared_server: ServerProcess) -> None:
    made = create_room(shared_server.base_url, "cockroach-poker", 4, seats={"3": "bot:random"}, name="Aki")
    room = made["room"]
    granted = join(shared_server, room, {"name": "  Ken  ", "seat": 2, "invite": invite_code(made["invites"]["2"])})
    assert granted["seat"] == 2 and len(granted["token"]) >= 20
    seats = room_summary(shared_server.base_url, room)["seats"]
    assert [seat["name"] for seat in seats[:3]] == ["Aki", None, "Ken"]
    assert [seat["occupied"] for seat in seats] == [True, False, True, True]


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"name": "Mio", "seat": 0}, 409, "seat_taken", "seat 0 is taken"),
        ({"name": "Mio", "seat": 3}, 409, "seat_taken", "played by a bot"),
        ({"name": "Mio", "seat": 7}, 400, "no_such_seat", "seats are 0 to 3"),
        ({"name": "   ", "seat": 1}, 400, "invalid_name", "at least one character"),
        ({"name": "x" * 25, "seat": 1}, 400, "invalid_name", "at most 24 characters"),
    ],
)
def test_a_seat_that_cannot_be_taken_is_refused_clearly_and_changes_nothing(
    shared_server: ServerProcess, body: dict, status: int, code: str, words: str
) -> None:
    room = people_room(shared_server, open_seats=2)
    before = room_summary(shared_server.base_url, room)["seats"]
    with pytest.raises(ServerError) as refused:
        join(shared_server, room, body)
    assert refused.value.status == status
    assert refused.value.body["code"] == code and words in refused.value.body["message"]
    assert room_summary(shared_server.base_url, room)["seats"] == before


def test_without_a_seat_the_first_free_open_one_is_given(shared_server: ServerProcess) -> None:
    room = people_room(shared_server, open_seats=2)
    assert join(shared_server, room, {"name": "Ken"})["seat"] == 1
    assert join(shared_server, room, {"name": "Mio"})["seat"] == 2
