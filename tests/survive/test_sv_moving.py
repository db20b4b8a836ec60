"""A turn, step 2: moving explorers and boats (rules/survive.en.md "A turn" 2, the seed 4-2 and 5)."""

from __future__ import annotations

import pytest

from asobiba.core.errors import IllegalAction
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import position

NO_SERPENTS = {"serpent": []}


def do(state, text):
    return state.apply(state.parse_action(text))


def explorer(state, name, viewer=0):
    return next(e for e in state.view(viewer)["explorers"] if e["id"] == name)


def boat(state, cell):
    return next((b for b in state.view(0)["boats"] if b["cell"] == cell), None)


def test_an_explorer_on_land_walks_to_an_adjacent_land_space_for_one_point():
    state = position(explorers={"red#1": "r5c4", "blue#1": "r7c7"})
    do(state, "move red#1 r5c5")
    assert explorer(state, "red#1")["cell"] == "r5c5"
    assert state.view(0)["moves_left"] == 2


def test_any_number_of_explorers_share_a_land_space():
    state = position(explorers={"red#1": "r5c4", "red#2": "r5c5", "blue#1": "r5c5"})
    do(state, "move red#1 r5c5")
    assert sum(1 for e in state.view(0)["explorers"] if e["cell"] == "r5c5") == 3


def test_three_move_points_in_all_then_the_tile_removal():
    state = position(explorers={"red#1": "r5c4", "red#2": "r7c7", "blue#1": "r7c8"})
    do(state, "move red#1 r5c5")
    do(state, "move red#2 r7c6")
    assert state.phase == Phase.MOVE
    do(state, "move red#1 r5c6")
    assert state.phase == Phase.REMOVE_TILE


def test_fewer_moves_or_none_are_allowed():
    state = position(explorers={"red#1": "r5c4", "blue#1": "r7c8"})
    do(state, "end moves")
    assert state.phase == Phase.REMOVE_TILE


def test_an_explorer_stepping_into_a_sea_space_with_a_boat_with_room_boards_it():
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c8"}, boats={"r4c2": []})
    do(state, "move red#1 r4c2")
    assert explorer(state, "red#1")["status"] == "boat"
    assert boat(state, "r4c2")["passengers"] == ["red#1"]


def test_an_explorer_stepping_into_other_sea_becomes_a_swimmer():
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c8"})
    do(state, "move red#1 r3c3")
    assert explorer(state, "red#1")["status"] == "swimming"


def test_a_boat_holds_at_most_three_explorers():
    state = position(explorers={"red#1": "r4c3"}, boats={"r4c2": ["blue#1", "blue#2", "blue#3"]})
    do(state, "move red#1 r4c2")
    assert explorer(state, "red#1")["status"] == "swimming"
    swimmer = position(explorers={"red#1": "r4c2"}, boats={"r4c2": ["blue#1", "blue#2", "blue#3"]})
    with pytest.raises(IllegalAction, match="full"):
        do(swimmer, "board red#1")


def test_a_swimmer_moves_at_most_one_space_per_turn():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"})
    do(state, "move red#1 r3c2")
    with pytest.raises(IllegalAction, match="already swum"):
        do(state, "move red#1 r3c1")


def test_an_explorer_that_left_the_land_never_returns_to_a_land_tile():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, boats={"r4c2": ["red#2"]})
    with pytest.raises(IllegalAction, match="never returns"):
        do(state, "move red#1 r4c3")
    with pytest.raises(IllegalAction, match="never returns"):
        do(state, "move red#2 r4c3")


def test_a_passenger_may_step_onto_a_boat_in_an_adjacent_space_or_into_the_sea():
    state = position(explorers={"blue#1": "r7c8"}, boats={"r4c2": ["red#1", "red#2"], "r3c2": []})
    do(state, "move red#1 r3c2")
    assert boat(state, "r3c2")["passengers"] == ["red#1"]
    do(state, "move red#2 r4c1")
    assert explorer(state, "red#2")["status"] == "swimming"


def test_a_swimmer_boards_a_boat_in_its_own_space_for_one_point():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, boats={"r3c3": []})
    do(state, "board red#1")
    assert explorer(state, "red#1")["status"] == "boat"
    assert state.view(0)["moves_left"] == 2


def test_the_colour_with_most_explorers_aboard_controls_the_boat():
    state = position(boats={"r4c2": ["blue#1", "blue#2", "red#1"]})
    assert boat(state, "r4c2")["controllers"] == [1]
    with pytest.raises(IllegalAction, match="does not control"):
        do(state, "sail r4c2 r3c2")


