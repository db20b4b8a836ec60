"""Every public entry refuses bad input with an AsobibaError and changes nothing: directly built
actions (any field, any value), notation text, options."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import IllegalAction, InvalidOption, NotationError
from asobiba.core.state import Action, State
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.actions import Answer, Deal, Offer, Pass, Peek, Redirect
from asobiba.games.cockroach_poker.notation import parse

HUGE = 10**5000
EVERY_CARD = (*(f"{suit}{rank}" for suit in "SCHD" for rank in range(1, 14)), "J1", "J2")


def safe_id(value: object) -> str:
    """A short test id, also for numbers too long to write out."""
    if isinstance(value, int) and abs(value) > 10**100:
        return "huge" if value > 0 else "-huge"
    return repr(value)[:20]


def trump_answering() -> State:
    """Trump, 4 players: p0 has offered H-something to p1, who holds a joker (fixed deal)."""
    order = ["J1", "H1", "S1", "C1", "H2", "S2", "C2", "D2"]
    state = asobiba.new_game("cockroach-poker", players=4, seed=3, first_player=1, card_order=order)
    state.apply(state.parse_action("offer p0 hearts card=H1"))
    return state


def original_passing() -> State:
    state = asobiba.new_game("cockroach-poker", players=4, seed=3, rules="original", first_player=0)
    state.apply(state.legal_actions()[0])
    state.apply(state.parse_action("peek"))
    return state


def snapshot(state: State) -> tuple[Any, ...]:
    return (state.record(), state.view(None), *(state.view(player) for player in range(state.players)))


def assert_refused_and_unchanged(state: State, action: Action) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.check(action)
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


# ---------------------------------------------------------------------------- directly built actions


@pytest.mark.parametrize(
    "action",
    [
        Offer(1.5, "hearts", "S1"),  # type: ignore[arg-type]
        Offer(-1, "hearts", "S1"),
        Offer(4, "hearts", "S1"),
        Offer(HUGE, "hearts", "S1"),
        Offer(True, "hearts", "S1"),
        Offer(1, "hearts", "S1"),  # p1 offers, to himself
        Offer(0, "bats", "S1"),
        Offer(0, ["hearts"], "S1"),  # type: ignore[arg-type]
        Offer(0, "hearts", "X9"),
        Offer(0, "hearts", ["S1"]),  # type: ignore[arg-type]
        Offer(0, "hearts", "bat1"),  # a card of the other deck
        Offer(0, "hearts", "H1"),  # not in p1's hand
    ],
    ids=lambda action: str(action)[:40],
)
def test_an_offer_with_any_field_out_of_range_is_refused_and_changes_nothing(action: Action) -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=3, first_player=1, card_order=["H1", "S1"])
    assert "S1" in state.view(1)["hand"]
    assert_refused_and_unchanged(state, action)


@pytest.mark.parametrize(
    "action",
    [
        Answer(1),  # type: ignore[arg-type]
        Answer(None),  # type: ignore[arg-type]
        Redirect(-1),
        Redirect(1.0),  # type: ignore[arg-type]
        Redirect(HUGE),
        Redirect(4),
        Redirect(0),  # himself
        Redirect(1),  # the offerer
        Redirect("p2"),  # type: ignore[arg-type]
        Peek(),
        Pass(2, "hearts"),
    ],
    ids=lambda action: str(action)[:40],
)
def test_an_answer_or_redirect_out_of_range_is_refused_and_changes_nothing(action: Action) -> None:
    assert_refused_and_unchanged(trump_answering(), action)


@pytest.mark.parametrize(
    "action",
    [
        Pass(-1, "bat"),
        Pass(2.0, "bat"),  # type: ignore[arg-type]
        Pass(HUGE, "bat"),
        Pass(1, "bat"),  # the passer himself
        Pass(0, "bat"),  # the offerer has seen it
        Pass(2, "hearts"),
        Pass(2, None),  # type: ignore[arg-type]
    ],
    ids=lambda action: str(action)[:40],
)
def test_a_pass_out_of_range_is_refused_and_changes_nothing(action: Action) -> None:
    assert_refused_and_unchanged(original_passing(), action)


@pytest.mark.parametrize(
    "deal",
    [
        Deal(("S1",), 0),
        Deal(tuple(["S1"] * 54), 0),
        Deal(tuple([["S1"]] * 54), 0),  # type: ignore[list-item]
        Deal("S1 " * 18, 0),  # type: ignore[arg-type]
        Deal(EVERY_CARD, 3),
        Deal(EVERY_CARD, HUGE),
        Deal(EVERY_CARD, 0.0),  # type: ignore[arg-type]
    ],
    ids=lambda deal: str(deal)[-20:],
)
def test_a_deal_out_of_range_is_refused_and_changes_nothing(deal: Deal) -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=3, chance="scripted")
    assert_refused_and_unchanged(state, deal)


anything = st.one_of(
    st.integers(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.sampled_from(["hearts", "bat", "S1", "J1", "bat1", "p1", ""]),
    st.lists(st.text(max_size=3), max_size=3),
    st.tuples(st.sampled_from(["S1", "H1", "J1"])),
)
player_actions = st.sampled_from([Offer, Answer, Redirect, Peek, Pass])


@settings(max_examples=200)
@given(player_actions, st.lists(anything, min_size=3, max_size=3), st.integers(0, 3), st.booleans())
def test_any_directly_built_action_is_refused_or_accepted_never_another_error(
    kind: type[Action], values: list[Any], steps: int, original: bool
) -> None:
    rules = "original" if original else "trump"
    state = asobiba.new_game("cockroach-poker", players=4, seed=steps, rules=rules)
    rng = random.Random(steps)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    fields = dataclasses.fields(kind)  # type: ignore[arg-type]
    action = kind(*values[: len(fields)])
    before = snapshot(state)
    # Equal and of the same field types: Answer(0) == Answer(False), but 0 is not a bool.
    legal = any(
        listed == action and all(type(getattr(listed, f.name)) is type(getattr(action, f.name)) for f in fields)
        for listed in state.legal_actions()
    )
    try:
        state.apply(action)
    except IllegalAction:
        assert not legal and snapshot(state) == before
    else:
        assert legal


# ---------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text",
    [
        "redirect p²",
        "offer p² hearts card=H1",
        "offer p١ hearts card=H1",  # an Arabic-Indic digit
        "redirect p" + "9" * 5000,
        "offer p" + "1" * 5000 + " hearts card=H1",
        "offer p1 hearts card=ſ1",  # upper-cases to S1
        "answer yeſ",
        "deal S1 first=p²",
    ],
    ids=lambda text: text[:30],
)
def test_notation_takes_ascii_digits_only_and_bounded_player_numbers(text: str) -> None:
    state = trump_answering()
    with pytest.raises(NotationError):
        state.parse_action(text)
    with pytest.raises(NotationError):
        parse(text, "trump", 4)


@pytest.mark.parametrize("value", [None, 7, b"answer yes", ["answer", "yes"], Answer(True)], ids=repr)
def test_notation_of_a_non_string_is_a_notation_error(value: Any) -> None:
    with pytest.raises(NotationError):
        parse(value, "trump", 4)
    with pytest.raises(NotationError):
        trump_answering().parse_action(value)


@settings(max_examples=300)
@given(st.text(max_size=40), st.booleans())
def test_any_text_is_read_as_an_action_that_round_trips_or_refused_with_a_notation_error(
    text: str, original: bool
) -> None:
    try:
        action = parse(text, "original" if original else "trump", 4)
    except NotationError:
        return
    assert parse(str(action), "original" if original else "trump", 4) == action


# ---------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    "value",
    ["²", "p²", "p" + "9" * 5000, "9" * 5000, HUGE, -HUGE, 6, -1, 1.0, True, None, [0], "p 1"],
    ids=lambda value: safe_id(value),
)
def test_first_player_takes_a_player_in_ascii_digits_only(value: Any) -> None:
    if value is None:  # the default: drawn at random
        asobiba.new_game("cockroach-poker", players=4, seed=1, first_player=value)
        return
    with pytest.raises(InvalidOption, match="first_player"):
        asobiba.new_game("cockroach-poker", players=4, seed=1, first_player=value)


@pytest.mark.parametrize(
    "value",
    [
        ["S1"] * 10**6,  # a million entries: refused by its length before anything is read
        " ".join(["S1"] * 10**5),
        [f"{suit}{rank}" for suit in "SCHD" for rank in range(1, 14)] + ["J1", "J2", "S1"],
        [["S1"]],
        "S1 ²",
    ],
    ids=lambda value: safe_id(value),
)
def test_card_order_is_at_most_one_deck_of_known_cards(value: Any) -> None:
    with pytest.raises(InvalidOption, match="card_order"):
        asobiba.new_game("cockroach-poker", players=4, seed=1, card_order=value)


def test_card_order_names_every_card_listed_twice_once() -> None:
    order = [f"{suit}{rank}" for suit in "SH" for rank in range(1, 14)] * 2
    with pytest.raises(InvalidOption, match=r"lists H1, H10, .*S9 more than once"):
        asobiba.new_game("cockroach-poker", players=4, seed=1, card_order=order[:54])


@pytest.mark.parametrize(
    "value", ["--6", "²", "6²", HUGE, "9" * 5000, -HUGE, 6.0, "six"], ids=lambda value: safe_id(value)
)
def test_loss_threshold_takes_a_whole_number_from_5_to_7_and_nothing_else(value: Any) -> None:
    with pytest.raises(InvalidOption, match="loss_threshold"):
        asobiba.new_game("cockroach-poker", players=4, seed=1, loss_threshold=value)


def test_option_readers_refuse_with_invalid_option_themselves() -> None:
    readers = {option.name: option.check for option in GAME.options if option.check is not None}
    for name, value in [("first_player", "²"), ("first_player", HUGE), ("card_order", ["S1"] * 10**6)]:
        reader = readers[name]
        assert reader is not None
        with pytest.raises(InvalidOption):
            reader(value)
