"""Players and their ratings, for anybody to read: ``GET /api/players/{username}`` (a profile),
``GET /api/leaderboard/{game}`` (a game's best players), and their pages for a browser, ``/p/{username}``
and ``/leaderboard/{game}`` (the browser client draws them from those two answers). Nothing private:
see :mod:`asobiba.server.accounts.ratings_profiles`. Every route counts against ``Settings.http_rate``
per client address (429)."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from asobiba.core.registry import get_game
from asobiba.i18n import LANGUAGES, Catalog
from asobiba.server.accounts.ratings_profiles import (
    LEADERBOARD_GAMES,
    leaderboard,
    leaderboard_key,
    player_exists,
    player_profile,
    rule_set_keys,
)
from asobiba.server.dependencies import LobbyDep, RateLimitsDep, client_address
from asobiba.server.routes.errors import error_response, too_many
from asobiba.server.routes.pages import WEB
from asobiba.server.web import preferred_language

tr = Catalog("server")
log = logging.getLogger("asobiba.server")

router = APIRouter()

#: Longest ``{username}`` or ``{game}`` echoed back in an error.
ECHOED = 40


def reader_language(request: Request, lang: str | None) -> str:
    """``?lang=`` if it is one asobiba speaks, else the browser's ``Accept-Language``."""
    if lang in LANGUAGES:
        return lang
    return preferred_language(request.headers.get("accept-language", ""))


def no_player(username: str, lang: str) -> JSONResponse:
    message = tr("there is no player named “{username}”", lang, username=username[:ECHOED])
    return error_response(404, "no_such_player", message)


def no_game(game: str, lang: str) -> JSONResponse:
    message = tr("there is no game or rule set “{game}” to rank players of", lang, game=game[:ECHOED])
    return error_response(404, "no_such_game", message)


def unreadable(lang: str) -> JSONResponse:
    return error_response(503, "unavailable", tr("the database cannot be read just now; try again soon", lang))


def client_page() -> FileResponse:
    return FileResponse(WEB / "index.html", media_type="text/html")


@router.get("/api/players/{username}", response_model=None)
async def player(
    username: str,
    request: Request,
    lobby: LobbyDep,
    limits: RateLimitsDep,
    lang: str | None = Query(default=None, max_length=8),
) -> JSONResponse | dict[str, Any]:
    """``{"username", "ratings": {"<game>" or "<game>:<rules>": {"rating", "games", "wins", …}}, "recent": […]}``."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    language = reader_language(request, lang)
    try:
        profile = await lobby.read(player_profile(lobby.storage, username))
    except Exception:
        log.exception("a profile could not be read", extra={"event": "error"})
        return unreadable(language)
    if profile is None:
        return no_player(username, language)
    return profile


@router.get("/api/leaderboard/{game}", response_model=None)
async def game_leaderboard(
    game: str,
    request: Request,
    lobby: LobbyDep,
    limits: RateLimitsDep,
    lang: str | None = Query(default=None, max_length=8),
) -> JSONResponse | dict[str, Any]:
    """``{"game", "key", "title", "rule_sets", "min_games", "players": [{"rank", "username", "rating",
    "games", "wins"}]}``: ``{game}`` is a game (its default rule set) or ``"<game>:<rules>"``."""
    if not await limits.http_allowed(client_address(request)):
        return too_many()
    language = reader_language(request, lang)
    key = leaderboard_key(game)
    if key is None:
        return no_game(game, language)
    try:
        players = await lobby.read(leaderboard(lobby.storage, key))
    except Exception:
        log.exception("a leaderboard could not be read", extra={"event": "error"})
        return unreadable(language)
    name = key.partition(":")[0]
    title = get_game(name).title
    return {
        "game": name,
        "key": key,
        "title": {"en": title.get("en", name), "ja": title.get("ja", name)},
        "rule_sets": rule_set_keys(name),
        "min_games": LEADERBOARD_GAMES,
        "players": players,
    }


@router.get("/p/{username}", response_model=None)
async def profile_page(
    username: str, request: Request, lobby: LobbyDep, lang: str | None = Query(default=None, max_length=8)
) -> FileResponse | JSONResponse:
    """The profile's page (the browser client), or 404 if there is no such player."""
    language = reader_language(request, lang)
    try:
        exists = await lobby.read(player_exists(lobby.storage, username))
    except Exception:
        log.exception("a profile could not be read", extra={"event": "error"})
        return unreadable(language)
    if not exists:
        return no_player(username, language)
    return client_page()


@router.get("/leaderboard/{game}", response_model=None)
async def leaderboard_page(
    game: str, request: Request, lang: str | None = Query(default=None, max_length=8)
) -> FileResponse | JSONResponse:
    """The leaderboard's page (the browser client), or 404 if there is no such game."""
    if leaderboard_key(game) is None:
        return no_game(game, reader_language(request, lang))
    return client_page()


__all__ = ["router"]
