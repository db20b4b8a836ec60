"""The rooms' HTTP API (docs/protocol.md): create a room, join it, free a seat, start it, change
one's name, read its summary, make a rematch. Every route but the summary counts against
``Settings.http_rate`` per client address (429), before anything else."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from asobiba.bots import check_table
from asobiba.core.errors import AsobibaError
from asobiba.i18n import Catalog
from asobiba.server.accounts import seats as account_seats
from asobiba.server.accounts.sessions import SignedInDep
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address, room_or_none
from asobiba.server.names import InvalidName, clean_name
from asobiba.server.protocol import CreateRoom, FreeSeat, JoinRoom, Rematch, Rename, StartRoom
from asobiba.server.rooms import Room
from asobiba.server.routes.errors import error_response, no_room, refused, too_many, unavailable
from asobiba.server.routes.learning import learning_refusal
from asobiba.server.routes.pace import pace_refusal
from asobiba.server.web import preferred_language

log = logging.getLogger("asobiba.server")

router = APIRouter()
tr = Catalog("server")


def room_link(request: Request, room: Room) -> str:
    """The room's page, as the client reached this server."""
    return f"{str(request.base_url).rstrip('/')}/r/{room.id}"


def seat_link(room_link: str, seat: int, code: str) -> str:
    """The invite link of an invited seat: the room's page with the seat and its invite code."""
    return f"{room_link}?seat={seat}&invite={code}"


def creation_refusal(body: CreateRoom) -> tuple[JSONResponse | None, float | None, dict[int, str]]:
    """Why ``body`` makes no room (or None), its bot delay and its seats' kinds by number."""
    options = body.options
    bot_delay = body.bot_delay
    if "bot_delay" in options:  # a room option given among the game's
        value = options["bot_delay"]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60:
            return error_response(400, "invalid_option", "bot_delay takes a number of seconds from 0 to 60"), None, {}
        bot_delay = float(value)
    kinds: dict[int, str] = {}
    for key, kind in body.seats.items():
        if not key.isascii() or not key.isdigit() or len(key) > 3 or not 0 <= int(key) < body.players:
            message = f"seats: {key!r} is not a seat; seats are 0 to {body.players - 1}"
            return error_response(400, "invalid_option", message), None, {}
        kinds[int(key)] = kind
    if body.open_seats is not None:
        free = sum(1 for number in range(1, body.players) if kinds.get(number, "human") == "human")
        if body.open_seats > free:
            message = f"open_seats: {body.open_seats} open seats, but the room has {free} free person seats"
            return error_response(400, "invalid_option", message), None, {}
    return None, bot_delay, kinds


def bot_refusal(
    levels: Iterable[str], game: str, players: int, options: Mapping[str, Any], lang: str
) -> JSONResponse | None:
    """Why a bot of one of ``levels`` cannot play this table (400, in ``lang``), or None: the
    ``ppo`` level plays only the setups its networks were trained for (:func:`asobiba.bots.check_table`)."""
    for level in sorted(levels):
        try:
            check_table(level, game, players, options)
        except AsobibaError as error:
            return refused(error, lang)
    return None


