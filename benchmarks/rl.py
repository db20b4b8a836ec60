"""Environment steps per second of asobiba's PettingZoo environments, next to PettingZoo's classic
``texas_holdem_v4`` and ``leduc_holdem_v4`` (RLCard-backed), measured in the same run, the same way.

    python benchmarks/rl.py                 # about 5 s per environment
    python benchmarks/rl.py --seconds 2 --env cockroach-poker

One step is one ``env.step`` of the agent to move, after ``env.last()`` built its observation;
the action is drawn uniformly from the observation's ``action_mask`` (numpy generator, seeded).
Games are played to the end and restarted (``reset(seed)``) until the time is up.
Needs ``asobiba[rl]`` and, for the comparison, ``rlcard``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import asobiba.rl

#: Environment name -> a maker of a fresh (wrapped) AEC environment.
ENVS: dict[str, Callable[[], Any]] = {
    "cockroach-poker (trump, 4p)": lambda: asobiba.rl.env("cockroach-poker", players=4),
    "cockroach-poker (original, 4p)": lambda: asobiba.rl.env("cockroach-poker", players=4, rules="original"),
    "paper-safari (4p)": lambda: asobiba.rl.env("paper-safari", players=4),
    "survive (4p)": lambda: asobiba.rl.env("survive", players=4),
}


def _pettingzoo_classic() -> dict[str, Callable[[], Any]]:
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4  # type: ignore[import-untyped]
    except ImportError as error:  # rlcard missing
        print(f"(PettingZoo's poker environments are not available: {error}; pip install rlcard)")
        return {}
    return {
        "pettingzoo texas_holdem_v4 (2p)": texas_holdem_v4.env,
        "pettingzoo leduc_holdem_v4 (2p)": leduc_holdem_v4.env,
    }


def measure(make: Callable[[], Any], seconds: float, seed: int) -> tuple[float, int, int]:
    """(steps per second, steps, games) of uniformly random play for about ``seconds``."""
    env = make()
    rng = np.random.default_rng(seed)
    steps = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - started
    env.close()
    return steps / elapsed, steps, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per environment")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--env", default=None, help="only environments whose name contains this")
    arguments = parser.parse_args()
    envs = {**ENVS, **_pettingzoo_classic()}
    rows = []
    for name, make in envs.items():
        if arguments.env is not None and arguments.env not in name:
            continue
        rate, steps, games = measure(make, arguments.seconds, arguments.seed)
        rows.append((name, rate, steps, games))
        print(f"{name:34} {rate:10.0f} steps/s  ({steps} steps, {games} games)", flush=True)
    reference = [rate for name, rate, _, _ in rows if name.startswith("pettingzoo")]
    if reference:
        slowest, fastest = min(reference), max(reference)
        print()
        print(f"{'environment':34} {'steps/s':>10} {'× slowest ref':>14} {'× fastest ref':>14}")
        for name, rate, _, _ in rows:
            print(f"{name:34} {rate:10.0f} {rate / slowest:14.2f} {rate / fastest:14.2f}")


if __name__ == "__main__":
    main()
