"""The arena: play many seat-rotated games between bots and report who wins.

API (stable; the CLI's ``simulate`` and ``rate`` commands are built on it)::

    from asobiba.bots.arena import MatchConfig, run_match, MatchReport

    config = MatchConfig(
        game="cockroach-poker", players=4,
        bots=["heuristic", "random", "random", "random"],   # one bot spec per seat
        games=2000, seed=1, options={},                       # options: the game's options
        workers=1,                                           # >1: that many processes (spawn)
        records_dir=None,                                    # a folder: one JSON record per game
        ray_address=None,                                    # "auto", "ray://host:10001", "local"
        first_game=0,                                        # play games first_game … first_game+games-1
        duplicate=False,                                     # True: one deal per seat rotation
    )
    report = run_match(config, progress=lambda done, total: None)
    report.rows            # list[BotRow], one per distinct bot spec (see BotRow)
    report.average_length  # player decisions per game
    report.average_chance_steps
    report.to_json()       # a JSON-ready dict of all of it

A bot spec is a name from :data:`asobiba.bots.BOTS` (``random``, ``heuristic``, ``easy``,
``normal``, ``hard``, ``ismcts``) optionally with parameters: ``"ismcts:iterations=300,rollout=random"``.

How games are played:

- Seats rotate: game ``i`` gives seat ``s`` the bot ``bots[(s + i) % players]``, so over a
  multiple of ``players`` games every spec plays every seat equally often.
- A bot only ever receives ``state.observe(player)``; each bot is built fresh for each game.
- With ``duplicate``, the games of one seat rotation (``k * players`` to ``k * players + players - 1``)
  share game ``k * players``'s seed: one deal, every bot in every seat.
- Game ``i``'s seed and its bots' seeds are functions of ``(config.seed, i)`` alone, so a
  report is the same for a fixed seed whatever the number of workers or Ray — except the
  decision times, and except bots with a time budget (their search depends on the clock).
- ``workers > 1`` plays chunks of games in a spawned process pool (so a script calling it needs
  the ``if __name__ == "__main__":`` guard). ``ray_address`` runs the same chunks as Ray tasks on
  a cluster (``ray.init(address=...)``; ``"local"`` starts a private local instance); Ray is
  an optional extra: ``pip install 'asobiba[ray]'``.

Wins count fractionally when shared: a game with two winners gives each 0.5 (see
:meth:`asobiba.core.state.State.returns`). ``win_rate`` is wins per seat played, with a 95%
Wilson interval (seats of one game are not independent, so read it as approximate when a spec
holds several seats).

>>> import asobiba
>>> report = run_match(MatchConfig(game="cockroach-poker", players=3, bots=["heuristic", "random", "random"],
...                                games=6, seed=1))
>>> [row.bot for row in report.rows]
['heuristic', 'random']
>>> report.rows[0].seats_played, report.rows[1].seats_played
(6, 12)
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobiba.bots.stats import percentile, wilson_interval
from asobiba.core.errors import AsobibaError, IllegalAction, InvalidOption
from asobiba.core.registry import GameDeclaration, declaration, game_names, get_game, register

#: Progress callback: ``progress(games_done, games_total)``.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class MatchConfig:
    """What to play. See the module docstring for the meaning of every field."""

    game: str
    players: int
    bots: Sequence[str]
    games: int = 100
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    workers: int = 1
    records_dir: str | os.PathLike[str] | None = None
    ray_address: str | None = None
    #: Games per task sent to a worker (default: about four tasks per worker, at most 50 games).
    chunk_size: int | None = None
    #: A game with more player decisions than this is stopped with an error naming its seed
    #: (a rules or bot bug that never ends the game); ``None``: no limit.
    max_decisions: int | None = 100_000
    #: The index of the first game: the match plays games ``first_game`` to ``first_game + games - 1``
    #: (the same games as in a longer match from 0), so a match can be extended game by game.
    first_game: int = 0
    #: Duplicate deals: the games of one seat rotation (indices ``k * players`` to ``k * players +
    #: players - 1``) share one game seed, so each deal is played once with every bot in every seat
    #: (the bots' seeds still differ by game). Off: every game has its own deal.
    duplicate: bool = False

    def check(self) -> None:
        """Raise :class:`InvalidOption` saying what is wrong with this configuration."""
        from asobiba.bots import bot

        game = get_game(self.game)
        game.resolve_options(self.players, self.options)
        if len(self.bots) != self.players:
            raise InvalidOption(
                "{players} players need {players} bot specs, one per seat; {given} were given",
                players=self.players,
                given=len(self.bots),
            )
        for spec in self.bots:
            bot(spec, seed=0)
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise InvalidOption("games must be a whole number of at least 1, not {value}", value=repr(self.games))
        if isinstance(self.workers, bool) or not isinstance(self.workers, int) or self.workers < 1:
            raise InvalidOption("workers must be a whole number of at least 1, not {value}", value=repr(self.workers))
        if isinstance(self.first_game, bool) or not isinstance(self.first_game, int) or self.first_game < 0:
            raise InvalidOption(
                "first_game must be a whole number of at least 0, not {value}", value=repr(self.first_game)
            )
        if self.chunk_size is not None and self.chunk_size < 1:
            raise InvalidOption("chunk_size must be at least 1, not {value}", value=repr(self.chunk_size))


@dataclass
class BotRow:
    """The results of one distinct bot spec over a match."""

    bot: str
    #: Seat-games played: a spec holding two seats in 100 games has 200.
    seats_played: int
    #: Games in which the spec held at least one seat.
    games: int
    #: Wins summed over its seats (a shared win counts as a fraction).
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    #: Seats that were among the winners (shared or not), and that share of ``seats_played`` with
    #: its 95% Wilson interval: a plain yes/no per seat, so its interval is exact where ``ci95``
    #: (fractional wins taken as successes) is conservative.
    winner_seats: int
    winner_rate: float
    winner_ci95: tuple[float, float]
    #: Mean of ``result()["scores"][seat]`` when the game gives numeric scores, else ``None``.
    average_score: float | None
    #: Win rate per seat number (``None`` for a seat it never held).
    seat_win_rates: list[float | None]
    decisions: int
    decision_ms: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seats_played": self.seats_played,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": {"low": self.ci95[0], "high": self.ci95[1]},
            "winner_seats": self.winner_seats,
            "winner_rate": self.winner_rate,
            "winner_ci95": {"low": self.winner_ci95[0], "high": self.winner_ci95[1]},
            "average_score": self.average_score,
            "seat_win_rates": self.seat_win_rates,
            "decisions": self.decisions,
            "decision_ms": dict(self.decision_ms),
        }


@dataclass
class MatchReport:
    """The outcome of :func:`run_match`."""

    config: MatchConfig
    rows: list[BotRow]
    games: int
    #: Player decisions per game, on average.
    average_length: float
    #: Chance steps (deals, shuffles, dice) per game, on average.
    average_chance_steps: float
    seconds: float
    #: Per game, in order: the returns of each seat (``State.returns()``).
    game_returns: list[list[float]] = field(repr=False, default_factory=list)

    def row(self, bot: str) -> BotRow:
        """The row of one bot spec."""
        for row in self.rows:
            if row.bot == bot:
                return row
        raise KeyError(bot)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (``json.dumps`` works on it)."""
        config = self.config
        return {
            "config": {
                "game": config.game,
                "players": config.players,
                "bots": list(config.bots),
                "games": config.games,
                "seed": config.seed,
                "options": dict(config.options),
                "workers": config.workers,
                "records_dir": None if config.records_dir is None else os.fspath(config.records_dir),
                "ray_address": config.ray_address,
                "first_game": config.first_game,
                "duplicate": config.duplicate,
            },
            "games": self.games,
            "average_length": self.average_length,
            "average_chance_steps": self.average_chance_steps,
            "seconds": self.seconds,
            "rows": [row.to_json() for row in self.rows],
        }


