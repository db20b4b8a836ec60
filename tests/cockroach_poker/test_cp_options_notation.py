"""Options (validation, defaults, card_order) and the text notation."""

from __future__ import annotations

from typing import Any

import pytest

import asobiba
from asobiba import IllegalAction, InvalidOption, NotationError
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.actions import ANSWER_YES, PEEK, Deal, Offer, Pass, Redirect

# ---------------------------------------------------------------------------- options


def test_defaults_are_trump_redirect_threshold_6() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=7)
    assert state.view()["options"] == {
        "rules": "trump",
        "jokers": "redirect",
        "loss_threshold": 6,
        "first_player": None,
        "card_order": None,
    }
    original = asobiba.new_game("cockroach-poker", players=4, seed=7, rules="original").view()["options"]
    assert original == {
        "rules": "original",
        "deal": "equal",
        "eight_kinds": True,
        "first_player": None,
        "card_order": None,
    }
    assert [name for name, _, _ in GAME.option_docs()] == [
        "rules",
        "jokers",
        "loss_threshold",
        "deal",
        "eight_kinds",
        "creatures",  # research options: documented, never offered by a menu, left out of records at default
        "copies",
        "first_player",
        "card_order",
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rules": "poker"}, r"rules='poker' is not accepted; it takes one of 'trump', 'original'"),
        ({"jokers": "many"}, r"jokers='many' is not accepted; it takes one of 'redirect', 'wild', 'none'"),
        ({"loss_threshold": 4}, r"loss_threshold=4 is out of range; it takes a whole number from 5 to 7"),
        ({"loss_threshold": 8}, r"loss_threshold=8 is out of range"),
        ({"rules": "original", "deal": "some"}, r"deal='some' is not accepted; it takes one of 'equal', 'all'"),
        ({"rules": "original", "eight_kinds": "maybe"}, r"eight_kinds='maybe' is not accepted: it takes true or false"),
        ({"first_player": 4}, r"first_player=4 is not accepted; it takes p0 to p3"),
        ({"first_player": "me"}, r"first_player='me' is not accepted: it takes a player"),
        ({"card_order": ["H7", "X9"]}, r"card_order: 'X9' is not a card of the trump deck"),
        ({"card_order": ["H7", "H7"]}, r"card_order lists H7 more than once"),
        ({"card_order": 7}, r"card_order=7 is not accepted: it takes a list of at most 64 card texts"),
        ({"rules": "original", "card_order": ["H7"]}, r"'H7' is not a card of the original deck"),
        ({"colour": "red"}, r"unknown option 'colour'"),
    ],
)
def test_invalid_options_are_refused_naming_the_option_and_what_it_accepts(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOption, match=message):
        asobiba.new_game("cockroach-poker", players=4, seed=1, **options)


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "trump", "deal": "all"},
        {"rules": "trump", "eight_kinds": False},
        {"rules": "original", "jokers": "wild"},
        {"rules": "original", "loss_threshold": 5},
    ],
)
def test_options_of_the_other_rule_set_are_refused_unless_left_at_their_default(options: dict[str, Any]) -> None:
    name = next(key for key in options if key != "rules")
    with pytest.raises(InvalidOption, match=rf"option {name}=.* applies only to rules="):
        asobiba.new_game("cockroach-poker", players=4, seed=1, **options)


def test_options_of_the_other_rule_set_at_their_default_are_accepted_and_ignored() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=4, seed=1, rules="original", jokers="redirect", loss_threshold=6
    )
    assert "jokers" not in state.view()["options"]
    state = asobiba.new_game("cockroach-poker", players=4, seed=1, deal="equal", eight_kinds=True)
    assert "deal" not in state.view()["options"]


def test_card_order_fixes_the_deal_dealt_one_at_a_time_from_p0() -> None:
    order = ["H1", "S1", "C1", "D1", "H2", "S2", "C2", "D2"]
    state = asobiba.new_game("cockroach-poker", players=4, seed=11, card_order=order, first_player=0)
    assert {"H1", "H2"} <= set(state.view(0)["hand"])
    assert {"S1", "S2"} <= set(state.view(1)["hand"])
    assert {"D1", "D2"} <= set(state.view(3)["hand"])
    deal = state.history[0]
    assert isinstance(deal, Deal) and list(deal.cards[:8]) == order


def test_a_full_card_order_fixes_everything_whatever_the_seed() -> None:
    order = [f"{suit}{rank}" for suit in "DHCS" for rank in range(13, 0, -1)] + ["J2", "J1"]
    views = {
        str(asobiba.new_game("cockroach-poker", players=3, seed=seed, card_order=order, first_player=1).view(1)["hand"])
        for seed in range(5)
    }
    assert len(views) == 1


def test_card_order_is_not_shown_in_views() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=11, card_order=["H1", "S1"])
    assert state.view(2)["options"]["card_order"] == "fixed"
    assert all(state.view(player)["options"]["card_order"] == "fixed" for player in (None, 0, 1, 2, 3))
    assert state.record()["options"]["card_order"] == ["H1", "S1"]
    assert asobiba.replay(state.record()).view(2) == state.view(2)


FULL_ORDER = [f"{suit}{rank}" for suit in "DHCS" for rank in range(13, 0, -1)] + ["J2", "J1"]


