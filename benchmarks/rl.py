"""Steps per second of asobiba's PettingZoo, Gymnasium and OpenSpiel versions of each setup, next
to PettingZoo's classic ``texas_holdem_v4`` and ``leduc_holdem_v4`` (RLCard-backed) and pyspiel's
own C++ games, measured in the same run, the same way.

    python benchmarks/rl.py                 # about 3 s per environment
    python benchmarks/rl.py --seconds 2 --env cockroach-poker

PettingZoo: one step is one ``env.step`` of the agent to move, after ``env.last()`` built its
observation; the action is drawn uniformly from the observation's ``action_mask``. Gymnasium:
one learner step (its observation and mask) against random bots. OpenSpiel: one player decision
— the observation tensor of the player to move, ``legal_actions()``, ``apply_action`` — with chance
nodes sampled from ``chance_outcomes()`` on the way (not counted as steps). Games are played to
the end and restarted until the time is up. The last column is OpenSpiel's rate over
PettingZoo's for the same setup. Needs ``asobiba[rl]``, ``open_spiel`` and, for the poker
references, ``rlcard``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

#: The setups measured (a named setup each).
SETUPS = (
    "cockroach_poker_trump_4p_v1",
    "cockroach_poker_original_4p_v1",
    "paper_safari_4p_v1",
    "survive_4p_v1",
    "survive_compact_4p_v1",
)
#: pyspiel's own (C++) games measured the same way.
SPIEL_GAMES = ("leduc_poker", "kuhn_poker(players=3)", "liars_dice")


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


def measure_gymnasium(make: Callable[[], Any], seconds: float, seed: int) -> tuple[float, int, int]:
    """(learner steps per second, steps, games) of a uniformly random learner against random bots."""
    env = make()
    rng = np.random.default_rng(seed)
    steps = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=seed + games)
        done = False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - started), steps, games


def measure_openspiel(game: Any, seconds: float, seed: int) -> tuple[float, int, int]:
    """(decisions per second, decisions, games) of uniformly random play of an OpenSpiel game."""
    rng = np.random.default_rng(seed)
    steps = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=probabilities)]))
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - started), steps, games


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
    parser.add_argument("--seconds", type=float, default=3.0, help="time per environment")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--env", default=None, help="only setups whose name contains this")
    arguments = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]

        import asobiba.rl.openspiel
    except ImportError:
        pyspiel = None
        print("(open_spiel is not installed: the OpenSpiel column is left empty)")
    seconds, seed = arguments.seconds, arguments.seed
    print(f"{'setup':34} {'PettingZoo':>11} {'Gymnasium':>10} {'OpenSpiel':>10} {'OS / PZ':>8}   (steps/s)")
    for name in SETUPS:
        if arguments.env is not None and arguments.env not in name:
            continue
        pettingzoo = measure(lambda name=name: asobiba.rl.make(name), seconds, seed)[0]
        gym = measure_gymnasium(
            lambda name=name: asobiba.rl.make(name, api="gymnasium", opponents="random"), seconds, seed
        )[0]
        spiel = measure_openspiel(asobiba.rl.make(name, api="openspiel"), seconds, seed)[0] if pyspiel else float("nan")
        print(f"{name:34} {pettingzoo:11.0f} {gym:10.0f} {spiel:10.0f} {spiel / pettingzoo:8.2f}", flush=True)
    if arguments.env is not None:
        return
    for name, make in _pettingzoo_classic().items():
        print(f"{name:34} {measure(make, seconds, seed)[0]:11.0f}", flush=True)
    if pyspiel is not None:
        for name in SPIEL_GAMES:
            rate = measure_openspiel(pyspiel.load_game(name), seconds, seed)[0]
            print(f"{'pyspiel ' + name:34} {'':>11} {'':>10} {rate:10.0f}", flush=True)


if __name__ == "__main__":
    main()
