"""Bot speed and strength, per game: decision times per level, IS-MCTS iterations per second,
and seat-rotated strength matches with 95% Wilson intervals.

    python benchmarks/bots.py --positions 10 --strength-games 40        # quick look
    python benchmarks/bots.py --game cockroach-poker --strength-games 400 --workers 2 \\
        --pair "hard:time_limit=none,iterations=300" normal                # a strength claim
    python benchmarks/bots.py --game paper-safari --players 2 --option tokens_to_win=1 \\
        --skip-speed --strength-games 100 --pair hard normal               # one-round matches

Decision times are measured on ``--positions`` positions (with a real choice) taken from games
of ``normal`` bots. A strength match seats one ``A`` against ``players - 1`` copies of ``B``,
rotated over the seats; it prints A's and B's win rates per seat (a shared win counts as a
fraction; the fair share is 1/players) and the rates at which A's and B's seats were among the
winners (a plain yes/no, so its Wilson interval is exact; in Cockroach Poker, where one player
loses and the others win, it is the rate of not losing). A beats B when its intervals lie above B's:
the last column says ``A>B`` (or ``A<B``) when the among-winners intervals do not overlap, ``~`` otherwise.
With ``--paired`` every game is also played with ``B`` in every seat (same deal, same seeds: a
duplicate game), and A's result in its seat is compared with B's result in that very seat of the
twin game: the mean paired difference with its 95% interval (normal approximation) says whether
A does better than B would have with the same cards — a far sharper test where luck is large.
Its verdict column reads ``A>B`` when that interval lies above 0.
With ``--chunks K`` a strength match is played as K matches of ``games / K`` games on the seeds
``seed``, ``seed + 1``, …, each printed as it ends with the pooled rates so far (``pooled``): a long
run that is stopped still says how far it got.
Run it under ``nice -n 19`` on a shared machine; a bot with a time budget then searches less, so a
strength claim for ``hard`` is best made with a fixed budget (``hard:time_limit=none,iterations=N``,
N the samples it reaches in 0.8 s on a free core) and its decision times measured apart.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import asobiba
from asobiba.bots import bot, parse_spec
from asobiba.bots.arena import MatchConfig, MatchReport, player_range, run_match, seat_bots
from asobiba.bots.ismcts import ISMCTSBot
from asobiba.bots.levels import LEVELS
from asobiba.bots.stats import percentile, wilson_interval
from asobiba.core.state import State

DEFAULT_PAIRS = [("hard", "normal"), ("normal", "easy"), ("easy", "random")]


def positions(name: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` positions with more than one legal action, spread over games of ``normal`` bots."""
    found: list[State] = []
    rng = random.Random(seed)
    index = 0
    while len(found) < count:
        state = asobiba.new_game(name, players, seed=seed * 7919 + index)
        seats = [bot("normal", seed=rng.getrandbits(32)) for _ in range(players)]
        candidates = []
        while not state.is_over:
            player = state.to_move
            assert player is not None
            if len(state.legal_actions()) > 1:
                candidates.append(state.clone())
            state.apply(seats[player].choose(state.observe(player)))
        rng.shuffle(candidates)
        found.extend(candidates[: max(1, count // 4)])
        index += 1
    return found[:count]


def decision_times(name: str, sample: list[State], levels: list[str], seed: int) -> None:
    print(f"\n{name}: decision time per level on {len(sample)} positions (ms)")
    print(f"  {'level':<34} {'p50':>8} {'p90':>8} {'p99':>8} {'max':>8}")
    for level in levels:
        player = bot(level, seed=seed)
        times = []
        for state in sample:
            started = time.perf_counter()
            player.choose(state.observe(state.to_move))  # type: ignore[arg-type]
            times.append((time.perf_counter() - started) * 1000)
        print(
            f"  {level:<34} {percentile(times, 50):>8.1f} {percentile(times, 90):>8.1f}"
            f" {percentile(times, 99):>8.1f} {max(times):>8.1f}"
        )


def search_speed(name: str, sample: list[State], iterations: int, seed: int) -> None:
    print(f"\n{name}: IS-MCTS iterations per second ({iterations} iterations a decision)")
    for rollout in ("random", "heuristic"):
        searcher = ISMCTSBot(seed=seed, iterations=iterations, time_limit=None, rollout=rollout)
        rates = []
        for state in sample:
            searcher.choose(state.observe(state.to_move))  # type: ignore[arg-type]
            rates.append(searcher.last_iterations / searcher.last_seconds)
        print(
            f"  rollout={rollout:<10} median {percentile(rates, 50):>8.0f} it/s"
            f"   (p10 {percentile(rates, 10):.0f}, p90 {percentile(rates, 90):.0f})"
        )


@dataclass(frozen=True)
class Pairing:
    """One strength match: one ``first`` against ``players - 1`` copies of ``second``."""

    name: str
    players: int
    first: str
    second: str
    games: int
    seed: int
    workers: int
    options: dict[str, Any]
    chunks: int = 1

    def play(self, bots: list[str], games: int | None = None, seed: int | None = None) -> MatchReport:
        config = MatchConfig(
            game=self.name,
            players=self.players,
            bots=bots,
            games=self.games if games is None else games,
            seed=self.seed if seed is None else seed,
            workers=self.workers,
            options=self.options,
        )
        return run_match(config, progress=_progress if PROGRESS else None)


def _rate(value: float, interval: tuple[float, float]) -> str:
    return f"{value:.3f} [{interval[0]:.3f}, {interval[1]:.3f}]"


def strength(pairing: Pairing) -> None:
    first, second, chunks = pairing.first, pairing.second, pairing.chunks
    bots = [first] + [second] * (pairing.players - 1)
    started = time.perf_counter()
    pooled: dict[str, list[float]] = {first: [0.0, 0.0, 0.0], second: [0.0, 0.0, 0.0]}  # wins, winner seats, seats
    played = 0
    for chunk in range(chunks):
        games = pairing.games // chunks + (chunk < pairing.games % chunks)
        report = pairing.play(bots, games, pairing.seed + chunk)
        elapsed = time.perf_counter() - started
        played += games
        a_row, b_row = report.row(first), report.row(second)
        for row in (a_row, b_row):
            totals = pooled[row.bot]
            totals[0] += row.wins
            totals[1] += row.winner_seats
            totals[2] += row.seats_played
        label = first if chunks == 1 else f"{first} (seed {pairing.seed + chunk})"
        print(
            f"  {label:<34} {second:<10} {games:>6} {_rate(a_row.win_rate, a_row.ci95):>24}"
            f" {_rate(b_row.win_rate, b_row.ci95):>24} {_rate(a_row.winner_rate, a_row.winner_ci95):>24}"
            f" {_rate(b_row.winner_rate, b_row.winner_ci95):>24}"
            f" {a_row.decision_ms['p50']:>7.1f} {a_row.decision_ms['p99']:>7.1f} {elapsed:>7.0f}"
            f" {verdict(a_row.winner_ci95, b_row.winner_ci95)}",
            flush=True,
        )
        if chunks > 1:
            rows = [_pooled_rates(*pooled[bot]) for bot in (first, second)]
            print(
                f"  {'  pooled':<34} {'':<10} {played:>6} {_rate(*rows[0][0]):>24} {_rate(*rows[1][0]):>24}"
                f" {_rate(*rows[0][1]):>24} {_rate(*rows[1][1]):>24} {'':>7} {'':>7} {elapsed:>7.0f}"
                f" {verdict(rows[0][1][1], rows[1][1][1])}",
                flush=True,
            )


def _pooled_rates(
    wins: float, winner_seats: float, seats: float
) -> tuple[tuple[float, tuple[float, float]], tuple[float, tuple[float, float]]]:
    """The win rate and the among-winners rate, each with its Wilson interval, from pooled counts."""
    return (
        (wins / seats, wilson_interval(min(wins, seats), seats)),
        (winner_seats / seats, wilson_interval(winner_seats, seats)),
    )


#: Print every finished game to stderr (``--progress``).
PROGRESS = False


def _progress(done: int, total: int) -> None:
    print(f"    {done}/{total} games", file=sys.stderr, flush=True)


def paired(pairing: Pairing) -> None:
    """A's seat against the same seat of the duplicate game with B everywhere (see the docstring)."""
    first, second, games, players = pairing.first, pairing.second, pairing.games, pairing.players
    started = time.perf_counter()
    reports = [pairing.play(bots) for bots in ([first] + [second] * (players - 1), [second] * players)]
    elapsed = time.perf_counter() - started
    a_results, b_results = [], []
    for index, (with_a, twin) in enumerate(zip(reports[0].game_returns, reports[1].game_returns, strict=True)):
        seat = seat_bots([first] + [second] * (players - 1), index).index(first)
        a_results.append(with_a[seat])
        b_results.append(twin[seat])
    mean, low, high = paired_interval(a_results, b_results)
    a_row = reports[0].row(first)
    print(
        f"  {first:<34} {second:<10} {games:>6} {sum(a_results) / games:>9.3f} {sum(b_results) / games:>9.3f}"
        f" {mean:>+8.3f} [{low:+.3f}, {high:+.3f}] {a_row.decision_ms['p50']:>7.1f} {a_row.decision_ms['p99']:>7.1f}"
        f" {elapsed:>7.0f} {'A>B' if low > 0 else 'A<B' if high < 0 else '~'}"
    )


def paired_interval(first: list[float], second: list[float]) -> tuple[float, float, float]:
    """Mean of ``first[i] - second[i]`` and its 95% interval (normal approximation).

    >>> [round(value, 3) for value in paired_interval([1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0])]
    [0.5, -0.066, 1.066]
    """
    differences = [a - b for a, b in zip(first, second, strict=True)]
    count = len(differences)
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1) if count > 1 else float("inf")
    half = 1.96 * (variance / count) ** 0.5
    return mean, mean - half, mean + half


def verdict(a_interval: tuple[float, float], b_interval: tuple[float, float]) -> str:
    """``A>B`` or ``A<B`` when the 95% intervals of the among-winners rates do not overlap, else ``~``."""
    a_low, a_high = a_interval
    b_low, b_high = b_interval
    if a_low > b_high:
        return "A>B"
    if a_high < b_low:
        return "A<B"
    return "~"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", type=int, help="players (default: 4, within each game's range)")
    parser.add_argument("--positions", type=int, default=10, help="positions for decision times (default 10)")
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), help="bots timed (default: the levels)")
    parser.add_argument(
        "--iterations", type=int, default=200, help="IS-MCTS iterations for the speed table (0: no such table)"
    )
    parser.add_argument("--strength-games", type=int, default=40, help="games per strength match (0: none)")
    parser.add_argument(
        "--pair", nargs=2, action="append", metavar=("A", "B"), help="a strength match A vs B (repeatable)"
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-speed", action="store_true", help="only the strength table")
    parser.add_argument(
        "--paired", action="store_true", help="compare A with B in the same seat of duplicate games (see above)"
    )
    parser.add_argument("--progress", action="store_true", help="print every finished game to stderr")
    parser.add_argument(
        "--chunks", type=int, default=1, help="play a strength match as this many matches on successive seeds"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option for the strength matches, e.g. tokens_to_win=1 (repeatable)",
    )
    arguments = parser.parse_args()
    global PROGRESS
    PROGRESS = arguments.progress
    names = arguments.game or asobiba.game_names()
    pairs = arguments.pair or DEFAULT_PAIRS
    for name in names:
        try:
            run_game(name, arguments, pairs)
        except Exception as error:  # a benchmark reports a broken game and goes on with the others
            print(f"\n{name}: FAILED: {type(error).__name__}: {error}")


def run_game(name: str, arguments: argparse.Namespace, pairs: list[tuple[str, str]]) -> None:
    """Every table of one game."""
    low, high = player_range(name)
    players = arguments.players or max(low, min(high, 4))
    print(f"\n=== {name}, {players} players")
    if not arguments.skip_speed:
        sample = positions(name, players, arguments.positions, arguments.seed)
        decision_times(name, sample, arguments.levels, arguments.seed)
        if arguments.iterations:
            search_speed(name, sample, arguments.iterations, arguments.seed)
    if not arguments.strength_games:
        return
    if arguments.paired:
        title = f"paired strength, one A against {players - 1} B and duplicate games of B only"
        columns = f" {'A result':>9} {'B result':>9} {'A − B [95%]':>26}"
        play = paired
    else:
        title = f"strength, one A against {players - 1} B, seats rotated; 95% Wilson intervals"
        columns = f" {'A win rate':>24} {'B win rate':>24} {'A among winners':>24} {'B among winners':>24}"
        play = strength
    print(f"\n{name}: {title}")
    print(f"  {'A':<34} {'B':<10} {'games':>6}{columns} {'A p50ms':>7} {'A p99ms':>7} {'secs':>7} verdict")
    settings = (arguments.strength_games, arguments.seed, arguments.workers, _options(arguments.option))
    for first, second in pairs:
        play(Pairing(name, players, first, second, *settings, chunks=max(1, arguments.chunks)))


def _options(items: list[str]) -> dict[str, Any]:
    """``["tokens_to_win=1"]`` as game options (values read like bot parameters)."""
    return parse_spec("options:" + ",".join(items))[1] if items else {}


if __name__ == "__main__":
    main()
