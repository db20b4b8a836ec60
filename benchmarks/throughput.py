"""Random-play throughput of every registered game per CPU second, next to OpenSpiel's hearts.

    python benchmarks/throughput.py                    # about 2 CPU s per measurement
    python benchmarks/throughput.py --seconds 1 --game survive

One run prints two tables, each with a line per path: ``pure`` (measured in a child process with
``ASOBIBA_PURE=1``) and ``compiled`` (this process, where the compiled core is built: ``pip install -e .``
with a C compiler; asobiba.core.compiled).

The first: player decisions per CPU second of uniformly random play (chance steps are resolved
inside ``apply``; games are played to the end and restarted until the time is up), three ways:

- ``apply``: ``state.apply(rng.choice(state.legal_actions()))`` — the checked, public path;
- ``trusted``: the same through ``apply_trusted`` (search and rollouts);
- ``observe``: ``state.apply(RandomBot.choose(state.observe(state.to_move)))`` — what the arena,
  the simulator and the server's bots do;

then the ratios: ``apply`` against OpenSpiel's C++ hearts driven from Python through ``pyspiel``
(4 players, ``state.apply_action(rng.choice(state.legal_actions()))``, its chance nodes sampled
from ``chance_outcomes()``; needs ``pyspiel``, in the ``rl`` extra), the cost of ``apply`` against
``apply_trusted``, and the cost of a decision through ``observe()`` + ``RandomBot`` against the
direct ``apply``.

The second: the median µs of single calls (``legal_actions``, ``check``, ``apply``,
``apply_trusted``, ``clone``, ``observe``, ``view``, ``determinize``) on the positions of a few
random games; ``check`` and ``apply`` follow ``legal_actions`` of the same position, as in play.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import asobiba
from asobiba.bots.arena import player_range
from asobiba.bots.base import RandomBot
from asobiba.core.state import State


@dataclass(frozen=True)
class Setup:
    """One line of the tables: a game, its players and options."""

    label: str
    game: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def new_game(self, seed: int) -> State:
        return asobiba.new_game(self.game, self.players, seed=seed, **self.options)


def setups(names: list[str], players: int | None) -> list[Setup]:
    """Every game at 4 players (within its range); Cockroach Poker under both rule sets."""
    chosen: list[Setup] = []
    for name in names:
        if name == "cockroach-poker":
            for rules in ("trump", "original"):
                low, high = player_range(name, {"rules": rules})
                count = players or max(low, min(high, 4))
                chosen.append(Setup(f"{name} {rules}", name, count, {"rules": rules}))
            continue
        low, high = player_range(name)
        chosen.append(Setup(name, name, players or max(low, min(high, 4))))
    return chosen


#: One decision of random play: (state, rng, bot) -> None.
Step = Callable[[State, random.Random, RandomBot], None]


def step_apply(state: State, rng: random.Random, bot: RandomBot) -> None:
    state.apply(rng.choice(state.legal_actions()))


def step_trusted(state: State, rng: random.Random, bot: RandomBot) -> None:
    state.apply_trusted(rng.choice(state.legal_actions()))


def step_observe(state: State, rng: random.Random, bot: RandomBot) -> None:
    player = state.to_move
    assert player is not None
    state.apply(bot.choose(state.observe(player)))


STEPS: dict[str, Step] = {"apply": step_apply, "trusted": step_trusted, "observe": step_observe}


def decisions_per_cpu_second(setup: Setup, step: Step, seconds: float, seed: int) -> float:
    """Player decisions per CPU second of random play for about ``seconds`` of CPU time."""
    rng = random.Random(seed)
    bot = RandomBot(seed)
    setup.new_game(seed)  # import the game and build its tables outside the clock
    decisions = games = 0
    started = time.process_time()
    while True:
        state = setup.new_game(seed * 100003 + games)
        while not state.is_over:
            step(state, rng, bot)
            decisions += 1
        games += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return decisions / elapsed


def hearts_decisions_per_cpu_second(seconds: float, seed: int) -> float | None:
    """OpenSpiel's hearts (C++, 4 players) driven from Python: decisions per CPU second, or None."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    decisions = 0
    started = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return decisions / elapsed


