"""The view envelope and its types (contract v2): the phase and the pending decision with its steps,
and every view of random games valid against the game's JSON Schema."""

from __future__ import annotations

import random

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter
from tests.whole_views import assert_views_are, every_position

from asobiba.core.schema import view_schema
from asobiba.core.state import ENVELOPE_KEYS
from asobiba.games.survive import GAME
from asobiba.games.survive.positions import position
from asobiba.games.survive.view import SurviveFullView

VALIDATOR = jsonschema.Draft202012Validator(view_schema(GAME))


def do(state, text):
    return state.apply(state.parse_action(text))


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([(2, False), (3, False), (4, False), (2, True)]))
def test_every_view_of_a_random_game_validates_against_the_schema(seed, players_colours):
    players, two_colours = players_colours
    state = GAME.new_game(players, seed=seed, two_colours=two_colours)
    rng = random.Random(seed)
    while True:
        for viewer in (*range(players), None):
            VALIDATOR.validate(state.view(viewer))
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def test_a_scripted_game_validates_at_its_chance_nodes_and_with_fixed_options():
    state = GAME.new_game(2, seed=3, chance="scripted", explorer_values=["1112233456"] * 2)
    VALIDATOR.validate(state.view(0))
    assert state.view(0)["pending"] == {"player": -1, "kind": "chance", "steps": []}


def test_the_games_own_keys_leave_the_envelope_to_core():
    state = GAME.new_game(3, seed=2)
    assert not set(state._view(0)) & set(ENVELOPE_KEYS)
    assert state.view(0)["phase"] == "place_explorers"
    assert state.view(0)["pending"] == {"player": state.to_move, "kind": "place_explorer", "steps": []}


def test_the_move_decision_lists_the_move_points_spent_this_turn():
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c7"}, boats={"r4c2": []})
    assert state.view(0)["pending"] == {"player": 0, "kind": "move", "steps": [], "points_left": 3}
    do(state, "move red#1 r4c2")
    do(state, "sail r4c2 r3c2")
    pending = state.view(1)["pending"]
    assert pending["steps"] == [
        {"step": "move_explorer", "explorer": "red#1", "cell": "r4c2"},
        {"step": "sail_boat", "source": "r4c2", "target": "r3c2"},
    ]
    assert pending["points_left"] == 1


def test_a_creatures_move_lists_its_steps_and_the_steps_left():
    state = position(explorers={"red#9": "r7c7"}, creatures={"whale": ["r3c1"]}, phase="creature", die="whale")
    assert state.view(0)["pending"]["steps"] == [] and state.view(0)["pending"]["cell"] is None
    do(state, "whale r3c1 r3c2")
    pending = state.view(None)["pending"]
    assert pending["kind"] == "creature" and pending["cell"] == "r3c2" and pending["steps_left"] == 2
    assert pending["steps"] == [{"step": "move_creature", "creature": "whale", "source": "r3c1", "target": "r3c2"}]


def test_a_dolphin_lists_the_swimmers_steps():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c7"}, held={0: ["b:dolphin"]}, creatures={"serpent": []})
    do(state, "play dolphin")
    do(state, "move red#1 r3c2")
    pending = state.view(0)["pending"]
    assert pending["kind"] == "dolphin" and pending["explorer"] == "red#1" and pending["steps_left"] == 2
    assert pending["steps"] == [{"step": "move_explorer", "explorer": "red#1", "cell": "r3c2"}]


def test_a_counter_question_is_the_same_for_every_viewer_and_lists_who_declined():
    state = position(
        3,
        explorers={"blue#1": "r3c3", "yellow#1": "r3c3", "red#1": "r7c7"},
        creatures={"shark": ["r3c2"]},
        held={1: ["b:dolphin"], 2: ["f:kill-shark"]},
        phase="creature",
        die="shark",
    )
    do(state, "shark r3c2 r3c3")
    do(state, "decline")
    pendings = [state.view(viewer)["pending"] for viewer in (0, 1, 2, None)]
    assert pendings == [pendings[0]] * 4
    assert pendings[0] == {
        "player": 2,
        "kind": "counter",
        "steps": [{"step": "declined", "player": 1}],
        "creature": "shark",
        "tile": "kill-shark",
        "cell": "r3c3",
    }


WHOLE_VIEW = TypeAdapter(SurviveFullView)


@settings(max_examples=4, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from([2, 3, 4]))
def test_every_view_is_of_the_whole_view_type_its_readers_take(seed, players):
    """The heuristic, the screens and the encoder read ``SurviveFullView``: every view is one."""
    scripted = GAME.new_game(players, seed=seed, chance="scripted")
    assert WHOLE_VIEW.validate_python(scripted.view(0), strict=True) == scripted.view(0)
    state = GAME.new_game(players, seed=seed)
    for now in every_position(state, random.Random(seed)):
        assert_views_are(WHOLE_VIEW, now)
