"""Random-play throughput of every registered game, and the cost of the core operations.

    python benchmarks/throughput.py --games 200            # every game
    python benchmarks/throughput.py --games 50 --game cockroach-poker --players 3

Prints one table: games/s and actions/s of uniformly random play (player decisions; the
chance steps are resolved inside ``apply``), and the median µs of ``legal_actions``, ``apply``,
``clone`` and ``determinize`` measured one call at a time on the positions of those games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import asobiba
from asobiba.bots.arena import player_range
from asobiba.core.state import State


def default_players(name: str) -> int:
    low, high = player_range(name)
    return max(low, min(high, 4))


def random_play(name: str, players: int, games: int, seed: int) -> tuple[float, int, int]:
    """Seconds, player decisions and chance steps of ``games`` random games."""
    rng = random.Random(seed)
    decisions = chance = 0
    asobiba.new_game(name, players, seed=seed)  # import the game and build its tables outside the clock
    started = time.perf_counter()
    for index in range(games):
        state = asobiba.new_game(name, players, seed=seed * 100003 + index)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        chance += sum(1 for action in state.history if action.is_chance)
    return time.perf_counter() - started, decisions, chance


def operation_costs(name: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Median µs per call of the core operations, timed one call at a time."""
    rng = random.Random(seed)
    timings: dict[str, list[float]] = {
        "legal_actions": [],
        "check": [],
        "apply": [],
        "apply_trusted": [],
        "clone": [],
        "determinize": [],
    }
    clock = time.perf_counter_ns
    for index in range(games):
        state: State = asobiba.new_game(name, players, seed=seed * 100003 + index)
        while not state.is_over:
            started = clock()
            legal = state.legal_actions()
            timings["legal_actions"].append(clock() - started)
            started = clock()
            state.clone()
            timings["clone"].append(clock() - started)
            player = state.to_move
            assert player is not None
            started = clock()
            state.determinize(player, rng.getrandbits(32))
            timings["determinize"].append(clock() - started)
            action = rng.choice(legal)
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
    return {operation: statistics.median(values) / 1000 for operation, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per game (default 200)")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", type=int, help="players (default: 4, within each game's range)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    names = arguments.game or asobiba.game_names()
    header = (
        f"{'game':<18} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>12} {'chance/game':>11}"
        f" {'legal µs':>9} {'check µs':>9} {'apply µs':>9} {'trusted µs':>10} {'clone µs':>9} {'determinize µs':>14}"
    )
    print(f"random play, {arguments.games} games each; µs are medians of single calls")
    print(header)
    print("-" * len(header))
    for name in names:
        players = arguments.players or default_players(name)
        seconds, decisions, chance = random_play(name, players, arguments.games, arguments.seed)
        costs = operation_costs(name, players, max(1, arguments.games // 4), arguments.seed + 1)
        print(
            f"{name:<18} {players:>7} {arguments.games / seconds:>9.1f} {decisions / seconds:>10.0f}"
            f" {decisions / arguments.games:>12.1f} {chance / arguments.games:>11.1f}"
            f" {costs['legal_actions']:>9.1f} {costs['check']:>9.1f} {costs['apply']:>9.1f}"
            f" {costs['apply_trusted']:>10.1f} {costs['clone']:>9.1f}"
            f" {costs['determinize']:>14.1f}"
        )


if __name__ == "__main__":
    main()
