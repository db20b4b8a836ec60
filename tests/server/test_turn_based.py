"""Turn-based rooms against a real ``asobiba serve --test-clock``: the pace and clock choices (a clear
400 in the reader's language otherwise), a decision whose hours run out played by a bot (policy
``bot``) or, at the second timeout, the player out for good (``forfeit``: a bot plays the seat on,
the player ranks last), the deadline kept across ``kill -9``, and the test clock's route: 404 without
the flag, 403 from another machine. Time moves by days without sleeping."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_testing import ServerProcess, run, wait_for

from asobiba.server.app import create_app
from asobiba.server.client import ServerError, create_room, follow_invite, http, join_room, room_summary
from asobiba.server.rooms import Settings

HOUR = 3600


@pytest.fixture
def clock_server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "rooms.db", tmp_path / "server.log", flags=("--test-clock",))
    process.start()
    yield process
    process.stop()


def advance(server: ServerProcess, seconds: float) -> dict[str, Any]:
    answer: dict[str, Any] = http("POST", f"{server.base_url}/api/test/clock", {"advance": seconds})
    return answer


def post(url: str, body: Any, lang: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Accept-Language": lang},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def turn_based_room(server: ServerProcess, timeout: str) -> dict[str, Any]:
    """A turn-based room, 24 hours a decision: a person at seat 0 (who never connects) and two bots."""
    return create_room(
        server.base_url,
        "cockroach-poker",
        3,
        seats={"1": "bot:random", "2": "bot:random"},
        name="ann",
        pace="turn-based",
        clock={"per_decision_hours": 24},
        timeout=timeout,
    )


def moved_on(server: ServerProcess, room: str, seq: int) -> dict[str, Any]:
    """The room's summary once it is past ``seq``."""
    return wait_for(lambda: (summary := room_summary(server.base_url, room))["seq"] > seq and summary, "a move")


def seat_zero_decides(server: ServerProcess, room: str) -> dict[str, Any]:
    return wait_for(
        lambda: (summary := room_summary(server.base_url, room))["to_move"] == 0 and summary, "seat 0 to decide"
    )


def test_a_pace_or_clock_outside_the_choices_is_a_clear_400_in_the_readers_language(
    shared_server: ServerProcess,
) -> None:
    url = f"{shared_server.base_url}/api/rooms"
    base = {"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random", "2": "bot:random"}}
    wrong = [
        ({"pace": "slow"}, "invalid_pace", "turn-based"),
        ({"pace": "turn-based"}, "invalid_clock", "per_decision_hours"),
        ({"pace": "turn-based", "clock": {"per_decision_hours": 25}}, "invalid_clock", "12, 24, 48, 72, 168"),
        ({"pace": "turn-based", "clock": {"per_decision": 30}}, "invalid_clock", "per_decision_hours"),
        ({"pace": "turn-based", "clock": {"per_decision_hours": 24, "bank_days": 15}}, "invalid_clock", "14"),
        ({"pace": "turn-based", "clock": {"per_decision_hours": 24, "bank_days": 0}}, "invalid_clock", "14"),
        ({"pace": "turn-based", "clock": {"per_decision_hours": 24}, "timeout": "never"}, "invalid_timeout", "forfeit"),
        ({"clock": {"per_decision_hours": 24}}, "invalid_clock", "turn-based"),
        ({"timeout": "bot"}, "invalid_clock", "turn-based"),
    ]
    for extra, code, said in wrong:
        status, answer = post(url, {**base, **extra}, "en")
        assert (status, answer["code"]) == (400, code), (extra, answer)
        assert said in answer["message"], (extra, answer)
        status, answer = post(url, {**base, **extra}, "ja,en;q=0.5")
        assert (status, answer["code"]) == (400, code)
        assert any("\u3040" <= char <= "\u30ff" for char in answer["message"]), answer  # Japanese
    # the choices themselves make rooms, live by default
    assert room_summary(shared_server.base_url, create_room(shared_server.base_url, "cockroach-poker", 3,
                        seats=base["seats"])["room"])["pace"] == "live"  # fmt: skip
    for hours in (12, 24, 48, 72, 168):
        made = create_room(
            shared_server.base_url, "cockroach-poker", 3, seats=base["seats"], pace="turn-based",
            clock={"per_decision_hours": hours, "bank_days": 2}, timeout="forfeit",
        )  # fmt: skip
        summary = room_summary(shared_server.base_url, made["room"])
        assert (summary["pace"], summary["timeout"]) == ("turn-based", "forfeit")
        assert summary["clock"] == {"per_decision_hours": hours, "bank_days": 2}


