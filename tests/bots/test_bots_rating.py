"""Ratings: Bradley–Terry on the Elo scale, pairwise scores, the round robin."""

from __future__ import annotations

import math

import pytest

from asobiba.bots.rating import bradley_terry, pair_scores, rate
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game


def test_even_results_give_even_ratings() -> None:
    ratings = bradley_terry(["a", "b", "c"], {("a", "b"): [1, 0], ("a", "c"): [0.5], ("b", "c"): [1, 0, 0.5]})
    assert ratings == pytest.approx({"a": 1000, "b": 1000, "c": 1000})


def test_two_bots_ratings_follow_the_odds_with_one_virtual_draw() -> None:
    ratings = bradley_terry(["a", "b"], {("a", "b"): [1.0] * 9 + [0.0]})
    # 9.5 to 1.5 after the virtual draw
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(9.5 / 1.5))
    assert ratings["a"] == 1000


def test_a_bot_that_never_lost_still_has_a_finite_rating() -> None:
    ratings = bradley_terry(["weak", "strong"], {("weak", "strong"): [0.0] * 50})
    assert 1000 < ratings["strong"] < 2000


def test_each_game_counts_once_by_mean_return_per_seat() -> None:
    assert pair_scores("a", "b", ["a", "b", "a"], [0.5, 0.0, 0.5]) == 1.0
    assert pair_scores("a", "b", ["a", "b", "a"], [0.0, 1.0, 0.0]) == 0.0
    assert pair_scores("a", "b", ["a", "b", "a", "b"], [0.5, 0.5, 0.0, 0.0]) == 0.5


def test_a_round_robin_rates_search_above_random(kuhn: Game) -> None:
    table = rate(
        "kuhn-poker", levels=("random", "ismcts:iterations=60"), games_per_pair=60, players=3, seed=2, bootstrap=50
    )
    assert [rating.bot for rating in table.ratings] == ["random", "ismcts:iterations=60"]
    random_rating, search = table.ratings
    assert random_rating.elo == 1000
    assert search.elo > 1000 and search.low <= search.elo <= search.high
    (pair,) = table.pairs
    assert pair.games == 60 and pair.ci95[0] <= pair.score_rate <= pair.ci95[1]
    assert table.to_json()["ratings"][1]["bot"] == "ismcts:iterations=60"


def test_rating_needs_two_different_bots(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match="two different bots"):
        rate("kuhn-poker", levels=("random", "random"))
