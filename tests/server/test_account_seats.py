"""Seats and accounts (docs/protocol.md, "Accounts"): a guest's seats come into the account made or
signed into on that device; a seat taken while signed in is the account's and is taken back on another
device without its link; "my games" in three groups; invitations by username; the email choice."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from accounts_testing import JSON, account_app, as_browser, new_room, sign_in, sign_up
from fastapi.testclient import TestClient
from test_accounts import stored_rows

from asobiba.server.accounts.rows import ACCOUNTS
from asobiba.server.storage import SEATS


def seat_accounts(client: TestClient, room: str) -> dict[int, int | None]:
    return {row["seat"]: row["account_id"] for row in stored_rows(client, SEATS) if row["room_id"] == room}  # type: ignore[misc]


def rooms_of(games: dict[str, list[dict[str, object]]], group: str) -> list[object]:
    return [entry["room"] for entry in games[group]]


def holds_seat(client: TestClient, room: str, token: str) -> bool:
    """Does ``token`` hold a seat in ``room`` (a seat's own request, the rename, says)?"""
    return client.post(f"/api/rooms/{room}/name", json={"token": token, "name": "me"}).status_code == 200


def test_a_guest_who_makes_an_account_keeps_the_seats_this_browser_holds(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        first = new_room(client, name="guest")
        second = new_room(client, name="guest")
        others = new_room(client, name="somebody else")
        made = client.post(
            "/api/account",
            json={
                "username": "ken",
                "password": "correct horse battery",
                "tokens": [first["token"], second["token"], "nonsense"],
            },
        )
        assert made.json()["seats"] == 2
        assert seat_accounts(client, first["room"])[0] == seat_accounts(client, second["room"])[0] is not None
        assert seat_accounts(client, others["room"])[0] is None
        games = client.get("/api/me/games").json()
        assert sorted(rooms_of(games, "waiting") + rooms_of(games, "your_turn")) == sorted(
            [first["room"], second["room"]]
        )
        # a seat already the account's, or another account's, is not taken again
        assert client.post("/api/me/seats", json={"tokens": [first["token"]]}, headers=JSON).json() == {"seats": 0}
        as_browser(client, None)
        sign_up(client, "amy", tokens=[first["token"], others["token"]])
        amy = stored_rows(client, ACCOUNTS)[1]["id"]
        assert seat_accounts(client, first["room"])[0] != amy and seat_accounts(client, others["room"])[0] == amy
        as_browser(client, None)
        assert client.post("/api/me/seats", json={"tokens": [first["token"]]}).status_code == 401


def test_signing_in_brings_the_guest_seats_of_this_browser_in(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        sign_up(client, "ken")
        as_browser(client, None)
        room = new_room(client)
        answer = client.post(
            "/api/session", json={"username": "ken", "password": "correct horse battery", "tokens": [room["token"]]}
        )
        assert answer.json()["seats"] == 1 and seat_accounts(client, room["room"])[0] is not None


def test_a_seat_taken_while_signed_in_is_the_accounts_and_is_taken_back_on_another_device(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        laptop = sign_up(client, "ken")
        room = new_room(client, seats={"1": "bot:random", "2": "human"}, open_seats=1, listed=True)
        assert room["seat"] == 0 and client.get(f"/api/rooms/{room['room']}").json()["seats"][0]["name"] == "ken"
        as_browser(client, None)
        amy = sign_up(client, "amy")
        joined = client.post(f"/api/rooms/{room['room']}/join", json={}).json()
        assert joined["seat"] == 2
        accounts = seat_accounts(client, room["room"])
        assert (
            accounts[0] is not None and accounts[2] is not None and accounts[0] != accounts[2] and accounts[1] is None
        )
        # ken, on a phone without the link: signs in, finds the game, takes the seat back
        as_browser(client, None)
        phone = sign_in(client, "ken")
        games = client.get("/api/me/games").json()
        assert room["room"] in rooms_of(games, "waiting") + rooms_of(games, "your_turn")
        back = client.post(f"/api/rooms/{room['room']}/my-seat", json={})
        assert back.status_code == 200 and back.json()["seat"] == 0
        token = back.json()["token"]
        assert back.json()["link"].endswith(f"/r/{room['room']}#token={token}")
        assert holds_seat(client, room["room"], token)
        assert not holds_seat(client, room["room"], room["token"])  # the old token holds nothing now
        summary = client.get(f"/api/rooms/{room['room']}").json()
        assert summary["creator"] == 0  # still the room's creator, with the new token
        assert client.post(f"/api/rooms/{room['room']}/start", json={"token": token}).status_code in (200, 409)
        # amy cannot take ken's seat; a guest cannot ask
        as_browser(client, amy)
        mine = client.post(f"/api/rooms/{room['room']}/my-seat", json={}).json()
        assert mine["seat"] == 2
        as_browser(client, None)
        assert client.post(f"/api/rooms/{room['room']}/my-seat", json={}).status_code == 401
        as_browser(client, laptop)
        assert client.post("/api/rooms/nosuchroom/my-seat", json={}).status_code == 404
        assert phone != laptop


def test_a_seat_of_nobody_is_not_taken_back(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        room = new_room(client)
        sign_up(client, "ken")
        answer = client.post(f"/api/rooms/{room['room']}/my-seat", json={})
        assert answer.status_code == 404 and answer.json()["code"] == "no_seat"
        assert holds_seat(client, room["room"], room["token"])


def test_my_games_are_your_turn_waiting_and_finished_for_an_account_and_for_a_guests_tokens(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        waiting = new_room(client, seats={"1": "bot:random", "2": "human"})  # in the waiting room
        playing = new_room(client, seats={"1": "bot:random", "2": "bot:random"})
        over = client.post(
            "/api/rooms",
            json={
                "game": "cockroach-poker",
                "players": 3,
                "seats": {"0": "bot:random", "1": "bot:random", "2": "bot:random"},
            },
        ).json()
        guest = client.post("/api/me/games", json={"tokens": [waiting["token"], playing["token"]]}).json()
        assert set(guest) == {"your_turn", "waiting", "finished", "invitations"}
        assert rooms_of(guest, "waiting")[0] == waiting["room"]
        assert playing["room"] in rooms_of(guest, "your_turn") + rooms_of(guest, "waiting")
        entry = guest["waiting"][0]
        assert (
            entry["game"] == "cockroach-poker"
            and entry["link"] == f"/r/{waiting['room']}"
            and entry["started"] is False
        )
        assert [player["kind"] for player in entry["players"]] == ["human", "bot:random", "human"]
        assert client.get("/api/me/games").status_code == 401
        assert client.post("/api/me/games", json={"tokens": []}).json() == {
            "your_turn": [],
            "waiting": [],
            "finished": [],
            "invitations": [],
        }
        assert over["token"] is None  # a room of bots: nobody's
        # the same rooms, as the account's once the guest signs up with those tokens
        sign_up(client, "ken", tokens=[playing["token"]])
        games = client.get("/api/me/games").json()
        assert rooms_of(games, "waiting") + rooms_of(games, "your_turn") == [playing["room"]]
        turn = games["your_turn"]
        assert not turn or (turn[0]["deadline"] is None and turn[0]["seconds_left"] is None)  # no clock


def test_a_seat_is_kept_for_a_player_by_username_who_accepts_or_declines(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        ken = sign_up(client, "ken")
        as_browser(client, None)
        unknown = client.post(
            "/api/rooms",
            json={"game": "cockroach-poker", "players": 3, "seats": {"1": "user:nobody"}},
            headers={"accept-language": "ja"},
        )
        assert unknown.status_code == 404 and unknown.json()["code"] == "no_such_player"
        assert unknown.json()["message"] == "nobodyというプレイヤーはいません。ユーザー名を確かめてください"
        made = new_room(client, seats={"1": "user:Ken", "2": "bot:easy"}, name="amy")
        assert made["invites"] == {}  # the kept seat has no link: it waits for ken
        room = made["room"]
        assert client.get(f"/api/rooms/{room}").json()["started"] is False
        # the creator's list (a guest's: by the seat's token) says whom the room waits for
        [waiting] = client.post("/api/me/games", json={"tokens": [made["token"]]}).json()["waiting"]
        assert [player["invited"] for player in waiting["players"]] == [None, "ken", None]
        # nobody else takes it
        taken = client.post(f"/api/rooms/{room}/join", json={"seat": 1})
        assert taken.status_code == 403
        assert client.post(f"/api/rooms/{room}/join", json={}).status_code == 403
        as_browser(client, ken)
        invitations = client.get("/api/me/games").json()["invitations"]
        assert [entry["room"] for entry in invitations] == [room] and invitations[0]["seat"] == 1
        accepted = client.post(f"/api/rooms/{room}/invitation", json={"accept": True})
        assert accepted.status_code == 200 and accepted.json()["seat"] == 1
        summary = client.get(f"/api/rooms/{room}").json()
        assert summary["started"] is True and summary["seats"][1]["name"] == "ken"
        assert holds_seat(client, room, accepted.json()["token"])
        assert client.get("/api/me/games").json()["invitations"] == []
        assert client.post(f"/api/rooms/{room}/invitation", json={"accept": True}).status_code == 404
        # declined: the seat is kept for nobody and open
        as_browser(client, None)
        second = new_room(client, seats={"1": "user:ken", "2": "bot:easy"})
        as_browser(client, ken)
        declined = client.post(f"/api/rooms/{second['room']}/invitation", json={"accept": False})
        assert declined.status_code == 200 and declined.json() == {"seat": 1, "accepted": False}
        assert client.get("/api/me/games").json()["invitations"] == []
        as_browser(client, None)
        assert client.post(f"/api/rooms/{second['room']}/join", json={"seat": 1}).status_code == 200


def test_the_email_choice_is_the_signed_in_players_own(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        assert client.put("/api/me/email", json={"address": "ken@example.org", "notify": True}).status_code == 401
        sign_up(client, "ken")
        for bad in ("ken", "ken@", "@example.org", "ken @example.org"):
            answer = client.put("/api/me/email", json={"address": bad, "notify": True})
            assert answer.status_code == 400 and answer.json()["code"] == "invalid_email"
        assert client.put("/api/me/email", json={"address": None, "notify": True}).status_code == 400
        answer = client.put("/api/me/email", json={"address": "ken@example.org", "notify": True})
        assert answer.json() == {"address": "ken@example.org", "notify": True}
        row = stored_rows(client, ACCOUNTS)[0]
        assert row["email"] == "ken@example.org" and row["email_notify"] is True
        assert "email" not in client.get("/api/me").json()


def test_the_unsubscribe_link_stops_the_emails_and_an_unknown_code_changes_nothing(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        sign_up(client, "ken")
        client.put(
            "/api/me/email", json={"address": "ken@example.org", "notify": True}, headers={"Accept-Language": "ja"}
        )
        row = stored_rows(client, ACCOUNTS)[0]
        code = row["unsubscribe_code"]
        assert code and len(code) >= 32 and row["lang"] == "ja"
        client.put("/api/me/email", json={"address": "ken@example.net", "notify": True})
        assert stored_rows(client, ACCOUNTS)[0]["unsubscribe_code"] == code  # emails sent before keep working
        unknown = client.get("/unsubscribe", params={"code": code[:-3]}, headers={"Accept-Language": "ja"})
        assert unknown.status_code == 404 and "このリンクは見つかりません" in unknown.text
        assert stored_rows(client, ACCOUNTS)[0]["email_notify"] is True
        done = client.get("/unsubscribe", params={"code": code})
        assert done.status_code == 200 and "No more emails" in done.text and 'href="/me"' in done.text
        assert stored_rows(client, ACCOUNTS)[0]["email_notify"] is False
        client.put("/api/me/email", json={"address": "ken@example.net", "notify": True})
        one_click = client.post(  # a mail program's one-click (RFC 8058): a form body, no cookie
            "/unsubscribe",
            params={"code": code},
            content="List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": "https://mail.example"},
        )
        assert one_click.status_code == 200 and stored_rows(client, ACCOUNTS)[0]["email_notify"] is False
        form_elsewhere = client.post(
            "/api/me/email", content="address=x", headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        assert form_elsewhere.status_code == 415  # the exception is that one path


def test_a_seat_left_in_the_waiting_room_is_the_accounts_no_more(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        made = new_room(client, players=4)  # a guest's room: seats 2 and 3 free
        room = made["room"]
        ken = sign_up(client, "ken")
        joined = client.post(
            f"/api/rooms/{room}/join", json={"seat": 2, "invite": made["invites"]["2"].split("invite=")[1]}
        )
        assert joined.status_code == 200, joined.text
        assert seat_accounts(client, room)[2] is not None
        assert room in rooms_of(client.get("/api/me/games").json(), "waiting")
        left = client.post(f"/api/rooms/{room}/leave", json={"token": joined.json()["token"]})
        assert left.status_code == 200, left.text
        assert seat_accounts(client, room)[2] is None
        assert room not in rooms_of(client.get("/api/me/games").json(), "waiting")
        assert ken
