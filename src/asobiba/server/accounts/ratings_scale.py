"""The rating scale: openskill's Plackett–Luce model with its usual defaults, the one number a player
reads (:func:`displayed_rating`), and the bots' fixed ratings from ``asobiba rate``'s ladder
(``bot_ratings.json``, made by ``scripts/bot_ratings.py``).

A player's skill is openskill's ``(mu, sigma)``: a newcomer is ``(25, 25/3)``. The number shown is
the estimate ``mu`` on the ladder's Elo scale around 1500: one unit of ``mu`` is :data:`ELO_PER_MU`
points, the difference Plackett–Luce and Elo agree on between two well-known players (a win chance of
1/(1 + 10^(-d/400)) for a lead of ``d`` points), and ``mu = 25`` (a newcomer's guess, and the
``normal`` bot's fixed rating) is 1500. So the bots read as the ladder rates them — ``normal`` 1500,
``hard`` above by its ladder distance — and a player's number is comparable with theirs. (Not the
conservative ``mu - 3 sigma``: that would put every newcomer hundreds of points below every bot, and
order the bots by how many ladder games each had rather than by strength.) A number resting on few
games is marked provisional where it is shown; the leaderboard takes players with five rated games.

>>> displayed_rating(25.0)
1500
>>> displayed_rating(26.0)
1529
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: openskill's defaults: a newcomer's mean and spread, and the spread of one game's performance.
MU = 25.0
SIGMA = MU / 3.0
BETA = SIGMA / 2.0

#: Elo points per unit of ``mu``: Plackett–Luce gives a player ``mu_a`` against ``mu_b`` (both well
#: known) the win chance logistic((mu_a - mu_b) / (sqrt(2) beta)), Elo logistic(d ln 10 / 400).
ELO_PER_MU = 400.0 / (math.log(10.0) * math.sqrt(2.0) * BETA)

#: The number a newcomer shows.
BASE = 1500

#: The bot level whose ladder rating is placed at a newcomer's mean ``MU`` (the server's default level).
MIDDLE_LEVEL = "normal"

#: The least spread of a bot's fixed rating (the ladder's anchor has no interval of its own).
BOT_SIGMA_FLOOR = 0.5

#: The table of bots' fixed ratings shipped with the package.
BOT_RATINGS_FILE = "bot_ratings.json"


def displayed_rating(mu: float) -> int:
    """The rating a player (or a bot) reads: ``BASE + ELO_PER_MU * (mu - MU)``, rounded."""
    return round(BASE + ELO_PER_MU * (mu - MU))


def mu_from_elo(elo: float, middle_elo: float) -> float:
    """A ladder's Elo rating as ``mu``, the :data:`MIDDLE_LEVEL` bot (rated ``middle_elo``) at :data:`MU`.

    >>> mu_from_elo(1000.0, 1000.0)
    25.0
    """
    return MU + (elo - middle_elo) / ELO_PER_MU


def sigma_from_interval(low: float, high: float) -> float:
    """A ladder's 95% interval (Elo points) as a spread of ``mu`` (at least :data:`BOT_SIGMA_FLOOR`).

    >>> sigma_from_interval(1000.0, 1000.0)
    0.5
    """
    return max(BOT_SIGMA_FLOOR, (high - low) / 2.0 / 1.96 / ELO_PER_MU)


@dataclass(frozen=True)
class BotRating:
    """A bot level's fixed rating of one game and rule set."""

    level: str
    mu: float
    sigma: float

    @property
    def rating(self) -> int:
        return displayed_rating(self.mu)


@functools.cache
def _table() -> dict[str, Any]:
    text = resources.files("asobiba.server.accounts").joinpath(BOT_RATINGS_FILE).read_text(encoding="utf-8")
    table: dict[str, Any] = json.loads(text)
    return table


def bot_ratings(game_key: str) -> dict[str, BotRating]:
    """The bot levels' fixed ratings of ``game_key`` (``"<game>"`` or ``"<game>:<rules>"``); for a game
    the table does not know (a plug-in game), every level at a newcomer's mean."""
    entry = _table()["ratings"].get(game_key)
    if entry is None:
        return {level: BotRating(level, MU, SIGMA) for level in ("random", "easy", "normal", "hard")}
    return {
        level: BotRating(level, float(values["mu"]), float(values["sigma"]))
        for level, values in entry["levels"].items()
    }


def plays_like(game_key: str, rating: int) -> str | None:
    """The strongest bot level whose displayed rating is at or below ``rating`` (None: below them all)."""
    found: BotRating | None = None
    for bot in bot_ratings(game_key).values():
        if bot.rating <= rating and (found is None or bot.rating > found.rating):
            found = bot
    return found.level if found is not None else None


__all__ = [
    "BASE",
    "BETA",
    "BOT_RATINGS_FILE",
    "ELO_PER_MU",
    "MIDDLE_LEVEL",
    "MU",
    "SIGMA",
    "BotRating",
    "bot_ratings",
    "displayed_rating",
    "mu_from_elo",
    "plays_like",
    "sigma_from_interval",
]
