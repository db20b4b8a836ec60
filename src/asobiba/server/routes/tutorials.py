"""The games' tutorials for the browser's tutorial player (:mod:`asobiba.core.tutorial`), played without
any state kept on the server: a position depends only on its step's number.

- ``GET /api/tutorials?lang=`` — every game's tutorials: ``[{game, name, key, title, minutes}]``;
- ``GET /api/tutorials/{game}/{name}?step=N&lang=`` — the position at step ``N`` (0 to the number of
  steps; that number: the tutorial is over): the tutorial's names and its number of steps, the step's
  words (``say``, ``point``, ``do`` — the moves asked for, as the legal actions write them —, ``wrong``)
  in ``lang``, and ``frame``, the learner's seat's state frame exactly as a room sends it (the view,
  the legal actions when the step asks a move, the events of the step before as the seat may see them,
  with their texts);
- ``POST /api/tutorials/{game}/{name}/attempt?lang=`` with ``{"step": N, "move": "<notation>"}`` — the
  learner tries a move at step ``N``: ``{"accepted": true, "position": <the next step's position>}``,
  or ``{"accepted": false, "why": "<the teacher's words>"}`` (nothing changes).
- ``GET /learn/{game}/{name}`` — the browser client's page of a tutorial (404 if there is none).

A request replays the tutorial's script up to its step (a few milliseconds: a tutorial has at most
:data:`MAX_STEPS` steps, and positions are cached). Bad input — an unknown tutorial, a step out of
range, a malformed move — is a 4xx answer ``{"code", "message"}`` in the reader's language (``?lang=``,
else ``Accept-Language``); every route counts against ``Settings.http_rate`` per client address (429).
"""

from __future__ import annotations

import functools
import logging
from typing import Any

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from asobiba.core.errors import AsobibaError
from asobiba.core.registry import declaration, game_names, get_game
from asobiba.core.tutorial import Tutorial, TutorialRun
from asobiba.i18n import Catalog
from asobiba.server.dependencies import RateLimitsDep, client_address
from asobiba.server.protocol import StateFrame
from asobiba.server.rooms.frames import legal_entry, shown_event
from asobiba.server.routes.errors import error_response, too_many
from asobiba.server.routes.players import client_page, reader_language

tr = Catalog("server")
log = logging.getLogger("asobiba.server")

router = APIRouter()

#: A tutorial of more steps is not served (each request replays the script up to its step).
MAX_STEPS = 200
#: The longest move notation read, and the longest name echoed back in an error.
MAX_MOVE = 200
ECHOED = 40
#: Positions kept, by (game, name, step, language).
CACHED_POSITIONS = 512


def tutorials() -> dict[str, Tutorial]:
    """Every installed game's tutorials, by key (``game/name``); a game whose tutorials do not load is
    left out (and logged)."""
    found: dict[str, Tutorial] = {}
    for game in game_names():
        try:
            loaded = declaration(game).tutorials()
        except Exception:
            log.exception("the tutorials of %s do not load", game, extra={"event": "error"})
            continue
        for tutorial in loaded:
            if len(tutorial.steps) <= MAX_STEPS:
                found[tutorial.key] = tutorial
    return found


def no_tutorial(key: str, lang: str) -> JSONResponse:
    message = tr("there is no tutorial “{tutorial}”", lang, tutorial=key[:ECHOED])
    return error_response(404, "no_such_tutorial", message)


def bad_step(value: object, tutorial: Tutorial, lang: str) -> JSONResponse:
    message = tr(
        "a step of this tutorial is a number from 0 to {last}, not “{value}”",
        lang,
        last=len(tutorial.steps),
        value=str(value)[:ECHOED],
    )
    return error_response(400, "bad_step", message)


def step_number(value: object, tutorial: Tutorial) -> int | None:
    """The step ``value`` names (a number, or its digits), or ``None`` if it is none of this tutorial's."""
    if isinstance(value, str) and value.isdigit() and len(value) <= 4:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(tutorial.steps):
        return None
    return value


class _Run(TutorialRun):
    """A run that knows the language its frames are written in."""

    def __init__(self, tutorial: Tutorial, index: int, lang: str) -> None:
        super().__init__(tutorial, index)
        self.lang = lang


def learner_frame(run: _Run) -> StateFrame:
    """The learner's seat's state frame at ``run``'s step, as a room sends it: its view, the legal
    actions if the step asks a move, and the last step's events as the seat may see them."""
    tutorial, state = run.tutorial, run.state
    game = get_game(tutorial.game)
    seat = tutorial.learner
    step = run.step
    asks = step is not None and step.asks_a_move and state.to_move == seat and not state.is_over
    return {
        "type": "state",
        "seq": state.seq,
        "seat": seat,
        "started": True,
        "view": state.view(seat),
        "legal": [legal_entry(game, action, run.lang) for action in state.legal_actions()] if asks else [],
        "events": [shown for event in run.events if (shown := shown_event(game, event, seat, run.lang)) is not None],
        "clock": None,
    }


