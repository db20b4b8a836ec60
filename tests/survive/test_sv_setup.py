"""Setup (rules/survive.en.md "Setup", the seed 3) and options."""

from __future__ import annotations

import pytest

from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.core.state import CHANCE
from asobiba.games.survive import GAME
from asobiba.games.survive.board import CELL_NAMES, LAGOON, SERPENT_STARTS
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import layout_with


def do(state, text):
    return state.apply(state.parse_action(text))


def scripted(players=2, **options):
    state = GAME.new_game(players, seed=1, chance="scripted", **options)
    return state


def test_a_new_game_starts_with_the_serpents_on_their_spaces_and_the_tile_shuffle_as_chance():
    state = scripted()
    assert state.to_move == CHANCE
    assert sorted(state.view(None)["creatures"]["serpent"]) == sorted(CELL_NAMES[c] for c in SERPENT_STARTS)
    state.resolve_chance()
    assert len(state.view(0)["tiles"]) == 40
    assert state.phase == Phase.PLACE_EXPLORERS


def test_explorer_values_are_dealt_by_chance_and_only_their_owner_sees_them():
    state = GAME.new_game(2, seed=4)
    own = [e for e in state.view(0)["explorers"] if e["player"] == 0]
    other = [e for e in state.view(0)["explorers"] if e["player"] == 1]
    assert sorted(e["value"] for e in own) == [1, 1, 1, 2, 2, 3, 3, 4, 5, 6]
    assert all("value" not in e for e in other)
    assert all("value" not in e for e in state.view(None)["explorers"])


def test_the_first_player_is_chosen_by_chance_and_places_first():
    state = scripted(3)
    do(state, "tiles " + " ".join(layout_with({})))
    do(state, "values 1112233456 6543322111 1112233456")
    assert [str(a) for a in state.legal_actions()] == ["first p0", "first p1", "first p2"]
    do(state, "first p2")
    assert state.to_move == 2 and state.phase == Phase.PLACE_EXPLORERS


def placement_game(players=2, **options):
    state = GAME.new_game(players, seed=2, chance="scripted", explorer_values=["1112233456"] * players, **options)
    do(state, "tiles " + " ".join(layout_with({})))
    do(state, "first p0")
    return state


def test_explorers_are_placed_one_at_a_time_clockwise_on_land_tiles():
    state = placement_game(3)
    do(state, "place red#1 r5c4")
    assert state.to_move == 1
    do(state, "place blue#1 r5c5")
    do(state, "place yellow#1 r5c6")
    assert state.to_move == 0
    with pytest.raises(IllegalAction, match="not a land tile"):
        do(state, "place red#2 r1c1")


def test_no_explorer_on_a_tile_holding_another_players_explorer_but_own_may_stack():
    state = placement_game(2)
    do(state, "place red#1 r5c4")
    with pytest.raises(IllegalAction, match="another player's explorer"):
        do(state, "place blue#1 r5c4")
    do(state, "place blue#1 r5c5")
    do(state, "place red#2 r5c4")
    assert [e["cell"] for e in state.view(0)["explorers"][:2]] == ["r5c4", "r5c4"]


def test_option_one_per_tile_forbids_stacking_own_explorers():
    state = placement_game(2, one_per_tile=True)
    do(state, "place red#1 r5c4")
    do(state, "place blue#1 r5c5")
    with pytest.raises(IllegalAction, match="one per tile"):
        do(state, "place red#2 r5c4")


def test_only_your_own_explorers_are_placed():
    state = placement_game(2)
    with pytest.raises(IllegalAction, match="not p0's explorer"):
        do(state, "place blue#1 r5c4")


def finish_placement(state):
    while state.phase == Phase.PLACE_EXPLORERS:
        state.apply(state.legal_actions()[0])


def test_boats_go_one_at_a_time_on_sea_spaces_next_to_land_without_another_boat():
    state = placement_game(2)
    finish_placement(state)
    assert state.phase == Phase.PLACE_BOATS and state.to_move == 0
    with pytest.raises(IllegalAction, match="next to a land tile"):
        do(state, "boat r0c2")
    do(state, "boat r4c2")
    assert state.to_move == 1
    with pytest.raises(IllegalAction, match="no other boat"):
        do(state, "boat r4c2")


def test_the_seed_allows_a_boat_in_the_lagoon_next_to_land_even_with_its_serpent():
    state = placement_game(2)
    finish_placement(state)
    do(state, f"boat {CELL_NAMES[LAGOON]}")
    assert state.view(0)["boats"][0]["cell"] == "r6c5"


def test_after_the_boats_the_first_player_begins_his_turn():
    state = placement_game(3)
    finish_placement(state)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert state.phase == Phase.MOVE and state.to_move == 0 and state.points == 3


def test_two_colours_gives_each_of_two_players_two_colours():
    state = GAME.new_game(2, seed=3, two_colours=True)
    view = state.view(0)
    assert view["colours"] == [["red", "yellow"], ["blue", "green"]]
    assert len(view["explorers"]) == 40
    assert sum(1 for e in view["explorers"] if "value" in e) == 20


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {"two_colours": True}, "two_colours=True is for 2 players"),
        (5, {}, "5 players is not possible"),
        (1, {}, "1 players is not possible"),
        (2, {"colour": "red"}, "unknown option 'colour'"),
        (2, {"two_colours": "maybe"}, "it takes true or false"),
        (2, {"tile_layout": "b:shark"}, "the 40 tiles"),
        (2, {"tile_layout": ["b:shark"] * 40}, "each of the 40 tiles exactly once"),
        (2, {"explorer_values": ["1112233456"]}, "has 1 group"),
        (2, {"explorer_values": ["1112233457", "1112233456"]}, "a reordering of 1112233456"),
    ],
)
def test_invalid_options_are_refused_with_a_reason(players, options, message):
    with pytest.raises(InvalidOption, match=message):
        GAME.new_game(players, seed=1, **options)


def test_a_scripted_tile_layout_and_values_are_used():
    layout = layout_with({"r5c4": "m:volcano"})
    state = GAME.new_game(2, seed=9, tile_layout=" ".join(layout), explorer_values=["6543322111", "1112233456"])
    assert state.view(0)["tiles"]["r5c4"] == "mountain"
    assert [e["value"] for e in state.view(0)["explorers"][:3]] == [6, 5, 4]


@pytest.mark.parametrize("first", [1, "p2"])
def test_the_option_first_player_chooses_who_plays_first(first):
    player = int(str(first).lstrip("p"))
    for seed in range(3):
        state = GAME.new_game(3, seed=seed, first_player=first)
        assert state.to_move == player and state.view(0)["pending"]["kind"] == "place_explorer"
    state = GAME.new_game(3, seed=1, chance="scripted", first_player=first)
    while state.phase != Phase.FIRST_PLAYER:
        state.apply(state._sample_chance(state.chance_rng()))
    assert [str(action) for action, _ in state.chance_outcomes()] == [f"first p{player}"]
    with pytest.raises(IllegalAction, match="first_player fixes who plays first"):
        do(state, f"first p{(player + 1) % 3}")


@pytest.mark.parametrize("value", ["p4", 3, "red", 1.5])
def test_a_first_player_outside_the_table_is_refused_by_name(value):
    with pytest.raises(InvalidOption, match="first_player"):
        GAME.new_game(3, seed=0, first_player=value)