def test_a_boat_with_a_tie_in_control_may_be_moved_by_every_tied_colour():
    state = position(boats={"r4c2": ["blue#1", "red#1"]}, explorers={"red#2": "r7c8"})
    assert boat(state, "r4c2")["controllers"] == [0, 1]
    do(state, "sail r4c2 r3c2")
    do(state, "end moves")
    assert boat(state, "r3c2")["passengers"] == ["blue#1", "red#1"]
    other = position(boats={"r4c2": ["blue#1", "red#1"]}, explorers={"red#2": "r7c8"}, current=1)
    do(other, "sail r4c2 r3c2")
    assert boat(other, "r3c2") is not None


def test_an_empty_boat_may_be_moved_by_the_player():
    state = position(explorers={"red#1": "r7c8"}, boats={"r4c2": []})
    do(state, "sail r4c2 r3c2")
    assert boat(state, "r3c2") is not None


def test_passengers_of_every_colour_move_with_the_boat():
    state = position(boats={"r4c2": ["red#1", "blue#1"]})
    do(state, "sail r4c2 r3c2")
    assert explorer(state, "blue#1")["cell"] == "r3c2"


def test_boats_never_enter_a_space_with_another_boat_nor_land():
    state = position(boats={"r4c2": ["red#1"], "r3c2": []})
    with pytest.raises(IllegalAction, match="already holds a boat"):
        do(state, "sail r4c2 r3c2")
    with pytest.raises(IllegalAction, match="land"):
        do(state, "sail r4c2 r4c3")


def test_a_boat_with_explorers_entering_a_serpent_space_is_removed_with_its_passengers():
    state = position(boats={"r4c2": ["red#1", "blue#1"]}, explorers={"red#2": "r7c8"}, creatures={"serpent": ["r3c2"]})
    do(state, "sail r4c2 r3c2")
    assert boat(state, "r3c2") is None
    assert explorer(state, "red#1")["status"] == "lost" and explorer(state, "blue#1")["status"] == "lost"


def test_an_empty_boat_may_enter_a_serpent_space():
    state = position(boats={"r4c2": []}, explorers={"red#2": "r7c8"}, creatures={"serpent": ["r3c2"]})
    do(state, "sail r4c2 r3c2")
    assert boat(state, "r3c2") is not None


def test_a_boat_with_explorers_entering_a_whale_space_is_removed_and_they_swim():
    state = position(boats={"r4c2": ["red#1"]}, explorers={"red#2": "r7c8"}, creatures={"whale": ["r3c2"]})
    do(state, "sail r4c2 r3c2")
    assert boat(state, "r3c2") is None
    assert explorer(state, "red#1")["status"] == "swimming"


@pytest.mark.parametrize("creature", ["serpent", "shark"])
def test_a_swimmer_entering_a_serpent_or_shark_space_is_removed(creature):
    state = position(explorers={"red#1": "r3c3", "red#2": "r4c3", "blue#1": "r7c8"}, creatures={creature: ["r3c2"]})
    do(state, "move red#1 r3c2")
    assert explorer(state, "red#1")["status"] == "lost"
    do(state, "move red#2 r3c3")
    assert explorer(state, "red#2")["status"] == "swimming"


def test_a_swimmer_may_share_a_whales_space():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, creatures={"whale": ["r3c2"]})
    do(state, "move red#1 r3c2")
    assert explorer(state, "red#1")["status"] == "swimming"


def test_an_explorer_on_a_boat_in_an_escape_space_escapes_for_one_point():
    state = position(boats={"r2c0": ["red#1"]}, explorers={"red#2": "r7c8", "blue#1": "r7c7"}, creatures=NO_SERPENTS)
    do(state, "escape red#1")
    assert explorer(state, "red#1")["status"] == "rescued"
    assert state.view(1)["rescued"] == [1, 0]
    assert state.view(0)["moves_left"] == 2
    assert boat(state, "r2c0")["passengers"] == []


def test_a_swimmer_in_an_escape_space_escapes_for_one_point():
    state = position(explorers={"red#1": "r11c1", "red#2": "r7c8", "blue#1": "r7c7"}, creatures=NO_SERPENTS)
    do(state, "escape red#1")
    assert explorer(state, "red#1")["status"] == "rescued"


