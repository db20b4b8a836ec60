"""Ratings of bots (levels) from a round robin: Bradley–Terry on an Elo scale, bootstrap CIs.

Every pair of bots plays ``games_per_pair`` seat-rotated games (see :mod:`asobiba.bots.arena`).
With more than two seats the pair shares the table: half the games with the first bot in the
extra seat, half with the second. Each game counts as one pairwise result: the bot whose seats
earned more (mean ``State.returns()`` per seat) wins it; equal earnings are a draw (half each).

The ratings maximise the Bradley–Terry likelihood (Hunter's MM algorithm) with one virtual draw
per pair, so that a pair that never lost still gets a finite rating, and are written on the Elo
scale (400 points: 10 to 1 odds) with ``anchor`` (default the first bot) at 1000. The 95% intervals are bootstrap
percentiles (each pair's games resampled with replacement), relative to the anchor, whose own interval is
its fixed 1000.

>>> import asobiba
>>> table = rate("cockroach-poker", levels=("random", "normal"), games_per_pair=6, players=3, seed=1,
...              bootstrap=20)
>>> [rating.bot for rating in table.ratings]
['random', 'normal']
>>> table.ratings[0].elo
1000.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from asobiba.bots.arena import MatchConfig, player_range, run_match, seat_bots
from asobiba.bots.stats import percentile, wilson_interval
from asobiba.core.errors import InvalidOption

ELO_SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    #: 95% bootstrap interval.
    low: float
    high: float


@dataclass(frozen=True)
class PairResult:
    """How ``first`` did against ``second``: its score (wins + half the draws) over ``games``."""

    first: str
    second: str
    games: int
    score: float
    ci95: tuple[float, float]

    @property
    def score_rate(self) -> float:
        return self.score / self.games if self.games else 0.0


@dataclass
class RatingTable:
    """The outcome of :func:`rate`."""

    game: str
    players: int
    ratings: list[Rating]
    pairs: list[PairResult]

    def to_markdown(self) -> str:
        """The ladder as a Markdown table, strongest first (as the README shows it).

        >>> table = RatingTable("g", 2, [Rating("a", 1000.0, 1000.0, 1000.0), Rating("b", 1210.4, 1150.2, 1290.0)], [])
        >>> print(table.to_markdown())
        | bot | rating | 95% interval |
        |---|---:|---:|
        | b | 1210 | 1150 – 1290 |
        | a | 1000 | (anchor) |
        """
        lines = ["| bot | rating | 95% interval |", "|---|---:|---:|"]
        for rating in sorted(self.ratings, key=lambda rating: -rating.elo):
            anchored = rating.low == rating.high == rating.elo
            interval = "(anchor)" if anchored else f"{rating.low:.0f} – {rating.high:.0f}"
            lines.append(f"| {rating.bot} | {rating.elo:.0f} | {interval} |")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "ratings": [
                {"bot": rating.bot, "elo": rating.elo, "ci95": {"low": rating.low, "high": rating.high}}
                for rating in self.ratings
            ],
            "pairs": [
                {
                    "first": pair.first,
                    "second": pair.second,
                    "games": pair.games,
                    "score": pair.score,
                    "score_rate": pair.score_rate,
                    "ci95": {"low": pair.ci95[0], "high": pair.ci95[1]},
                }
                for pair in self.pairs
            ],
        }


def bradley_terry(
    bots: Sequence[str], results: Mapping[tuple[str, str], Sequence[float]], anchor: str | None = None
) -> dict[str, float]:
    """Elo-scale Bradley–Terry ratings from per-game scores of each pair (1 win, 0.5 draw, 0 loss
    for the pair's first bot), with one virtual draw per pair; ``anchor`` (default the first
    bot) is rated 1000.

    >>> ratings = bradley_terry(["a", "b"], {("a", "b"): [1.0, 1.0, 0.0]})
    >>> ratings["a"], round(ratings["b"])
    (1000.0, 911)
    """
    index = {name: position for position, name in enumerate(bots)}
    count = len(bots)
    wins = [[0.0] * count for _ in range(count)]
    for (first, second), scores in results.items():
        i, j = index[first], index[second]
        won = sum(scores)
        wins[i][j] += won + 0.5
        wins[j][i] += len(scores) - won + 0.5
    strength = [1.0] * count
    for _ in range(10000):
        updated = []
        for i in range(count):
            total_wins = sum(wins[i])
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(count) if j != i)
            updated.append(total_wins / denominator if denominator > 0 else strength[i])
        geometric_mean = math.exp(sum(math.log(value) for value in updated) / count)
        updated = [value / geometric_mean for value in updated]
        change = max(abs(math.log(new) - math.log(old)) for new, old in zip(updated, strength, strict=True))
        strength = updated
        if change < 1e-10:
            break
    reference = strength[index[anchor if anchor is not None else bots[0]]]
    return {name: 1000.0 + ELO_SCALE * math.log(strength[index[name]] / reference) for name in bots}


def pair_scores(first: str, second: str, specs: Sequence[str], returns: Sequence[float]) -> float:
    """One game's score for ``first`` against ``second``: 1, 0.5 or 0 by mean return per seat."""
    mine = [value for spec, value in zip(specs, returns, strict=True) if spec == first]
    theirs = [value for spec, value in zip(specs, returns, strict=True) if spec == second]
    difference = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    if abs(difference) < 1e-12:
        return 0.5
    return 1.0 if difference > 0 else 0.0


