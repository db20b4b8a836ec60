"""Rule set `original` — one test per rule sentence of shared/rules/cockroach_poker.md."""

from __future__ import annotations

from typing import Any

import pytest

import asobiba
from asobiba import IllegalAction, InvalidOption
from asobiba.core.events import Event
from asobiba.games.cockroach_poker.actions import ANSWER_NO, ANSWER_YES, PEEK, Offer, Pass
from asobiba.games.cockroach_poker.data import CREATURES
from asobiba.games.cockroach_poker.events import CardRevealed, PlayerLost
from asobiba.games.cockroach_poker.positions import position
from asobiba.games.cockroach_poker.state import CockroachPokerState


def arranged(
    players: int, hands: dict[int, list[str]], rows: dict[int, list[str]] | None = None, **options: Any
) -> CockroachPokerState:
    """:func:`position` of the original game."""
    return position(players, hands, rows, rules="original", **options)


def play(state: asobiba.State, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def revealed(events: list[Event]) -> CardRevealed:
    return next(event for event in events if isinstance(event, CardRevealed))


def lost(events: list[Event]) -> PlayerLost | None:
    return next((event for event in events if isinstance(event, PlayerLost)), None)


# ---------------------------------------------------------------------------- players and cards


def test_original_takes_2_to_6_players() -> None:
    for players in range(2, 7):
        asobiba.new_game("cockroach-poker", players=players, seed=1, rules="original")
    for players in (1, 7):
        with pytest.raises(InvalidOption, match="2 to 6"):
            asobiba.new_game("cockroach-poker", players=players, seed=1, rules="original")


def test_cards_are_8_creatures_times_8() -> None:
    view = asobiba.new_game("cockroach-poker", players=4, seed=1, rules="original").view()
    assert view["kinds"] == ["cockroach", "rat", "bat", "fly", "toad", "spider", "scorpion", "stinkbug"]
    assert view["deck"] == dict.fromkeys(view["kinds"], 8)


# ---------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "each", "aside"), [(3, 21, 1), (4, 16, 0), (5, 12, 4), (6, 10, 4)])
def test_deal_equal_gives_64_div_n_each_and_sets_the_rest_aside_unseen(players: int, each: int, aside: int) -> None:
    view = asobiba.new_game("cockroach-poker", players=players, seed=3, rules="original").view(0)
    assert view["hand_sizes"] == [each] * players and view["set_aside"] == aside


def test_deal_all_deals_every_card_some_players_getting_one_more() -> None:
    view = asobiba.new_game("cockroach-poker", players=5, seed=3, rules="original", deal="all").view(0)
    assert view["hand_sizes"] == [13, 13, 13, 13, 12] and view["set_aside"] == 0


def test_two_players_set_10_cards_aside_first() -> None:
    order = [f"{creature}{copy}" for creature in CREATURES for copy in range(1, 9)]
    state = asobiba.new_game("cockroach-poker", players=2, seed=3, rules="original", card_order=order)
    view = state.view(0)
    assert view["set_aside"] == 10 and view["hand_sizes"] == [27, 27]
    # The top 10 (cockroach1..8, rat1, rat2) are aside: in nobody's hand.
    hands = state.view(0)["hand"] + state.view(1)["hand"]
    assert not set(order[:10]) & set(hands) and set(order[10:]) == set(hands)


def test_two_players_lose_on_five_of_a_kind_not_four() -> None:
    state = arranged(2, {0: ["bat1", "bat2", "rat1"], 1: ["fly1", "fly2"]}, rows={1: ["bat5", "bat6", "bat7"]})
    events = play(state, "offer p1 bat card=bat1", "answer no")  # fourth bat: no loss with 2 players
    assert lost(events) is None and state.view()["loss"]["of_a_kind"] == 5
    state = arranged(2, {0: ["bat1", "rat1"]}, rows={1: ["bat4", "bat5", "bat6", "bat7"]})
    assert lost(play(state, "offer p1 bat card=bat1", "answer no")) is not None


# ---------------------------------------------------------------------------- round


def test_offerer_gives_any_other_player_a_card_claiming_a_creature() -> None:
    state = arranged(4, {0: ["bat1", "rat1", "fly1"]})
    offers = [action for action in state.legal_actions() if isinstance(action, Offer)]
    assert {offer.target for offer in offers} == {1, 2, 3}
    assert {offer.claim for offer in offers} == set(CREATURES)
    play(state, "offer p1 toad card=bat1", "answer yes")  # wrong: p1 offers next
    play(state, "offer p0 rat card=cockroach1", "answer yes")  # wrong: p0
    # No rule against the same target twice in a row in the original game.
    assert {o.target for o in state.legal_actions() if isinstance(o, Offer)} == {1, 2, 3}


def test_receiver_may_answer_true_or_false_or_pass() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1")
    assert set(state.legal_actions()) == {ANSWER_YES, ANSWER_NO, PEEK}
    assert state.parse_action("answer true") == ANSWER_YES
    assert state.parse_action("answer false") == ANSWER_NO


def test_right_answer_goes_to_the_last_claimer() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]})
    event = revealed(play(state, "offer p1 bat card=bat1", "peek", "pass p2 claims=rat", "answer no"))
    assert event.correct and event.row_of == 1  # p1 made the last claim
    assert state.to_move == 1


def test_wrong_answer_goes_to_the_receiver() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]})
    event = revealed(play(state, "offer p1 bat card=bat1", "peek", "pass p2 claims=rat", "answer yes"))
    assert not event.correct and event.row_of == 2
    assert state.to_move == 2


