"""Ratings of bots (levels) from a round robin: Bradley–Terry on an Elo scale, bootstrap CIs.

Every pair of bots plays ``games_per_pair`` seat-rotated games (see :mod:`asobiba.bots.arena`).
With more than two seats the pair shares the table: half the games with the first bot in the
extra seat, half with the second. Each game counts as one pairwise result: the bot whose seats
earned more (mean ``State.returns()`` per seat) wins it; equal earnings are a draw (half each).

Duplicate deals (``duplicate=True``): the games of one seat rotation share one deal (see
:class:`asobiba.bots.arena.MatchConfig`), so a pair of two-player games is one deal with the two
bots swapped; with three seats, one half's rotation is three games of one deal, the two bots taking
seats 0 and 2 and seat 1 in turn. The deals make the ratings steadier; the bootstrap (below) draws
each game's result afresh at the fitted odds and so gives the pairing no credit: its intervals are,
if anything, wide for duplicate games.

Adaptive (``max_games_per_pair``): after the first ``games_per_pair`` games of every pair, the
ladder is rated, and while neighbouring intervals overlap, rounds add games to the pairs that
narrow them most (:func:`next_targets`), up to ``max_games_per_pair`` a pair and a bot's budget
(``budgets``: ``{"hard": 200}`` caps the games of all the pairs with ``hard``, the expensive ones).
A pair's games are always its first ones (games ``0 … n-1`` of its seeded matches), so a pair
with ``n`` games has the same results as in a fixed round robin of ``n`` games per pair.

The ratings maximise the Bradley–Terry likelihood (Hunter's MM algorithm) with one virtual draw
per pair, so that a pair that never lost still gets a finite rating, and are written on the Elo
scale (400 points: 10 to 1 odds) with ``anchor`` (default the first bot) at 1000. The 95% intervals are
parametric bootstrap percentiles (every pair's games played again at the fitted odds and rated again;
see :func:`estimate`), relative to the anchor, whose own interval is its fixed 1000.

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
from itertools import combinations, pairwise
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

    @property
    def anchor(self) -> str:
        """The bot fixed at 1000 (its interval is that one point)."""
        return next(rating.bot for rating in self.ratings if rating.low == rating.high == rating.elo)

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

    def pairs_markdown(self) -> str:
        """The games of each pair and the first bot's score (wins + half the draws) with its 95%
        Wilson interval, as a Markdown table.

        >>> print(RatingTable("g", 2, [], [PairResult("a", "b", 40, 30.5, (0.61, 0.86))]).pairs_markdown())
        | pair | games | first's score |
        |---|---:|---:|
        | a – b | 40 | 0.762 [0.610, 0.860] |
        """
        lines = ["| pair | games | first's score |", "|---|---:|---:|"]
        for pair in self.pairs:
            low, high = pair.ci95
            lines.append(
                f"| {pair.first} – {pair.second} | {pair.games} | {pair.score_rate:.3f} [{low:.3f}, {high:.3f}] |"
            )
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
    max_games_per_pair: int | None = None,
    duplicate: bool = False,
    budgets: Mapping[str, int] | None = None,
    on_round: Callable[[int, RatingTable], None] | None = None,
) -> RatingTable:
    """Play a round robin among ``levels`` (any bot specs) and rate them (see the module docstring).

    ``players`` defaults to the game's smallest table; ``progress(done, total)`` counts games (the
    total grows as an adaptive round robin adds games). With ``max_games_per_pair`` the round robin
    is adaptive (see :func:`next_targets`; ``budgets`` caps a bot's games in all its pairs, and
    ``on_round(round, table)`` sees the table after each round); ``duplicate`` plays duplicate deals
    (see the module docstring).
    """
    if len(set(levels)) != len(levels) or len(levels) < 2:
        raise InvalidOption("rating needs at least two different bots, not {bots}", bots=repr(list(levels)))
    if anchor is not None and anchor not in levels:
        raise InvalidOption(
            "the anchor must be one of the bots ({bots}), not {name}", bots=", ".join(levels), name=anchor
        )
    if games_per_pair < 1:
        raise InvalidOption("games_per_pair must be at least 1, not {value}", value=games_per_pair)
    if max_games_per_pair is not None and max_games_per_pair < games_per_pair:
        raise InvalidOption(
            "max_games_per_pair must be at least games_per_pair ({low}), not {value}",
            low=games_per_pair,
            value=max_games_per_pair,
        )
    table = players if players is not None else player_range(game, options)[0]
    pairs = list(combinations(levels, 2))
    # With an odd table, the pair's first bot takes the extra seat in half the games.
    halves = 1 if table % 2 == 0 else 2
    unit = table * halves if duplicate else 1
    for name, value in (("games_per_pair", games_per_pair), ("max_games_per_pair", max_games_per_pair)):
        if duplicate and value is not None and value % unit:
            raise InvalidOption(
                "with duplicate deals, {name} must be a multiple of {unit} (the seats times the halves), not {value}",
                name=name,
                unit=unit,
                value=value,
            )
    limit = max_games_per_pair if max_games_per_pair is not None else games_per_pair
    for name, budget in (budgets or {}).items():
        first_games = games_per_pair * sum(1 for pair in pairs if name in pair)
        if name not in levels or budget < first_games:
            raise InvalidOption(
                "a budget needs one of the bots ({bots}) and at least its first games ({low}), not {name}={value}",
                bots=", ".join(levels),
                low=first_games,
                name=name,
                value=budget,
            )
    targets = dict.fromkeys(pairs, games_per_pair)
    # Per pair and half: blocks of scores (one game each, or one deal's seat rotation when duplicate).
    blocks: dict[tuple[str, str], list[list[list[float]]]] = {pair: [[] for _ in range(halves)] for pair in pairs}
    played = dict.fromkeys(pairs, 0)
    anchor_name = anchor if anchor is not None else levels[0]
    rounds = 0
    while True:
        total, done = sum(targets.values()), sum(played.values())
        for pair_number, pair in enumerate(pairs):
            for half in range(halves):
                have = _half_games(played[pair], half, halves)
                games = _half_games(targets[pair], half, halves) - have
                if games <= 0:
                    continue
                first, second = pair
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
                    first_game=have,
                    duplicate=duplicate,
                )
                offset = done

                def report_progress(finished: int, _total: int, offset: int = offset, total: int = total) -> None:
                    if progress is not None:
                        progress(offset + finished, total)

                report = run_match(config, progress=report_progress)
                done += games
                size = table if duplicate else 1
                for index, returns in enumerate(report.game_returns, start=have):
                    score = pair_scores(first, second, seat_bots(bots, index), returns)
                    if index % size == 0:
                        blocks[pair][half].append([])
                    blocks[pair][half][-1].append(score)
            played[pair] = targets[pair]
        ratings = estimate(levels, blocks, anchor_name, seed, bootstrap)
        result = RatingTable(game=game, players=table, ratings=ratings, pairs=_pair_results(blocks))
        rounds += 1
        if on_round is not None:
            on_round(rounds, result)
        if max_games_per_pair is None:
            return result
        grown = next_targets(ratings, anchor_name, played, games_per_pair, limit, unit, budgets)
        if grown == played:
            return result
        targets = grown


def _pair_results(blocks: Mapping[tuple[str, str], Sequence[Sequence[Sequence[float]]]]) -> list[PairResult]:
    results = []
    for (first, second), pair_blocks in blocks.items():
        scores = [score for half_blocks in pair_blocks for block in half_blocks for score in block]
        results.append(PairResult(first, second, len(scores), sum(scores), wilson_interval(sum(scores), len(scores))))
    return results


def first_wins(first: float, second: float) -> float:
    """The chance that a bot rated ``first`` beats one rated ``second`` (Bradley–Terry, Elo scale).

    >>> round(first_wins(1400.0, 1000.0), 3)
    0.909
    """
    return 1.0 / (1.0 + math.exp((second - first) / ELO_SCALE))


def _half_games(games: int, half: int, halves: int) -> int:
    """How many of a pair's ``games`` its ``half`` plays: the first half takes the odd one."""
    return (games + 1) // 2 if halves == 2 and half == 0 else games // halves


