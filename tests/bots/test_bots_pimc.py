"""PIMC (asobiba.bots.pimc): candidates played out on common samples; the heuristic's move unless
another has the evidence."""

from __future__ import annotations

import pytest

from asobiba.bots import HeuristicBot
from asobiba.bots.pimc import PIMCBot, candidate_moves, paired_advantage
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.state import State


def facing_a_bet(game: Game, deal: str) -> State:
    state = game.new_game(2, seed=3, chance="scripted")
    state.apply(game.parse_action(deal, state))
    state.apply(game.parse_action("check", state))
    state.apply(game.parse_action("bet", state))
    return state


def test_with_the_queen_against_a_bet_it_calls_because_the_showdown_is_won_half_the_time(kuhn: Game) -> None:
    # p0 holds the queen (1): the heuristic calls only 30% of the time, but the king and the jack
    # are equally likely in p1's hand, so calling wins half the samples and folding none.
    state = facing_a_bet(kuhn, "deal 1 0 2")
    choices = {str(PIMCBot(seed=seed, time_limit=None, samples=40).choose(state.observe(0))) for seed in range(6)}
    assert choices == {"call"}


def test_without_evidence_it_plays_the_heuristics_move(kuhn: Game) -> None:
    state = facing_a_bet(kuhn, "deal 1 0 2")
    for seed in range(10):
        expected = HeuristicBot(seed=seed).choose(state.observe(0))
        assert PIMCBot(seed=seed, time_limit=None, samples=1).choose(state.observe(0)) == expected


def test_candidates_start_with_the_heuristics_move_and_are_distinct(kuhn: Game) -> None:
    import random

    state = facing_a_bet(kuhn, "deal 1 0 2")
    observation = state.observe(0)
    fold = observation.parse_action("fold")
    moves = candidate_moves(observation, fold, 4, random.Random(1))
    assert moves[0] == fold and sorted(map(str, moves)) == ["call", "fold"]


def test_the_paired_advantage_of_equal_results_is_nothing() -> None:
    assert paired_advantage([1.0, 0.0, 1.0], [1.0, 0.0, 1.0]) == (0.0, 0.0)


def test_a_budget_is_required() -> None:
    with pytest.raises(InvalidOption, match="budget"):
        PIMCBot(time_limit=None, samples=None)
