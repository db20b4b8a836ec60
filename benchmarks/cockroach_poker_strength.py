"""Cockroach Poker: the heuristic bot against the random bot, win rates with Wilson 95% CIs.

Seats are rotated game by game. Run: ``python benchmarks/cockroach_poker_strength.py [games]``
(default 2,000 games per line-up). ``--speed`` instead times random play: microseconds per
``legal_actions``, ``apply``, ``clone`` and ``determinize``, and actions per second (CPU time
of this process, so that a busy machine does not skew it).
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

import asobiba
from asobiba.bots import HeuristicBot, RandomBot
from asobiba.bots.base import Bot


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    denominator = 1 + z * z / games
    return (centre - margin) / denominator, (centre + margin) / denominator


def play(players: int, options: dict[str, Any], heuristic_seats: set[int], seed: int) -> list[float]:
    """One game; returns each seat's score (1 for a win)."""
    state = asobiba.new_game("cockroach-poker", players=players, seed=seed, **options)
    bots: list[Bot] = [
        HeuristicBot(seed * 10 + seat) if seat in heuristic_seats else RandomBot(seed * 10 + seat)
        for seat in range(players)
    ]
    while not state.is_over:
        player = state.to_move
        assert player is not None and player >= 0
        state.apply(bots[player].choose(state.observe(player)))
    return [float(score) for score in state.result()["scores"]]


def speed(seconds: float = 3.0) -> None:
    """Time random play, per rule set."""
    print(f"{'rules':<22} {'legal_actions':>14} {'apply':>8} {'clone':>8} {'determinize':>12} {'actions/s':>10}")
    for label, players, options in [
        ("trump, 4p", 4, {"rules": "trump"}),
        ("trump wild, 5p", 5, {"rules": "trump", "jokers": "wild"}),
        ("original, 4p", 4, {"rules": "original"}),
        ("original, 2p", 2, {"rules": "original"}),
    ]:
        rng = random.Random(0)
        states = []
        legal_time = apply_time = 0.0
        actions = games = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state = asobiba.new_game("cockroach-poker", players=players, seed=games, **options)
            games += 1
            while not state.is_over:
                t0 = time.process_time()
                legal = state.legal_actions()
                t1 = time.process_time()
                state.apply(legal[rng.randrange(len(legal))])
                t2 = time.process_time()
                legal_time += t1 - t0
                apply_time += t2 - t1
                actions += 1
                if actions % 97 == 0:
                    states.append(state.clone())
        # Whole games, new games and the random choice included, without the timers.
        started = time.process_time()
        played = 0
        while time.process_time() - started < seconds:
            state = asobiba.new_game("cockroach-poker", players=players, seed=played, **options)
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                played += 1
        rate = played / (time.process_time() - started)
        t0 = time.process_time()
        for state in states:
            for _ in range(20):
                state.clone()
        clone_time = (time.process_time() - t0) / (20 * len(states))
        t0 = time.process_time()
        for number, state in enumerate(states):
            state.determinize(number % players, number)
        determinize_time = (time.process_time() - t0) / len(states)
        print(
            f"{label:<22} {legal_time / actions * 1e6:>11.2f} µs {apply_time / actions * 1e6:>5.2f} µs "
            f"{clone_time * 1e6:>5.2f} µs {determinize_time * 1e6:>9.2f} µs {rate:>10,.0f}"
        )


def main() -> None:
    if "--speed" in sys.argv:
        speed()
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    setups: list[tuple[str, int, dict[str, Any]]] = [
        ("trump, redirect", 4, {"rules": "trump"}),
        ("trump, redirect", 3, {"rules": "trump"}),
        ("trump, wild", 5, {"rules": "trump", "jokers": "wild"}),
        ("original", 4, {"rules": "original"}),
        ("original", 2, {"rules": "original"}),
    ]
    print(f"Cockroach Poker, heuristic vs random, {games} games per line-up, seats rotated")
    print(
        f"{'rules':<16} {'n':>2} {'line-up':<14} {'heuristic win rate [95% CI]':<30} {'random win rate [95% CI]':<30}"
    )
    started = time.process_time()
    for label, players, options in setups:
        lineups = (
            [("1 H vs rest R", 1), (f"{players - 1} H vs 1 R", players - 1)] if players > 2 else [("1 H vs 1 R", 1)]
        )
        lineups.append(("all random", 0))
        for name, heuristic_count in lineups:
            heuristic_wins = random_wins = 0.0
            heuristic_games = random_games = 0
            for game in range(games):
                seats = {(game + k) % players for k in range(heuristic_count)}
                scores = play(players, options, seats, seed=1_000_000 + game)
                for seat, score in enumerate(scores):
                    if seat in seats:
                        heuristic_wins += score
                        heuristic_games += 1
                    else:
                        random_wins += score
                        random_games += 1
            cells = []
            for wins, count in ((heuristic_wins, heuristic_games), (random_wins, random_games)):
                if count:
                    low, high = wilson(wins, count)
                    cells.append(f"{wins / count:6.1%} [{low:6.1%}, {high:6.1%}]")
                else:
                    cells.append("—")
            print(f"{label:<16} {players:>2} {name:<14} {cells[0]:<30} {cells[1]:<30}", flush=True)
    print(f"({time.process_time() - started:.0f} s CPU; a win rate is per seat: in trump one player usually loses and")
    print(
        " the others win, so with equal players a seat wins about (n-1)/n of the games; 'all random' is the baseline."
    )
    print(" The interval is sound for a side with one seat per game; for a side with several seats it counts")
    print(" seat-games, which are correlated within a game, so it is somewhat too narrow.)")


if __name__ == "__main__":
    random.seed(0)
    main()
