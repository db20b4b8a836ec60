"""IS-MCTS: hidden information, determinism, budgets, obvious moves, several players."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from asobiba.bots import bot
from asobiba.bots.arena import MatchConfig, run_match
from asobiba.bots.ismcts import ISMCTSBot
from asobiba.bots.levels import HARD_TIME_LIMIT
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.state import State


def dealt(game: Game, order: tuple[int, ...], moves: tuple[str, ...] = ()) -> State:
    """A Kuhn game with a scripted deal and moves."""
    state = game.new_game(len(order) - 1, seed=11, chance="scripted")
    state.apply(game.parse_action("deal " + " ".join(map(str, order)), state))
    for move in moves:
        state.apply(game.parse_action(move, state))
    return state


def root_statistics(searcher: ISMCTSBot) -> list[tuple[str, int, float]]:
    assert searcher.last_root is not None
    return [(str(child.action), child.visits, child.reward) for child in searcher.last_root.children.values()]


SEARCHES = [
    {"observers": "single"},
    {"observers": "multiple"},
    {"opponents": "heuristic", "rollout": "heuristic"},
    {"prior": 0.5},
]


@pytest.mark.parametrize("search", SEARCHES)
def test_the_choice_depends_only_on_what_the_bot_sees(kuhn: Game, search: dict[str, Any]) -> None:
    # p0 holds card 1 either way; p1's card and the card set aside differ.
    first = dealt(kuhn, (1, 0, 2), ("check", "bet"))
    second = dealt(kuhn, (1, 2, 0), ("check", "bet"))
    assert first.view(0) == second.view(0)
    assert first.view(1) != second.view(1)
    settings = {"rollout": "random", **search}
    searchers = [ISMCTSBot(seed=3, iterations=200, **settings) for _ in range(2)]
    choices = [searcher.choose(state.observe(0)) for searcher, state in zip(searchers, (first, second), strict=True)]
    assert choices[0] == choices[1]
    assert root_statistics(searchers[0]) == root_statistics(searchers[1])


def test_the_search_never_plays_the_true_state(kuhn: Game) -> None:
    state = dealt(kuhn, (0, 1, 2, 3), ("check",))
    observation = state.observe(1)
    before = state.view(None), list(state.history)
    ISMCTSBot(seed=1, iterations=50).choose(observation)
    assert (state.view(None), list(state.history)) == before


def test_the_same_seed_and_iterations_give_the_same_search(kuhn: Game) -> None:
    state = dealt(kuhn, (2, 0, 1, 3), ("check",))
    first, second = ISMCTSBot(seed=9, iterations=150), ISMCTSBot(seed=9, iterations=150)
    assert first.choose(state.observe(1)) == second.choose(state.observe(1))
    assert root_statistics(first) == root_statistics(second)
    assert first.last_iterations == 150


@pytest.mark.parametrize(
    ("rollout", "observers"), [("random", "single"), ("heuristic", "single"), ("random", "multiple")]
)
def test_it_calls_a_bet_holding_the_top_card(kuhn: Game, rollout: str, observers: str) -> None:
    state = dealt(kuhn, (2, 0, 1), ("check", "bet"))
    searcher = ISMCTSBot(seed=2, iterations=100, rollout=rollout, observers=observers)
    assert str(searcher.choose(state.observe(0))) == "call"


def test_with_three_players_each_node_counts_the_return_of_its_mover(kuhn: Game) -> None:
    # p2 holds the top card facing p0's bet after p1 called: calling always wins.
    state = dealt(kuhn, (0, 1, 3, 2), ("bet", "call"))
    searcher = ISMCTSBot(seed=5, iterations=100, rollout="random")
    assert str(searcher.choose(state.observe(2))) == "call"
    assert searcher.last_root is not None
    call = next(child for child in searcher.last_root.children.values() if str(child.action) == "call")
    assert call.player == 2
    assert call.reward == call.visits  # won every time


def test_a_time_budget_is_respected(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2, 3), ())
    searcher = ISMCTSBot(seed=1, iterations=None, time_limit=0.1)
    started = time.perf_counter()
    searcher.choose(state.observe(0))
    assert time.perf_counter() - started < 0.3  # generous: three times the budget
    assert searcher.last_iterations >= 1


def test_an_iteration_cap_stops_a_time_budget_early(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2, 3), ())
    searcher = ISMCTSBot(seed=1, iterations=30, time_limit=10.0)
    searcher.choose(state.observe(0))
    assert searcher.last_iterations == 30


def test_a_single_legal_move_is_played_without_search(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2), ())
    observation = state.observe(0)
    object.__setattr__(observation, "legal_actions", observation.legal_actions[:1])
    searcher = ISMCTSBot(seed=1, iterations=100)
    assert searcher.choose(observation) == observation.legal_actions[0]
    assert searcher.last_iterations == 0


def test_a_rollout_cut_off_scores_an_even_share_without_an_evaluator(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2), ())
    searcher = ISMCTSBot(seed=1, iterations=40, rollout_depth=0)
    searcher.choose(state.observe(0))
    assert searcher.last_root is not None and searcher.last_root.visits == 40


def test_a_search_needs_a_budget_and_a_known_rollout() -> None:
    with pytest.raises(InvalidOption, match="needs a budget"):
        ISMCTSBot(iterations=None, time_limit=None)
    with pytest.raises(InvalidOption, match="rollout"):
        ISMCTSBot(rollout="clever")


def test_it_beats_random_players_at_three_player_kuhn_poker(kuhn: Game) -> None:
    report = run_match(
        MatchConfig(
            game="kuhn-poker",
            players=3,
            bots=["ismcts:iterations=60,rollout=random", "random", "random"],
            games=60,
            seed=3,
        )
    )
    searcher = report.row("ismcts:iterations=60,rollout=random")
    assert searcher.average_score is not None and searcher.average_score > 0
    assert searcher.win_rate > 1 / 3


def test_the_levels_are_bots(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2), ("check",))
    for level in ("easy", "normal", "hard"):
        assert bot(level, seed=1).choose(state.observe(1)) in state.legal_actions()
    hard = bot("hard")
    assert isinstance(hard, ISMCTSBot) and hard.time_limit == pytest.approx(HARD_TIME_LIMIT)


def test_with_multiple_observers_an_opponent_cannot_tell_moves_apart_by_what_he_cannot_see(kuhn: Game) -> None:
    # p0's tree keys its own moves by action; p1's tree keys them by the events p1 sees.
    state = dealt(kuhn, (1, 0, 2), ())
    searcher = ISMCTSBot(seed=4, iterations=60, rollout="random", observers="multiple")
    searcher.choose(state.observe(0))
    assert searcher.last_root is not None
    assert {str(child.action) for child in searcher.last_root.children.values()} == {"check", "bet"}
    assert sum(child.visits for child in searcher.last_root.children.values()) == 60


def test_multiple_observers_beat_random_players_too(kuhn: Game) -> None:
    spec = "ismcts:iterations=60,rollout=random,observers=multiple"
    report = run_match(MatchConfig(game="kuhn-poker", players=3, bots=[spec, "random", "random"], games=60, seed=3))
    assert report.row(spec).win_rate > 1 / 3


def test_a_strong_prior_plays_the_heuristic_move_unless_search_is_convinced(kuhn: Game) -> None:
    state = dealt(kuhn, (2, 0, 1), ())
    assert str(kuhn.heuristic_action(state.observe(0), random.Random(0))) == "bet"
    assert str(ISMCTSBot(seed=1, iterations=30, rollout="random", prior=100.0).choose(state.observe(0))) == "bet"
    # Holding the top card facing a bet, search is sure: calling wins whatever the heuristic says.
    facing = dealt(kuhn, (2, 0, 1), ("check", "bet"))
    assert str(ISMCTSBot(seed=1, iterations=100, rollout="random", prior=0.3).choose(facing.observe(0))) == "call"


def test_modelled_opponents_play_their_heuristic_inside_the_tree(kuhn: Game) -> None:
    state = dealt(kuhn, (1, 0, 2), ())
    searcher = ISMCTSBot(seed=4, iterations=80, rollout="random", opponents="heuristic")
    searcher.choose(state.observe(0))
    assert searcher.last_root is not None
    check = next(child for child in searcher.last_root.children.values() if str(child.action) == "check")
    # p1 answers a check by the heuristic: bet only with the top card (2), which p1 holds in some samples.
    assert {str(child.action) for child in check.children.values()} <= {"check", "bet"}
    with pytest.raises(InvalidOption, match="needs observers='single'"):
        ISMCTSBot(opponents="heuristic", observers="multiple")


@pytest.mark.parametrize(
    "spec",
    ["ismcts:exploration=nan", "ismcts:exploration=1e308", "ismcts:iterations=99999999999", "ismcts:time_limit=1e9"],
)
def test_search_settings_that_would_never_answer_are_refused(spec: str) -> None:
    with pytest.raises(InvalidOption):
        bot(spec)