@router.post("/api/rooms", response_model=None)
async def create_room(
    body: CreateRoom, request: Request, lobby: LobbyDep, limits: RateLimitsDep, account: SignedInDep
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    refusal, bot_delay, kinds = creation_refusal(body)
    if refusal is not None:
        return refusal
    try:  # seats kept for players by username ("user:ken")
        invited = await account_seats.invited_accounts(lobby, kinds)
    except account_seats.UnknownUsername as unknown:
        lang = preferred_language(request.headers.get("accept-language", ""))
        message = tr("there is no player {username}: check the username", lang, username=unknown.username[:24])
        return error_response(404, "no_such_player", message)
    lang = preferred_language(request.headers.get("accept-language", ""))
    for refusal in (pace_refusal(body, lang), learning_refusal(body, kinds, lang)):
        if refusal is not None:
            return refusal
    creator_name = None
    if body.name is not None and body.name.strip():
        try:
            creator_name = clean_name(body.name)
        except InvalidName as error:
            return refused(error)
    if creator_name is None and account is not None:  # a signed-in player goes by their username
        creator_name = account.username
    options = {key: value for key, value in body.options.items() if key != "bot_delay"}
    levels = {kind.removeprefix("bot:") for kind in kinds.values() if kind.startswith("bot:")}
    refusal = bot_refusal(levels, body.game, body.players, options, lang)
    if refusal is not None:
        return refusal
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        room, token, invites = await lobby.create(
            body.game,
            body.players,
            options,
            kinds,
            creator_name,
            bot_delay,
            body.clock,
            body.grace,
            listed=body.listed,
            spectator_chat=body.spectator_chat,
            open_seats=body.open_seats,
            pace=body.pace,
            timeout_policy=body.timeout,
            rated=body.rated,
            learning=body.learning,
        )
    except AsobibaError as error:
        return refused(error)
    except Exception:
        log.exception("a room could not be stored", extra={"event": "error"})
        return unavailable(lobby)
    creator_is_bot = room.seats[0].is_bot  # then the creator watches
    try:
        await account_seats.reserve(lobby, room, invited)
        if not creator_is_bot:
            await account_seats.seat_is_accounts(lobby, account, room.id, 0)
    except Exception:
        log.exception("room %s: its seats' accounts could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    invites = {seat: code for seat, code in invites.items() if seat not in invited}
    invite = room_link(request, room)
    return {
        "room": room.id,
        "seat": None if creator_is_bot else 0,
        "token": None if creator_is_bot else token,
        "invite": invite,
        "link": invite if creator_is_bot else f"{invite}#token={token}",
        "invites": {str(seat): seat_link(invite, seat, code) for seat, code in sorted(invites.items())},
    }


@router.post("/api/rooms/{room_id}/join", response_model=None)
async def join_room(
    room_id: str,
    request: Request,
    lobby: LobbyDep,
    limits: RateLimitsDep,
    account: SignedInDep,
    body: JoinRoom | None = None,
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    closed = closed_to_newcomers(room)
    if closed is not None:
        return closed
    name = None
    if body is not None and body.name is not None:
        try:
            name = clean_name(body.name)
        except InvalidName as error:
            return refused(error)
    if name is None and account is not None:
        name = account.username
    wanted = body.seat if body is not None else None
    invite = body.invite if body is not None else None
    refusal = seat_refusal(room, wanted, invite)
    if refusal is not None:
        return refusal
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        granted = await lobby.join(room, name, wanted, invite, account.id if account is not None else None)
    except Exception:
        log.exception("room %s: a seat could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    if granted is None:  # taken (or its code changed) meanwhile: say why as it is now
        return seat_refusal(room, wanted, invite) or error_response(
            409, "seat_taken", f"seat {wanted} is taken: ask for another link"
        )
    seat, token = granted  # (signed in: the seat is the account's, stored with the claim)
    return {"seat": seat, "token": token, "link": f"{room_link(request, room)}#token={token}"}


def closed_to_newcomers(room: Room) -> JSONResponse | None:
    """Why nobody may join ``room`` now (over, or a rematch), or None."""
    if room.is_over:
        return error_response(409, "game_over", "the game is over")
    if room.row.rematch_of is not None:
        return error_response(403, "rematch", "the seats of a rematch are kept for the previous game's players")
    return None


def seat_refusal(room: Room, wanted: int | None, invite: str | None) -> JSONResponse | None:
    """Why a newcomer cannot take seat ``wanted`` with ``invite`` (or, without a seat, the seat of
    ``invite`` or a free open seat) — None if they can."""
    if wanted is None and invite is not None:
        found = room.invited_seat(invite)
        if found is None:
            return error_response(403, "bad_invite", "that invite code is no free seat's: ask for a new link")
        wanted = found.number
    if wanted is None:
        return open_seat_refusal(room)
    if wanted >= len(room.seats):
        return error_response(400, "no_such_seat", f"there is no seat {wanted}; seats are 0 to {len(room.seats) - 1}")
    seat = room.seats[wanted]
    if seat.kind != "human":
        return error_response(409, "seat_taken", f"seat {wanted} is played by a bot")
    if seat.token_hash is not None:
        return error_response(409, "seat_taken", f"seat {wanted} is taken: ask for another link")
    if room.may_take(seat, invite):
        return None
    if invite is None:
        return error_response(
            403,
            "invite_required",
            f"seat {wanted} is kept for an invited friend: open the invite link the room's creator sent",
        )
    return error_response(
        403, "bad_invite", f"that invite code is not seat {wanted}'s (the link may be old): ask for a new link"
    )


def open_seat_refusal(room: Room) -> JSONResponse | None:
    """Why a newcomer without a seat or an invite cannot sit in ``room`` (no free open seat), or None."""
    if room.open_seats():
        return None
    if room.free_person_seats():
        return error_response(
            403,
            "invite_required",
            "every free seat is kept for an invited friend: ask the room's creator for an invite link",
        )
    return error_response(409, "room_full", "every seat for a person is taken")


#: Why the creator may not free a seat, by the room's answer: the status and message.
FREE_SEAT_REFUSALS = {
    "bad_token": (403, "only the room's creator may free a seat: send the creator's token"),
    "game_over": (409, "the game is over"),
    "already_started": (409, "the game has started already: a seat is freed in the waiting room only"),
    "not_a_person_seat": (409, "seat {seat} is played by a bot"),
    "own_seat": (409, "that is your own seat"),
    "kept": (409, "a rematch's seats are kept for the previous game's players"),
}


@router.post("/api/rooms/{room_id}/seats/{seat}/free", response_model=None)
async def free_seat(
    room_id: str, seat: int, request: Request, body: FreeSeat, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    """The creator frees a seat before the start: whoever sat there loses it; a new invite link."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    if not 0 <= seat < len(room.seats):
        return error_response(400, "no_such_seat", f"there is no seat {seat}; seats are 0 to {len(room.seats) - 1}")
    if body.token is None or not room.is_creator(body.token):
        return error_response(403, "bad_token", "only the room's creator may free a seat: send the creator's token")
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        answer, code = await room.free_seat(body.token, seat)
    except Exception:
        log.exception("room %s: a freed seat could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    if code is None:
        status, message = FREE_SEAT_REFUSALS[answer]
        return error_response(status, answer, message.format(seat=seat))
    return {"seat": seat, "invite": seat_link(room_link(request, room), seat, code)}


@router.post("/api/rooms/{room_id}/start", response_model=None)
async def start_room(
    room_id: str, request: Request, body: StartRoom, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    """The creator starts a waiting room: its free person seats become bots of ``bot``."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    if body.token is None or not room.is_creator(body.token):
        return error_response(403, "bad_token", "only the room's creator may start it: send the creator's token")
    lang = preferred_language(request.headers.get("accept-language", ""))
    refusal = bot_refusal({body.bot}, room.game.name, room.row.players, room.state.options, lang)
    if refusal is not None:
        return refusal
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        answer = await room.start(body.token, body.bot)
    except Exception:
        log.exception("room %s: the start could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    if answer == "bad_token":
        return error_response(403, "bad_token", "only the room's creator may start it: send the creator's token")
    if answer == "game_over":
        return error_response(409, "game_over", "the game is over")
    if answer == "already_started":
        return error_response(409, "already_started", "the game has started already")
    return room.summary()


@router.post("/api/rooms/{room_id}/name", response_model=None)
async def rename(
    room_id: str, request: Request, body: Rename, lobby: LobbyDep, limits: RateLimitsDep
) -> JSONResponse | dict[str, Any]:
    """The person of ``token`` goes by ``name`` in this room from now on."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    try:
        name = clean_name(body.name)
    except InvalidName as error:
        return refused(error)
    seat = room.seat_by_token(body.token) if body.token is not None else None
    if seat is None or seat.is_bot:
        return error_response(403, "bad_token", "that token holds no seat in this room")
    if not lobby.health.writable:
        return unavailable(lobby)
    try:
        renamed = await room.rename(body.token or "", name)
    except Exception:
        log.exception("room %s: a name could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    if renamed is None:
        return error_response(403, "bad_token", "that token holds no seat in this room")
    return {"seat": renamed, "name": name}


@router.get("/api/rooms/{room_id}", response_model=None)
async def room_summary(room_id: str, lobby: LobbyDep) -> JSONResponse | dict[str, Any]:
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    return room.summary()


@router.post("/api/rooms/{room_id}/rematch", response_model=None)
async def rematch(
    room_id: str, request: Request, lobby: LobbyDep, limits: RateLimitsDep, body: Rematch | None = None
) -> JSONResponse | dict[str, Any]:
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    room = await room_or_none(lobby, room_id)
    if room is None:
        return no_room(room_id)
    if not room.is_over:
        return error_response(409, "not_over", "a rematch is made once the game is over")
    token = body.token if body else None
    caller = room.seat_by_token(token) if token is not None else None
    if token is None or caller is None or caller.is_bot:
        return error_response(403, "bad_token", "a rematch is for the players of this room: send your seat's token")
    if room.row.rematch is None and not lobby.health.writable:
        return unavailable(lobby)
    try:
        made = await lobby.rematch(room, token)
    except AsobibaError as error:
        return refused(error)
    except Exception:
        log.exception("room %s: the rematch could not be stored", room.id, extra={"event": "error"})
        return unavailable(lobby)
    if made is None:
        return error_response(403, "bad_token", "that token holds no seat in the rematch")
    new_room, seat = made
    invite = room_link(request, new_room)
    return {"room": new_room.id, "seat": seat, "token": token, "invite": invite, "link": f"{invite}#token={token}"}


__all__ = ["router", "seat_link", "seat_refusal"]