@pytest.mark.parametrize("chance", ["auto", "scripted"])
def test_a_sample_carries_no_copy_of_a_fixed_deal_order(chance: str) -> None:
    # The whole order is fixed, so knowing it tells every hand; p1's sample must not know it.
    state = asobiba.new_game("cockroach-poker", players=3, seed=5, card_order=FULL_ORDER, first_player=0, chance=chance)
    samples = [state.determinize(1, seed) for seed in range(4)] + [state.observe(1).sample(9)]
    for sample in samples:
        assert sample.record()["options"]["card_order"] is None
        assert sample.setup.card_order == ()  # type: ignore[attr-defined]
        sample.resolve_chance()  # a sample taken before the deal deals at random
        assert sample.view(1)["options"]["card_order"] == "fixed"  # forgotten, but known to be fixed
    if chance == "scripted":
        assert len({str(sample.view(0)["hand"]) for sample in samples}) > 1
    else:
        assert all(sample.view(1)["hand"] == state.view(1)["hand"] for sample in samples)  # what p1 knows
    # The sample's record options, played with any seed, do not rebuild p0's true hand.
    options = {name: value for name, value in samples[0].record()["options"].items() if value is not None}
    if chance == "scripted":
        state.resolve_chance()
    rebuilt = {
        str(asobiba.new_game("cockroach-poker", players=3, seed=seed, **options).view(0)["hand"]) for seed in range(5)
    }
    assert str(state.view(0)["hand"]) not in rebuilt


def test_the_true_state_forgets_the_fixed_order_once_dealt() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=5, card_order=FULL_ORDER, first_player=0)
    assert state.setup.card_order == ()  # type: ignore[attr-defined]
    assert state.record()["options"]["card_order"] == FULL_ORDER  # the record still replays it


def test_a_scripted_deal_must_follow_the_options() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, chance="scripted", first_player=1)
    assert state.is_chance_node
    cards = tuple(asobiba.get_game("cockroach-poker").parse_action("deal S1 first=p0", state).cards)  # type: ignore[attr-defined]
    assert cards == ("S1",)
    with pytest.raises(IllegalAction, match="each of the 54 cards exactly once"):
        state.apply(state.parse_action("deal S1 first=p1"))
    every = " ".join(f"{suit}{rank}" for suit in "SCHD" for rank in range(1, 14)) + " J1 J2"
    with pytest.raises(IllegalAction, match="first_player option says p1"):
        state.apply(state.parse_action(f"deal {every} first=p0"))
    state.apply(state.parse_action(f"deal {every} first=p1"))
    assert state.to_move == 1 and state.view(0)["hand"][:2] == ["S1", "S4"]


# ---------------------------------------------------------------------------- notation


def test_notation_examples_of_the_rules_page_round_trip() -> None:
    trump = asobiba.new_game("cockroach-poker", players=5, seed=1)
    original = asobiba.new_game("cockroach-poker", players=5, seed=1, rules="original")
    for state, text, action in [
        (trump, "offer p2 hearts card=H7", Offer(2, "hearts", "H7")),
        (trump, "answer yes", ANSWER_YES),
        (trump, "redirect p3", Redirect(3)),
        (original, "pass p4 claims=bat", Pass(4, "bat")),
        (original, "peek", PEEK),
        (original, "offer p1 stinkbug card=rat3", Offer(1, "stinkbug", "rat3")),
    ]:
        assert state.parse_action(text) == action
        assert str(action) == text


def test_notation_is_forgiving_about_case_and_aliases() -> None:
    trump = asobiba.new_game("cockroach-poker", players=5, seed=1)
    assert trump.parse_action("OFFER P2 Heart card=h7") == Offer(2, "hearts", "H7")
    original = asobiba.new_game("cockroach-poker", players=5, seed=1, rules="original")
    assert original.parse_action("pass p4 claims=stink-bug") == Pass(4, "stinkbug")


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        ("trump", "", "empty action"),
        ("trump", "shout p1", "unknown action 'shout'"),
        ("trump", "offer p2 hearts", "an offer is written like 'offer p2 hearts card=H7'"),
        ("trump", "offer p7 hearts card=H7", "there is no player p7"),
        ("trump", "offer two hearts card=H7", "'two' is not a player"),
        ("trump", "offer p2 bats card=H7", "'bats' is not a suit"),
        ("trump", "offer p2 hearts card=H14", "'H14' is not a card of the trump deck"),
        ("trump", "offer p2 hearts H7", "expected card="),
        ("trump", "answer maybe", "an answer is 'answer yes' or 'answer no'"),
        ("trump", "pass p2 claims=hearts", "cannot be passed on"),
        ("trump", "redirect", "written like 'redirect p3'"),
        ("original", "redirect p2", "redirect is a joker move of the trump rule set"),
        ("original", "pass p2 bat", "expected claims="),
        ("original", "pass p2 claims=hearts", "'hearts' is not a creature"),
        ("original", "offer p2 bat card=bat9", "'bat9' is not a card of the original deck"),
        ("original", "peek now", "peek takes nothing more"),
        ("trump", "deal S1 S2", "a deal is written 'deal <every card, top first> first=p0'"),
    ],
)
def test_bad_notation_raises_notation_error_saying_what_is_wrong(rules: str, text: str, message: str) -> None:
    state = asobiba.new_game("cockroach-poker", players=5, seed=1, rules=rules)
    with pytest.raises(NotationError, match=message):
        state.parse_action(text)


def test_every_legal_action_round_trips_through_its_text() -> None:
    for rules in ("trump", "original"):
        state = asobiba.new_game("cockroach-poker", players=4, seed=3, rules=rules)
        for step in range(30):
            if state.is_over:
                break
            for action in state.legal_actions():
                assert state.parse_action(str(action)) == action
            state.apply(state.legal_actions()[step * 7 % len(state.legal_actions())])
