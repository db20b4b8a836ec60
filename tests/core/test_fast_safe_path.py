"""The safe path is the fast path (issue 18), on every game.

- The checked ``apply`` decides legality as membership of the position's legal actions, worked out
  once per position and reused; it parses no notation (the round-trip is proven by
  ``test_notation_round_trip.py``). An action built by hand equal to a legal one is accepted (and
  recorded as the position's own); one with a field of the wrong type, or outside the legal set, is
  refused with the same specific reason as before.
- ``observe()`` is lazy: no determinization until a bot samples, no view until one is read; the view
  is built once per position and viewer. An observation keeps its position after the game moves on.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import IllegalAction, State
from asobiba.bots.base import RandomBot
from asobiba.testing.untrusted import foreign_actions

GAMES = asobiba.game_names()


class Calls:
    """Counts the calls of a method, replacing it on one instance."""

    def __init__(self, owner: object, name: str) -> None:
        self.count = 0
        original: Callable[..., Any] = getattr(owner, name)

        def counted(*arguments: Any, **keywords: Any) -> Any:
            self.count += 1
            return original(*arguments, **keywords)

        setattr(owner, name, counted)


def position(game: str, seed: int = 3, moves: int = 5) -> State:
    """A position a few random decisions into a 3-player game (2 when 3 is not possible)."""
    players = 3 if asobiba.get_game(game).max_players >= 3 else 2
    state = asobiba.new_game(game, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def snapshot(state: State) -> tuple[Any, ...]:
    return state.record(), copy.deepcopy(state.view(None))


# ---------------------------------------------------------------------------------------- checked apply


@pytest.mark.parametrize("game", GAMES)
def test_the_legal_actions_are_worked_out_once_per_position(game: str) -> None:
    state = position(game)
    generated = Calls(state, "_legal_actions")
    legal = state.legal_actions()
    assert state.legal_actions() == legal
    state.check(legal[-1])
    assert state.is_legal(legal[0])
    state.apply(legal[-1])
    assert generated.count == 1, "legal_actions, check, is_legal and apply of one position must share one list"
    if not state.is_over and not state.is_chance_node:
        state.apply(state.legal_actions()[0])
        assert generated.count == 2


@pytest.mark.parametrize("game", GAMES)
def test_the_legal_actions_list_is_the_callers_own(game: str) -> None:
    state = position(game)
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions(), "changing the returned list must not change the position's legal actions"


@pytest.mark.parametrize("game", GAMES)
def test_a_checked_apply_parses_no_notation(game: str) -> None:
    state = position(game)
    parses = Calls(state.game, "parse_action")
    try:
        for _ in range(20):
            if state.is_over:
                break
            state.apply(state.legal_actions()[-1])
    finally:  # the game is shared by the whole process: give it back its own method
        del state.game.parse_action
    assert parses.count == 0


@pytest.mark.parametrize("game", GAMES)
def test_an_action_built_by_hand_equal_to_a_legal_one_is_accepted_and_recorded_as_that_one(game: str) -> None:
    state = position(game)
    legal = state.legal_actions()
    chosen = legal[len(legal) // 2]
    by_hand = dataclasses.replace(chosen)  # type: ignore[type-var]
    assert by_hand == chosen and by_hand is not chosen
    assert state.is_legal(by_hand)
    state.apply(by_hand)
    assert state.history[-1] is chosen or state.history[-2] is chosen  # (chance may follow)


def _an_int_field(state: State) -> tuple[asobiba.Action, str] | None:
    for action in state.legal_actions():
        for field in dataclasses.fields(action):  # type: ignore[arg-type]
            if type(getattr(action, field.name)) is int and getattr(action, field.name) in (0, 1):
                return action, field.name
    return None


@pytest.mark.parametrize("game", GAMES)
def test_an_equal_action_with_a_field_of_the_wrong_type_is_refused_saying_which(game: str) -> None:
    state = asobiba.new_game(game, 2 if game != "cockroach-poker" else 3, seed=5)
    rng = random.Random(5)
    found = _an_int_field(state)
    while found is None and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        found = _an_int_field(state)
    if found is None:
        pytest.skip(f"{game} has no action with a whole-number field of 0 or 1")
    action, name = found
    as_bool = dataclasses.replace(action, **{name: bool(getattr(action, name))})  # type: ignore[type-var]
    assert as_bool == action  # True == 1: membership alone would let it in
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=f"its field {name} has the value"):
        state.apply(as_bool)
    assert snapshot(state) == before


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_an_action_outside_the_legal_set_is_refused_with_the_games_own_reason(game: str, seed: int) -> None:
    players = 3 if asobiba.get_game(game).max_players >= 3 else 2
    state = asobiba.new_game(game, players, seed=seed)
    others = foreign_actions(game, players, seed, per_position=4)
    rng = random.Random(seed)
    for _ in range(25):
        if state.is_over:
            break
        legal = state.legal_actions()
        for action in [action for action in others if action not in legal][:10]:
            with pytest.raises(IllegalAction) as refused:
                state.check(action)
            with pytest.raises(IllegalAction) as by_the_rules:
                state._check(action)  # the game's own reason, as before issue 18
            assert str(refused.value) == str(by_the_rules.value)
            assert not state.is_legal(action)
        state.apply(rng.choice(legal))


# ---------------------------------------------------------------------------------------- lazy observations


@pytest.mark.parametrize("game", GAMES)
def test_observe_and_a_random_bot_determinize_nothing_and_build_no_view(game: str) -> None:
    state = position(game)
    determinized = Calls(state, "determinize")
    viewed = Calls(state, "_view")
    player = state.to_move
    assert player is not None
    observation = state.observe(player)
    action = RandomBot(1).choose(observation)
    assert (determinized.count, viewed.count) == (0, 0)
    observation.sample(7)
    assert determinized.count == 1
    state.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_the_view_is_built_once_per_position_and_viewer(game: str) -> None:
    state = position(game)
    viewed = Calls(state, "_view")
    first = state.view(0)
    assert state.view(0) is first
    observation = state.observe(0)
    assert observation.view is first
    assert viewed.count == 1
    state.view(None)
    assert viewed.count == 2
    state.apply(state.legal_actions()[0])
    assert state.view(0)["seq"] > first["seq"]
    assert viewed.count == 3


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_keeps_its_position_after_the_game_moves_on(game: str) -> None:
    state = position(game)
    player = state.to_move
    assert player is not None
    before = state.clone()
    observation = state.observe(player)
    for _ in range(6):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    assert observation.legal_actions == tuple(before.legal_actions())
    assert observation.view == before.view(player)
    sample = observation.sample(11)
    expected = before.determinize(player, 11)
    assert sample.view(None) == expected.view(None)
    assert sample.seq == before.seq


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_of_an_observation_is_the_positions_determinization(game: str) -> None:
    state = position(game)
    for player in range(state.players):
        observation = state.observe(player)
        for seed in (0, 1, 2**40):
            assert observation.sample(seed).view(None) == state.determinize(player, seed).view(None)


def test_a_position_changed_by_hand_is_worked_out_afresh_after_forget_derived() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=4, first_player=0)
    offers = state.legal_actions()
    hand = state.hands[0]  # type: ignore[attr-defined]
    state.hands[0] = hand[:1]  # type: ignore[attr-defined]
    state.forget_derived()
    assert len(state.legal_actions()) < len(offers)
    assert len(state.view(0)["hand"]) == 1
