"""The coach's routes (docs/protocol.md, "The coach"), as one router:

- ``POST /api/rooms/{room}/analysis?seat=N`` — once the game is over (403 before): start the analysis
  of seat N, or join it (202 ``{"progress", "queued"}``, ``queued`` its place in the queue, 0 while it
  runs; 200 with the analysis if it is made already — each decision's ``why`` in the language of ``?lang=``
  or else ``Accept-Language``, players by the room's seat names; 429 ``too_many_analyses`` when the asking client
  has its share waiting or running; 503 ``busy`` when the queue is full for this client, the messages
  in the language of ``Accept-Language``);
- ``GET /api/rooms/{room}/analysis?seat=N`` — 202 ``{"progress": 0..1, "queued"}`` while it waits or
  runs, 200 with the analysis once made, 404 if nobody asked for it, 403 while the game is on;
- ``GET /api/rooms/{room}/hint?seat=N`` with ``Authorization: Bearer <the seat's token>`` — what the
  coach would play now, and why in words (``why``, every language): only for the seat to move, and only
  where no other seat is a person's (403);
  bounded as analyses are (429 ``too_many_hints``, 503 ``busy``).

Anyone who may see the replay may ask for an analysis, spectators too: once the game is over its whole
record is public (``/record``), so no seat's information is secret any more. The analysis itself still
reads only that seat's observations (:mod:`asobiba.server.analysis`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response

from asobiba.i18n import LANGUAGES, Catalog, is_language
from asobiba.server.analysis import Busy, Coach, TooManyForClient, coach_from_environment, in_language
from asobiba.server.rooms import Room
from asobiba.server.web import preferred_language

router = APIRouter()
tr = Catalog("server")
web_tr = Catalog("web")


def room_names(room: Room) -> dict[str, list[str]]:
    """Every seat's name in each language, as the room's page names it (``table_words.js``'s
    ``seatName``): the name its person gave, "Bot" (the table's only bot) or "Bot 2", else "Seat 1"."""
    bots = [seat.number for seat in room.seats if seat.is_bot]
    names: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        found = []
        for seat in room.seats:
            if seat.name:
                found.append(seat.name)
            elif seat.is_bot:
                only = len(bots) == 1
                found.append(
                    web_tr("Bot", lang) if only else web_tr("Bot {number}", lang, number=bots.index(seat.number) + 1)
                )
            else:
                found.append(web_tr("Seat {seat}", lang, seat=seat.number))
        names[lang] = found
    return names


def coach(request: Request) -> Coach:
    found: Coach = request.app.state.coach
    return found


def error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status)


async def finished_room(request: Request, room_id: str, seat_text: str | None) -> tuple[Room, int] | JSONResponse:
    """The room and the seat asked for, or the answer that says what is wrong."""
    lobby = request.app.state.lobby
    room = await lobby.current(room_id) if len(room_id) <= 32 else None
    if room is None:
        return error(404, "no_such_room", f"there is no room {room_id[:32]!r}")
    seat = await parsed_seat(room, seat_text)
    if isinstance(seat, JSONResponse):
        return seat
    if not room.is_over:
        return error(403, "not_over", "a game is analysed once it is over")
    return room, seat


async def parsed_seat(room: Room, seat_text: str | None) -> int | JSONResponse:
    players = room.state.players
    if seat_text is None:
        return error(400, "no_seat", f"say which seat: ?seat=N, N from 0 to {players - 1}")
    if not seat_text.isascii() or not seat_text.isdigit() or len(seat_text) > 3:
        return error(400, "bad_seat", f"seat is a whole number from 0 to {players - 1}, not {seat_text[:20]!r}")
    seat = int(seat_text)
    if seat >= players:
        return error(404, "no_such_seat", f"there is no seat {seat}; seats are 0 to {players - 1}")
    return seat


def client_of(request: Request) -> str:
    """The asking client, as the coach's queues count it: its address."""
    return request.client.host if request.client else "?"


