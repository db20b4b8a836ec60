"""A player's own things (docs/protocol.md, "Accounts"), and the page ``/me``:

- ``POST /api/me/seats`` ``{tokens}`` — the seats of these seat tokens (the ones this browser holds)
  that belong to no account become the signed-in account's (401 for a guest): ``{"seats": n}``;
- ``GET /api/me/games`` — the signed-in player's games (401 for a guest); ``POST /api/me/games``
  ``{tokens}`` — the same for a guest (or a signed-in player), with the rooms of these seat tokens:
  ``{"your_turn": [...], "waiting": [...], "finished": [...], "invitations": [...]}``;
- ``GET /api/me/email`` — ``{address, notify}``: the signed-in player's own email choice (401 for a guest);
  ``PUT /api/me/email`` ``{address, notify}`` — where "your turn" emails go, and whether to send them;
- ``POST /api/rooms/{room}/my-seat`` — a signed-in player takes their seat back on this device, without
  its link: a new token for it (the old one holds nothing any more); 404 ``no_seat`` if the account
  holds no seat there;
- ``POST /api/rooms/{room}/invitation`` ``{accept}`` — take the seat kept for you by name (its token),
  or give it back (then it is an open seat); 404 ``no_invitation``.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

from asobiba.i18n import Catalog
from asobiba.server.accounts import seats, store
from asobiba.server.accounts.bodies import EmailChoice, InvitationAnswer, Tokens
from asobiba.server.accounts.games import my_games
from asobiba.server.accounts.sessions import SignedInDep
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address, room_or_none
from asobiba.server.rooms import hash_token
from asobiba.server.routes.accounts import language, signed_out, take_seats
from asobiba.server.routes.errors import error_response, no_room, too_many, unavailable
from asobiba.server.routes.pages import ROOM_PAGE_FALLBACK, WEB
from asobiba.server.routes.rooms import room_link

tr = Catalog("server")
router = APIRouter()

#: What an email address looks like here: something@a.domain, no spaces (the mail server says the rest).
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s]+")


@router.get("/me", response_model=None)
async def me_page() -> FileResponse | HTMLResponse:
    """The browser client's page of "my games"."""
    page = WEB / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html")
    return HTMLResponse(ROOM_PAGE_FALLBACK.format(room="/me"))


@router.post("/api/me/seats", response_model=None)
async def take_my_seats(
    body: Tokens, request: Request, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    if not lobby.health.writable:
        return unavailable(lobby)
    return {"seats": await take_seats(lobby, account, body.tokens)}


@router.get("/api/me/games", response_model=None)
async def games_of_account(request: Request, lobby: LobbyDep, account: SignedInDep) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    return await my_games(lobby, account, [])


@router.post("/api/me/games", response_model=None)
async def games_of_browser(
    body: Tokens, request: Request, lobby: LobbyDep, limits: RateLimitsDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    return await my_games(lobby, account, [hash_token(token) for token in body.tokens])


@router.get("/api/me/email", response_model=None)
async def email_shown(request: Request, account: SignedInDep) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    return {"address": account.email, "notify": account.email_notify}


@router.put("/api/me/email", response_model=None)
async def email_choice(
    body: EmailChoice, request: Request, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    address = body.address.strip() if body.address is not None else None
    if address == "":
        address = None
    if address is not None and EMAIL.fullmatch(address) is None:
        return error_response(400, "invalid_email", tr("that is not an email address", language(request)))
    if body.notify and address is None:
        return error_response(400, "invalid_email", tr("give an email address to be notified", language(request)))
    if not lobby.health.writable:
        return unavailable(lobby)
    await lobby.write(store.set_email(lobby.storage, account.id, address, body.notify, language(request)))
    return {"address": address, "notify": body.notify}


@router.post("/api/rooms/{room_id}/my-seat", response_model=None)
async def my_seat(
    room_id: str, request: Request, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    if not lobby.health.writable:
        return unavailable(lobby)
    taken = await seats.take_back(lobby, room, account)
    if taken is None:
        return error_response(404, "no_seat", tr("you hold no seat in this room", language(request)))
    seat, token = taken
    return {"seat": seat, "token": token, "link": f"{room_link(request, room)}#token={token}"}


@router.post("/api/rooms/{room_id}/invitation", response_model=None)
async def invitation(
    room_id: str, body: InvitationAnswer, request: Request, lobby: LobbyDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if account is None:
        return signed_out(request)
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    lang = language(request)
    kept = await lobby.read(store.reserved_seat(lobby.storage, room.id, account.id))
    if kept is None:
        return error_response(404, "no_invitation", tr("no seat in this room is kept for you", lang))
    if room.is_over:
        return error_response(409, "game_over", tr("the game is over", lang))
    if not lobby.health.writable:
        return unavailable(lobby)
    if not body.accept:
        await seats.decline(lobby, room, kept.seat)
        return {"seat": kept.seat, "accepted": False}
    granted = await seats.accept(lobby, room, account, kept.seat)
    if granted is None:
        return error_response(409, "seat_taken", tr("the seat was taken meanwhile", lang))
    seat, token = granted
    return {"seat": seat, "token": token, "accepted": True, "link": f"{room_link(request, room)}#token={token}"}


__all__ = ["router"]
