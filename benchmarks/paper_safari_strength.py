"""Paper Safari: how much stronger the heuristic bot is than random play, and engine speed.

Plays the heuristic bot against random bots with the seats rotated (game ``i`` puts the heuristic
bot in seat ``i % players``), and prints its win rate with a Wilson 95% interval next to what a
player of equal strength would win (1 / players).

    python benchmarks/paper_safari_strength.py                  # 2,000 games per line, matches to 1 token
    python benchmarks/paper_safari_strength.py --games 500 --tokens 3
    python benchmarks/paper_safari_strength.py --speed           # µs per engine call
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from typing import TypeVar

from asobiba.bots.base import Bot, HeuristicBot, RandomBot
from asobiba.core.state import Action, State
from asobiba.games.paper_safari import GAME

T = TypeVar("T")


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(players: int, seed: int, bots: list[Bot], tokens: int) -> list[float]:
    """One match; the returns per seat (1 for the winner)."""
    state = GAME.new_game(players, seed=seed, tokens_to_win=tokens)
    while not state.is_over:
        player = state.to_move
        assert player is not None and player >= 0
        state.apply(bots[player].choose(state.observe(player)))
    return state.returns()


def matchup(
    players: int, games: int, tokens: int, hero: Callable[[int], Bot], villain: Callable[[int], Bot]
) -> tuple[float, int, float]:
    """The hero's wins over ``games`` matches against ``players - 1`` villains, seats rotated."""
    wins = 0.0
    started = time.perf_counter()
    for number in range(games):
        seat = number % players
        bots = [hero(number) if p == seat else villain(number * 7 + p) for p in range(players)]
        wins += play(players, 10_000 + number, bots, tokens)[seat]
    return wins, games, time.perf_counter() - started


def strength(games: int, tokens: int) -> None:
    print(f"Paper Safari: heuristic bot against random bots, {games} matches per line, tokens_to_win={tokens},")
    print("seats rotated; win rate with Wilson 95% interval; equal strength would win 1/players.\n")
    print(f"| {'table':<30} | {'games':>5} | {'win rate':>8} | {'95% CI':>15} | {'equal':>5} | {'s':>5} |")
    print(f"|{'-' * 32}|{'-' * 7}|{'-' * 10}|{'-' * 17}|{'-' * 7}|{'-' * 7}|")
    lines: list[tuple[str, int, Callable[[int], Bot], Callable[[int], Bot]]] = [
        ("heuristic vs random (2p)", 2, HeuristicBot, RandomBot),
        ("heuristic vs 2 random (3p)", 3, HeuristicBot, RandomBot),
        ("heuristic vs 4 random (5p)", 5, HeuristicBot, RandomBot),
        ("random vs random (2p, control)", 2, RandomBot, RandomBot),
    ]
    for name, players, hero, villain in lines:
        wins, played, seconds = matchup(players, games, tokens, hero, villain)
        low, high = wilson(wins, played)
        print(
            f"| {name:<30} | {played:>5} | {wins / played:>8.3f} | [{low:.3f}, {high:.3f}] |"
            f" {1 / players:>5.2f} | {seconds:>5.0f} |"
        )


def speed(seconds: float = 2.0) -> None:
    """Random play: actions per second, and µs per engine call on the positions met."""
    rng = random.Random(1)
    games: list[tuple[int, list[Action]]] = []
    states: list[State] = []
    actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        seed = len(games)
        state = GAME.new_game(3, seed=seed)
        chosen: list[Action] = []
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            chosen.append(action)
            if len(chosen) % 50 == 0:
                states.append(state.clone())
        games.append((seed, chosen))
        actions += len(chosen)
    elapsed = time.perf_counter() - started
    print(f"random play, 3 players, matches to 3 tokens: {actions / elapsed:,.0f} actions/s")
    print("(each: legal_actions, a random choice, apply with its chance outcomes)\n")
    # apply alone: the same matches again, the actions known in advance
    begin = time.perf_counter()
    for seed, chosen in games:
        state = GAME.new_game(3, seed=seed)
        for action in chosen:
            state.apply(action)
    apply_micro = (time.perf_counter() - begin) / actions * 1e6
    print(f"  {'apply':<14} {apply_micro:8.2f} µs  (chance outcomes included)")
    playable = [state for state in states if not state.is_over and state.to_move is not None and state.to_move >= 0]
    _per_call("legal_actions", lambda state: state.legal_actions(), playable)
    _per_call("clone", lambda state: state.clone(), playable)
    _per_call("determinize", lambda state: state.determinize(state.to_move or 0, 1), playable)
    _per_call("view", lambda state: state.view(state.to_move), playable)
    observations = [state.observe(state.to_move or 0) for state in playable[:300]]
    bot_rng = random.Random(2)
    _per_call("heuristic bot", lambda observation: GAME.heuristic_action(observation, bot_rng), observations)


def _per_call(name: str, call: Callable[[T], object], sample: list[T]) -> None:
    repeat = max(1, 20_000 // max(1, len(sample)))
    begin = time.perf_counter()
    for _ in range(repeat):
        for item in sample:
            call(item)
    micro = (time.perf_counter() - begin) / (repeat * len(sample)) * 1e6
    print(f"  {name:<14} {micro:8.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="matches per line (default 2000)")
    parser.add_argument("--tokens", type=int, default=1, help="tokens_to_win of each match (default 1)")
    parser.add_argument("--speed", action="store_true", help="measure the engine instead")
    arguments = parser.parse_args()
    if arguments.speed:
        speed()
    else:
        strength(arguments.games, arguments.tokens)


if __name__ == "__main__":
    main()