def estimate(
    levels: Sequence[str],
    blocks: Mapping[tuple[str, str], Sequence[Sequence[Sequence[float]]]],
    anchor: str,
    seed: int,
    bootstrap: int,
) -> list[Rating]:
    """Ratings and their parametric bootstrap intervals: each resample plays every pair's games again
    (one result per game, drawn at the pair's odds under the fitted ratings) and rates them again, with
    the same virtual draw per pair.

    Resampling at the fitted odds keeps the interval around the rating it is the interval of, and
    gives a pair that never lost its uncertainty (4-0 leaves a win likely in a resample, 400-0 does
    not). Resampling the observed games did neither: a 4-0 pair is the same in every resample unless
    its virtual draw is resampled too, and that draw counted more in the resamples than in the
    rating, which put some ratings outside their own interval (random at -24 against 9 – 390). The
    resampling is seeded by ``seed`` alone, so the same games give the same intervals however they
    were scheduled.
    """
    pooled = {pair: [block for half in halves for block in half] for pair, halves in blocks.items()}
    results = {pair: [score for block in pair_blocks for score in block] for pair, pair_blocks in pooled.items()}
    elo = bradley_terry(levels, results, anchor)
    odds = {(first, second): first_wins(elo[first], elo[second]) for first, second in results}
    rng = random.Random(f"rate-bootstrap:{seed}")
    samples: dict[str, list[float]] = {name: [] for name in levels}
    for _ in range(bootstrap):
        resampled = {
            pair: [1.0 if rng.random() < odds[pair] else 0.0 for _ in scores] for pair, scores in results.items()
        }
        for name, value in bradley_terry(levels, resampled, anchor).items():
            samples[name].append(value)
    return [
        Rating(
            bot=name,
            elo=elo[name],
            low=percentile(samples[name], 2.5) if bootstrap else elo[name],
            high=percentile(samples[name], 97.5) if bootstrap else elo[name],
        )
        for name in levels
    ]