@dataclass
class GameOutcome:
    """One game's result, as a worker sends it back."""

    index: int
    seat_bots: list[str]
    returns: list[float]
    scores: list[float] | None
    decisions: int
    chance_steps: int
    #: Per seat: the time of each of its decisions, in milliseconds.
    decision_ms: list[list[float]]


# ---------------------------------------------------------------------------------------- seeds


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index`` of a match: a function of both, never of the worker."""
    return random.Random(f"arena-game:{match_seed}:{index}").getrandbits(63)


def deal_seed(config: MatchConfig, index: int) -> int:
    """The game seed of game ``index`` of the match ``config``: :func:`game_seed`, shared by the games
    of one seat rotation when ``config.duplicate``.

    >>> config = MatchConfig(game="g", players=2, bots=["a", "b"], duplicate=True)
    >>> deal_seed(config, 4) == deal_seed(config, 5) == game_seed(0, 4) != deal_seed(config, 6)
    True
    """
    return game_seed(config.seed, index - index % config.players if config.duplicate else index)


def bot_seed(match_seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index``."""
    return random.Random(f"arena-bot:{match_seed}:{index}:{seat}").getrandbits(63)


def seat_bots(bots: Sequence[str], index: int) -> list[str]:
    """The bot specs by seat in game ``index``: the list rotated by ``index``.

    >>> seat_bots(["a", "b", "c"], 1)
    ['b', 'c', 'a']
    """
    shift = index % len(bots)
    return list(bots[shift:]) + list(bots[:shift])