def rate(
    game: str,
    levels: Sequence[str] = ("easy", "normal", "hard"),
    games_per_pair: int = 100,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    bootstrap: int = 500,
    anchor: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> RatingTable:
    """Play a round robin among ``levels`` (any bot specs) and rate them (see the module docstring).

    ``players`` defaults to the game's smallest table; ``progress(done, total)`` counts games.
    """
    if len(set(levels)) != len(levels) or len(levels) < 2:
        raise InvalidOption("rating needs at least two different bots, not {bots}", bots=repr(list(levels)))
    if games_per_pair < 1:
        raise InvalidOption("games_per_pair must be at least 1, not {value}", value=games_per_pair)
    table = players if players is not None else player_range(game, options)[0]
    pairs = list(combinations(levels, 2))
    # With an odd table, the pair's first bot takes the extra seat in half the games.
    halves = [games_per_pair] if table % 2 == 0 else [(games_per_pair + 1) // 2, games_per_pair // 2]
    total = games_per_pair * len(pairs)
    done = 0
    results: dict[tuple[str, str], list[float]] = {}
    for pair_number, (first, second) in enumerate(pairs):
        scores: list[float] = []
        for half, games in enumerate(halves):
            if games == 0:
                continue
            lead, other = (first, second) if half == 0 else (second, first)
            bots = [lead if seat % 2 == 0 else other for seat in range(table)]
            config = MatchConfig(
                game=game,
                players=table,
                bots=bots,
                games=games,
                seed=hash_seed(seed, pair_number, half),
                options=dict(options or {}),
                workers=workers,
            )
            offset = done

            def report_progress(finished: int, _total: int, offset: int = offset) -> None:
                if progress is not None:
                    progress(offset + finished, total)

            report = run_match(config, progress=report_progress)
            done += games
            for index, returns in enumerate(report.game_returns):
                scores.append(pair_scores(first, second, seat_bots(bots, index), returns))
        results[(first, second)] = scores
    elo = bradley_terry(levels, results, anchor)
    rng = random.Random(f"rate-bootstrap:{seed}")
    samples: dict[str, list[float]] = {name: [] for name in levels}
    for _ in range(bootstrap):
        resampled = {pair: [rng.choice(scores) for _ in scores] for pair, scores in results.items()}
        for name, value in bradley_terry(levels, resampled, anchor).items():
            samples[name].append(value)
    ratings = [
        Rating(
            bot=name,
            elo=elo[name],
            low=percentile(samples[name], 2.5) if bootstrap else elo[name],
            high=percentile(samples[name], 97.5) if bootstrap else elo[name],
        )
        for name in levels
    ]
    pair_results = [
        PairResult(first, second, len(scores), sum(scores), wilson_interval(sum(scores), len(scores)))
        for (first, second), scores in results.items()
    ]
    return RatingTable(game=game, players=table, ratings=ratings, pairs=pair_results)


def hash_seed(seed: int, pair_number: int, half: int) -> int:
    """The match seed of one half of one pair's games."""
    return random.Random(f"rate:{seed}:{pair_number}:{half}").getrandbits(63)