def test_a_decision_out_of_time_is_played_by_a_bot_and_the_deadline_survives_kill_9(
    clock_server: ServerProcess,
) -> None:
    made = turn_based_room(clock_server, "bot")
    summary = seat_zero_decides(clock_server, made["room"])
    assert summary["pace"] == "turn-based" and summary["timeout"] == "bot"
    seq = summary["seq"]
    advance(clock_server, 23 * HOUR)  # nobody is taken over for being away a day
    time.sleep(0.5)
    summary = room_summary(clock_server.base_url, made["room"])
    assert summary["seq"] == seq and not summary["seats"][0]["taken_over"] and summary["seats"][0]["timeouts"] == 0
    advance(clock_server, 2 * HOUR)  # 25 hours: the decision's time ran out
    after = moved_on(clock_server, made["room"], seq)
    assert after["seats"][0]["timeouts"] == 1 and not after["seats"][0]["resigned"]

    summary = seat_zero_decides(clock_server, made["room"])
    seq = summary["seq"]
    clock_server.kill()  # no shutdown of any kind
    clock_server.start()  # its test clock goes on from the latest time stored: the deadline stands
    assert advance(clock_server, 23 * HOUR)["due"] == 0  # (not asked for meanwhile: not in memory)
    assert advance(clock_server, 2 * HOUR)["due"] == 1  # brought in from the database, and timed out
    after = moved_on(clock_server, made["room"], seq)
    # policy "bot": timed out twice, still the player's seat
    assert after["seats"][0]["timeouts"] == 2 and not after["seats"][0]["resigned"]


def test_forfeit_puts_the_player_out_at_the_second_timeout_and_ranks_them_last(clock_server: ServerProcess) -> None:
    made = turn_based_room(clock_server, "forfeit")
    for timeouts in (1, 2):
        seq = seat_zero_decides(clock_server, made["room"])["seq"]
        advance(clock_server, 24 * HOUR + 1)
        after = moved_on(clock_server, made["room"], seq)
        assert after["seats"][0]["timeouts"] == timeouts
        assert after["seats"][0]["resigned"] == (timeouts == 2)
    # out: a bot plays the seat on to the end, and the player ranks last
    over = wait_for(lambda: (s := room_summary(clock_server.base_url, made["room"]))["status"] == "over" and s, "end")
    assert over["ranking"][0] == max(over["ranking"]) and over["ranking"].count(over["ranking"][0]) == 1


def test_the_test_clock_route_exists_only_with_the_flag(shared_server: ServerProcess) -> None:
    with pytest.raises(ServerError) as refused:
        http("POST", f"{shared_server.base_url}/api/test/clock", {"advance": 60})
    assert refused.value.status == 404


def test_the_test_clock_moves_for_loopback_requests_only(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'rooms.db'}", test_clock=True))

    async def ask(address: str, body: Any) -> httpx.Response:
        transport = httpx.ASGITransport(app=app, client=(address, 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.post("/api/test/clock", json=body)

    refused = run(ask("192.0.2.7", {"advance": 60}))
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert run(ask("127.0.0.1", {"advance": -1})).status_code == 422  # time never goes back


def test_a_player_leaves_a_waiting_room_or_resigns_a_running_game(shared_server: ServerProcess) -> None:
    base = shared_server.base_url
    made = create_room(base, "cockroach-poker", 3, name="ann")
    room = made["room"]
    bob = follow_invite(made["invites"]["1"], "bob")
    status, answer = post(f"{base}/api/rooms/{room}/resign", {"token": bob["token"]}, "en")
    assert (status, answer["code"]) == (409, "not_started")
    status, answer = post(f"{base}/api/rooms/{room}/leave", {"token": bob["token"]}, "en")
    assert (status, answer) == (200, {"room": room, "seat": 1, "status": "left"})
    seat = room_summary(base, room)["seats"][1]
    assert not seat["occupied"] and seat["name"] is None  # free again, for its invite link
    status, answer = post(f"{base}/api/rooms/{room}/leave", {"token": bob["token"]}, "ja")
    assert status == 403 and answer["code"] == "bad_token"
    bob = follow_invite(made["invites"]["1"], "bob")
    follow_invite(made["invites"]["2"], "cy")  # every seat taken: the game starts
    assert room_summary(base, room)["started"]
    status, answer = post(f"{base}/api/rooms/{room}/leave", {"token": bob["token"]}, "en")
    assert (status, answer["code"]) == (409, "already_started")
    status, answer = post(f"{base}/api/rooms/{room}/resign", {"token": bob["token"]}, "en")
    assert (status, answer) == (200, {"room": room, "seat": 1, "status": "resigned"})
    assert room_summary(base, room)["seats"][1]["resigned"]
    status, answer = post(f"{base}/api/rooms/{room}/resign", {"token": bob["token"]}, "en")
    assert (status, answer["code"]) == (409, "already_resigned")
    status, answer = post(f"{base}/api/rooms/{room}/resign", {"token": "nobody"}, "en")
    assert (status, answer["code"]) == (403, "bad_token")
    with pytest.raises(ServerError):
        join_room(base, room, "dan")


def test_the_deadline_interval_and_the_test_clock_come_from_flags_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from asobiba.server.rooms.settings import SettingsError
    from asobiba.server.serve import settings_from_environment

    defaults = settings_from_environment("sqlite:///x.db")
    assert (defaults.deadline_interval, defaults.test_clock) == (30.0, False)
    monkeypatch.setenv("ASOBIBA_DEADLINE_INTERVAL", "5")
    monkeypatch.setenv("ASOBIBA_TEST_CLOCK", "1")
    chosen = settings_from_environment("sqlite:///x.db")
    assert (chosen.deadline_interval, chosen.test_clock) == (5.0, True)
    assert settings_from_environment("sqlite:///x.db", deadline_interval=2.5).deadline_interval == 2.5
    monkeypatch.setenv("ASOBIBA_DEADLINE_INTERVAL", "soon")
    with pytest.raises(SettingsError, match="deadline interval"):
        settings_from_environment("sqlite:///x.db")
