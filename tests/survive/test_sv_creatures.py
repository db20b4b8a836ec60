"""A turn, step 4: the creature die and the creatures (rules/survive.en.md "A turn" 4, the seed 4-4)."""

from __future__ import annotations

import pytest

from asobiba.core.errors import IllegalAction
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import position


def do(state, text):
    return state.apply(state.parse_action(text))


def explorer(state, name):
    return next(e for e in state.view(0)["explorers"] if e["id"] == name)


def boats(state):
    return {b["cell"]: b["passengers"] for b in state.view(0)["boats"]}


def rolled(die, **kwargs):
    kwargs.setdefault("explorers", {})
    kwargs["explorers"] = {"red#9": "r7c7", "blue#9": "r7c6", **kwargs["explorers"]}
    return position(phase="creature", die=die, **kwargs)


def test_the_die_shows_a_serpent_a_shark_or_a_whale_each_one_time_in_three():
    state = position(explorers={"red#1": "r7c7"}, phase="roll")
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [
        ("die serpent", pytest.approx(1 / 3)),
        ("die shark", pytest.approx(1 / 3)),
        ("die whale", pytest.approx(1 / 3)),
    ]


def test_the_player_moves_one_creature_of_the_rolled_kind():
    state = position(explorers={"red#1": "r7c7", "blue#1": "r7c6"}, phase="roll", creatures={"shark": ["r3c2"]})
    do(state, "die shark")
    assert state.phase == Phase.CREATURE and state.to_move == 0
    with pytest.raises(IllegalAction, match="the die showed a shark") as caught:
        do(state, "serpent r1c1 r2c1")
    assert caught.value.translated("ja") == "ダイスの目はサメでした"


def test_with_no_creature_of_the_rolled_kind_nothing_happens():
    state = position(explorers={"red#1": "r7c7", "blue#1": "r7c6"}, phase="roll")
    do(state, "die whale")
    assert state.phase == Phase.MOVE and state.to_move == 1


def test_the_player_may_leave_the_creature_where_it_is():
    state = rolled("shark", creatures={"shark": ["r3c2"]})
    do(state, "stop")
    assert state.view(0)["creatures"]["shark"] == ["r3c2"] and state.to_move == 1


def test_creatures_move_through_sea_spaces_only_and_may_share_a_space():
    state = rolled("shark", creatures={"shark": ["r3c3", "r3c2"]})
    with pytest.raises(IllegalAction, match="neighbouring sea space"):
        do(state, "shark r3c3 r4c3")
    do(state, "shark r3c3 r3c2")
    assert state.view(0)["creatures"]["shark"] == ["r3c2", "r3c2"]


def test_a_serpent_moves_one_space_and_eats_the_swimmers_there():
    state = rolled("serpent", explorers={"red#1": "r3c3", "blue#1": "r3c3"}, creatures={"serpent": ["r3c2"]})
    do(state, "serpent r3c2 r3c3")
    assert explorer(state, "red#1")["status"] == "lost" and explorer(state, "blue#1")["status"] == "lost"
    assert state.to_move == 1  # one space only: the turn is over


def test_a_serpent_sinks_an_occupied_boat_with_its_passengers():
    state = rolled("serpent", boats={"r3c3": ["blue#1"]}, creatures={"serpent": ["r3c2"]})
    do(state, "serpent r3c2 r3c3")
    assert boats(state) == {} and explorer(state, "blue#1")["status"] == "lost"


def test_a_serpent_leaves_an_empty_boat_alone():
    state = rolled("serpent", boats={"r3c3": []}, creatures={"serpent": ["r3c2"]})
    do(state, "serpent r3c2 r3c3")
    assert boats(state) == {"r3c3": []}


def test_a_shark_moves_up_to_two_spaces():
    state = rolled("shark", creatures={"shark": ["r3c1"]})
    do(state, "shark r3c1 r3c2")
    assert state.to_move == 0
    do(state, "shark r3c2 r3c3")
    assert state.to_move == 1 and state.view(0)["creatures"]["shark"] == ["r3c3"]


def test_a_shark_stops_at_the_first_swimmers_and_eats_them():
    state = rolled("shark", explorers={"blue#1": "r3c2", "blue#2": "r3c3"}, creatures={"shark": ["r3c1"]})
    do(state, "shark r3c1 r3c2")
    assert explorer(state, "blue#1")["status"] == "lost"
    assert explorer(state, "blue#2")["status"] == "swimming"
    assert state.to_move == 1 and state.view(0)["creatures"]["shark"] == ["r3c2"]


def test_boats_and_their_passengers_are_safe_from_sharks():
    state = rolled("shark", boats={"r3c2": ["blue#1"]}, creatures={"shark": ["r3c1"]})
    do(state, "shark r3c1 r3c2")
    assert explorer(state, "blue#1")["status"] == "boat" and state.to_move == 0


def test_a_whale_moves_up_to_three_spaces_ignoring_swimmers_and_empty_boats():
    state = rolled("whale", explorers={"blue#1": "r3c2"}, boats={"r3c3": []}, creatures={"whale": ["r3c1"]})
    do(state, "whale r3c1 r3c2")
    do(state, "whale r3c2 r3c3")
    assert state.to_move == 0
    do(state, "whale r3c3 r2c3")
    assert state.to_move == 1
    assert explorer(state, "blue#1")["status"] == "swimming" and boats(state) == {"r3c3": []}


def test_a_whale_stops_at_a_boat_with_explorers_and_its_passengers_swim():
    state = rolled("whale", boats={"r3c2": ["blue#1", "red#1"]}, creatures={"whale": ["r3c1"]})
    do(state, "whale r3c1 r3c2")
    assert boats(state) == {}
    assert explorer(state, "blue#1")["status"] == "swimming" and explorer(state, "red#1")["cell"] == "r3c2"
    assert state.to_move == 1


def test_a_whale_capsizing_a_boat_onto_a_shark_loses_the_passengers():
    state = rolled("whale", boats={"r3c2": ["blue#1"]}, creatures={"whale": ["r3c1"], "shark": ["r3c2"]})
    do(state, "whale r3c1 r3c2")
    assert boats(state) == {} and explorer(state, "blue#1")["status"] == "lost"


def test_a_whale_capsizing_a_boat_on_a_sea_serpents_space_loses_the_passengers_to_the_serpent():
    # issue 22: a boat may stand on a serpent's space (it sinks only when one of them moves); the
    # whale makes its passengers swimmers there, and a serpent's space is deadly for swimmers.
    state = rolled("whale", boats={"r3c2": ["blue#1", "red#1"]}, creatures={"whale": ["r3c1"], "serpent": ["r3c2"]})
    do(state, "whale r3c1 r3c2")
    assert boats(state) == {}
    assert explorer(state, "blue#1")["status"] == "lost" and explorer(state, "red#1")["status"] == "lost"
