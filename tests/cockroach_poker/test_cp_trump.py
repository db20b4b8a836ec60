"""Rule set `trump` — one test per rule sentence of shared/rules/cockroach_poker.md."""

from __future__ import annotations

import pytest

import asobiba
from asobiba import IllegalAction, InvalidOption, NotationError
from asobiba.core.events import Event
from asobiba.games.cockroach_poker.actions import Answer, Offer, Redirect
from asobiba.games.cockroach_poker.events import CardRedirected, CardRevealed, PlayerLost, PlayerWon
from asobiba.games.cockroach_poker.positions import position


def play(state: asobiba.State, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def revealed(events: list[Event]) -> CardRevealed:
    return next(event for event in events if isinstance(event, CardRevealed))


# ---------------------------------------------------------------------------- players and cards


def test_trump_takes_3_to_5_players() -> None:
    for players in (3, 4, 5):
        asobiba.new_game("cockroach-poker", players=players, seed=1)
    for players in (2, 6):
        with pytest.raises(InvalidOption, match="3 to 5"):
            asobiba.new_game("cockroach-poker", players=players, seed=1)


def test_cards_are_four_suits_ace_to_king_plus_two_jokers() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1)
    view = state.view()
    assert view["kinds"] == ["spades", "clubs", "hearts", "diamonds"]
    assert view["deck"] == {"spades": 13, "clubs": 13, "hearts": 13, "diamonds": 13, "joker": 2}


def test_ranks_never_matter_only_the_suit() -> None:
    # An ace and a king of hearts answer a "hearts" claim alike.
    for card in ("H1", "H13"):
        state = position(3, {0: [card, "S1"]})
        assert revealed(play(state, f"offer p1 hearts card={card}", "answer yes")).claim_true


# ---------------------------------------------------------------------------- setup


@pytest.mark.parametrize(("players", "each", "aside"), [(3, 18, 0), (4, 13, 2), (5, 10, 4)])
def test_deal_gives_each_player_54_div_n_cards_and_sets_the_rest_aside_unseen(
    players: int, each: int, aside: int
) -> None:
    state = asobiba.new_game("cockroach-poker", players=players, seed=5)
    view = state.view(0)
    assert view["hand_sizes"] == [each] * players
    assert view["set_aside"] == aside
    assert sum(view["hand_sizes"]) + aside == 54


