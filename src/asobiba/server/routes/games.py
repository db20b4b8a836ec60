"""``GET /api/games``: the installed games, as the browser and the clients read them."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from asobiba.bots import TABLE_CHECKS, plays_table
from asobiba.core.registry import game_names, get_game
from asobiba.server.option_menu import option_entries
from asobiba.web.games import client_entry

router = APIRouter()


@router.get("/api/games")
async def list_games() -> list[dict[str, Any]]:
    return [game_summary(name) for name in game_names()]


def game_summary(name: str) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it: name, titles, player range, options with docs, and
    what the browser needs of it (its renderer module and style sheet, how to play, its words)."""
    game = get_game(name)
    return {
        "name": game.name,
        "title": {"en": game.title.get("en", game.name), "ja": game.title.get("ja", game.name)},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": option_entries(name),
        "bot_players": bot_players(name),
        **client_entry(name),
    }


@cache
def bot_players(name: str) -> dict[str, list[int]]:
    """The bot levels that play only some tables (the ``ppo`` level: the setups its networks were
    trained for), each with the player counts at which it plays the game's default options; the
    lobby offers such a level at those counts only (other options may still be refused, saying why)."""
    game = get_game(name)
    counts = range(game.min_players, game.max_players + 1)
    return {level: [count for count in counts if plays_table(level, name, count)] for level in TABLE_CHECKS}


__all__ = ["bot_players", "game_summary", "list_games", "router"]
