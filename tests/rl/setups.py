"""Shared cases of the research API's tests: the setups played, random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import asobiba
from asobiba.core.state import State

#: (game, players, options): every game, both Cockroach Poker rule sets and their joker modes, 2–6 players.
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("cockroach-poker", 3, {}),
    ("cockroach-poker", 5, {"jokers": "wild"}),
    ("cockroach-poker", 4, {"jokers": "none", "loss_threshold": 5}),
    ("cockroach-poker", 2, {"rules": "original"}),
    ("cockroach-poker", 5, {"rules": "original", "deal": "all"}),
    ("cockroach-poker", 6, {"rules": "original"}),  # the shipped setup cockroach_poker_original_6p_v1
    ("paper-safari", 2, {}),
    ("paper-safari", 4, {"final_turns": True}),
    ("survive", 2, {}),
    ("survive", 2, {"two_colours": True}),
    ("survive", 4, {"one_per_tile": True}),
]


def setup_id(setup: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = setup
    return f"{game}-{players}p" + "".join(f"-{key}={value}" for key, value in options.items())


def random_positions(
    game: str, players: int, options: dict[str, Any], games: int, seed: int, steps: int = 400
) -> Iterator[State]:
    """Every position of ``games`` random games (cut at ``steps`` decisions), chance by the engine."""
    rng = random.Random(seed)
    for number in range(games):
        state = asobiba.new_game(game, players=players, seed=seed * 1000 + number, **options)
        yield state
        for _ in range(steps):
            if state.is_over:
                break
            state.apply_trusted(rng.choice(state.legal_actions()))
            yield state
