"""PIMC (asobiba.bots.pimc): candidates played out on common samples; the heuristic's move unless
another has the evidence."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from asobiba.bots import HeuristicBot
from asobiba.bots.pimc import PIMCBot, candidate_moves, paired_advantage, play_out
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.state import Action, State


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


def test_a_play_out_stops_where_the_games_cut_says_and_is_scored_by_the_evaluator(kuhn: Game) -> None:
    import random

    state = kuhn.new_game(2, seed=3, chance="scripted")
    state.apply(kuhn.parse_action("deal 1 0 2", state))  # p0 holds the queen, p1 the jack
    movers: list[int] = []

    def checks(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        movers.append(view["viewer"])
        return next(action for action in legal if str(action) == "check")

    def after_one_move(start: State, now: State) -> bool:
        return len(now.history) > len(start.history)

    value = play_out(
        state.clone(), 0, random.Random(1), score=lambda s: [0.25, 0.75], policy=checks, cut=after_one_move
    )
    assert value == 0.25 and movers == [0]  # p0's move came from the policy, then the cut scored it
    movers.clear()
    assert play_out(state.clone(), 0, random.Random(1), policy=checks) == 1.0  # no cut: both check, the queen wins
    assert movers == [0, 1]
