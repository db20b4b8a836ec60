"""Rules page: Components and Setup."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import asobiba
from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.data import POKEMON56, Effect, deck_from_option

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]
C = ["bulbasaur", "charmander", "psyduck", "eevee", "clefairy", "gengar"]


def test_pokemon56_deck_is_the_table_of_the_rules_page() -> None:
    deck = deck_from_option("pokemon56")
    assert deck.size == 56
    by_value = Counter(deck.values[card] for card in deck.cards if deck.effects[card] is Effect.NONE)
    assert by_value == {-2: 6, **{value: 4 for value in range(11)}}
    specials = {kind.id: (kind.value, kind.effect, kind.star) for kind in POKEMON56 if kind.effect is not Effect.NONE}
    assert specials == {
        "charizard": (10, Effect.CHARIZARD, False),
        "snorlax": (10, Effect.SNORLAX, False),
        "ditto": (None, Effect.DITTO, False),
        "mew": (10, Effect.MEW, True),
        "zapdos": (10, Effect.ZAPDOS, True),
        "team-rocket": (10, Effect.TEAM_ROCKET, True),
    }
    assert deck.kind("pikachu").ja == "ピカチュウ" and deck.kind("onix").en == "Onix"


def test_any_deck_list_can_be_passed() -> None:
    small = [
        {"id": "low", "value": 1, "ja": "低", "en": "Low", "copies": 10},
        {"id": "high", "value": 9, "ja": "高", "en": "High", "copies": 10},
        {"id": "swapper", "value": 5, "ja": "入", "en": "Swapper", "copies": 1, "effect": "snorlax"},
    ]
    state = GAME.new_game(2, seed=5, deck=small)
    view = state.view(0)
    assert set(view["cards"]) == {"low", "high", "swapper"}
    assert view["pile_size"] + view["discard_size"] + 12 == 21
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    # On a command line, the same list as JSON text.
    assert GAME.resolve_options(2, {"deck": json.dumps(small)})["deck"][2]["effect"] == "snorlax"


def test_card_order_deals_exactly_that_order(ps: Any) -> None:
    order = ps.card_order([A, B], discard="mew", pile=["zapdos", "ditto"])
    state = ps.deal([A, B], discard="mew", pile=["zapdos", "ditto"])
    assert ps.cards(state, 0) == A and ps.cards(state, 1) == B
    assert state.view(0)["discard"] == ["mew"]
    assert [state.deck.ids[card] for card in reversed(state.pile)] == order[13:]
    assert ps.play(state, "flip a1", "flip a1", "draw")[-1].card.id == "zapdos"


def test_starting_discard_is_one_face_up_card_and_grids_are_face_down(ps: Any) -> None:
    state = ps.deal([A, B, C], discard="onix")
    view = state.view(1)
    assert view["discard_top"] == "onix" and view["discard_size"] == 1
    assert view["grids"] == [[None] * 6] * 3
    assert view["pile_size"] == 56 - 1 - 18


def test_two_to_five_players() -> None:
    for players in (2, 5):
        assert len(GAME.new_game(players, seed=1).view(None)["grids"]) == players
    for players in (1, 6):
        with pytest.raises(InvalidOption, match="2 to 5"):
            GAME.new_game(players, seed=1)


def test_each_player_first_turns_one_card_face_up_in_turn_order(ps: Any) -> None:
    state = ps.deal([A, B, C], starter=1)
    assert state.to_move == 1
    assert ps.legal(state) == ["flip a1", "flip a2", "flip a3", "flip b1", "flip b2", "flip b3"]
    ps.play(state, "flip b2")
    assert state.to_move == 2
    ps.play(state, "flip a1")
    assert state.to_move == 0
    ps.play(state, "flip a3")
    assert ps.grid(state, 1) == [None, None, None, None, "jigglypuff", None]
    assert ps.grid(state, 2)[0] == "bulbasaur" and ps.grid(state, 0)[2] == "charmander"
    # The setup is over: the starter plays the first turn.
    assert state.to_move == 1 and ps.legal(state) == ["draw", "take discard"]


def test_first_round_starting_player_is_chosen_by_chance() -> None:
    state = GAME.new_game(4, seed=1, chance="scripted")
    outcomes = state.chance_outcomes()
    assert [str(action) for action, _ in outcomes] == ["start p0", "start p1", "start p2", "start p3"]
    assert all(probability == pytest.approx(0.25) for _, probability in outcomes)
    starters = {GAME.new_game(4, seed=seed).view(None)["starter"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}


def test_play_goes_clockwise(ps: Any) -> None:
    state = ps.deal([A, B, C], starter=2, flips=["a1", "a1", "a1"])
    order = []
    for _ in range(4):
        order.append(state.to_move)
        ps.play(state, "draw", "discard")
    assert order == [2, 0, 1, 2]


def test_a_new_rounds_deal_is_a_chance_action() -> None:
    state = GAME.new_game(2, seed=11, tokens_to_win=2)
    history_rounds = [str(action).split()[0] for action in state.history]
    assert history_rounds == ["start", "deal"]
    rng = random.Random(3)
    while state.view(None)["round"] == 1:
        state.apply(rng.choice(state.legal_actions()))
    deals = [action for action in state.history if str(action).startswith("deal ")]
    assert len(deals) == 2 and deals[0] != deals[1]


def test_the_deal_must_order_the_whole_deck() -> None:
    state = GAME.new_game(2, seed=1, chance="scripted")
    state.apply(asobiba.parse_action(state, "start p0"))
    with pytest.raises(IllegalAction, match="whole deck"):
        state.apply(asobiba.parse_action(state, "deal onix onix"))
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply(asobiba.parse_action(state, "deal raichu"))
    assert state.is_chance_node and len(state.history) == 1


@pytest.mark.parametrize("first", [0, 2, "p1"])
def test_the_option_first_player_chooses_who_starts_the_first_round(first: int | str) -> None:
    starter = int(str(first).lstrip("p"))
    for seed in range(4):
        state = GAME.new_game(3, seed=seed, first_player=first)
        assert state.view(0)["starter"] == starter
    scripted = GAME.new_game(3, seed=0, chance="scripted", first_player=first)
    assert [str(action) for action, _ in scripted.chance_outcomes()] == [f"start p{starter}"]
    other = (starter + 1) % 3
    with pytest.raises(IllegalAction, match="first_player fixes who starts"):
        scripted.apply(scripted.parse_action(f"start p{other}"))


@pytest.mark.parametrize("value", ["p3", 5, "x", "p", True, -1])
def test_a_first_player_outside_the_table_is_refused_by_name(value: Any) -> None:
    with pytest.raises(InvalidOption, match="first_player"):
        GAME.new_game(3, seed=0, first_player=value)