def test_first_offerer_is_chosen_at_random() -> None:
    firsts = {asobiba.new_game("cockroach-poker", players=4, seed=seed).to_move for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_first_offerer_by_option() -> None:
    for seed in range(10):
        assert asobiba.new_game("cockroach-poker", players=4, seed=seed, first_player=2).to_move == 2
    assert asobiba.new_game("cockroach-poker", players=4, seed=1, first_player="p3").to_move == 3


# ---------------------------------------------------------------------------- round


def test_offerer_picks_any_other_player_as_receiver() -> None:
    state = position(4, {0: ["H1", "S1"]})
    targets = {action.target for action in state.legal_actions() if isinstance(action, Offer)}
    assert targets == {1, 2, 3}
    with pytest.raises(IllegalAction, match="himself"):
        state.apply(Offer(0, "hearts", "H1"))


def test_no_attacking_the_same_player_twice_in_a_row() -> None:
    state = position(4, {0: ["H1", "H2", "H3"]})
    play(state, "offer p1 hearts card=H1", "answer yes")  # right: back to p0, who offers again
    assert state.to_move == 0
    assert offer_targets(state) == {2, 3}
    before = state.view(None)
    with pytest.raises(IllegalAction, match="twice in a row"):
        state.apply(state.parse_action("offer p1 hearts card=H2"))
    assert state.view(None) == before


def test_the_restriction_is_only_the_immediately_preceding_offer() -> None:
    state = position(4, {0: ["H1", "H2", "H3"]})
    play(state, "offer p1 hearts card=H1", "answer yes", "offer p2 hearts card=H2", "answer yes")
    targets = {action.target for action in state.legal_actions() if isinstance(action, Offer)}
    assert targets == {1, 3}


def offer_targets(state: asobiba.State) -> set[int]:
    return {action.target for action in state.legal_actions() if isinstance(action, Offer)}


def test_retaliation_is_allowed() -> None:
    state = position(4, {0: ["H1", "S2"], 1: ["C1", "C2"]})
    play(state, "offer p1 hearts card=H1", "answer no")  # wrong: p1 takes it and offers next
    assert state.to_move == 1
    play(state, "offer p0 clubs card=C1")  # straight back at the one who pushed it


def test_retaliation_overrides_the_exception_against_the_offerer_who_pushed_the_card() -> None:
    # p0 -> p1, p1 takes it; p1 -> p0, p0 takes it: p0 may hit back at p1 although his own
    # preceding offer targeted p1.
    state = position(4, {0: ["H1", "H2", "S2"], 1: ["C1", "C2"]})
    play(state, "offer p1 hearts card=H1", "answer no", "offer p0 clubs card=C1", "answer no")
    assert state.to_move == 0 and state.view()["last_target"][0] == 1
    assert offer_targets(state) == {1, 2, 3}
    play(state, "offer p1 hearts card=H2")
    assert state.to_move == 1


def test_retaliation_against_the_player_whose_joker_redirected_the_card_to_him() -> None:
    # p2 -> p1 first; then p0 -> p1, p1 redirects to p2 with a joker, p2 takes the card: p2 may
    # target p1, the redirector, although his own preceding offer targeted p1.
    state = position(4, {0: ["H1", "H2", "S2"], 1: ["J1", "C1", "C2"], 2: ["D1", "D2", "D3"]}, offerer=2)
    play(state, "offer p1 diamonds card=D1", "answer no")  # p1 takes D1 and offers next
    play(state, "offer p0 clubs card=C1", "answer no")  # p0 takes C1 and offers next
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer no")  # p2 takes H1
    assert state.to_move == 2 and state.view()["last_target"][2] == 1
    assert state.view()["pushed_by"] == 1
    assert offer_targets(state) == {0, 1, 3}


def test_retaliation_is_against_the_redirector_not_the_offerer_of_a_redirected_card() -> None:
    # The card was given to p2 by p1's joker, not by p0: p2 targeted p0 before and still may not.
    state = position(4, {0: ["H1", "H2", "S2"], 1: ["J1", "C1", "C2"], 2: ["D1", "D2", "D3"]}, offerer=2)
    play(state, "offer p0 diamonds card=D1", "answer no")  # p0 takes D1 and offers next
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer no")  # p2 takes H1
    assert state.to_move == 2 and state.view()["last_target"][2] == 0
    assert offer_targets(state) == {1, 3}
    with pytest.raises(IllegalAction, match="twice in a row"):
        state.apply(state.parse_action("offer p0 diamonds card=D2"))


def test_a_card_that_comes_back_to_its_own_offerer_after_a_right_answer_was_pushed_on_him_by_nobody() -> None:
    # p0 -> p1, p1 takes it; p1 -> p0 and p0 answers right: the card goes back to p1's row. p1
    # offers again and may not target p0 twice in a row: p0 pushed nothing on him.
    state = position(4, {0: ["H1", "H2", "S2"], 1: ["C1", "C2", "C3"]})
    play(state, "offer p1 hearts card=H1", "answer no", "offer p0 clubs card=C1", "answer yes")
    assert state.to_move == 1 and state.view()["rows"][1] == ["H1", "C1"]
    assert state.view()["pushed_by"] is None
    assert offer_targets(state) == {2, 3}
    with pytest.raises(IllegalAction, match="twice in a row"):
        state.apply(state.parse_action("offer p0 clubs card=C2"))


def test_a_card_back_after_a_right_answer_to_a_redirect_was_pushed_on_its_offerer_by_nobody() -> None:
    # p0 -> p1, p1 redirects to p2, p2 answers right: H1 back in p0's row; p0 still may not
    # target p1 again (nor does the redirect let him).
    state = position(4, {0: ["H1", "H2", "S2"], 1: ["J1", "C1", "C2"]})
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer yes")
    assert state.to_move == 0 and state.view()["rows"][0] == ["H1"]
    assert offer_targets(state) == {2, 3}


def test_three_player_game_can_leave_exactly_one_target() -> None:
    state = position(3, {0: ["H1", "H2", "H3"]})
    play(state, "offer p1 hearts card=H1", "answer yes")
    assert state.to_move == 0
    assert {action.target for action in state.legal_actions() if isinstance(action, Offer)} == {2}


def test_offer_is_one_hand_card_face_down_with_one_of_the_four_suits_claimed() -> None:
    state = position(3, {0: ["H1", "S1"]})
    claims = {action.claim for action in state.legal_actions() if isinstance(action, Offer)}
    assert claims == {"spades", "clubs", "hearts", "diamonds"}
    with pytest.raises(IllegalAction, match="not in p0's hand"):
        state.apply(Offer(1, "hearts", "C5"))
    with pytest.raises(NotationError, match="not a suit"):
        state.parse_action("offer p1 bat card=H1")
    play(state, "offer p1 spades card=H1")  # a lie is allowed
    assert state.view(0)["hand"] == ["S1"]
    assert state.view(1)["in_play"]["card"] is None


def test_receiver_answers_only_yes_or_no_no_passing_on() -> None:
    state = position(3, {0: ["H1", "S1"]})  # nobody holds a joker
    play(state, "offer p1 hearts card=H1")
    assert set(state.legal_actions()) == {Answer(True), Answer(False)}
    with pytest.raises(NotationError, match="cannot be passed on"):
        state.parse_action("pass p2 claims=hearts")
    with pytest.raises(NotationError, match="cannot be passed on"):
        state.parse_action("peek")


def test_right_answer_puts_the_card_in_the_offerers_row() -> None:
    state = position(3, {0: ["H1", "H2", "S1"]})
    event = revealed(play(state, "offer p1 hearts card=H1", "answer yes"))  # true claim, believed
    assert event.correct and event.row_of == 0
    state = position(3, {0: ["H1", "H2", "S1"]})
    event = revealed(play(state, "offer p1 spades card=H1", "answer no"))  # lie, seen through
    assert event.correct and event.row_of == 0
    assert state.view()["rows"][0] == ["H1"]


def test_wrong_answer_puts_the_card_in_the_receivers_row() -> None:
    state = position(3, {0: ["H1", "S1"]})
    event = revealed(play(state, "offer p1 spades card=H1", "answer yes"))  # lie, believed
    assert not event.correct and event.row_of == 1
    state = position(3, {0: ["H1", "S1"]})
    event = revealed(play(state, "offer p1 hearts card=H1", "answer no"))  # truth, doubted
    assert not event.correct and event.row_of == 1
    assert state.view()["rows"][1] == ["H1"]


def test_whoever_received_the_card_face_up_is_the_next_offerer() -> None:
    state = position(3, {0: ["H1", "S1"]})
    play(state, "offer p1 hearts card=H1", "answer no")
    assert state.to_move == 1
    state = position(3, {0: ["H1", "S1"]})
    play(state, "offer p1 hearts card=H1", "answer yes")
    assert state.to_move == 0


# ---------------------------------------------------------------------------- jokers: redirect


def test_redirect_discards_a_joker_face_up_and_names_who_must_answer_the_same_claim() -> None:
    state = position(4, {0: ["H1", "S1"], 1: ["J1", "C1"]})
    play(state, "offer p1 hearts card=H1")
    assert Redirect(2) in state.legal_actions() and Redirect(3) in state.legal_actions()
    events = play(state, "redirect p2")
    assert any(isinstance(event, CardRedirected) and event.joker == "J1" for event in events)
    view = state.view(3)
    assert view["heap"] == ["J1"]
    assert view["hand_sizes"][1] == 1
    assert state.to_move == 2
    assert view["in_play"]["claim"] == "hearts" and view["in_play"]["redirected"] == [1]


def test_redirect_may_not_name_the_offerer_himself_or_anyone_who_already_redirected() -> None:
    state = position(5, {0: ["H1", "S1"], 1: ["J1", "C1"], 2: ["J2", "C2"]})
    play(state, "offer p1 hearts card=H1")
    assert {a.target for a in state.legal_actions() if isinstance(a, Redirect)} == {2, 3, 4}
    with pytest.raises(IllegalAction, match="made the offer"):
        state.apply(Redirect(0))
    with pytest.raises(IllegalAction, match="himself"):
        state.apply(Redirect(1))
    play(state, "redirect p2")
    assert {a.target for a in state.legal_actions() if isinstance(a, Redirect)} == {3, 4}
    with pytest.raises(IllegalAction, match="already redirected"):
        state.apply(Redirect(1))


def test_redirect_needs_a_joker_in_hand() -> None:
    state = position(4, {0: ["H1", "S1"], 1: ["C1", "C2"]})
    play(state, "offer p1 hearts card=H1")
    assert not any(isinstance(action, Redirect) for action in state.legal_actions())
    with pytest.raises(IllegalAction, match="no joker"):
        state.apply(Redirect(2))


def test_redirects_chain_and_the_outcome_is_judged_for_the_final_answerer() -> None:
    hands = {0: ["H1", "S1"], 1: ["J1", "C1"], 2: ["J2", "C2"]}
    state = position(4, hands)
    event = revealed(play(state, "offer p1 hearts card=H1", "redirect p2", "redirect p3", "answer no"))
    assert not event.correct and event.row_of == 3  # wrong -> the final answerer
    assert state.to_move == 3
    assert state.view()["heap"] == ["J1", "J2"]
    state = position(4, hands)
    event = revealed(play(state, "offer p1 hearts card=H1", "redirect p2", "redirect p3", "answer yes"))
    assert event.correct and event.row_of == 0  # right -> the offerer


def test_three_players_a_redirected_player_cannot_redirect_again() -> None:
    state = position(3, {0: ["H1", "S1"], 1: ["J1", "C1"], 2: ["J2", "C2"]})
    play(state, "offer p1 hearts card=H1", "redirect p2")
    assert set(state.legal_actions()) == {Answer(True), Answer(False)}  # p0 offered, p1 redirected


def test_an_offered_joker_matches_no_suit_so_its_claim_is_false() -> None:
    for claim in ("spades", "clubs", "hearts", "diamonds"):
        state = position(3, {0: ["J1", "S1"]})
        event = revealed(play(state, f"offer p1 {claim} card=J1", "answer no"))
        assert not event.claim_true and event.correct and event.row_of == 0
        assert event.counts_as is None


def test_a_face_up_joker_counts_toward_the_total_but_toward_no_suit() -> None:
    # p1's row: spades, clubs, hearts and two jokers (5 cards, 3 suits). One more club makes 6
    # face-up cards but still 3 suits: no loss.
    state = position(3, {0: ["C1", "S1"]}, rows={1: ["S5", "C5", "H5", "J1", "J2"]})
    events = play(state, "offer p1 clubs card=C1", "answer no")
    assert not any(isinstance(event, PlayerLost) for event in events)
    assert state.view()["row_sizes"][1] == 6 and state.view()["row_counts"][1]["clubs"] == 2
    # The same row with a diamond: 6 cards and all four suits -> the jokers made the total.
    state = position(3, {0: ["D1", "S1"]}, rows={1: ["S5", "C5", "H5", "J1", "J2"]})
    events = play(state, "offer p1 diamonds card=D1", "answer no")
    assert any(isinstance(event, PlayerLost) and event.player == 1 for event in events)


# ---------------------------------------------------------------------------- jokers: wild, none


def test_wild_joker_matches_any_claim_and_lies_face_up_as_the_claimed_suit() -> None:
    state = position(3, {0: ["J1", "S1"]}, jokers="wild")
    event = revealed(play(state, "offer p1 diamonds card=J1", "answer no"))
    assert event.claim_true and not event.correct and event.row_of == 1
    assert event.counts_as == "diamonds"
    view = state.view()
    assert view["rows"][1] == ["J1"] and view["row_kinds"][1] == ["diamonds"]
    assert view["row_counts"][1]["diamonds"] == 1


def test_wild_jokers_are_never_redirected() -> None:
    state = position(3, {0: ["H1", "S1"], 1: ["J1", "C1"]}, jokers="wild")
    play(state, "offer p1 hearts card=H1")
    assert set(state.legal_actions()) == {Answer(True), Answer(False)}
    with pytest.raises(IllegalAction, match="no redirect"):
        state.apply(Redirect(2))


def test_jokers_none_plays_the_52_suit_cards_only() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=2, jokers="none")
    view = state.view(0)
    assert view["deck"] == {"spades": 13, "clubs": 13, "hearts": 13, "diamonds": 13}
    assert view["hand_sizes"] == [13] * 4 and view["set_aside"] == 0
    with pytest.raises(InvalidOption, match="J1"):
        asobiba.new_game("cockroach-poker", players=4, seed=2, jokers="none", card_order=["J1"])