def operation_costs(setup: Setup, games: int, seed: int) -> dict[str, float]:
    """Median µs per call of the core operations, timed one call at a time."""
    rng = random.Random(seed)
    names = ("legal_actions", "check", "apply", "apply_trusted", "clone", "observe", "view", "determinize")
    timings: dict[str, list[float]] = {name: [] for name in names}
    clock = time.perf_counter_ns
    for index in range(games):
        state = setup.new_game(seed * 100003 + index)
        while not state.is_over:
            player = state.to_move
            assert player is not None
            fresh = state.clone(), state.clone()  # observe and view on positions that cached nothing
            calls: dict[str, Callable[[], object]] = {
                "legal_actions": state.legal_actions,
                "clone": state.clone,
                "observe": partial(fresh[0].observe, player),
                "view": partial(fresh[1].view, player),
                "determinize": partial(state.determinize, player, rng.getrandbits(32)),
            }
            for name, call in calls.items():
                started = clock()
                call()
                timings[name].append(clock() - started)
            action = rng.choice(state.legal_actions())
            started = clock()
            state.check(action)
            timings["check"].append(clock() - started)
            trial = state.clone()
            started = clock()
            trial.apply_trusted(action)
            timings["apply_trusted"].append(clock() - started)
            started = clock()
            state.apply(action)
            timings["apply"].append(clock() - started)
    return {name: statistics.median(values) / 1000 for name, values in timings.items()}


def measure(chosen: list[Setup], seconds: float, cost_games: int, seed: int) -> dict[str, Any]:
    """Every setup's rates and costs on the path this process runs on."""
    from asobiba.core.compiled import core_status

    return {
        "path": core_status().path,
        "reason": core_status().reason,
        "rates": {
            setup.label: {name: decisions_per_cpu_second(setup, step, seconds, seed) for name, step in STEPS.items()}
            for setup in chosen
        },
        "costs": {setup.label: operation_costs(setup, cost_games, seed + 1) for setup in chosen},
    }


def measure_pure(arguments: argparse.Namespace) -> dict[str, Any]:
    """The same measurements in a child process on the pure-Python path (``ASOBIBA_PURE=1``)."""
    command = [sys.executable, __file__, "--json", "--seconds", str(arguments.seconds), "--seed", str(arguments.seed)]
    command += ["--cost-games", str(arguments.cost_games)]
    for game in arguments.game or []:
        command += ["--game", game]
    if arguments.players:
        command += ["--players", str(arguments.players)]
    environ = {**os.environ, "ASOBIBA_PURE": "1"}
    result: dict[str, Any] = json.loads(subprocess.run(command, env=environ, check=True, capture_output=True).stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement (default 2)")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", type=int, help="players (default: 4, within each game's range)")
    parser.add_argument("--cost-games", type=int, default=10, help="games for the µs table (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print this path's measurements as JSON, no table")
    arguments = parser.parse_args()
    chosen = setups(arguments.game or asobiba.game_names(), arguments.players)
    if arguments.json:
        print(json.dumps(measure(chosen, arguments.seconds, arguments.cost_games, arguments.seed)))
        return

    hearts = hearts_decisions_per_cpu_second(arguments.seconds, arguments.seed)
    here = measure(chosen, arguments.seconds, arguments.cost_games, arguments.seed)
    paths = {"pure": measure_pure(arguments)}
    if here["path"] == "compiled":
        paths["compiled"] = here
    else:
        print(f"(the compiled core is not in use here: {here['reason']}; pip install -e . with a C compiler builds it)")
    print(f"random play, decisions per CPU second ({arguments.seconds:g} s each); load {os.getloadavg()[0]:.2f}")
    columns = ("apply/s", "trusted/s", "observe/s", "apply÷hearts", "apply÷trusted", "observe÷apply")
    header = f"{'game':<26} {'players':>7} {'path':>8} " + " ".join(f"{name:>13}" for name in columns)
    print(header)
    print("-" * len(header))
    if hearts is None:
        print("(OpenSpiel's hearts: pyspiel is not installed; pip install 'asobiba[rl]')")
    else:
        print(f"{'openspiel hearts (C++)':<26} {4:>7} {'C++':>8} {hearts:>13.0f}")
    for setup in chosen:
        for path, result in paths.items():
            rates = result["rates"][setup.label]
            versus_hearts = f"{rates['apply'] / hearts:.2f}×" if hearts else "–"
            cells = [
                f"{rates['apply']:.0f}",
                f"{rates['trusted']:.0f}",
                f"{rates['observe']:.0f}",
                versus_hearts,
                f"{rates['trusted'] / rates['apply']:.2f}×",
                f"{rates['apply'] / rates['observe']:.2f}×",
            ]
            print(f"{setup.label:<26} {setup.players:>7} {path:>8} " + " ".join(f"{cell:>13}" for cell in cells))

    print()
    print(
        f"median µs of single calls over {arguments.cost_games} random games"
        " (observe and view on a fresh clone: nothing worked out yet, observe's legal actions included)"
    )
    names = ("legal_actions", "check", "apply", "apply_trusted", "clone", "observe", "view", "determinize")
    header = f"{'game':<26} {'path':>8} " + " ".join(f"{name:>13}" for name in names)
    print(header)
    print("-" * len(header))
    for setup in chosen:
        for path, result in paths.items():
            costs = result["costs"][setup.label]
            print(f"{setup.label:<26} {path:>8} " + " ".join(f"{costs[name]:>13.1f}" for name in names))


if __name__ == "__main__":
    main()
