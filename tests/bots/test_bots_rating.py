"""Ratings: Bradley–Terry on the Elo scale, pairwise scores, the round robin."""

from __future__ import annotations

import math

import pytest

from asobiba.bots.rating import Rating, bradley_terry, estimate, next_targets, overlapping_neighbours, pair_scores, rate
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


def test_an_adaptive_round_robin_adds_games_until_neighbours_separate_within_its_bound(kuhn: Game) -> None:
    arguments = {"levels": ("random", "easy", "heuristic"), "players": 2, "seed": 3, "bootstrap": 100}
    table = rate("kuhn-poker", games_per_pair=20, max_games_per_pair=400, **arguments)  # type: ignore[arg-type]
    games = {(pair.first, pair.second): pair.games for pair in table.pairs}
    assert all(20 <= count <= 400 for count in games.values())
    assert sum(games.values()) > 60  # 20 a pair left random and easy overlapping
    assert not overlapping_neighbours(table.ratings) or 400 in games.values()
    again = rate("kuhn-poker", games_per_pair=20, max_games_per_pair=400, **arguments)  # type: ignore[arg-type]
    assert again.to_json() == table.to_json()
    # A pair's games are the first games of the same pair in a fixed round robin of that size.
    fixed = rate("kuhn-poker", games_per_pair=games[("random", "easy")], **arguments)  # type: ignore[arg-type]
    assert fixed.pairs[0].score == table.pairs[0].score


def test_without_a_maximum_the_round_robin_plays_the_games_per_pair_only(kuhn: Game) -> None:
    table = rate("kuhn-poker", levels=("random", "easy"), games_per_pair=6, players=2, seed=3, bootstrap=10)
    assert [pair.games for pair in table.pairs] == [6]


def test_the_pair_that_grows_is_on_the_overlapping_neighbours_path_to_the_anchor() -> None:
    ratings = [Rating("r", 1000, 1000, 1000), Rating("e", 1300, 1200, 1400), Rating("n", 1450, 1350, 1550)]
    games = {("r", "e"): 40, ("r", "n"): 40, ("e", "n"): 40}
    # e and n overlap; r-n is lopsided, so the close e-n pair and the r-e link carry the information
    grown = next_targets(ratings, "r", games, step=40, limit=1000)
    assert grown[("r", "n")] == 40
    assert sum(grown.values()) == 120 + 40
    # at its limit, the best pair is passed over for the next best
    best = next(pair for pair in games if grown[pair] > games[pair])
    capped = next_targets(ratings, "r", {**games, best: 1000}, step=40, limit=1000)
    assert sum(capped.values()) == 1000 + 80 + 40


def test_a_pair_grows_by_half_its_games_at_least_the_step_in_whole_units() -> None:
    ratings = [Rating("r", 1000, 1000, 1000), Rating("e", 1010, 950, 1070)]
    assert next_targets(ratings, "r", {("r", "e"): 100}, step=30, limit=1000) == {("r", "e"): 150}
    assert next_targets(ratings, "r", {("r", "e"): 40}, step=30, limit=1000) == {("r", "e"): 70}
    assert next_targets(ratings, "r", {("r", "e"): 42}, step=30, limit=1000, unit=6) == {("r", "e"): 72}
    assert next_targets(ratings, "r", {("r", "e"): 900}, step=30, limit=1000) == {("r", "e"): 1000}
    assert next_targets(ratings, "r", {("r", "e"): 1000}, step=30, limit=1000) == {("r", "e"): 1000}
    separated = [Rating("r", 1000, 1000, 1000), Rating("e", 1200, 1100, 1300)]
    assert next_targets(separated, "r", {("r", "e"): 40}, step=30, limit=1000) == {("r", "e"): 40}


def test_duplicate_deals_need_whole_seat_rotations_in_each_half(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match="multiple of 6"):
        rate("kuhn-poker", levels=("random", "easy"), games_per_pair=8, players=3, duplicate=True)
    with pytest.raises(InvalidOption, match="max_games_per_pair must be at least"):
        rate("kuhn-poker", levels=("random", "easy"), games_per_pair=8, max_games_per_pair=4)


def test_a_duplicate_round_robin_plays_each_deal_in_every_seat(kuhn: Game) -> None:
    table = rate(
        "kuhn-poker", levels=("random", "heuristic"), games_per_pair=12, players=3, seed=1, bootstrap=20, duplicate=True
    )
    (pair,) = table.pairs
    assert pair.games == 12
    plain = rate("kuhn-poker", levels=("random", "heuristic"), games_per_pair=12, players=3, seed=1, bootstrap=20)
    assert table.to_json() != plain.to_json()


