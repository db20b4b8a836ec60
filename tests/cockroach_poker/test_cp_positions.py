"""The position builder (``asobiba.games.cockroach_poker.positions``) lays out what it is asked for."""

from __future__ import annotations

import pytest

from asobiba import InvalidOption, NotationError
from asobiba.games.cockroach_poker.actions import Offer
from asobiba.games.cockroach_poker.positions import FILLER_CARDS, position


def offer_targets(state: object) -> set[int]:
    return {action.target for action in state.legal_actions() if isinstance(action, Offer)}  # type: ignore[attr-defined]


def test_a_position_has_exactly_the_hands_and_rows_asked_for_and_sets_the_rest_aside() -> None:
    state = position(4, {0: ["H1", "S2"], 3: []}, rows={1: ["J1", "C5"]}, offerer=0)
    view = state.view(None)
    assert state.view(0)["hand"] == ["S2", "H1"] and view["hand_sizes"] == [2, FILLER_CARDS, FILLER_CARDS, 0]
    assert view["rows"][1] == ["J1", "C5"] and view["row_kinds"][1] == [None, "clubs"]
    assert view["set_aside"] == 54 - 2 - 2 * FILLER_CARDS - 2
    assert state.to_move == 0


def test_a_position_in_the_original_game() -> None:
    state = position(3, {0: ["bat1"]}, rows={2: ["rat1", "rat2"]}, rules="original", offerer=0)
    assert state.view(0)["hand"] == ["bat1"] and state.view(None)["row_counts"][2]["rat"] == 2


def test_last_target_bars_and_pushed_by_lets_him_retaliate() -> None:
    assert offer_targets(position(4, {0: ["H1"]}, last_target={0: 2})) == {1, 3}
    assert offer_targets(position(4, {0: ["H1"]}, last_target={0: 2}, pushed_by=2)) == {1, 2, 3}


def test_play_sets_up_a_card_in_play_through_the_rules() -> None:
    state = position(4, {0: ["H1", "S1"], 1: ["J1", "C1"]}, play=["offer p1 hearts card=H1", "redirect p2"])
    assert state.to_move == 2 and state.view(0)["in_play"]["card"] == "H1"
    assert state.view(None)["heap"] == ["J1"]


@pytest.mark.parametrize(
    ("hands", "rows", "error", "message"),
    [
        ({0: ["H1"], 1: ["H1"]}, {}, InvalidOption, "H1 is placed more than once"),
        ({0: ["H1"]}, {1: ["H1"]}, InvalidOption, "H1 is placed more than once"),
        ({7: ["H1"]}, {}, InvalidOption, "there is no player p7"),
        ({0: ["X9"]}, {}, NotationError, "'X9' is not a card of the trump deck"),
    ],
)
def test_a_position_that_cannot_be_is_refused(
    hands: dict[int, list[str]], rows: dict[int, list[str]], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        position(4, hands, rows)
