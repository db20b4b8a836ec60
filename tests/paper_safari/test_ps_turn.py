"""Rules page: A turn (the three options, the empty pile) and illegal actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from asobiba.core.errors import IllegalAction, NotationError

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]
C = ["bulbasaur", "charmander", "psyduck", "eevee", "clefairy", "gengar"]


def test_the_three_turn_options(ps: Any) -> None:
    state = ps.deal([A, B], pile=["pikachu"], flips=["a1", "a1"])
    assert ps.legal(state) == ["draw", "take discard"]
    ps.play(state, "draw")
    assert ps.legal(state) == ["swap a1", "swap a2", "swap a3", "swap b1", "swap b2", "swap b3", "discard"]


def test_draw_and_swap_puts_the_new_card_face_up_and_the_replaced_card_on_the_discard(ps: Any) -> None:
    state = ps.deal([A, B], discard="eevee", pile=["pikachu"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap b2")
    assert ps.grid(state, 0) == ["squirtle", None, None, None, "pikachu", None]
    assert state.view(1)["discard"] == ["eevee", "eevee"]
    assert state.to_move == 1


def test_draw_and_discard(ps: Any) -> None:
    state = ps.deal([A, B], pile=["onix"], flips=["a1", "a1"])
    ps.play(state, "draw", "discard")
    assert state.view(1)["discard_top"] == "onix" and ps.grid(state, 0) == ["squirtle", *[None] * 5]


def test_take_the_discard_and_swap(ps: Any) -> None:
    state = ps.deal([A, B], discard="pikachu", flips=["a1", "a1"])
    ps.play(state, "take discard")
    assert state.view(1)["hand"] == "pikachu"  # a card from the discard is public
    ps.play(state, "swap a3")
    assert ps.grid(state, 0)[2] == "pikachu" and state.view(0)["discard"] == ["charmander"]


def test_a_card_taken_from_the_discard_must_be_used(ps: Any) -> None:
    state = ps.deal([A, B], discard="pikachu", flips=["a1", "a1"])
    ps.play(state, "take discard")
    assert "discard" not in ps.legal(state)
    with pytest.raises(IllegalAction, match="taken from the discard must be used"):
        ps.play(state, "discard")


@pytest.mark.parametrize("star", ["mew", "zapdos", "team-rocket"])
def test_a_drawn_star_card_cannot_be_discarded(ps: Any, star: str) -> None:
    state = ps.deal([A, B], pile=[star], flips=["a1", "a1"])
    ps.play(state, "draw")
    assert "discard" not in ps.legal(state)
    if star == "team-rocket":
        assert state.is_chance_node  # the coin is flipped at once
        return
    before = state.view(0)
    with pytest.raises(IllegalAction, match="must be used"):
        ps.play(state, "discard")
    assert state.view(0) == before


def test_a_swapped_in_card_stays_face_up_and_positions_never_move(ps: Any) -> None:
    state = ps.deal([A, B], pile=["onix", "pikachu", "gengar", "gengar"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap b3", "draw", "swap a2", "draw", "discard")
    assert ps.cards(state, 0) == ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "onix"]
    assert ps.grid(state, 0) == ["squirtle", None, None, None, None, "onix"]
    assert ps.grid(state, 1) == ["gengar", "pikachu", None, None, None, None]


PLAIN = [{"id": f"c{value}", "value": value, "ja": f"{value}", "en": f"{value}", "copies": 4} for value in range(10)]
P0 = ["c0", "c1", "c2", "c3", "c4", "c5"]
P1 = ["c6", "c7", "c8", "c9", "c0", "c1"]


def test_empty_pile_keeps_the_top_discard_and_reshuffles_the_rest(ps: Any) -> None:
    state = ps.deal([P0, P1], discard="c5", flips=["a1", "a1"], deck=PLAIN)
    while state.view(None)["pile_size"] > 1:
        ps.play(state, "draw", "discard")
    ps.play(state, "draw", "discard")
    assert state.is_chance_node and state.view(None)["phase"] == "reshuffle"
    top = state.view(None)["discard_top"]
    rest = sorted(state.view(None)["discard"][:-1])
    assert state.legal_actions() == []  # any order of those cards: a shuffle, not an enumeration
    with pytest.raises(IllegalAction, match="discard pile but its top card"):
        ps.play(state, "reshuffle onix")
    ps.play(state, "reshuffle " + " ".join(rest))
    view = state.view(None)
    assert view["discard"] == [top] and view["pile_size"] == len(rest)
    assert view["pile_cards"] == sorted(rest, key=lambda card: list(view["cards"]).index(card))
    assert state.to_move == 1 and ps.legal(state) == ["draw", "take discard"]


def test_the_reshuffle_is_a_recorded_chance_action() -> None:
    from asobiba.core.record import replay
    from asobiba.games.paper_safari import GAME
    from asobiba.games.paper_safari.events import PileReshuffled

    # Players who draw and discard whenever they may: the pile runs out in the first round.
    rng = random.Random(9)
    state = GAME.new_game(2, seed=9, tokens_to_win=1)
    reshuffled = False
    while not reshuffled:
        legal = [str(action) for action in state.legal_actions()]
        text = next((word for word in ("draw", "discard") if word in legal), rng.choice(legal))
        events = state.apply(GAME.parse_action(text, state))
        reshuffled = any(isinstance(event, PileReshuffled) for event in events)
    assert str(state.history[-1]).startswith("reshuffle ")
    assert replay(state.record()).view(None) == state.view(None)


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(ps: Any) -> None:
    state = ps.deal([A, B], discard="pikachu", pile=["onix"])
    cases = {
        "draw": "must turn one of his cards face up",
        "swap a1": "must turn one of his cards face up",
        "coin pikachu": "chance outcome",
    }
    for text, reason in cases.items():
        before = (state.view(0), list(state.history))
        with pytest.raises(IllegalAction, match=reason):
            ps.play(state, text)
        assert (state.view(0), list(state.history)) == before
    ps.play(state, "flip a1", "flip a2", "draw")
    with pytest.raises(IllegalAction, match="must place the Onix"):
        ps.play(state, "take discard")
    with pytest.raises(IllegalAction, match="'mew p1' is not possible now"):
        ps.play(state, "mew p1")


def test_notation_errors_say_what_is_wrong(ps: Any) -> None:
    state = ps.deal([A, B])
    for text, reason in {
        "swap c4": "positions are a1",
        "mew p9": "players are written",
        "coin tails": "pikachu and meowth",
        "dance": "not a Paper Safari action",
        "snorlax a1 a1": "two different positions",
        "": "empty",
    }.items():
        with pytest.raises(NotationError, match=reason):
            ps.game.parse_action(text, state)
