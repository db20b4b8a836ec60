"""The trained agent (``ppo``) as a bot level of the server: a room with ``bot:ppo`` seats plays to the
end; the Start button's level ``ppo`` fills the free seats; a table its network was not trained for is
refused before anything is stored, saying which setup it plays (in the reader's language); and
``GET /api/games`` tells the lobby at which player counts it plays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_testing import wait_for

pytest.importorskip("numpy")  # the ppo bot's networks run in numpy (the rl extra)


def client(tmp_path: Path) -> Any:
    from fastapi.testclient import TestClient

    from asobiba.server.app import create_app
    from asobiba.server.rooms import Settings

    return TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", bot_delay=0.0)))


def test_a_room_of_ppo_bots_plays_cockroach_poker_to_the_end(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        seats = {"0": "bot:ppo", "1": "bot:ppo", "2": "bot:normal", "3": "bot:ppo"}
        answer = http.post("/api/rooms", json={"game": "cockroach-poker", "players": 4, "seats": seats})
        assert answer.status_code == 200, answer.text
        room = answer.json()["room"]
        summary = wait_for(
            lambda: (found := http.get(f"/api/rooms/{room}").json())["status"] == "over" and found,
            "the bots finished",
            seconds=120,
        )
        assert [seat["kind"] for seat in summary["seats"]] == ["bot:ppo", "bot:ppo", "bot:normal", "bot:ppo"]
        record = http.get(f"/api/rooms/{room}/record").json()
        assert len(record["actions"]) > 4  # (each bot moved: a ppo seat that could not play would stop the room)


def test_start_with_the_ppo_level_fills_the_free_seats_with_it(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = http.post("/api/rooms", json={"game": "paper-safari", "players": 3, "name": "Aki"}).json()
        started = http.post(f"/api/rooms/{made['room']}/start", json={"token": made["token"], "bot": "ppo"})
        assert started.status_code == 200, started.text
        assert [seat["kind"] for seat in started.json()["seats"]] == ["human", "bot:ppo", "bot:ppo"]


def test_a_table_the_network_was_not_trained_for_is_refused_saying_which_it_plays(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        three = {"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:ppo"}}
        refused = http.post("/api/rooms", json=three)
        assert refused.status_code == 400
        assert "cockroach_poker_trump_4p_v1" in refused.json()["message"]
        in_japanese = http.post("/api/rooms", json=three, headers={"accept-language": "ja"})
        assert "学習" in in_japanese.json()["message"]
        original = {**three, "players": 4, "options": {"rules": "original"}}
        assert http.post("/api/rooms", json=original).status_code == 400
        assert http.get("/api/open-rooms").json() == []  # nothing was stored
        made = http.post("/api/rooms", json={"game": "survive", "players": 2, "name": "Aki"}).json()
        start = http.post(f"/api/rooms/{made['room']}/start", json={"token": made["token"], "bot": "ppo"})
        assert start.status_code == 400 and "survive_compact_3p_v1" in start.json()["message"]
        assert http.get(f"/api/rooms/{made['room']}").json()["started"] is False  # nothing changed


def test_the_games_list_says_at_which_player_counts_the_ppo_level_plays(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        games = {game["name"]: game for game in http.get("/api/games").json()}
    assert games["cockroach-poker"]["bot_players"] == {"ppo": [4]}
    assert games["paper-safari"]["bot_players"] == {"ppo": [3]}
    assert games["survive"]["bot_players"] == {"ppo": [3]}
    assert games["goofspiel"]["bot_players"] == {"ppo": []}  # a game without a network: never offered


def test_the_browsers_levels_are_the_protocols() -> None:
    import json
    import re
    import typing

    from asobiba.server.protocol import SEAT_KINDS, BotLevel

    source = (Path(__file__).resolve().parents[2] / "src" / "asobiba" / "web" / "bot_levels.js").read_text()
    found = re.search(r"export const BOT_LEVELS = (\[.*?\]);", source)
    assert found is not None
    assert json.loads(found.group(1)) == list(typing.get_args(BotLevel))
    assert [f"bot:{level}" for level in typing.get_args(BotLevel)] == list(SEAT_KINDS[1:])