def player_range(game: str, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
    """The smallest and largest table of ``game`` with these options (defaults filled in).

    >>> import asobiba
    >>> player_range("cockroach-poker")[0] >= 2
    True
    """
    from asobiba.core.options import resolve_options

    found = get_game(game)
    return found.player_range(resolve_options(found.name, found.options, dict(options or {})))


# ---------------------------------------------------------------------------------------- playing


def play_game(config: MatchConfig, index: int) -> GameOutcome:
    """Play game ``index`` of a match (the same game wherever and whenever it is played)."""
    from asobiba.bots import bot

    game = get_game(config.game)
    specs = seat_bots(config.bots, index)
    players = [bot(spec, seed=bot_seed(config.seed, index, seat)) for seat, spec in enumerate(specs)]
    state = game.new_game(config.players, seed=deal_seed(config, index), **dict(config.options))
    times: list[list[float]] = [[] for _ in specs]
    decisions = 0
    while not state.is_over:
        if state.is_chance_node:  # only with a scripted game; arena games resolve chance themselves
            state.resolve_chance()
            continue
        player = state.to_move
        assert player is not None
        observation = state.observe(player)
        started = time.perf_counter()
        action = players[player].choose(observation)
        times[player].append((time.perf_counter() - started) * 1000.0)
        try:
            state.apply(action)
        except IllegalAction as error:
            raise IllegalAction(
                "game {index} (seed {seed}): bot {bot} in seat p{player} chose '{action}': {error}",
                index=index,
                seed=state.seed,
                bot=repr(specs[player]),
                player=player,
                action=str(action),
                error=error,
            ) from None
        decisions += 1
        if config.max_decisions is not None and decisions >= config.max_decisions and not state.is_over:
            raise AsobibaError(
                "game {index} (seed {seed}, bots {bots}) has not ended after {decisions} decisions",
                index=index,
                seed=state.seed,
                bots=specs,
                decisions=decisions,
            )
    result = state.result()
    raw_scores = result.get("scores")
    scores: list[float] | None = None
    if isinstance(raw_scores, list) and all(
        isinstance(score, (int, float)) and not isinstance(score, bool) for score in raw_scores
    ):
        scores = [float(score) for score in raw_scores]
    chance_steps = sum(1 for action in state.history if action.is_chance)
    if config.records_dir is not None:
        record = state.record()
        record["bots"] = specs
        record["match"] = {"seed": config.seed, "index": index}
        path = Path(config.records_dir) / f"game-{index:06d}.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return GameOutcome(index, specs, state.returns(), scores, decisions, chance_steps, times)


@dataclass(frozen=True)
class _Chunk:
    """A task for a worker: games ``start`` to ``stop - 1`` of a match."""

    config: MatchConfig
    start: int
    stop: int
    #: The game's declaration, which the worker may lack (a game registered at run time, e.g. in tests).
    game_declaration: GameDeclaration
    #: The driver's import path, for games imported from a folder outside the installed package.
    sys_path: list[str]


def _run_chunk(chunk: _Chunk) -> list[GameOutcome]:
    for entry in chunk.sys_path:
        if entry and entry not in sys.path and os.path.isdir(entry):
            sys.path.append(entry)
    if chunk.game_declaration.name not in game_names():
        register(chunk.game_declaration)
    return [play_game(chunk.config, index) for index in range(chunk.start, chunk.stop)]


def _chunks(config: MatchConfig, parallelism: int) -> list[_Chunk]:
    size = config.chunk_size or max(1, min(50, math.ceil(config.games / (4 * parallelism))))
    game = declaration(config.game)
    first, stop = config.first_game, config.first_game + config.games
    return [_Chunk(config, start, min(start + size, stop), game, list(sys.path)) for start in range(first, stop, size)]


def _play_serial(config: MatchConfig, progress: Progress | None) -> list[GameOutcome]:
    outcomes = []
    for index in range(config.first_game, config.first_game + config.games):
        outcomes.append(play_game(config, index))
        if progress is not None:
            progress(len(outcomes), config.games)
    return outcomes


def _play_processes(config: MatchConfig, progress: Progress | None) -> list[GameOutcome]:
    import multiprocessing

    chunks = _chunks(config, config.workers)
    outcomes: list[GameOutcome] = []
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(config.workers, len(chunks)), mp_context=context) as pool:
        pending = {pool.submit(_run_chunk, chunk) for chunk in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                outcomes.extend(future.result())
            if progress is not None:
                progress(len(outcomes), config.games)
    return outcomes


def _play_ray(config: MatchConfig, progress: Progress | None) -> list[GameOutcome]:
    try:
        import ray
    except ImportError:
        raise InvalidOption(
            "ray_address needs Ray, which is not installed: pip install 'asobiba[ray]' (or pip install 'ray>=2.9')"
        ) from None
    started_here = False
    if not ray.is_initialized():
        if config.ray_address == "local":
            ray.init(num_cpus=max(1, config.workers), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=config.ray_address, log_to_driver=False)
        started_here = True
    try:
        parallelism = max(1, int(ray.cluster_resources().get("CPU", 1)))
        remote_chunk = ray.remote(_run_chunk)
        pending = [remote_chunk.remote(chunk) for chunk in _chunks(config, parallelism)]
        outcomes: list[GameOutcome] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done):
                outcomes.extend(result)
            if progress is not None:
                progress(len(outcomes), config.games)
        return outcomes
    finally:
        if started_here:
            ray.shutdown()