def overlapping_neighbours(ratings: Sequence[Rating]) -> list[tuple[str, str]]:
    """The neighbours of the ladder (strongest first) whose 95% intervals overlap, lower one first.

    >>> overlapping_neighbours([Rating("a", 1000.0, 1000.0, 1000.0), Rating("b", 1100.0, 990.0, 1200.0),
    ...                         Rating("c", 1400.0, 1300.0, 1500.0)])
    [('a', 'b')]
    """
    ladder = sorted(ratings, key=lambda rating: rating.elo)
    return [(lower.bot, upper.bot) for lower, upper in pairwise(ladder) if lower.high >= upper.low]


def next_targets(
    ratings: Sequence[Rating],
    anchor: str,
    games: Mapping[tuple[str, str], int],
    step: int,
    limit: int,
    unit: int = 1,
    budgets: Mapping[str, int] | None = None,
) -> dict[tuple[str, str], int]:
    """The games per pair of the next round of an adaptive round robin (``games`` if it is over).

    For each pair of neighbours whose intervals still overlap, one pair of bots gets more games:
    the one where one more game narrows the two neighbours' intervals most, by the Bradley–Terry
    information of a game at the current ratings (a lopsided pair tells little; a close one, or
    one on the neighbours' path to the anchor, tells much). It grows by half its games, at least
    ``step``, in multiples of ``unit``, but never beyond ``limit`` games nor beyond a bot's budget
    (``budgets[bot]``: its games in all its pairs); a pair with no room left is passed over. Only
    the ratings and the games decide, so a seed gives the same schedule anywhere.

    >>> ratings = [Rating("r", 1000.0, 1000.0, 1000.0), Rating("e", 1050.0, 980.0, 1120.0),
    ...            Rating("n", 1300.0, 1200.0, 1400.0)]
    >>> games = {("r", "e"): 30, ("r", "n"): 30, ("e", "n"): 30}
    >>> next_targets(ratings, "r", games, step=30, limit=1000)
    {('r', 'e'): 60, ('r', 'n'): 30, ('e', 'n'): 30}
    """
    targets = dict(games)
    elo = {rating.bot: rating.elo for rating in ratings}
    budget = dict(budgets or {})

    def room(pair: tuple[str, str]) -> int:
        spare = limit - targets[pair]
        for name in pair:
            if name in budget:
                spare = min(spare, budget[name] - sum(count for other, count in targets.items() if name in other))
        return max(0, spare // unit * unit)

    for lower, upper in overlapping_neighbours(ratings):
        gains = narrowing(elo, anchor, games, (lower, upper))
        open_pairs = [pair for pair in games if room(pair) > 0 or targets[pair] > games[pair]]
        if not open_pairs:
            continue
        best = max(open_pairs, key=lambda pair: (gains[pair], -list(games).index(pair)))
        if targets[best] > games[best]:
            continue  # already growing in this round
        wanted = -(-max(step, games[best] // 2) // unit) * unit
        targets[best] += min(wanted, room(best))
    return targets


def narrowing(
    elo: Mapping[str, float], anchor: str, games: Mapping[tuple[str, str], int], bots: tuple[str, str]
) -> dict[tuple[str, str], float]:
    """For each pair, how much one more of its games shrinks the sum of the standard errors of
    ``bots``' ratings (relative to ``anchor``), from the Bradley–Terry information at ratings ``elo``
    (each pair's games plus its virtual draw).
    """
    free = [name for name in elo if name != anchor]
    index = {name: position for position, name in enumerate(free)}

    def weight(pair: tuple[str, str]) -> float:
        chance = 1.0 / (1.0 + math.exp((elo[pair[1]] - elo[pair[0]]) / ELO_SCALE))
        return chance * (1.0 - chance)

    def direction(pair: tuple[str, str]) -> list[float]:
        vector = [0.0] * len(free)
        if pair[0] in index:
            vector[index[pair[0]]] += 1.0
        if pair[1] in index:
            vector[index[pair[1]]] -= 1.0
        return vector

    information = [[0.0] * len(free) for _ in free]
    for pair, count in games.items():
        vector, amount = direction(pair), (count + 1) * weight(pair)
        for i, left in enumerate(vector):
            for j, right in enumerate(vector):
                information[i][j] += amount * left * right
    covariance = _inverse(information)
    errors = {name: math.sqrt(max(covariance[index[name]][index[name]], 1e-300)) for name in bots if name in index}
    gains = {}
    for pair in games:
        vector = direction(pair)
        projected = [sum(row[j] * vector[j] for j in range(len(free))) for row in covariance]
        gains[pair] = sum(weight(pair) * projected[index[name]] ** 2 / (2 * error) for name, error in errors.items())
    return gains


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small positive definite matrix (Gauss–Jordan with partial pivoting).

    >>> _inverse([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]
    """
    size = len(matrix)
    work = [list(row) + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(work[row][column]))
        work[column], work[pivot] = work[pivot], work[column]
        divisor = work[column][column]
        work[column] = [value / divisor for value in work[column]]
        for row in range(size):
            if row != column and work[row][column] != 0.0:
                factor = work[row][column]
                work[row] = [value - factor * lead for value, lead in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]


def hash_seed(seed: int, pair_number: int, half: int) -> int:
    """The match seed of one half of one pair's games."""
    return random.Random(f"rate:{seed}:{pair_number}:{half}").getrandbits(63)