def language_of(request: Request) -> str:
    """``?lang=`` if asobiba speaks it, else the ``Accept-Language`` header's."""
    asked = request.query_params.get("lang")
    if asked is not None and is_language(asked):
        return asked
    return preferred_language(request.headers.get("accept-language", ""))


def json_bytes(body: bytes, status: int = 200) -> Response:
    return Response(body, status_code=status, media_type="application/json")


@router.post("/api/rooms/{room_id}/analysis", response_model=None)
async def start_analysis(room_id: str, request: Request, seat: str | None = None) -> Response:
    found = await finished_room(request, room_id, seat)
    if isinstance(found, JSONResponse):
        return found
    room, number = found
    service = coach(request)
    done = await service.finished(room.id, number)
    if done is not None:
        return json_bytes(in_language(done, language_of(request)))
    try:
        progress = service.start(room.id, number, room.state.record(), client_of(request), room_names(room))
    except TooManyForClient as refused:
        message = tr(
            "you have {count} analyses waiting or running already; ask for another once one is made",
            language_of(request),
            count=refused.limit,
        )
        return error(429, "too_many_analyses", message)
    except Busy:
        message = tr("too many analyses are waiting; try again in a minute", language_of(request))
        return error(503, "busy", message)
    return JSONResponse(progress, status_code=202)


@router.get("/api/rooms/{room_id}/analysis", response_model=None)
async def get_analysis(room_id: str, request: Request, seat: str | None = None) -> Response:
    found = await finished_room(request, room_id, seat)
    if isinstance(found, JSONResponse):
        return found
    room, number = found
    service = coach(request)
    progress = service.progress(room.id, number)
    if progress is not None:
        return JSONResponse(progress, status_code=202)
    done = await service.finished(room.id, number)
    if done is not None:
        return json_bytes(in_language(done, language_of(request)))
    failure = service.failed.get((room.id, number))
    if failure is not None:
        return error(500, "analysis_failed", f"the analysis failed ({failure}); ask again to retry")
    return error(404, "not_analysed", f"seat {number} is not analysed: POST to this address to start")


@router.get("/api/rooms/{room_id}/hint", response_model=None)
async def hint(room_id: str, request: Request, seat: str | None = None) -> Response:
    lobby = request.app.state.lobby
    room = await lobby.current(room_id) if len(room_id) <= 32 else None
    if room is None:
        return error(404, "no_such_room", f"there is no room {room_id[:32]!r}")
    number = await parsed_seat(room, seat)
    if isinstance(number, JSONResponse):
        return number
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    holder = room.seat_by_token(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    if holder is None or holder.number != number:
        return error(403, "bad_token", "a hint is for the seat's player: send its token (Authorization: Bearer)")
    if any(other.kind == "human" for other in room.seats if other.number != number):
        return error(403, "not_alone", "hints are only given when every other seat is a bot")
    if room.is_over:
        return error(409, "game_over", "the game is over: ask for its analysis")
    state = room.state  # never changed once swapped in
    if state.to_move != number:
        return error(409, "not_your_turn", f"seat {number} is not to move")
    try:
        answer: dict[str, Any] = await coach(request).hint(
            room.id, state.seq, number, state.record(), client_of(request)
        )
    except TooManyForClient as refused:
        message = tr(
            "you have {count} hints waiting already; ask for another once one is given",
            language_of(request),
            count=refused.limit,
        )
        return error(429, "too_many_hints", message)
    except Busy:
        return error(503, "busy", tr("too many hints are waiting; try again in a moment", language_of(request)))
    return JSONResponse(answer)


def mount(app: FastAPI) -> FastAPI:
    """Add the coach's routes and its :class:`Coach` (see :func:`~asobiba.server.analysis.coach_from_environment`)
    to ``app`` of :func:`asobiba.server.app.create_app` (before its static files are mounted)."""
    app.state.coach = coach_from_environment(app.state.lobby.storage)
    app.state.lobby.verdict_maker = lambda: app.state.coach  # (a test may put another coach there)
    app.include_router(router)
    return app
