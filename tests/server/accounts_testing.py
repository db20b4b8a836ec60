"""Helpers of the account tests: an in-process app over a real SQLite file (``TestClient``), and
browsers told apart by their session cookie."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from asobiba.server.accounts.sessions import COOKIE
from asobiba.server.app import create_app
from asobiba.server.rooms import Settings

PASSWORD = "correct horse battery"
JSON = {"content-type": "application/json"}


@contextmanager
def account_app(tmp_path: Path, **settings: Any) -> Iterator[TestClient]:
    """The server in this process over a SQLite file of the test's own."""
    chosen = {"bot_delay": 0.0, "sign_in_rate": "1000/minute", **settings}
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}", **chosen))
    with TestClient(app) as client:
        yield client


def session_of(client: TestClient) -> str | None:
    """The session token in the client's cookie jar."""
    return client.cookies.get(COOKIE)


def as_browser(client: TestClient, session: str | None) -> None:
    """The client is the browser whose session cookie is ``session`` (None: a browser without one)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set(COOKIE, session, domain="testserver.local")


def sign_up(client: TestClient, username: str, tokens: list[str] | None = None) -> str:
    """A new account, signed in: its session token."""
    answer = client.post("/api/account", json={"username": username, "password": PASSWORD, "tokens": tokens or []})
    assert answer.status_code == 201, answer.text
    session = session_of(client)
    assert session is not None
    return session


def sign_in(client: TestClient, username: str, password: str = PASSWORD) -> str:
    answer = client.post("/api/session", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    session = session_of(client)
    assert session is not None
    return session


def new_room(client: TestClient, **body: Any) -> dict[str, Any]:
    """A room of cockroach-poker for three, a person at seat 0 (and 2, free), a bot at 1."""
    chosen = {"game": "cockroach-poker", "players": 3, "seats": {"1": "bot:random"}, **body}
    answer = client.post("/api/rooms", json=chosen)
    assert answer.status_code == 200, answer.text
    made: dict[str, Any] = answer.json()
    return made
