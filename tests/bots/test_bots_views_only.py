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


#: Every level, and the searches ``hard`` may use, each with a fixed budget (no clock).
LEVEL_SPECS = [
    "random",
    "easy",
    "normal",
    "hard:time_limit=none,iterations=6",
    "hard:time_limit=none,iterations=4,search=pimc,rollout_depth=6",
    "hard:time_limit=none,iterations=6,search=ismcts,prior=0",
    "pimc:time_limit=none,samples=3,rollout_depth=4",
]


@pytest.mark.parametrize("name", asobiba.game_names())
@pytest.mark.parametrize("spec", LEVEL_SPECS)
def test_every_level_decides_the_same_for_states_that_look_the_same(name: str, spec: str) -> None:
    for state in positions(name, 2):
        player = state.to_move
        assert player is not None
        first, second = state.determinize(player, 1), state.determinize(player, 2)
        assert first.view(player) == second.view(player)
        choices = [asobiba.bot(spec, seed=5).choose(sample.observe(player)) for sample in (first, second)]
        assert choices[0] == choices[1]
