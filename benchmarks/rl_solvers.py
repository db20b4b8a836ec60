"""OpenSpiel's MCCFR solvers on asobiba's named setups: which run, how fast, and why not.

    python benchmarks/rl_solvers.py                      # every setup's check, then the timings
    python benchmarks/rl_solvers.py --iterations 20 --only cockroach

First, for every named setup: the lowest sample reach (log10) of random play-outs, which decides
outcome sampling (:func:`asobiba.rl.openspiel.outcome_sampling_solver` refuses under -290), and
the nodes one external-sampling iteration would visit (Knuth's estimator, summed over the
players; :func:`~asobiba.rl.openspiel.external_sampling_solver` refuses over 200,000). Then, for
one setup of each kind, the seconds ``--iterations`` iterations of outcome sampling take in
Python (``OutcomeSamplingSolver``) and in C++ (``pyspiel.OutcomeSamplingMCCFRSolver``), with the
regrets checked finite, and the infostates visited.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import asobiba.rl
import asobiba.rl.openspiel as spiel
from asobiba.rl.named import all_setups

#: The setups timed: one of each kind outcome sampling supports (tests/rl/test_rl_openspiel.py runs
#: the same but the longest, 6 players original).
TIMED = (
    "cockroach_poker_trump_3p_v1",
    "cockroach_poker_original_2p_v1",
    "cockroach_poker_original_6p_v1",
    "paper_safari_one_round_2p_v1",
    "survive_compact_horizon60_2p_v1",
)


def check(name: str) -> str:
    game = asobiba.rl.make(name, api="openspiel")
    floor = spiel.sample_reach_floor(game, stop_below=spiel.REACH_FLOOR)
    verdict = "works" if floor >= spiel.REACH_FLOOR else "refused"
    nodes = spiel.external_sampling_cost(game, probes=5)
    external = "works" if nodes <= spiel.EXTERNAL_SAMPLING_BUDGET else "refused"
    shown = f"<{spiel.REACH_FLOOR:.0f}" if floor < spiel.REACH_FLOOR else f"{floor:.0f}"
    return f"{name:34} {shown:>8} {verdict:>8} {nodes:12.1e} {external:>8}"


def timed(name: str, iterations: int) -> str:
    game = asobiba.rl.make(name, api="openspiel")
    np.random.seed(0)
    solver = spiel.outcome_sampling_solver(game)
    started = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    python = time.perf_counter() - started
    tables = list(solver._infostates.values())
    finite = all(np.isfinite(regrets).all() and np.isfinite(average).all() for regrets, average in tables)
    cpp_solver = spiel.outcome_sampling_solver(game, cpp=True)
    started = time.perf_counter()
    for _ in range(iterations):
        cpp_solver.run_iteration()
    cpp = time.perf_counter() - started
    return f"{name:34} {python:9.1f} {cpp:9.1f} {len(tables):10d} {'yes' if finite else 'NO':>7}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--only", default=None, help="only setups whose name contains this")
    arguments = parser.parse_args()
    print(f"{'setup':34} {'reach':>8} {'OS-MCCFR':>8} {'ES nodes':>12} {'ES-MCCFR':>8}   (reach: log10)")
    for name in sorted(all_setups()):
        if arguments.only is None or arguments.only in name:
            print(check(name), flush=True)
    print(f"\n{arguments.iterations} iterations of outcome sampling:")
    print(f"{'setup':34} {'Python s':>9} {'C++ s':>9} {'infostates':>10} {'finite':>7}")
    for name in TIMED:
        if arguments.only is None or arguments.only in name:
            print(timed(name, arguments.iterations), flush=True)


if __name__ == "__main__":
    main()
