"""Every public entry refuses bad input with an AsobibaError and changes nothing: directly built
actions with fields out of range, notation in other digits or with huge numbers, oversized options."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.errors import IllegalAction, InvalidOption, NotationError
from asobiba.games.survive import GAME
from asobiba.games.survive.actions import (
    ACTION_TYPES,
    BoardBoat,
    ChooseFirst,
    MoveCreature,
    MoveExplorer,
    PlaceExplorer,
    PlayTile,
    RollDie,
    SailBoat,
)
from asobiba.games.survive.notation import parse
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import layout_with, position

HUGE = 10**5000


def snapshot(state):
    return state.record(), state.view(None), [state.view(p) for p in range(state.players)]


def built(kind, number):
    """An action of class ``kind`` with every int field set to ``number`` (tuple fields left valid)."""
    values = {}
    for field in fields(kind):
        values[field.name] = number
    return kind(**values)


INT_ACTIONS = [kind for kind in ACTION_TYPES if fields(kind) and all(f.type == "int" for f in fields(kind))]


@pytest.mark.parametrize("kind", INT_ACTIONS, ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("number", [-1, -137, 137, 2**63, HUGE], ids=["-1", "-137", "137", "2**63", "10**5000"])
def test_an_action_with_a_field_out_of_range_is_refused_and_changes_nothing(kind, number):
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c7"}, creatures={"shark": ["r3c2"]})
    before = snapshot(state)
    action = built(kind, number)
    assert isinstance(str(action), str)  # a text, though not a legal one
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


def test_a_negative_cell_does_not_reach_around_the_board():
    # tile_at[-1] is the last cell: a directly built action must not land there.
    state = position(explorers={"red#1": "r12c7", "blue#1": "r7c7"})
    for action in (MoveExplorer(0, -1), SailBoat(-1, 0), PlaceExplorer(0, -1)):
        with pytest.raises(IllegalAction, match="out of range"):
            state.check(action)


@pytest.mark.parametrize(
    ("phase", "die", "action"),
    [
        ("roll", None, RollDie(3)),
        ("roll", None, RollDie(-1)),
        ("creature", "shark", MoveCreature(1, -1, 0)),
        ("creature", "shark", MoveCreature(1, 0, -1)),
        ("move", None, PlayTile(12)),
        ("move", None, BoardBoat(40)),
    ],
)
def test_fields_out_of_range_are_refused_in_their_own_phase(phase, die, action):
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c7"}, creatures={"shark": ["r0c2"]}, phase=phase, die=die)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="out of range"):
        state.apply(action)
    assert snapshot(state) == before


def test_a_first_player_out_of_range_is_refused():
    state = GAME.new_game(2, seed=1, chance="scripted", tile_layout=layout_with({}), explorer_values=["1112233456"] * 2)
    assert state.phase == Phase.FIRST_PLAYER
    for player in (2, -1, HUGE):
        with pytest.raises(IllegalAction):
            state.apply(ChooseFirst(player))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**16),
    st.sampled_from(INT_ACTIONS),
    st.lists(st.integers(min_value=-(2**70), max_value=2**70), min_size=3, max_size=3),
)
def test_random_directly_built_actions_are_applied_only_when_legal(seed, kind, numbers):
    state = GAME.new_game(2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(200)):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    action = kind(*numbers[: len(fields(kind))])
    before = snapshot(state)
    if action in state.legal_actions():
        state.apply(action)
    else:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert snapshot(state) == before


@pytest.mark.parametrize(
    "text",
    [
        "values ²²²²²²²²²²",
        "values 1112233456 ١١١٢٢٣٣٤٥٦",
        "first p²",
        "first p" + "9" * 5000,
        "first p12",
        "values " + " ".join(["1112233456"] * 5),
        "move red#1 r" + "9" * 5000 + "c1",
    ],
    ids=[
        "superscripts",
        "arabic-digits",
        "player-superscript",
        "huge-player",
        "player-12",
        "five-colours",
        "huge-cell",
    ],
)
def test_notation_takes_ascii_digits_and_bounded_numbers_only(text):
    with pytest.raises(NotationError):
        GAME.parse_action(text, None)
    with pytest.raises(NotationError):
        parse(text)  # the game's own reader, behind core's checks


@pytest.mark.parametrize("value", [3, b"values", ["first", "p1"]])
def test_notation_that_is_not_text_is_refused(value):
    with pytest.raises(NotationError):
        GAME.parse_action(value, None)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("tile_layout", ["b:shark"] * 10**6),
        ("tile_layout", "b:shark " * 10**5),
        ("tile_layout", 40),
        ("tile_layout", {"r5c4": "b:shark"}),
        ("explorer_values", ["1112233456"] * 10**6),
        ("explorer_values", ["１１１２２３３４５６"] * 2),
        ("explorer_values", ["²²²²²²²²²²"] * 2),
        ("explorer_values", "1112233456 " * 10**4),
        ("explorer_values", [1112233456, 1112233456]),
    ],
    ids=lambda value: value if isinstance(value, str) and len(value) < 20 else type(value).__name__,
)
def test_scripted_options_are_bounded_and_refused_with_invalid_option(option, value):
    with pytest.raises(InvalidOption):
        GAME.new_game(2, seed=1, **{option: value})
