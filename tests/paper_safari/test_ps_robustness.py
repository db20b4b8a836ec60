"""Contract: every public entry refuses bad input with an AsobibaError and changes nothing —
directly built actions out of range, unreadable notation, and options too large or malformed."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.errors import IllegalAction, InvalidOption, NotationError
from asobiba.core.state import Action
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.actions import (
    ACTION_TYPES,
    Coin,
    Exchange,
    Flip,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Rocket,
    Start,
    Swap,
)
from asobiba.games.paper_safari.data import MAX_COPIES, MAX_DECK_SIZE

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]


# ----------------------------------------------------------------- directly built actions

#: (the top of the pile, the actions that lead to the decision, an action out of range there)
OUT_OF_RANGE = [
    ((), [], Flip(-1)),
    ((), [], Flip(6)),
    (("pikachu",), ["flip a1", "flip a1", "draw"], Swap(-1)),
    (("pikachu",), ["flip a1", "flip a1", "draw"], Swap(6)),
    (("charizard",), ["flip a1", "flip a1", "draw", "swap a2"], Peek(-1)),
    (("snorlax",), ["flip a1", "flip a1", "draw", "swap a2"], Exchange(3, 1)),
    (("snorlax",), ["flip a1", "flip a1", "draw", "swap a2"], Exchange(2, 2)),
    (("snorlax",), ["flip a1", "flip a1", "draw", "swap a2"], Exchange(0, 6)),
    (("mew",), ["flip a1", "flip a1", "draw"], MewChoose(-1)),
    (("mew",), ["flip a1", "flip a1", "draw"], MewChoose(2)),
    (("mew",), ["flip a1", "flip a1", "draw"], MewChoose(0)),
    (("mew",), ["flip a1", "flip a1", "draw", "mew p1"], MewTake(-1)),
    (("mew",), ["flip a1", "flip a1", "draw", "mew p1", "mew-take a1"], MewPlace(6)),
    (("team-rocket",), ["flip a1", "flip a1", "draw"], Coin("heads")),
    (("team-rocket",), ["flip a1", "flip a1", "draw", "coin pikachu"], Rocket(-1)),
    (("team-rocket",), ["flip a1", "flip a1", "draw", "coin meowth"], Swap(-1)),
]


@pytest.mark.parametrize(("pile", "before", "action"), OUT_OF_RANGE, ids=[repr(case[2]) for case in OUT_OF_RANGE])
def test_a_directly_built_action_out_of_range_is_refused_and_changes_nothing(
    ps: Any, pile: tuple[str, ...], before: list[str], action: Action
) -> None:
    state = ps.deal([A, B], pile=list(pile))
    ps.play(state, *before)
    record, views = state.record(), [state.view(player) for player in (0, 1, None)]
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.record() == record and [state.view(player) for player in (0, 1, None)] == views


def test_the_starting_player_must_be_a_player() -> None:
    for player in (-1, 2, 5):
        state = GAME.new_game(2, seed=1, chance="scripted")
        with pytest.raises(IllegalAction, match="no player"):
            state.apply(Start(player))
        assert state.record()["actions"] == []


def test_an_action_out_of_range_still_prints() -> None:
    for action in (Flip(-1), Swap(99), Exchange(7, -3), MewTake(10**30), Rocket(6)):
        with pytest.raises(NotationError):
            GAME.parse_action(str(action), GAME.new_game(2, seed=1))


def test_every_action_class_is_declared() -> None:
    assert set(GAME.action_types) == set(ACTION_TYPES)
    seen = set()
    state = GAME.new_game(3, seed=2, chance="scripted")
    for action in state.legal_actions():
        seen.add(type(action))
    assert seen <= set(GAME.action_types)


# ----------------------------------------------------------------- notation


@settings(max_examples=300)
@given(
    st.one_of(
        st.text(max_size=40),
        st.builds(
            " ".join,
            st.lists(
                st.sampled_from(["flip", "swap", "mew", "p1", "p²", "a1", "b٣", "snorlax", "deal", "coin", "-1", "x"]),
                max_size=4,
            ),
        ),
        st.integers(0, 10**40).map(lambda number: f"mew p{number}"),
    )
)
def test_unreadable_notation_is_a_notation_error(text: str) -> None:
    state = GAME.new_game(2, seed=1)
    try:
        action = GAME.parse_action(text, state)
    except NotationError:
        return
    assert GAME.parse_action(str(action), state) == action


def test_a_five_thousand_digit_player_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        GAME.parse_action("mew p" + "7" * 5000, GAME.new_game(2, seed=1))


# ----------------------------------------------------------------- options


@pytest.mark.parametrize("value", ["--5", "²", "٣", 10**30, "9" * 5000, 2.5, True])
def test_tokens_to_win_takes_a_whole_number_in_range(value: Any) -> None:
    with pytest.raises(InvalidOption):
        GAME.new_game(2, seed=1, tokens_to_win=value)


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "deck",
    [
        [{"id": "onix", "value": 10, "copies": 10**9}],
        [{"id": "onix", "value": 10, "copies": MAX_COPIES + 1}],
        [
            {"id": f"card{number}", "value": 1, "copies": MAX_COPIES}
            for number in range(MAX_DECK_SIZE // MAX_COPIES + 1)
        ],
        [{"id": "onix", "value": 10**40, "copies": 20}],
        [{"id": "onix", "value": 10, "copies": 20, "ja": nested(50)}],
        [{"id": "オニキス", "value": 10, "copies": 20}],
        [{"id": "x" * 10_000, "value": 10, "copies": 20}],
        "[" * 20_000 + "]" * 20_000,
        '[{"id": "onix", "value": 10, "copies": 20, "en": ' + "[" * 5_000 + "]" * 5_000 + "}]",
        nested(100_000),
    ],
    ids=[
        "a billion copies",
        "too many copies",
        "too many cards",
        "a huge value",
        "a nested name",
        "a non-ASCII id",
        "a long id",
        "deeply nested JSON text",
        "a nested name in JSON text",
        "a deeply nested list",
    ],
)
def test_a_deck_option_too_large_or_malformed_is_refused(deck: Any) -> None:
    with pytest.raises(InvalidOption):
        GAME.new_game(2, seed=1, deck=deck)


def test_a_card_order_longer_than_any_deck_is_refused() -> None:
    with pytest.raises(InvalidOption, match="at most"):
        GAME.new_game(2, seed=1, card_order=["onix"] * (MAX_DECK_SIZE + 1))
