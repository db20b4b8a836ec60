"""Survive!: the heuristic bot against random players, and the engine's speed.

Each game seats one heuristic bot and random bots in the other seats; the heuristic's seat rotates
from game to game. A shared win counts as a fraction. The table gives the heuristic's win rate with
a Wilson 95% interval next to what a random player would get (1 / players).

    python benchmarks/survive_strength.py --games 1000 --players 2 3 4
    python benchmarks/survive_strength.py --speed-only
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from asobiba.bots import HeuristicBot, RandomBot
from asobiba.bots.base import Bot
from asobiba.games.survive import GAME


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play(players: int, seat: int, seed: int) -> tuple[float, int, int, int]:
    """One game: (heuristic's share of the win, its score, the best random score, actions)."""
    state = GAME.new_game(players, seed=seed)
    bots: list[Bot] = [HeuristicBot(seed) if p == seat else RandomBot(seed * 31 + p) for p in range(players)]
    actions = 0
    while not state.is_over:
        player = state.to_move
        assert player is not None
        state.apply(bots[player].choose(state.observe(player)))
        actions += 1
    scores = state.result()["scores"]
    best_random = max(score for p, score in enumerate(scores) if p != seat)
    return state.returns()[seat], scores[seat], best_random, actions


def strength(games: int, player_counts: list[int], seed: int) -> None:
    print(f"Survive!: heuristic vs random, {games} games per row, heuristic seat rotated")
    print()
    print(
        "| players | games | heuristic win rate | Wilson 95% CI | random would win | mean score (heuristic) "
        "| mean best random score | s/game |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for players in player_counts:
        wins = 0.0
        own_scores: list[int] = []
        random_scores: list[int] = []
        start = time.perf_counter()
        for game in range(games):
            share, own, best_random, _ = play(players, game % players, seed + game)
            wins += share
            own_scores.append(own)
            random_scores.append(best_random)
        elapsed = (time.perf_counter() - start) / games
        low, high = wilson(wins, games)
        print(
            f"| {players} | {games} | {wins / games:.3f} | [{low:.3f}, {high:.3f}] | {1 / players:.3f} "
            f"| {statistics.mean(own_scores):.2f} | {statistics.mean(random_scores):.2f} | {elapsed:.2f} |",
            flush=True,
        )


def speed(seed: int, games: int = 40) -> None:
    """Random play throughput and the cost of the engine's main calls."""
    rng = random.Random(seed)
    played = 0
    timings = {"legal_actions": 0.0, "apply": 0.0, "clone": 0.0, "determinize": 0.0}
    counts = dict.fromkeys(timings, 0)
    start = time.perf_counter()
    for game in range(games):
        state = GAME.new_game(2 + game % 3, seed=seed + game)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            played += 1
    elapsed = time.perf_counter() - start
    actions = 0
    for game in range(games):
        state = GAME.new_game(2 + game % 3, seed=seed + game)
        while not state.is_over:
            t0 = time.perf_counter()
            legal = state.legal_actions()
            t1 = time.perf_counter()
            clone = state.clone()
            t2 = time.perf_counter()
            if actions % 10 == 0:
                player = state.to_move
                assert player is not None
                state.determinize(player, actions)
                timings["determinize"] += time.perf_counter() - t2
                counts["determinize"] += 1
            t3 = time.perf_counter()
            state.apply(rng.choice(legal))
            t4 = time.perf_counter()
            timings["legal_actions"] += t1 - t0
            timings["clone"] += t2 - t1
            timings["apply"] += t4 - t3
            for key in ("legal_actions", "clone", "apply"):
                counts[key] += 1
            actions += 1
            del clone
    print(
        f"Random play: {played} actions in {elapsed:.2f} s over {games} games: "
        f"{played / elapsed:,.0f} actions/s (legal_actions + choice + apply, chance included)"
    )
    print()
    print("| call | µs per call |")
    print("|---|---|")
    for key, total in timings.items():
        print(f"| {key} | {1e6 * total / max(1, counts[key]):.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per number of players")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--speed-only", action="store_true", help="only the speed table")
    arguments = parser.parse_args()
    speed(arguments.seed)
    if not arguments.speed_only:
        print()
        strength(arguments.games, arguments.players, arguments.seed)


if __name__ == "__main__":
    main()
