"""Passkeys as an attacker sends them (docs/protocol.md, "Accounts"): garbage, a forged signature, an
unknown credential, a challenge answered twice, a sign count gone back — each refused alike (401
``passkey_refused`` when signing in), with nothing stored and nobody signed in; and the genuine answer
starts the session a password sign-in does, taking the guest's seats in.

The answers come from a software authenticator (passkeys_testing.py), checked by the server's real
py_webauthn; tests/web/test_passkeys.py does the same with Chromium's own virtual authenticator."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from webauthn.helpers import bytes_to_base64url

sys.path.insert(0, str(Path(__file__).resolve().parent))

from accounts_testing import account_app, as_browser, new_room, session_of, sign_up
from passkeys_testing import RP_ID, SoftAuthenticator

from asobiba.server.accounts.sessions import COOKIE


def options(client: TestClient, url: str) -> dict[str, Any]:
    answer = client.post(url, json={})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def passkeys_stored(tmp_path: Path) -> int:
    with sqlite3.connect(tmp_path / "a.db") as database:
        count: int = database.execute("SELECT count(*) FROM passkeys").fetchone()[0]
        return count


def sign_in_with(client: TestClient, credential: Any, tokens: list[str] | None = None) -> Any:
    as_browser(client, None)
    return client.post("/api/session/passkey", json={"credential": credential, "tokens": tokens or []})


def test_a_passkey_is_added_only_by_a_genuine_answer_to_an_unused_challenge(tmp_path: Path) -> None:
    phone = SoftAuthenticator()
    with account_app(tmp_path) as client:
        assert client.post("/api/me/passkeys/options", json={}).status_code == 401  # a guest has no account
        sign_up(client, "aya")
        offered = options(client, "/api/me/passkeys/options")
        assert offered["rp"]["id"] == RP_ID
        assert offered["authenticatorSelection"]["residentKey"] == "required"
        garbage = client.post("/api/me/passkeys", json={"credential": {"id": "x", "response": {}}})
        assert (garbage.status_code, garbage.json()["code"]) == (400, "passkey_refused")
        assert (
            client.post("/api/me/passkeys", json={"credential": phone.register({"challenge": "AAAA"})}).status_code
            == 400
        )
        wrong_key = phone.register(offered)
        wrong_key["response"]["clientDataJSON"] = bytes_to_base64url(b'{"type": "webauthn.create"}')
        assert client.post("/api/me/passkeys", json={"credential": wrong_key}).status_code == 400
        genuine = phone.register(offered)
        assert client.post("/api/me/passkeys", json={"credential": genuine}).status_code == 201
        # the same answer again: its challenge was used
        again = client.post("/api/me/passkeys", json={"credential": genuine})
        assert (again.status_code, again.json()["code"]) == (400, "passkey_refused")
        assert passkeys_stored(tmp_path) == 1
        excluded = options(client, "/api/me/passkeys/options")["excludeCredentials"]
        assert [entry["id"] for entry in excluded] == [bytes_to_base64url(phone.credential_id)]


def test_garbage_forged_unknown_and_replayed_sign_ins_are_refused_alike_and_sign_nobody_in(tmp_path: Path) -> None:
    phone, stranger = SoftAuthenticator(), SoftAuthenticator()
    with account_app(tmp_path) as client:
        sign_up(client, "aya")
        assert (
            client.post(
                "/api/me/passkeys", json={"credential": phone.register(options(client, "/api/me/passkeys/options"))}
            ).status_code
            == 201
        )
        as_browser(client, None)
        room = new_room(client)  # a guest's seat, on this device
        refusals = []
        for credential in ({}, {"response": "x"}, {"id": 3, "response": {"clientDataJSON": "!!"}}, [1, 2]):
            refusals.append(sign_in_with(client, credential))
        refusals.append(sign_in_with(client, phone.answer({"challenge": bytes_to_base64url(b"never handed out")})))
        offered = options(client, "/api/session/passkey/options")
        assert offered["rpId"] == RP_ID and offered["userVerification"] == "required"
        assert offered.get("allowCredentials", []) == []  # discoverable: no username, no list of credentials
        refusals.append(sign_in_with(client, phone.answer(offered, signer=stranger.key)))  # a forged signature
        refusals.append(sign_in_with(client, phone.answer(offered)))  # genuine, but that challenge was used
        refusals.append(sign_in_with(client, stranger.answer(options(client, "/api/session/passkey/options"))))
        for refusal in refusals:
            assert refusal.status_code in (401, 422), refusal.text
            if refusal.status_code == 401:
                assert refusal.json() == {"code": "passkey_refused", "message": "that passkey was not accepted"}
            assert COOKIE not in refusal.cookies
        assert [refusal.status_code for refusal in refusals].count(422) == 1  # a list is no credential at all
        genuine = phone.answer(options(client, "/api/session/passkey/options"))
        signed_in = sign_in_with(client, genuine, [room["token"]])
        assert signed_in.status_code == 200, signed_in.text
        assert signed_in.json() == {"username": "aya", "guest": False, "seats": 1}
        session = session_of(client)
        assert client.get("/api/me").json() == {"username": "aya", "guest": False}
        replayed = sign_in_with(client, genuine)
        assert replayed.status_code == 401 and session_of(client) is None
        # a counter gone back (a cloned authenticator): refused
        phone.count -= 2
        assert sign_in_with(client, phone.answer(options(client, "/api/session/passkey/options"))).status_code == 401
        as_browser(client, session)
        assert client.get("/api/me").json() == {"username": "aya", "guest": False}
        japanese = client.post("/api/session/passkey", json={"credential": {}}, headers={"accept-language": "ja"})
        assert japanese.json()["message"] == "そのパスキーではサインインできませんでした"


def test_passkey_sign_ins_are_rate_limited_like_password_sign_ins(tmp_path: Path) -> None:
    with account_app(tmp_path, sign_in_rate="3/minute") as client:
        codes = [client.post("/api/session/passkey", json={"credential": {}}).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]


def test_an_ip_address_is_no_relying_party(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        client.base_url = client.base_url.copy_with(host="127.0.0.1")  # type: ignore[assignment]
        answer = client.post("/api/session/passkey/options", json={})
        assert (answer.status_code, answer.json()["code"]) == (400, "passkey_unavailable")
        assert "localhost" in answer.json()["message"]


def test_a_challenge_expires_after_five_minutes(tmp_path: Path) -> None:
    phone = SoftAuthenticator()
    with account_app(tmp_path, test_clock=True) as client:
        clock = client.app.state.lobby.clock  # type: ignore[attr-defined]
        sign_up(client, "aya")
        offered = options(client, "/api/me/passkeys/options")
        clock.advance(301)
        assert client.post("/api/me/passkeys", json={"credential": phone.register(offered)}).status_code == 400
        assert passkeys_stored(tmp_path) == 0
        added = client.post(
            "/api/me/passkeys", json={"credential": phone.register(options(client, "/api/me/passkeys/options"))}
        )
        assert added.status_code == 201
        late = options(client, "/api/session/passkey/options")
        clock.advance(301)
        assert sign_in_with(client, phone.answer(late)).status_code == 401
        in_time = options(client, "/api/session/passkey/options")
        clock.advance(299)
        assert sign_in_with(client, phone.answer(in_time)).json()["username"] == "aya"
