"""OpenSpiel's MCCFR solvers on asobiba's named setups: which run, how fast, and why not; and on the tiny
setups, CFR, CFR+ and both MCCFR driving exploitability down.

    python benchmarks/rl_solvers.py                      # every setup's check, then the timings
    python benchmarks/rl_solvers.py --iterations 20 --only cockroach
    python benchmarks/rl_solvers.py --exploitability     # the tiny setups: table and docs/images/rl_solvers.png
    python benchmarks/rl_solvers.py --exploitability --short   # the smallest setup, short budgets (a minute)
    python benchmarks/rl_solvers.py --exploitability --only paper_safari   # the tiny setups named so

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
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

import asobiba.rl
import asobiba.rl.openspiel as spiel
from asobiba.rl.named import all_setups
from asobiba.rl.tabular import tree_game, tree_size

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


#: The tiny setups (docs/research.md, "Small setups where learning is measurable"); ``--short``: the first.
TINY = ("cockroach_poker_tiny_2x2_2p_v1", "cockroach_poker_tiny_2x3_2p_v1", "paper_safari_tiny_2x1_2p_v1")
#: Iterations at which exploitability is measured: full-width solvers, then sampling ones (``--short``: up to
#: the fourth and the fifth).
FULL_WIDTH_CHECKPOINTS = (1, 3, 10, 30, 100, 300, 1000)
SAMPLING_CHECKPOINTS = (10, 100, 1000, 3000, 10_000, 30_000, 100_000)
SOLVERS: dict[str, Any] = {
    "CFR": lambda game: pyspiel.CFRSolver(game),
    "CFR+": lambda game: pyspiel.CFRPlusSolver(game),
    "OS-MCCFR": lambda game: pyspiel.OutcomeSamplingMCCFRSolver(game, seed=1),
    "ES-MCCFR": lambda game: pyspiel.ExternalSamplingMCCFRSolver(game, seed=1),
}
PLOT = Path(__file__).resolve().parent.parent / "docs" / "images" / "rl_solvers.png"


def exploitability_curve(tree: Any, solver_name: str, checkpoints: tuple[int, ...]) -> list[tuple[int, float, float]]:
    """(iterations, exploitability of the average policy, seconds of solving so far) at each checkpoint."""
    solver = SOLVERS[solver_name](tree)
    full_width = solver_name in ("CFR", "CFR+")
    curve, done, solving = [], 0, 0.0
    for checkpoint in checkpoints:
        started = time.perf_counter()
        for _ in range(checkpoint - done):
            solver.evaluate_and_update_policy() if full_width else solver.run_iteration()
        solving += time.perf_counter() - started
        done = checkpoint
        curve.append((checkpoint, pyspiel.exploitability(tree, solver.average_policy()), solving))
    return curve


def solve_tiny(name: str, short: bool) -> dict[str, list[tuple[int, float, float]]]:
    """Size the setup's tree, time its exact exploitability on the Python game and on its tree, then run the
    solvers on the tree; prints as it goes."""
    game = asobiba.rl.make(name, api="openspiel")
    started = time.perf_counter()
    tree = tree_game(game)
    exported = time.perf_counter() - started
    size = tree_size(tree)
    uniform = pyspiel.UniformRandomPolicy(tree)
    started = time.perf_counter()
    on_tree = pyspiel.exploitability(tree, uniform)
    tree_seconds = time.perf_counter() - started
    print(f"\n{name}: {size.nodes:,} nodes, information sets {' + '.join(f'{n:,}' for n in size.infostates)};")
    print(f"  tree built in {exported:.1f} s; the uniform policy's exploitability {on_tree:.6f}", end="")
    print(f" ({tree_seconds:.2f} s on the tree)")
    if name == TINY[0]:
        started = time.perf_counter()
        direct = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
        print(f"  on the Python game itself: {direct:.6f} ({time.perf_counter() - started:.1f} s)", flush=True)
    curves = {}
    for solver_name in SOLVERS:
        full_width = solver_name in ("CFR", "CFR+")
        checkpoints: tuple[int, ...] = FULL_WIDTH_CHECKPOINTS if full_width else SAMPLING_CHECKPOINTS
        if short:
            checkpoints = checkpoints[:4] if full_width else checkpoints[:5]
        curves[solver_name] = [(0, on_tree, 0.0), *exploitability_curve(tree, solver_name, checkpoints)]
        print(f"  {solver_name:9} " + "  ".join(f"{n:>6}: {e:.3g}" for n, e, _ in curves[solver_name][1:]), flush=True)
    return curves


def table(results: dict[str, dict[str, list[tuple[int, float, float]]]]) -> str:
    """Two Markdown tables (full-width solvers, sampling solvers): a row per setup and solver, the exploitability
    of the average policy after each number of iterations, and the seconds the solver took in all."""
    parts = []
    for solvers, checkpoints in (
        (("CFR", "CFR+"), FULL_WIDTH_CHECKPOINTS),
        (("OS-MCCFR", "ES-MCCFR"), SAMPLING_CHECKPOINTS),
    ):
        lines = [
            "| setup | solver | 0 | " + " | ".join(f"{n:,}" for n in checkpoints) + " | seconds |",
            "|---|---|" + "---:|" * (len(checkpoints) + 2),
        ]
        for name, curves in results.items():
            for solver_name in solvers:
                found = {n: value for n, value, _ in curves[solver_name]}
                cells = [f"{found[n]:.3g}" if n in found else "" for n in (0, *checkpoints)]
                seconds = curves[solver_name][-1][2]
                lines.append(f"| `{name}` | {solver_name} | " + " | ".join(cells) + f" | {seconds:.1f} |")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def plot(results: dict[str, dict[str, list[tuple[int, float, float]]]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, len(results), figsize=(6 * len(results), 4.2), squeeze=False)
    for axis, (name, curves) in zip(axes[0], results.items(), strict=True):
        for solver_name, curve in curves.items():
            points = [(n, max(value, 1e-9)) for n, value, _ in curve if n > 0]
            axis.loglog([n for n, _ in points], [value for _, value in points], marker="o", label=solver_name)
        axis.axhline(curves["CFR"][0][1], color="grey", linestyle=":", label="uniform policy")
        axis.set_title(name)
        axis.set_xlabel("iterations")
        axis.set_ylabel("exploitability (exact)")
        axis.grid(True, which="both", alpha=0.3)
        axis.legend()
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=90)
    print(f"\nplot: {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--only", default=None, help="only setups whose name contains this")
    parser.add_argument("--exploitability", action="store_true", help="the tiny setups' solvers (table and plot)")
    parser.add_argument("--short", action="store_true", help="with --exploitability: the smallest setup, short budgets")
    parser.add_argument("--plot", type=Path, default=PLOT, help="where --exploitability saves its plot")
    arguments = parser.parse_args()
    if arguments.exploitability:
        chosen = [name for name in TINY if arguments.only is None or arguments.only in name]
        results = {name: solve_tiny(name, arguments.short) for name in (chosen[:1] if arguments.short else chosen)}
        print("\nexploitability of the average policy (seconds solving so far):\n" + table(results))
        plot(results, arguments.plot)
        return
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