# ---------------------------------------------------------------------------- end of the game


def test_five_face_up_cards_with_four_suits_do_not_lose_at_threshold_6_the_sixth_does() -> None:
    state = position(3, {0: ["D1", "D2", "S1"], 1: ["C1", "C2"]}, rows={1: ["S5", "C5", "H5", "S6"]})
    events = play(state, "offer p1 diamonds card=D1", "answer no")
    assert state.view()["row_sizes"][1] == 5 and min(state.view()["row_counts"][1].values()) == 1
    assert not any(isinstance(event, PlayerLost) for event in events)
    assert not state.is_over and state.to_move == 1
    # p1 offers C1 truthfully; p0 believes it: right, so it lies face up in p1's row: six cards.
    events = play(state, "offer p0 clubs card=C1", "answer yes")
    assert any(isinstance(event, PlayerLost) and event.player == 1 for event in events)


def test_six_face_up_cards_with_four_suits_lose_at_threshold_6() -> None:
    state = position(3, {0: ["D1", "S1"]}, rows={1: ["S5", "C5", "H5", "S6", "C6"]})
    events = play(state, "offer p1 diamonds card=D1", "answer no")
    assert any(isinstance(event, PlayerLost) and event.reason == "four_suits" for event in events)
    assert state.is_over
    assert state.result()["losers"] == [1] and state.result()["winners"] == [0, 2]


