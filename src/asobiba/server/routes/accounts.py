"""Accounts and sessions (docs/protocol.md, "Accounts"):

- ``POST /api/account`` ``{username, password}`` — a new account, signed in at once (201); 400
  ``invalid_username`` / ``weak_password``, 409 ``username_taken`` (in any case);
- ``POST /api/session`` ``{username, password}`` — sign in: a new session cookie every time; 401
  ``wrong_password`` for a wrong password and for an unknown username alike (both verify an argon2
  hash); 429 past ``Settings.sign_in_rate`` per address or per username;
- ``DELETE /api/session`` — sign out (this browser); ``DELETE /api/sessions`` — sign out everywhere;
- ``GET /api/me`` — ``{"username": …, "guest": false}`` or ``{"guest": true}``.

The account and session bodies may carry ``tokens``: the seat tokens the browser holds, whose seats
become the account's (as ``POST /api/me/seats``). Messages are in the language of ``Accept-Language``.
Usernames and passwords are never logged.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from asobiba.i18n import Catalog
from asobiba.server.accounts import store
from asobiba.server.accounts.bodies import Credentials, valid_username
from asobiba.server.accounts.passwords import MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, hash_password, password_matches
from asobiba.server.accounts.rows import AccountRow
from asobiba.server.accounts.sessions import (
    SESSION_SECONDS,
    SignedInDep,
    clear_session_cookie,
    new_session_token,
    session_hash,
    session_token,
    set_session_cookie,
)
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address
from asobiba.server.rooms import Lobby, hash_token
from asobiba.server.routes.errors import error_response, unavailable
from asobiba.server.web import preferred_language

log = logging.getLogger("asobiba.server")
tr = Catalog("server")

router = APIRouter()


def language(request: Request) -> str:
    return preferred_language(request.headers.get("accept-language", ""))


def too_many_sign_ins(request: Request) -> JSONResponse:
    return error_response(
        429, "rate_limited", tr("too many sign-in attempts; wait a minute and try again", language(request))
    )


def signed_out(request: Request) -> JSONResponse:
    return error_response(401, "signed_out", tr("sign in first", language(request)))


def me(account: AccountRow) -> dict[str, Any]:
    return {"username": account.username, "guest": False}


async def start_session(request: Request, response: Response, lobby: Lobby, account: AccountRow) -> None:
    """A new session of ``account`` in this browser's cookie; the session the cookie named before (if
    any) ends: a token set before signing in is never the session after."""
    before = session_token(request)
    token = new_session_token()
    await lobby.write(
        store.create_session(lobby.storage, account.id, session_hash(token), SESSION_SECONDS, lobby.clock.now())
    )
    if before:
        await lobby.write(store.delete_session(lobby.storage, session_hash(before)))
    set_session_cookie(response, request, token)


async def take_seats(lobby: Lobby, account: AccountRow, tokens: list[str]) -> int:
    """The seats of ``tokens`` that belong to no account become ``account``'s: how many did."""
    if not tokens:
        return 0
    count: int = await lobby.write(store.own_seats(lobby.storage, account.id, [hash_token(token) for token in tokens]))
    return count


@router.post("/api/account", status_code=201, response_model=None)
async def create_account(
    body: Credentials, request: Request, response: Response, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    lang = language(request)
    if not await limits.sign_in_allowed(client_address(request)):
        return too_many_sign_ins(request)
    if not valid_username(body.username):
        message = tr("a username has 3 to 24 letters, digits, _ and -", lang)
        return error_response(400, "invalid_username", message)
    if not MIN_PASSWORD_LENGTH <= len(body.password) <= MAX_PASSWORD_LENGTH:
        message = tr("a password has at least {least} characters", lang, least=MIN_PASSWORD_LENGTH)
        return error_response(400, "weak_password", message)
    if body.password.lower() == body.username.lower():
        return error_response(400, "weak_password", tr("a password is not the username", lang))
    if not lobby.health.writable:
        return unavailable(lobby)
    password_hash = await asyncio.to_thread(hash_password, body.password)
    account = await lobby.write(store.create_account(lobby.storage, body.username, password_hash, lobby.clock.now()))
    if account is None:
        return error_response(409, "username_taken", tr("that username is taken: choose another", lang))
    await start_session(request, response, lobby, account)
    seats = await take_seats(lobby, account, body.tokens)
    return {**me(account), "seats": seats}


@router.post("/api/session", response_model=None)
async def sign_in(
    body: Credentials, request: Request, response: Response, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    if not await limits.sign_in_allowed(client_address(request), body.username[:24]):
        return too_many_sign_ins(request)
    account = None
    if valid_username(body.username):
        account = await lobby.read(store.account_by_username(lobby.storage, body.username))
    # an unknown username verifies a dummy hash: the same answer, in the same time
    stored_hash = account.password_hash if account is not None else None
    matched = await asyncio.to_thread(password_matches, stored_hash, body.password)
    if account is None or not matched:
        return error_response(401, "wrong_password", tr("wrong username or password", language(request)))
    if not lobby.health.writable:
        return unavailable(lobby)
    await start_session(request, response, lobby, account)
    seats = await take_seats(lobby, account, body.tokens)
    return {**me(account), "seats": seats}


@router.delete("/api/session", response_model=None)
async def sign_out(request: Request, response: Response, lobby: LobbyDep) -> dict[str, Any]:
    """This browser's session ends (signed in or not: afterwards it is a guest's)."""
    token = session_token(request)
    if token:
        await lobby.write(store.delete_session(lobby.storage, session_hash(token)))
    clear_session_cookie(response, request)
    return {"guest": True}


@router.delete("/api/sessions", response_model=None)
async def sign_out_everywhere(
    request: Request, response: Response, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    """Every session of the signed-in account ends, on every device."""
    if account is None:
        return signed_out(request)
    ended = await lobby.write(store.delete_sessions(lobby.storage, account.id))
    clear_session_cookie(response, request)
    return {"guest": True, "sessions": ended}


@router.get("/api/me", response_model=None)
async def who_am_i(account: SignedInDep) -> dict[str, Any]:
    return me(account) if account is not None else {"guest": True}


__all__ = ["language", "router", "signed_out", "take_seats"]
