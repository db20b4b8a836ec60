"""Accounts and sessions as a player and as an attacker uses them (docs/protocol.md, "Accounts"):
creating an account, signing in and out, the session cookie, who is signed in, and the limits."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from argon2 import PasswordHasher

sys.path.insert(0, str(Path(__file__).resolve().parent))

from accounts_testing import JSON, PASSWORD, account_app, as_browser, session_of, sign_in, sign_up

from asobiba.server.accounts import passwords
from asobiba.server.accounts.rows import ACCOUNT_SESSIONS, ACCOUNTS
from asobiba.server.accounts.sessions import COOKIE, SESSION_SECONDS, session_hash


def test_an_account_is_made_signed_in_and_says_who_it_is(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        assert client.get("/api/me").json() == {"guest": True}
        made = client.post("/api/account", json={"username": "Ken-1_a", "password": PASSWORD})
        assert made.status_code == 201
        assert made.json() == {"username": "Ken-1_a", "guest": False, "seats": 0}
        assert client.get("/api/me").json() == {"username": "Ken-1_a", "guest": False}


def test_the_session_cookie_is_http_only_same_site_lax_30_days_and_secure_over_https(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        cookie = client.post("/api/account", json={"username": "ken", "password": PASSWORD}).headers["set-cookie"]
        attributes = [part.strip().lower() for part in cookie.split(";")]
        assert "httponly" in attributes and "samesite=lax" in attributes and "path=/" in attributes
        assert f"max-age={SESSION_SECONDS}" in attributes and SESSION_SECONDS == 30 * 86400
        assert "secure" not in attributes  # plain http (a test server): a Secure cookie would never come back
        # the session token is random and long (token_urlsafe(32)), and only its hash is stored
        token = session_of(client)
        assert token is not None and len(token) >= 43
        stored = stored_rows(client, ACCOUNT_SESSIONS)
        assert [row["token_hash"] for row in stored] == [session_hash(token)]
        assert token not in str(stored) and token not in str(stored_rows(client, ACCOUNTS))
        over_https = client.post(
            "https://testserver/api/session",
            json={"username": "ken", "password": PASSWORD},
            headers={"origin": "https://testserver"},
        )
        assert over_https.status_code == 200
        assert "secure" in [part.strip().lower() for part in over_https.headers["set-cookie"].split(";")]


def test_usernames_are_3_to_24_letters_digits_underscores_and_hyphens_unique_in_any_case(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        for bad in ("ab", "a" * 25, "ken ken", "ken!", "けん", "", "ken\u200b"):
            answer = client.post("/api/account", json={"username": bad, "password": PASSWORD})
            assert answer.status_code == 400 and answer.json()["code"] == "invalid_username", bad
        sign_up(client, "Ken")
        as_browser(client, None)
        for taken in ("ken", "KEN", "kEn"):
            answer = client.post("/api/account", json={"username": taken, "password": PASSWORD})
            assert answer.status_code == 409 and answer.json()["code"] == "username_taken"
        in_japanese = client.post(
            "/api/account", json={"username": "ken", "password": PASSWORD}, headers={"accept-language": "ja"}
        )
        assert in_japanese.json()["message"] == "そのユーザー名は使われています。別の名前を選んでください"
        assert client.get("/api/me").json() == {"guest": True}  # a refusal signs nobody in


def test_a_password_has_at_least_10_characters(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        for weak in ("", "short", "123456789", "kenken1234"[:9]):
            answer = client.post("/api/account", json={"username": "ken", "password": weak})
            assert answer.status_code == 400 and answer.json()["code"] == "weak_password"
            assert "10" in answer.json()["message"]
        same = client.post("/api/account", json={"username": "kenkenkenk", "password": "KenKenKenK"})
        assert same.status_code == 400 and same.json()["code"] == "weak_password"
        ja = client.post("/api/account", json={"username": "ken", "password": "x"}, headers={"accept-language": "ja"})
        assert ja.json()["message"] == "パスワードは10文字以上にしてください"
        assert stored_rows(client, ACCOUNTS) == []  # nothing was made
        assert client.post("/api/account", json={"username": "ken", "password": "0123456789"}).status_code == 201


def test_a_wrong_password_and_an_unknown_username_get_the_same_401(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        sign_up(client, "ken")
        as_browser(client, None)
        wrong = client.post("/api/session", json={"username": "ken", "password": "not the password"})
        unknown = client.post("/api/session", json={"username": "nobody", "password": "not the password"})
        malformed = client.post("/api/session", json={"username": "no body!", "password": "not the password"})
        assert wrong.status_code == unknown.status_code == malformed.status_code == 401
        assert (
            wrong.json()
            == unknown.json()
            == malformed.json()
            == {
                "code": "wrong_password",
                "message": "wrong username or password",
            }
        )
        assert "set-cookie" not in wrong.headers and client.get("/api/me").json() == {"guest": True}
        assert sign_in(client, "KEN")  # the username in any case
        assert client.get("/api/me").json() == {"username": "ken", "guest": False}


class CountingHasher(PasswordHasher):
    """argon2-cffi's hasher, counting the hashes it verifies (each one costs what any costs)."""

    verified: list[str]

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified.append(hash if isinstance(hash, str) else hash.decode())
        return super().verify(hash, password)