def test_loss_with_at_least_threshold_face_up_cards_and_four_of_one_suit() -> None:
    state = position(3, {0: ["H1", "S1"]}, rows={1: ["H5", "H6", "H7", "S6", "S7"]})
    events = play(state, "offer p1 hearts card=H1", "answer no")
    assert any(isinstance(event, PlayerLost) and event.reason == "four_of_a_suit" for event in events)


def test_with_fewer_face_up_cards_than_the_threshold_no_row_loses() -> None:
    # Four hearts (5 cards) and four suits (5 cards): below 6, no loss.
    for row, card, claim in ((["H5", "H6", "H7", "S6"], "H1", "hearts"), (["S5", "C5", "H5", "S6"], "D1", "diamonds")):
        state = position(3, {0: [card, "S1"]}, rows={1: row})
        events = play(state, f"offer p1 {claim} card={card}", "answer no")
        assert not any(isinstance(event, PlayerLost) for event in events) and not state.is_over


@pytest.mark.parametrize(("threshold", "row_size", "loses"), [(5, 4, True), (5, 3, False), (7, 5, False), (7, 6, True)])
def test_loss_threshold_option_5_to_7(threshold: int, row_size: int, loses: bool) -> None:
    row = ["S5", "C5", "H5", "S6", "C6", "H6"][:row_size]
    state = position(3, {0: ["D1", "S1"]}, rows={1: row}, loss_threshold=threshold)
    events = play(state, "offer p1 diamonds card=D1", "answer no")
    assert any(isinstance(event, PlayerLost) for event in events) == loses


