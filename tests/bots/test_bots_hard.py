"""The ``hard`` level in every game: a search whose decisions are legal and, for a seed and its
budget of work (not of time), always the same; the budgets PIMC takes; Survive!'s search."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import asobiba
from asobiba.bots import bot
from asobiba.bots.levels import HARD_TIME_LIMIT, HardBot
from asobiba.bots.pimc import PIMCBot
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.state import Action, State
from asobiba.games.survive import bots as survive_bots
from asobiba.games.survive.actions import EndMoves

#: Each game at the table the strength goals are set for, and options for a short game.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("cockroach-poker", 4, {}),
    ("paper-safari", 3, {"tokens_to_win": 1}),
    ("survive", 3, {}),
]


def searched_positions(name: str, players: int, options: dict[str, Any], count: int) -> list[State]:
    """``count`` positions, from a game of ``normal`` bots, where ``hard`` plays out several moves."""
    state = asobiba.new_game(name, players, seed=11, **options)
    seats = [bot("normal", seed=seat) for seat in range(players)]
    found: list[State] = []
    probe = bot("hard:time_limit=none,samples=1", seed=0)
    assert isinstance(probe, HardBot)
    while not state.is_over and len(found) < count:
        player = state.to_move
        assert player is not None
        observation = state.observe(player)
        if len(observation.legal_actions) > 1:
            probe.choose(observation)
            if probe.last_pimc is not None and len(probe.last_pimc.last_results) > 1:
                found.append(state.clone())
        state.apply(seats[player].choose(observation))
    assert len(found) == count, f"{name}: too few positions where hard searches"
    return found


@pytest.mark.parametrize(("name", "players", "options"), TABLES, ids=[table[0] for table in TABLES])
def test_hards_decisions_are_legal_and_the_same_for_a_seed(name: str, players: int, options: dict[str, Any]) -> None:
    for state in searched_positions(name, players, options, 2):
        player = state.to_move
        assert player is not None
        choices = []
        for _ in range(2):
            hard = bot("hard:time_limit=none", seed=5)
            assert isinstance(hard, HardBot)
            choices.append(hard.choose(state.observe(player)))
            assert hard.last_pimc is not None and hard.last_iterations > 1  # a search, not a rule
        assert choices[0] in state.legal_actions()
        assert choices[0] == choices[1]


def test_hard_has_a_budget_of_work_in_every_game_and_the_clock_only_as_a_guard() -> None:
    assert HARD_TIME_LIMIT < 1.0
    for name, _, _ in TABLES:
        settings = HardBot(seed=1).settings_for(name)
        assert settings["search"] == "pimc"
        assert settings["moves"] or settings["samples"]


def test_a_budget_of_moves_stops_after_the_sample_that_reaches_it(kuhn: Game) -> None:
    state = kuhn.new_game(2, seed=3, chance="scripted")
    state.apply(kuhn.parse_action("deal 1 0 2", state))
    searcher = PIMCBot(seed=1, time_limit=None, moves=5)
    searcher.choose(state.observe(0))
    # Every sample plays out both moves (check, bet) for at least one move each.
    assert searcher.last_moves >= 5
    assert 1 <= searcher.last_samples < 5
    again = PIMCBot(seed=1, time_limit=None, moves=5)
    again.choose(state.observe(0))
    assert (again.last_samples, again.last_moves) == (searcher.last_samples, searcher.last_moves)


@pytest.mark.parametrize("moves", [0, -3, 2.5, True])
def test_a_budget_of_moves_that_is_not_a_positive_whole_number_is_refused(moves: Any) -> None:
    with pytest.raises(InvalidOption, match="moves must be a whole number"):
        PIMCBot(time_limit=None, moves=moves)


def always_check(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """A Kuhn poker player that checks (or folds) whenever it may."""
    return next((action for action in legal if str(action) in ("check", "fold")), legal[0])


def test_without_evidence_it_plays_its_base_players_move(kuhn: Game) -> None:
    state = kuhn.new_game(2, seed=3, chance="scripted")
    state.apply(kuhn.parse_action("deal 2 0 1", state))  # p0 holds the king: the heuristic bets
    for seed in range(5):
        searcher = PIMCBot(seed=seed, time_limit=None, samples=1, base=always_check)
        assert str(searcher.choose(state.observe(0))) == "check"


def survive_in_phase(phase: str) -> State:
    """A game of Survive! between normal bots, up to the first decision in ``phase``."""
    state = asobiba.new_game("survive", 3, seed=4)
    seats = [bot("normal", seed=seat) for seat in range(3)]
    while state.view(state.to_move)["phase"] != phase or len(state.legal_actions()) < 4:
        player = state.to_move
        assert player is not None
        state.apply(seats[player].choose(state.observe(player)))
    return state


def mover(state: State) -> int:
    player = state.to_move
    assert player is not None
    return player


def test_survive_searches_no_move_while_setting_out() -> None:
    state = survive_in_phase("place_explorers")
    observation = state.observe(mover(state))
    own = survive_bots.choose_hard(observation.view, observation.legal_actions, random.Random(1))
    assert survive_bots.candidates(observation, own, 3, random.Random(1)) == [own]


def test_survives_candidates_in_a_turn_are_its_move_ending_and_the_best_steps() -> None:
    state = survive_in_phase("move")
    observation = state.observe(mover(state))
    own = survive_bots.choose_hard(observation.view, observation.legal_actions, random.Random(1))
    moves = survive_bots.candidates(observation, own, 3, random.Random(1))
    assert moves[0] == own and all(move in observation.legal_actions for move in moves)
    assert any(isinstance(move, EndMoves) for move in moves)
    assert len(moves) >= 3


def test_survives_play_outs_stop_when_the_turn_is_over() -> None:
    state = survive_in_phase("move")
    start = state.clone()
    seats = [bot("normal", seed=seat) for seat in range(3)]
    first = mover(state)
    while True:
        player = mover(state)
        view = state.view(player)
        if player != first and view["phase"] == "move" and view["fresh"]:
            break  # the next player's turn has begun
        assert not survive_bots.turn_over(start, state)
        state.apply(seats[player].choose(state.observe(player)))
    assert survive_bots.turn_over(start, state)