@functools.lru_cache(maxsize=CACHED_POSITIONS)
def position_json(game: str, name: str, index: int, lang: str) -> bytes:
    """The position at step ``index`` as ``GET /api/tutorials/{game}/{name}`` answers it (serialised)."""
    return orjson.dumps(position(_Run(tutorials()[f"{game}/{name}"], index, lang)), option=orjson.OPT_NON_STR_KEYS)


def position(run: _Run) -> dict[str, Any]:
    tutorial, lang = run.tutorial, run.lang
    step = run.step
    game = run.state.game
    return {
        "tutorial": {
            "game": tutorial.game,
            "name": tutorial.name,
            "key": tutorial.key,
            "title": tutorial.title[lang],
            "minutes": tutorial.minutes,
            "players": tutorial.players,
            "learner": tutorial.learner,
            "names": list(tutorial.names[lang]),
            "play_on": tutorial.play_on,
            "options": dict(tutorial.options),
            "steps": len(tutorial.steps),
        },
        "index": run.index,
        "finished": run.finished,
        "step": None
        if step is None
        else {
            "say": step.say[lang],
            "point": list(step.point),
            # as the legal actions write them (the file may write a move another way)
            "do": [str(game.parse_action(notation, run.state)) for notation in step.do],
            "wrong": step.wrong[lang] if step.wrong else None,
            "teaches": list(step.teaches),
        },
        # the tutorial's last words, shown again at its end
        "last_say": tutorial.steps[-1].say[lang],
        "frame": learner_frame(run),
    }


@router.get("/api/tutorials", response_model=None)
async def list_tutorials(
    request: Request, limits: RateLimitsDep, lang: str | None = Query(default=None, max_length=8)
) -> JSONResponse | list[dict[str, Any]]:
    """Every game's tutorials, the default of each game first: ``[{game, name, key, title, minutes}]``."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    language = reader_language(request, lang)
    return [
        {
            "game": tutorial.game,
            "name": tutorial.name,
            "key": tutorial.key,
            "title": tutorial.title[language],
            "minutes": tutorial.minutes,
        }
        for tutorial in tutorials().values()
    ]


@router.get("/api/tutorials/{game}/{name}", response_model=None)
async def tutorial_position(
    game: str,
    name: str,
    request: Request,
    limits: RateLimitsDep,
    step: str = Query(default="0", max_length=8),
    lang: str | None = Query(default=None, max_length=8),
) -> Response:
    """The position at step ``step``: see the module's documentation."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    language = reader_language(request, lang)
    tutorial = tutorials().get(f"{game}/{name}")
    if tutorial is None:
        return no_tutorial(f"{game}/{name}", language)
    index = step_number(step, tutorial)
    if index is None:
        return bad_step(step, tutorial, language)
    return Response(position_json(game, name, index, language), media_type="application/json")


@router.post("/api/tutorials/{game}/{name}/attempt", response_model=None)
async def attempt_move(
    game: str,
    name: str,
    request: Request,
    limits: RateLimitsDep,
    lang: str | None = Query(default=None, max_length=8),
) -> Response:
    """``{"step": N, "move": "<notation>"}``: accepted and the next position, or the teacher's words why not."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    language = reader_language(request, lang)
    tutorial = tutorials().get(f"{game}/{name}")
    if tutorial is None:
        return no_tutorial(f"{game}/{name}", language)
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError:
        body = None
    if not isinstance(body, dict):
        message = tr("the body is a JSON object with the step (a number) and the move (its notation)", language)
        return error_response(400, "bad_request", message)
    index = step_number(body.get("step"), tutorial)
    if index is None or index >= len(tutorial.steps):
        return bad_step(body.get("step"), tutorial, language)
    move = body.get("move")
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
        message = tr("the move is a notation of at most {count} characters", language, count=MAX_MOVE)
        return error_response(400, "bad_move", message)
    run = _Run(tutorial, index, language)
    try:
        action = run.state.game.parse_action(move, run.state)
    except AsobibaError as error:
        return error_response(400, "bad_move", error.translated(language))
    tried = run.attempt(action)
    if not tried.accepted:
        return JSONResponse({"accepted": False, "why": tried.text(language)})
    # the next position as every later request rebuilds it (from the step's number alone)
    next_position = position_json(game, name, index + 1, language)
    return Response(b'{"accepted":true,"why":null,"position":' + next_position + b"}", media_type="application/json")


@router.get("/learn/{game}/{name}", response_model=None)
async def tutorial_page(
    game: str, name: str, request: Request, lang: str | None = Query(default=None, max_length=8)
) -> FileResponse | JSONResponse:
    """The tutorial's page (the browser client), or 404 if there is no such tutorial."""
    if f"{game}/{name}" not in tutorials():
        return no_tutorial(f"{game}/{name}", reader_language(request, lang))
    return client_page()


__all__ = ["MAX_STEPS", "router", "tutorials"]