# ---------------------------------------------------------------------------------------- report


def _summarise(config: MatchConfig, outcomes: list[GameOutcome], seconds: float) -> MatchReport:
    outcomes = sorted(outcomes, key=lambda outcome: outcome.index)
    specs = list(dict.fromkeys(config.bots))
    seats: dict[str, int] = dict.fromkeys(specs, 0)
    games: dict[str, int] = dict.fromkeys(specs, 0)
    wins: dict[str, float] = dict.fromkeys(specs, 0.0)
    winner_seats: dict[str, int] = dict.fromkeys(specs, 0)
    score_sums: dict[str, float] = dict.fromkeys(specs, 0.0)
    scored = all(outcome.scores is not None for outcome in outcomes)
    seat_wins = {spec: [0.0] * config.players for spec in specs}
    seat_counts = {spec: [0] * config.players for spec in specs}
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    for outcome in outcomes:
        for spec in set(outcome.seat_bots):
            games[spec] += 1
        for seat, spec in enumerate(outcome.seat_bots):
            seats[spec] += 1
            wins[spec] += outcome.returns[seat]
            winner_seats[spec] += outcome.returns[seat] > 0
            seat_wins[spec][seat] += outcome.returns[seat]
            seat_counts[spec][seat] += 1
            if outcome.scores is not None:
                score_sums[spec] += outcome.scores[seat]
            times[spec].extend(outcome.decision_ms[seat])
    rows = []
    for spec in specs:
        n = seats[spec]
        spec_times = times[spec]
        decision_ms = (
            {
                "p50": percentile(spec_times, 50),
                "p90": percentile(spec_times, 90),
                "p99": percentile(spec_times, 99),
                "max": max(spec_times),
            }
            if spec_times
            else {"p50": 0.0, "p90": 0.0, "p99": 0.0, "max": 0.0}
        )
        rows.append(
            BotRow(
                bot=spec,
                seats_played=n,
                games=games[spec],
                wins=wins[spec],
                win_rate=wins[spec] / n if n else 0.0,
                ci95=wilson_interval(min(wins[spec], n), n),
                winner_seats=winner_seats[spec],
                winner_rate=winner_seats[spec] / n if n else 0.0,
                winner_ci95=wilson_interval(winner_seats[spec], n),
                average_score=score_sums[spec] / n if scored and n else None,
                seat_win_rates=[
                    seat_wins[spec][seat] / seat_counts[spec][seat] if seat_counts[spec][seat] else None
                    for seat in range(config.players)
                ],
                decisions=len(spec_times),
                decision_ms=decision_ms,
            )
        )
    count = len(outcomes)
    return MatchReport(
        config=config,
        rows=rows,
        games=count,
        average_length=sum(outcome.decisions for outcome in outcomes) / count if count else 0.0,
        average_chance_steps=sum(outcome.chance_steps for outcome in outcomes) / count if count else 0.0,
        seconds=seconds,
        game_returns=[outcome.returns for outcome in outcomes],
    )


def run_match(config: MatchConfig, progress: Progress | None = None) -> MatchReport:
    """Play the match ``config`` describes and summarise it (see the module docstring).

    ``progress(done, total)`` is called after each game (serial) or each finished chunk
    (workers, Ray).
    """
    config.check()
    if config.records_dir is not None:
        Path(config.records_dir).mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    if config.ray_address is not None:
        outcomes = _play_ray(config, progress)
    elif config.workers > 1 and config.games > 1:
        outcomes = _play_processes(config, progress)
    else:
        outcomes = _play_serial(config, progress)
    return _summarise(config, outcomes, time.perf_counter() - started)


__all__ = [
    "BotRow",
    "GameOutcome",
    "MatchConfig",
    "MatchReport",
    "bot_seed",
    "deal_seed",
    "game_seed",
    "play_game",
    "player_range",
    "run_match",
    "seat_bots",
]
