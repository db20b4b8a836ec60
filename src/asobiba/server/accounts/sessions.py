"""Who is signed in: the session cookie and :func:`signed_in_account`, the dependency that reads it.

A session is a random token (``secrets.token_urlsafe(32)``) in an ``HttpOnly``, ``SameSite=Lax``
cookie (``Secure`` when the request came over HTTPS — behind a proxy, the scheme it forwards from an
address of ``--forwarded-allow-ips``); the database keeps only its SHA-256 hash, valid
:data:`SESSION_SECONDS`. Every sign-in makes a new session (no fixation). A cookie that names no live
session (expired, signed out, forged) makes its request a guest's, and the answer clears it.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Annotated

from fastapi import Depends, Request, Response

from asobiba.server.accounts import store
from asobiba.server.accounts.rows import AccountRow
from asobiba.server.dependencies import LobbyDep

#: The session cookie's name.
COOKIE = "asobiba_session"
#: How long a session is valid: 30 days.
SESSION_SECONDS = 30 * 86400
#: A session token is this long at most (``token_urlsafe(32)`` is 43 characters); longer is forged.
MAX_TOKEN = 100


def new_session_token() -> str:
    return secrets.token_urlsafe(32)


def session_hash(token: str) -> str:
    """The stored form of a session token: its SHA-256 (the token itself lives only in the cookie)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def set_session_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_SECONDS,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")


def session_token(request: Request) -> str | None:
    """The session token the request's cookie carries (None: no cookie, or one too long to be ours)."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > MAX_TOKEN:
        return None if not token else ""
    return token


async def signed_in_account(request: Request, response: Response, lobby: LobbyDep) -> AccountRow | None:
    """The signed-in account of the request, or None for a guest. A cookie that names no live session
    (expired, revoked, forged) is a guest's, and the response clears it."""
    token = session_token(request)
    if token is None:
        return None
    account = None
    if token:
        account = await lobby.read(store.session_account(lobby.storage, session_hash(token), lobby.clock.now()))
    if account is None:
        clear_session_cookie(response, request)
    return account


#: A route's signed-in account, or None for a guest.
SignedInDep = Annotated[AccountRow | None, Depends(signed_in_account)]

__all__ = [
    "COOKIE",
    "MAX_TOKEN",
    "SESSION_SECONDS",
    "SignedInDep",
    "clear_session_cookie",
    "new_session_token",
    "session_hash",
    "session_token",
    "set_session_cookie",
    "signed_in_account",
]