def test_a_bots_budget_caps_its_games_in_all_its_pairs() -> None:
    ratings = [Rating("r", 1000, 1000, 1000), Rating("n", 1400, 1300, 1500), Rating("h", 1450, 1350, 1550)]
    games = {("r", "n"): 400, ("r", "h"): 20, ("n", "h"): 20}
    unbounded = next_targets(ratings, "r", games, step=20, limit=1000)
    assert unbounded[("n", "h")] == 40  # r-n is known well: the close pair of the neighbours tells most
    assert next_targets(ratings, "r", games, step=20, limit=1000, budgets={"h": 50})[("n", "h")] == 30
    spent = next_targets(ratings, "r", games, step=20, limit=1000, budgets={"h": 40})
    assert spent[("n", "h")] == 20 and spent[("r", "h")] == 20 and spent != games  # r-n grows instead


def test_an_adaptive_round_robin_keeps_a_bots_budget(kuhn: Game) -> None:
    rounds: list[int] = []
    table = rate(
        "kuhn-poker",
        levels=("random", "easy", "heuristic"),
        games_per_pair=10,
        max_games_per_pair=200,
        budgets={"heuristic": 50},
        players=2,
        seed=3,
        bootstrap=50,
        on_round=lambda number, _table: rounds.append(number),
    )
    assert sum(pair.games for pair in table.pairs if "heuristic" in (pair.first, pair.second)) <= 50
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) > 1
    with pytest.raises(InvalidOption, match="budget"):
        rate("kuhn-poker", levels=("random", "easy"), games_per_pair=10, max_games_per_pair=20, budgets={"easy": 5})


def test_a_pair_that_never_lost_is_still_uncertain_after_a_few_games() -> None:
    few = {r.bot: r for r in estimate(["a", "b"], {("a", "b"): [[[0.0]] * 4]}, "a", seed=1, bootstrap=200)}
    many = {r.bot: r for r in estimate(["a", "b"], {("a", "b"): [[[0.0]] * 400]}, "a", seed=1, bootstrap=200)}
    # the far end is where the virtual draw holds an unbeaten pair; the near end is what the games say
    assert few["b"].low < few["b"].elo <= few["b"].high
    assert few["b"].low < 1000 + 0.5 * (few["b"].elo - 1000)  # 4-0 cannot rule out a small difference
    assert many["b"].low > few["b"].low


def test_every_rating_lies_within_its_own_interval() -> None:
    # a lopsided chain with pairs of four games (the Survive ladder's shape), where resampling the
    # observed games with the virtual draw put the weakest bot outside its interval
    blocks = {
        ("r", "e"): [[[0.0], [0.0]]] * 2 + [[[1.0], [0.0]]],
        ("r", "n"): [[[0.0], [0.0]]] * 2,
        ("e", "n"): [[[0.0], [0.0]]] * 40 + [[[1.0], [0.0]]],
        ("n", "h"): [[[1.0], [0.0]]] * 3 + [[[0.0], [0.0]]] * 11,
        ("r", "h"): [[[0.0], [0.0]]] * 2,
        ("e", "h"): [[[0.0], [0.0]]] * 2,
    }
    blocks = {pair: [[score for block in pair_blocks for score in block]] for pair, pair_blocks in blocks.items()}
    for anchor in ("r", "n"):
        for rating in estimate(["r", "e", "n", "h"], blocks, anchor, seed=1, bootstrap=300):
            assert rating.low <= rating.elo <= rating.high, (anchor, rating)


def test_an_anchor_in_the_middle_fixes_it_and_keeps_the_differences(kuhn: Game) -> None:
    arguments = {"levels": ("random", "easy", "heuristic"), "games_per_pair": 30, "players": 2, "seed": 4}
    first = rate("kuhn-poker", bootstrap=60, **arguments)  # type: ignore[arg-type]
    middle = rate("kuhn-poker", bootstrap=60, anchor="easy", **arguments)  # type: ignore[arg-type]
    by_bot = {rating.bot: rating for rating in middle.ratings}
    assert middle.anchor == "easy" and first.anchor == "random"
    assert (by_bot["easy"].elo, by_bot["easy"].low, by_bot["easy"].high) == (1000.0, 1000.0, 1000.0)
    assert by_bot["random"].low < by_bot["random"].high
    # the same games: only the reference point moves
    shift = {rating.bot: rating.elo for rating in first.ratings}["easy"] - 1000.0
    for rating in first.ratings:
        assert by_bot[rating.bot].elo == pytest.approx(rating.elo - shift)


def test_the_anchor_must_be_one_of_the_bots(kuhn: Game) -> None:
    with pytest.raises(InvalidOption, match="anchor must be one of the bots"):
        rate("kuhn-poker", levels=("random", "easy"), anchor="hard")
