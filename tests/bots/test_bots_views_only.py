"""On every registered game: a search bot's choice depends on its player's view only."""

from __future__ import annotations

import random

import pytest

import asobiba
from asobiba.bots.ismcts import ISMCTSBot
from asobiba.core.state import State


def positions(name: str, count: int) -> list[State]:
    """Positions with a real choice from a few random games."""
    rng = random.Random(name)
    found: list[State] = []
    game = asobiba.get_game(name)
    players = max(game.min_players, min(game.max_players, 3))
    for seed in range(count):
        state = asobiba.new_game(name, players, seed=seed)
        stop = rng.randrange(1, 40)
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_over and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("name", asobiba.game_names())
@pytest.mark.parametrize("settings", [{"rollout": "random"}, {"opponents": "heuristic", "rollout": "random"}])
def test_two_states_that_look_the_same_get_the_same_decision(name: str, settings: dict[str, str]) -> None:
    for state in positions(name, 3):
        player = state.to_move
        assert player is not None
        # Two full states consistent with what the player knows, hidden things drawn differently.
        first, second = state.determinize(player, 1), state.determinize(player, 2)
        assert first.view(player) == second.view(player)
        choices = []
        for sample in (first, second):
            searcher = ISMCTSBot(seed=7, iterations=12, time_limit=None, **settings)  # type: ignore[arg-type]
            choices.append(searcher.choose(sample.observe(player)))
        assert choices[0] == choices[1]