def test_no_escape_outside_an_escape_space():
    state = position(boats={"r4c2": ["red#1"]}, explorers={"blue#1": "r7c7"})
    with pytest.raises(IllegalAction, match="not on a boat or swimming in an escape space"):
        do(state, "escape red#1")


def test_only_your_own_explorers_are_moved():
    state = position(explorers={"red#1": "r5c4", "blue#1": "r5c5"})
    with pytest.raises(IllegalAction, match="only your own explorers"):
        do(state, "move blue#1 r5c6")


def test_a_player_with_no_explorer_on_the_board_skips_moving():
    state = position(explorers={"red#1": "r5c4"}, boats={"r4c2": []}, creatures=NO_SERPENTS)
    do(state, "end moves")
    do(state, "remove r3c4")
    do(state, "die serpent")  # no serpent on the board: nothing happens
    assert state.to_move == 1 and state.phase == Phase.REMOVE_TILE
    with pytest.raises(IllegalAction, match="boats move in the movement step"):
        do(state, "sail r4c2 r3c2")


def test_an_illegal_action_changes_nothing():
    state = position(explorers={"red#1": "r5c4", "blue#1": "r5c5"}, boats={"r4c2": ["blue#2"]})
    before = [state.view(p) for p in (0, 1, None)]
    for text in ["move blue#1 r5c6", "sail r4c2 r3c2", "move red#1 r9c9", "remove r5c4", "board red#1", "stop"]:
        with pytest.raises(IllegalAction):
            do(state, text)
    assert [state.view(p) for p in (0, 1, None)] == before


def test_a_swimmer_that_swam_into_an_escape_space_escapes_on_a_later_turn():
    # [choice] escaping is the swimmer's one move of the turn.
    state = position(explorers={"red#1": "r3c1", "blue#1": "r7c7"}, creatures=NO_SERPENTS)
    do(state, "move red#1 r2c0")
    with pytest.raises(IllegalAction, match="already swum"):
        do(state, "escape red#1")


def test_an_explorer_jumping_from_land_into_the_sea_has_swum_for_this_turn():
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c7"})
    do(state, "move red#1 r3c3")
    with pytest.raises(IllegalAction, match="already swum"):
        do(state, "move red#1 r3c2")


def test_a_swimmer_that_swam_onto_a_boat_does_not_step_back_into_the_sea_the_same_turn():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, boats={"r3c2": []}, creatures=NO_SERPENTS)
    do(state, "move red#1 r3c2")
    assert explorer(state, "red#1")["status"] == "boat"
    assert not any(str(a).startswith("move red#1") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="not swim again"):
        do(state, "move red#1 r3c1")


def test_an_explorer_who_swam_onto_a_boat_may_step_on_to_another_boat_that_turn():
    # issue 22: the seed limits only swimmers (5: 各「泳いでいる冒険者コマ」は…1マスしか); boat to boat is no swim.
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, boats={"r3c3": [], "r3c2": []})
    do(state, "board red#1")
    assert "move red#1 r3c2" in {str(a) for a in state.legal_actions()}
    do(state, "move red#1 r3c2")
    assert explorer(state, "red#1")["status"] == "boat" and explorer(state, "red#1")["cell"] == "r3c2"
    assert not any(str(a).startswith("move red#1") and not str(a).endswith("r3c3") for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="not swim again"):
        do(state, "move red#1 r3c1")  # into the water: that would be a second swim


def test_an_explorer_who_swam_onto_a_boat_does_not_step_on_to_a_full_boat():
    full = ["blue#2", "blue#3", "blue#4"]
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c8"}, boats={"r3c3": [], "r3c2": full})
    do(state, "board red#1")
    assert "move red#1 r3c2" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match="not swim again"):
        do(state, "move red#1 r3c2")


def test_a_swimmer_that_swam_onto_a_boat_may_be_carried_by_it_and_escape_from_it():
    state = position(explorers={"red#1": "r3c1", "blue#1": "r7c8"}, boats={"r2c1": []}, creatures=NO_SERPENTS)
    do(state, "move red#1 r2c1")
    do(state, "sail r2c1 r2c0")
    do(state, "escape red#1")
    assert explorer(state, "red#1")["status"] == "rescued"


def test_an_explorer_that_walked_onto_a_boat_may_step_off_into_the_sea():
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c8"}, boats={"r4c2": []})
    do(state, "move red#1 r4c2")
    do(state, "move red#1 r4c1")
    assert explorer(state, "red#1")["status"] == "swimming"
