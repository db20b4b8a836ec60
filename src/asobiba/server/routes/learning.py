"""A new room's ``learning`` option: on, its player hears a one-line verdict of each of their moves
(:mod:`asobiba.server.learning`). It is for a player alone among bots — the creator's seat a person's,
every other seat a bot's — as the hints are: anything else is a 400 that says so, in the reader's
language."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi.responses import JSONResponse

from asobiba.i18n import Catalog
from asobiba.server.protocol import CreateRoom
from asobiba.server.routes.errors import error_response

tr = Catalog("server")


def learning_refusal(body: CreateRoom, kinds: Mapping[int, str], lang: str) -> JSONResponse | None:
    """Why ``body``'s ``learning`` makes no room (seats of ``kinds``, by number: a person's if not
    given), in ``lang``; None if it is off or every seat but the creator's is a bot."""
    if not body.learning:
        return None
    creator_plays = kinds.get(0, "human") == "human"
    others_are_bots = all(kinds.get(number, "human").startswith("bot:") for number in range(1, body.players))
    if creator_plays and others_are_bots:
        return None
    message = tr("learning is for a room where you play alone against bots: make every other seat a bot", lang)
    return error_response(400, "invalid_learning", message)


__all__ = ["learning_refusal"]