def test_an_unknown_username_verifies_an_argon2_hash_as_a_wrong_password_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No user enumeration by timing: the unknown user's path does the same argon2 verification (the
    time itself is measured by benchmarks/sign_in_timing.py, never asserted)."""
    hasher = CountingHasher()
    hasher.verified = []
    monkeypatch.setattr(passwords, "HASHER", hasher)
    with account_app(tmp_path) as client:
        sign_up(client, "ken")
        as_browser(client, None)
        client.post("/api/session", json={"username": "nobody", "password": "not the password"})
        client.post("/api/session", json={"username": "x", "password": "not the password"})
        assert hasher.verified == [passwords.DUMMY_HASH, passwords.DUMMY_HASH]
        assert passwords.DUMMY_HASH.startswith("$argon2id$")
        client.post("/api/session", json={"username": "ken", "password": "not the password"})
        assert len(hasher.verified) == 3 and hasher.verified[2] != passwords.DUMMY_HASH
        assert hasher.verified[2].startswith("$argon2id$")
        # the dummy hash has the parameters of every stored hash: the same cost
        assert hasher.verified[2].split("$")[3] == passwords.DUMMY_HASH.split("$")[3]


def test_no_session_fixation_a_cookie_set_before_signing_in_is_not_the_session_after(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        sign_up(client, "ken")
        as_browser(client, None)
        # an attacker plants a session token of their choosing in the victim's browser
        planted = "attacker-chosen-session-token-aaaaaaaaaaaaaaaaaaa"
        as_browser(client, planted)
        session = sign_in(client, "ken")
        assert session != planted
        as_browser(client, planted)
        assert client.get("/api/me").json() == {"guest": True}
        # and a real session of the browser before a new sign-in ends with it: each sign-in is a new one
        as_browser(client, session)
        again = sign_in(client, "ken")
        assert again != session
        as_browser(client, session)
        assert client.get("/api/me").json() == {"guest": True}
        as_browser(client, again)
        assert client.get("/api/me").json()["username"] == "ken"


def test_a_forged_or_expired_cookie_is_a_guest_and_is_cleared(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        session = sign_up(client, "ken")
        for forged in ("forged", session[:-1] + ("A" if session[-1] != "A" else "B"), "x" * 500):
            as_browser(client, forged)
            answer = client.get("/api/me")
            assert answer.json() == {"guest": True}
            assert answer.headers["set-cookie"].startswith(f'{COOKIE}=""') and "max-age=0" in answer.headers[
                "set-cookie"
            ].lower().replace(" ", "")
        as_browser(client, session)
        assert client.get("/api/me").json()["guest"] is False
        expire_sessions(client)
        answer = client.get("/api/me")
        assert answer.json() == {"guest": True} and "max-age=0" in answer.headers["set-cookie"].lower()
        assert client.get("/api/me/games").status_code == 401


def test_signing_out_ends_the_session_and_signing_out_everywhere_ends_them_all(tmp_path: Path) -> None:
    with account_app(tmp_path) as client:
        phone = sign_up(client, "ken")
        as_browser(client, None)
        laptop = sign_in(client, "ken")
        as_browser(client, None)
        desk = sign_in(client, "ken")
        out = client.delete("/api/session", headers=JSON)
        assert (
            out.status_code == 200
            and out.json() == {"guest": True}
            and "max-age=0" in out.headers["set-cookie"].lower()
        )
        as_browser(client, desk)
        assert client.get("/api/me").json() == {"guest": True}
        as_browser(client, laptop)
        assert client.get("/api/me").json()["username"] == "ken"
        everywhere = client.delete("/api/sessions", headers=JSON)
        assert everywhere.status_code == 200 and everywhere.json() == {"guest": True, "sessions": 2}
        for session in (phone, laptop):
            as_browser(client, session)
            assert client.get("/api/me").json() == {"guest": True}
        as_browser(client, None)
        assert client.delete("/api/sessions", headers=JSON).status_code == 401


def test_state_changing_account_routes_take_json_from_this_origin_only(tmp_path: Path) -> None:
    """CSRF: a form posted from another site (not JSON), or JSON from another origin, changes nothing."""
    with account_app(tmp_path) as client:
        session = sign_up(client, "ken")
        evil = {"origin": "http://evil.example"}
        assert (
            client.post("/api/session", json={"username": "ken", "password": PASSWORD}, headers=evil).status_code == 403
        )
        assert client.delete("/api/sessions", headers={**JSON, **evil}).status_code == 403
        assert client.delete("/api/session", headers={**JSON, **evil}).status_code == 403
        form = client.post("/api/session", data={"username": "ken", "password": PASSWORD})
        assert form.status_code == 415
        as_browser(client, session)
        assert (
            client.put("/api/me/email", json={"address": "a@b.example", "notify": True}, headers=evil).status_code
            == 403
        )
        assert client.delete("/api/session").status_code == 415  # a DELETE says it is JSON too
        assert client.get("/api/me").json()["username"] == "ken"  # still signed in
        assert stored_rows(client, ACCOUNTS)[0]["email"] is None


def test_sign_in_attempts_are_limited_per_address_and_per_username(tmp_path: Path) -> None:
    with account_app(tmp_path, sign_in_rate="3/minute") as client:
        sign_up(client, "ken")  # counts for the address
        as_browser(client, None)
        assert client.post("/api/session", json={"username": "ken", "password": "wrong password"}).status_code == 401
        assert client.post("/api/session", json={"username": "amy", "password": "wrong password"}).status_code == 401
        limited = client.post("/api/session", json={"username": "ken", "password": PASSWORD})
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        assert client.post("/api/account", json={"username": "amy", "password": PASSWORD}).status_code == 429
        ja = client.post(
            "/api/session", json={"username": "ken", "password": PASSWORD}, headers={"accept-language": "ja"}
        )
        assert ja.json()["message"] == "サインインの試行が多すぎます。1分ほど待ってからもう一度お試しください"


def stored_rows(client: object, table: object) -> list[dict[str, object]]:
    """The rows of an accounts table as the server's database has them."""
    from sqlalchemy import Table, select

    assert isinstance(table, Table)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]

    async def read() -> list[dict[str, object]]:
        async with lobby.storage.engine.connect() as connection:
            return [dict(row._mapping) for row in (await connection.execute(select(table))).all()]

    rows: list[dict[str, object]] = client.portal.call(read)  # type: ignore[attr-defined]
    return rows


def expire_sessions(client: object) -> None:
    """Every session's 30 days are over (as if a month had gone by)."""
    from sqlalchemy import update

    lobby = client.app.state.lobby  # type: ignore[attr-defined]

    async def write() -> None:
        await lobby.storage._transaction(
            lambda connection: connection.execute(update(ACCOUNT_SESSIONS).values(expires_at=1.0))
        )

    client.portal.call(write)  # type: ignore[attr-defined]