def test_passing_player_looks_at_the_card_secretly_first() -> None:
    state = arranged(4, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1")
    assert state.view(1)["in_play"]["card"] is None
    with pytest.raises(IllegalAction, match="peek"):
        state.apply(Pass(2, "bat"))
    play(state, "peek")
    assert state.view(1)["in_play"]["card"] == "bat1"
    assert state.view(2)["in_play"]["card"] is None and state.view(None)["in_play"]["card"] is None
    # Once he has looked, he passes: no answering.
    assert all(isinstance(action, Pass) for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="pass"):
        state.apply(ANSWER_YES)


def test_pass_goes_only_to_a_player_who_has_not_seen_the_card_this_round() -> None:
    state = arranged(4, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1", "peek")
    assert {action.target for action in state.legal_actions() if isinstance(action, Pass)} == {2, 3}
    with pytest.raises(IllegalAction, match="already seen"):
        state.apply(Pass(0, "bat"))
    play(state, "pass p2 claims=bat", "peek")
    assert {action.target for action in state.legal_actions() if isinstance(action, Pass)} == {3}
    assert state.view(3)["in_play"]["seen_by"] == [0, 1, 2]


def test_a_pass_makes_a_new_claim_that_may_repeat_or_differ() -> None:
    state = arranged(4, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1", "peek")
    assert {action.claim for action in state.legal_actions() if action.target == 2} == set(CREATURES)  # type: ignore[attr-defined]
    play(state, "pass p2 claims=bat")
    assert state.view(3)["in_play"]["claim"] == "bat"
    play(state, "peek", "pass p3 claims=spider")
    assert state.view(3)["in_play"]["claim"] == "spider" and state.view(3)["in_play"]["giver"] == 2


def test_when_every_other_player_has_seen_the_card_he_must_answer() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1", "peek", "pass p2 claims=bat")
    assert set(state.legal_actions()) == {ANSWER_YES, ANSWER_NO}
    with pytest.raises(IllegalAction, match="must be answered"):
        state.apply(PEEK)


def test_two_players_the_receiver_always_answers() -> None:
    state = arranged(2, {0: ["bat1", "rat1"]})
    play(state, "offer p1 bat card=bat1")
    assert set(state.legal_actions()) == {ANSWER_YES, ANSWER_NO}


def test_whoever_received_the_card_face_up_starts_the_next_round() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]})
    play(state, "offer p2 bat card=bat1", "answer no")
    assert state.to_move == 2 and state.view()["phase"] == "offer"


# ---------------------------------------------------------------------------- end


def test_four_face_up_cards_of_one_creature_lose() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]}, rows={1: ["bat5", "bat6", "bat7"]})
    events = play(state, "offer p1 bat card=bat1", "answer no")
    assert lost(events) == PlayerLost(1, "of_a_kind")
    assert state.result()["winners"] == [0, 2] and state.result()["losers"] == [1]


def test_three_of_a_kind_do_not_lose() -> None:
    state = arranged(3, {0: ["bat1", "rat1"]}, rows={1: ["bat5", "bat6"]})
    assert lost(play(state, "offer p1 bat card=bat1", "answer no")) is None


def test_all_eight_creatures_in_a_row_lose() -> None:
    row = ["cockroach1", "rat1", "bat1", "fly1", "toad1", "spider1", "scorpion1"]
    state = arranged(3, {0: ["stinkbug1", "rat2"]}, rows={1: row})
    assert lost(play(state, "offer p1 fly card=stinkbug1", "answer yes")) == PlayerLost(1, "eight_kinds")


def test_eight_kinds_option_off_all_eight_do_not_lose() -> None:
    row = ["cockroach1", "rat1", "bat1", "fly1", "toad1", "spider1", "scorpion1"]
    state = arranged(3, {0: ["stinkbug1", "rat2"]}, rows={1: row}, eight_kinds=False)
    assert lost(play(state, "offer p1 fly card=stinkbug1", "answer yes")) is None


def test_a_player_who_must_start_a_round_with_an_empty_hand_loses() -> None:
    state = arranged(3, {0: ["bat1", "rat1"], 1: []})
    events = play(state, "offer p1 bat card=bat1", "answer no")  # wrong: p1 must offer, has nothing
    assert lost(events) == PlayerLost(1, "empty_hand")


def test_an_empty_hand_alone_does_not_lose_he_still_receives_passes_and_answers() -> None:
    state = arranged(4, {0: ["bat1", "rat1"], 1: []})
    play(state, "offer p1 bat card=bat1")  # p1 may be targeted with no card in hand
    assert PEEK in state.legal_actions()
    play(state, "peek", "pass p2 claims=bat", "answer no")  # p2 wrong: p2's row
    assert not state.is_over and state.view()["hand_sizes"][1] == 0
    state = arranged(4, {0: ["bat1", "rat1"], 1: []})
    events = play(state, "offer p1 bat card=bat1", "answer yes")  # p1 right: back to p0
    assert lost(events) is None and state.to_move == 0


def test_offerer_emptying_his_hand_does_not_lose_while_the_card_goes_elsewhere() -> None:
    state = arranged(3, {0: ["bat1"]})
    events = play(state, "offer p1 bat card=bat1", "answer no")  # wrong: to p1, who starts next
    assert lost(events) is None and state.to_move == 1
    state = arranged(3, {0: ["bat1"]})
    events = play(state, "offer p1 bat card=bat1", "answer yes")  # right: back to p0, who has nothing
    assert lost(events) == PlayerLost(0, "empty_hand")