def test_loss_is_judged_for_the_player_who_just_received_a_card() -> None:
    # p2's row would lose (6 cards, 4 suits) but p2 receives nothing this round.
    state = position(3, {0: ["H1", "S1"]}, rows={2: ["S5", "C5", "H5", "D5", "S6", "C6"]})
    events = play(state, "offer p1 hearts card=H1", "answer no")
    assert not any(isinstance(event, PlayerLost) for event in events) and not state.is_over


def test_empty_hand_wins_alone() -> None:
    # p0 offers his last card; it goes to p1 (no loss there): p0 has no card left and wins.
    state = position(3, {0: ["H1"]})
    events = play(state, "offer p1 hearts card=H1", "answer no")
    assert any(isinstance(event, PlayerWon) and event.player == 0 for event in events)
    assert state.result()["winners"] == [0] and state.result()["losers"] == [1, 2]


def test_empty_hand_wins_even_when_his_own_offer_comes_back_to_him() -> None:
    state = position(3, {0: ["H1"]})
    play(state, "offer p1 hearts card=H1", "answer yes")  # right: H1 back to p0's row
    assert state.result()["winners"] == [0]


def test_the_loss_is_checked_before_the_empty_hand_win() -> None:
    state = position(3, {0: ["D1"]}, rows={1: ["S5", "C5", "H5", "S6", "C6"]})
    events = play(state, "offer p1 diamonds card=D1", "answer no")
    assert any(isinstance(event, PlayerLost) and event.player == 1 for event in events)
    assert not any(isinstance(event, PlayerWon) for event in events)
    assert state.result()["winners"] == [0, 2]


def test_empty_hand_with_jokers_a_redirect_can_empty_a_hand_and_win() -> None:
    state = position(4, {0: ["H1", "S1"], 1: ["J1"]})
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer no")
    assert state.result()["winners"] == [1]


def test_two_empty_hands_at_once_the_offerer_of_the_round_wins() -> None:
    state = position(4, {0: ["H1"], 1: ["J1"]})
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer no")
    assert state.result()["winners"] == [0]


def test_two_redirectors_emptying_their_hands_the_first_one_wins() -> None:
    state = position(4, {0: ["H1", "S1"], 1: ["J1"], 2: ["J2"]})
    play(state, "offer p1 hearts card=H1", "redirect p2", "redirect p3", "answer no")
    assert state.result()["winners"] == [1]
