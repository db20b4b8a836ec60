"""End of the game and scores (rules/survive.en.md "End of the game", the seed 7)."""

from __future__ import annotations

import pytest

from asobiba.core.errors import IllegalAction
from asobiba.games.survive.positions import position


def do(state, text):
    return state.apply(state.parse_action(text))


def volcano(rescued, values=None, players=2):
    return position(
        players,
        tiles={"r3c4": "m:volcano"},
        removed_terrains=("beach", "forest"),
        explorers={"red#10": "r7c5", "blue#10": "r7c6"},
        values=values,
        rescued=rescued,
        phase="remove_tile",
    )


def test_the_volcano_ends_the_game_and_unrescued_explorers_are_lost():
    state = volcano(["red#1"])
    events = do(state, "remove r3c4")
    assert state.is_over and state.result()["reason"] == "volcano"
    assert events[-1].kind == "GameEnded"
    with pytest.raises(IllegalAction, match="the game is over"):
        do(state, "end moves")


def test_each_score_is_the_sum_of_the_rescued_values_and_the_highest_wins():
    state = volcano(["red#1", "red#2", "blue#10"], values=["6511122334", "1112233456"])
    do(state, "remove r3c4")
    assert state.result()["scores"] == [11, 6]
    assert state.result()["winners"] == [0]


def test_on_a_tie_in_score_more_rescued_explorers_win():
    state = volcano(["red#1", "red#2", "blue#10"], values=["5111223346", "1112233456"])
    do(state, "remove r3c4")
    assert state.result()["scores"] == [6, 6]
    assert state.result()["winners"] == [0]


def test_still_tied_the_players_share_the_win():
    state = volcano(["red#1", "blue#10"], values=["6111223345", "1112233456"])
    do(state, "remove r3c4")
    assert state.result()["winners"] == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_the_game_ends_when_no_explorer_is_left_on_the_board():
    state = position(explorers={"red#1": "r3c3"}, creatures={"shark": ["r3c2"]})
    do(state, "move red#1 r3c2")
    assert state.is_over and state.result()["reason"] == "no explorers"


def test_rescued_values_are_hidden_until_the_end_then_shown_to_all():
    state = volcano(["red#1", "blue#10"], values=["6111223345", "1112233456"])
    red1 = lambda viewer: next(e for e in state.view(viewer)["explorers"] if e["id"] == "red#1")  # noqa: E731
    assert "value" not in red1(1) and "value" not in red1(None)
    do(state, "remove r3c4")
    assert red1(1)["value"] == 6 and red1(None)["value"] == 6
    lost = next(e for e in state.view(1)["explorers"] if e["id"] == "red#3")
    assert "value" not in lost
