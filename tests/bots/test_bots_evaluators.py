"""The static evaluations that cut the ``hard`` level's rollouts short (``asobiba.bots.evaluators``):
they favour the player clearly ahead, and the search that uses them still decides from its view."""

from __future__ import annotations

import random

import pytest

import asobiba
from asobiba.bots import bot
from asobiba.bots.evaluators import evaluator
from asobiba.core.state import State
from asobiba.games.paper_safari.bots import match_chances, round_chances
from asobiba.games.survive.bots import win_chances

EVALUATED = ["paper-safari", "survive"]


def _play(state: State, rng: random.Random, until: int) -> State:
    """``until`` heuristic moves (chance resolved on the way), or fewer if the game ends."""
    for _ in range(until):
        if state.is_over:
            break
        if state.is_chance_node:
            state.resolve_chance()
            continue
        player = state.to_move
        assert player is not None
        state.apply(state.game.heuristic_action(state.observe(player), rng))
    return state


@pytest.mark.parametrize("name", EVALUATED)
def test_every_evaluated_game_has_an_evaluator_giving_each_player_a_chance(name: str) -> None:
    score = evaluator(name)
    assert score is not None
    rng = random.Random(3)
    state = _play(asobiba.new_game(name, 3, seed=5), rng, 60)
    values = score(state)
    assert len(values) == 3
    assert all(0.0 <= value <= 1.0 for value in values)
    assert sum(values) == pytest.approx(1.0)


@pytest.mark.parametrize("name", EVALUATED)
def test_a_finished_game_is_scored_by_its_result(name: str) -> None:
    score = evaluator(name)
    assert score is not None
    state = _play(asobiba.new_game(name, 2, seed=2), random.Random(1), 100_000)
    assert state.is_over
    winners = state.result()["winners"]
    assert score(state) == [1.0 / len(winners) if p in winners else 0.0 for p in range(2)]


def test_a_game_without_an_evaluator_has_none() -> None:
    assert evaluator("cockroach-poker") is None


def test_paper_safari_the_lower_expected_total_is_likelier_to_win_the_round() -> None:
    chances = round_chances([6.0, 25.0, 18.0], [1, 1, 1])
    assert chances[0] > chances[2] > chances[1]
    # With many unknown cards the same gap says less.
    assert round_chances([6.0, 25.0], [6, 6])[0] < round_chances([6.0, 25.0], [0, 0])[0]


def test_paper_safari_a_token_lead_counts_for_the_match() -> None:
    chances = match_chances([1, 3], [0.5, 0.5])
    assert chances[0] > 0.8 > chances[1]
    assert sum(chances) == pytest.approx(1.0)
    assert match_chances([2, 2, 2], [1 / 3] * 3) == pytest.approx([1 / 3] * 3)


def test_paper_safari_the_round_winner_is_ahead_between_rounds() -> None:
    score = evaluator("paper-safari")
    assert score is not None
    state = asobiba.new_game("paper-safari", 2, seed=4, tokens_to_win=3)
    rng = random.Random(2)
    while not state.is_over and not state.view(0)["rounds"]:
        _play(state, rng, 1)
    winner = state.view(0)["rounds"][0]["winner"]
    if winner is None:
        pytest.skip("the first round had no winner")
    values = score(state)
    assert values[winner] > values[1 - winner]


def test_survive_the_higher_expected_score_is_likelier_to_win() -> None:
    chances = win_chances([20.0, 8.0, 12.0], [4.0, 4.0, 4.0])
    assert chances[0] > chances[2] > chances[1]
    assert win_chances([20.0, 8.0], [40.0, 40.0])[0] < win_chances([20.0, 8.0], [1.0, 1.0])[0]


@pytest.mark.parametrize("name", EVALUATED)
def test_hard_decides_from_its_view_only(name: str) -> None:
    rng = random.Random(name)
    for seed in range(2):
        state = _play(asobiba.new_game(name, 2, seed=seed), rng, rng.randrange(5, 40))
        while not state.is_over and (state.is_chance_node or len(state.legal_actions()) < 2):
            _play(state, rng, 1)
        if state.is_over:
            continue
        player = state.to_move
        assert player is not None
        first, second = state.determinize(player, 1), state.determinize(player, 2)
        assert first.view(player) == second.view(player)
        choices = [
            bot("hard:iterations=15,time_limit=none,rollout_depth=3", seed=7).choose(sample.observe(player))
            for sample in (first, second)
        ]
        assert choices[0] == choices[1]
