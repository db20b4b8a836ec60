"""How long the coach in the browser takes to analyse a whole game, per game: one game of ``--bot``
bots (default ``normal``; ``random`` plays long games) per game and seed, then the server's analysis
(``asobiba.server.analysis.run_analysis``, with the server's sizing) of the seat with the most
decisions, timed: wall-clock seconds and the CPU seconds of the process (what it takes on a free core,
whatever else the machine runs), and the interval rule: the widest 95% interval (its ± in points) of
the chances compared (the move played's and the best found's) over the seat's decisions that were
judged, and how many decisions were not (their difference within noise after the most samples). The
goals: every game's analysis within 60 s on a free core; every compared chance within ±10 points.

    nice -n 19 python benchmarks/coach.py --seeds 3                  # every game, 3 games each
    nice -n 19 python benchmarks/coach.py --game survive --players 2 --bot random --seeds 3
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

import asobiba
from asobiba.core.registry import declaration, game_names
from asobiba.server.analysis import decision_count, run_analysis, sizing_for


def played(name: str, players: int, seed: int, bot: str = "normal") -> dict:
    state = asobiba.new_game(name, players, seed=seed)
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(asobiba.bot(bot, seed=state.seq).choose(state.observe(player)))
    return state.record()


def interval_rule(analysis: dict) -> tuple[float, int, int]:
    """The widest ± (half the 95% interval) of the chances compared at the decisions judged, the
    decisions left within noise, and the decisions that cost chance for sure."""
    worst, noise, costly = 0.0, 0, 0
    for decision in analysis["decisions"]:
        if decision["verdict"] == "noise":
            noise += 1
            continue
        costly += decision["verdict"] == "costly"
        for candidate in decision["candidates"]:
            if candidate["action"] in (decision["chosen"], decision["best"]):
                worst = max(worst, (candidate["high"] - candidate["low"]) / 2)
    return worst, noise, costly


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: every game but the test ones)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--bot", default="normal", help="the bots that play the games (random: long games)")
    parser.add_argument("--depth", type=int, help="the most moves a rollout plays (default: the server's)")
    arguments = parser.parse_args()
    names = arguments.game or [name for name in game_names() if name in ("cockroach-poker", "paper-safari", "survive")]
    header = f"{'game':<16} {'seed':>4} {'entries':>7} {'seat':>4} {'decisions':>9} {'samples':>7}"
    print(f"{header} {'seconds':>8} {'cpu s':>6} {'worst ±':>7} {'noise':>5} {'costly':>6}")
    for name in names:
        times, cpus = [], []
        for seed in range(arguments.seeds):
            record = played(name, arguments.players, seed, arguments.bot)
            decisions, seat = max((decision_count(record, seat), seat) for seat in range(arguments.players))
            started, cpu = time.perf_counter(), time.process_time()
            sizing = sizing_for(decisions, declaration(name).analysis_rollout_depth)
            if arguments.depth is not None and sizing.rollout_depth is not None:
                depth = min(sizing.rollout_depth, arguments.depth)
                hard = sizing.hard.replace(f"rollout_depth={sizing.rollout_depth}", f"rollout_depth={depth}")
                sizing = replace(sizing, rollout_depth=depth, hard=hard)
            found = run_analysis(record, seat, sizing=sizing)
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            worst, noise, costly = interval_rule(found)
            times.append(elapsed)
            cpus.append(cpu)
            samples = sizing.samples
            print(
                f"{name:<16} {seed:>4} {len(record['actions']):>7} {seat:>4} {decisions:>9} {samples:>7}"
                f" {elapsed:>8.1f} {cpu:>6.1f} {worst * 100:>7.1f} {noise:>5} {costly:>6}",
                flush=True,
            )
        print(
            f"{name:<16} median {statistics.median(times):.1f} s, max {max(times):.1f} s"
            f" (cpu: max {max(cpus):.1f} s) over {len(times)} games"
        )


if __name__ == "__main__":
    main()
