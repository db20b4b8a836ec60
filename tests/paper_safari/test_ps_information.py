"""Rules page: Information (who may know what), and option validation."""

from __future__ import annotations

import json
from typing import Any

import pytest

from asobiba.core.errors import InvalidOption
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari import events as ev

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]


def test_everybody_sees_face_up_cards_discard_top_sizes_and_tokens(ps: Any) -> None:
    state = ps.deal([A, B], discard="onix", flips=["b3", "a2"])
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert view["grids"] == [[None] * 5 + ["clefairy"], [None, "machamp", None, None, None, None]]
        assert (view["discard_top"], view["discard_size"], view["pile_size"]) == ("onix", 1, 43)
        assert view["tokens"] == [0, 0]


def test_a_drawn_card_is_seen_by_the_drawer_only_until_it_is_used(ps: Any) -> None:
    state = ps.deal([A, B], pile=["pikachu"], flips=["a1", "a1"])
    events = ps.play(state, "draw")
    assert state.view(0)["hand"] == "pikachu"
    assert state.view(1)["hand"] is None and state.view(None)["hand"] is None
    assert state.view(1)["hand_holder"] == 0 and state.view(1)["hand_from"] == "pile"
    assert events[-1].seen_by(1) == ev.CardDrawn(0, None) and events[-1].seen_by(0) == events[-1]
    ps.play(state, "swap b1")
    assert state.view(1)["grids"][0][3] == "pikachu" and state.view(1)["discard_top"] == "psyduck"


def test_a_drawn_mew_or_team_rocket_is_shown_at_once_as_its_effect_starts(ps: Any) -> None:
    for card, step in (("mew", "mew_opponent"), ("team-rocket", "coin")):
        state = ps.deal([A, B], pile=[card], flips=["a1", "a1"])
        events = ps.play(state, "draw")
        assert state.view(1)["hand"] == card and state.view(1)["phase"] == step
        assert events[-1].seen_by(1) == events[-1]


def test_a_drawn_zapdos_is_hidden_until_it_is_used(ps: Any) -> None:
    state = ps.deal([A, B], pile=["zapdos"], flips=["a1", "a1"])
    ps.play(state, "draw")
    assert state.view(1)["hand"] is None and state.view(1)["phase"] == "hand"
    # A determinization for p1 never puts a card in p0's hand that would have been shown.
    for seed in range(100):
        sample = state.determinize(1, seed)
        assert sample.deck.ids[sample.hand] not in ("mew", "team-rocket")


def test_face_down_cards_and_the_pile_order_are_never_in_a_view(ps: Any) -> None:
    state = ps.deal([A, B], discard="onix", pile=["ditto", "zapdos"], flips=["a1", "a1"])
    text = str(state.view(0)) + str(state.view(1)) + str(state.view(None))
    # "ditto" and "zapdos" appear only in the card table, never as a card somebody can see.
    for view in (state.view(0), state.view(1), state.view(None)):
        shown = [card for grid in view["grids"] for card in grid] + view["discard"] + [view["hand"]]
        assert "ditto" not in shown and "zapdos" not in shown and "machamp" not in shown
        assert view["pile_cards"] is None
        assert "seed" not in view and "pile" not in view
    assert "'pile': [" not in text


def test_a_spectator_sees_what_everybody_sees() -> None:
    state = GAME.new_game(3, seed=8)
    view = state.view(None)
    assert view["viewer"] is None and view["known"] == {}


# ----------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tokens_to_win": 0}, "tokens_to_win=0 is out of range"),
        ({"tokens_to_win": "three"}, "tokens_to_win='three' is not accepted"),
        ({"final_turns": "maybe"}, "final_turns='maybe' is not accepted"),
        ({"deck": "pokemon99"}, "deck name"),
        ({"deck": [{"id": "x", "value": "high", "copies": 60}]}, "value must be a whole number"),
        ({"deck": [{"id": "x", "value": 1, "copies": 0}]}, "copies must be"),
        ({"deck": [{"id": "x", "value": 1, "copies": 20, "effect": "fire"}]}, "effect 'fire'"),
        ({"deck": [{"id": "x", "value": 1, "copies": 13}]}, "need at least 14"),
        ({"deck": [{"id": "x", "value": 1, "copies": 9}, {"id": "x", "value": 2, "copies": 9}]}, "unique"),
        ({"card_order": ["onix"]}, "whole deck"),
        ({"card_order": "onix raichu"}, "'raichu' is not a card"),
        ({"card_order": 7}, "card ids"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_option_validation_errors_say_what_is_accepted(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        GAME.new_game(2, seed=1, **options)


def test_options_have_documented_defaults() -> None:
    resolved = GAME.resolve_options(3, {})
    expected = {"deck": "pokemon56", "card_order": None, "tokens_to_win": 3, "final_turns": False, "first_player": None}
    research = {"columns": 3, "turn_limit": 0, "rounds": 0}  # research options: left out of records at these
    assert resolved == expected | research
    assert GAME.explicit_options(resolved) == expected
    assert GAME.resolve_options(2, {"final_turns": "yes", "card_order": None})["final_turns"] is True


def test_a_fixed_first_deal_is_secret_no_view_and_no_sample_shows_it(ps: Any) -> None:
    order = ps.card_order([A, B], discard="onix", pile=["ditto", "zapdos"])
    for chance in ("scripted", "auto"):
        state = GAME.new_game(2, seed=3, chance=chance, card_order=order)
        states = [state.clone()]
        while not state.is_over and len(states) < 12:
            state.apply(state.legal_actions()[-1] if not state.is_chance_node else state.legal_actions()[0])
            states.append(state.clone())
        for position in states:
            for player in range(2):
                for view in (position.view(player), position.view(None)):
                    assert view["options"]["card_order"] == "fixed"
                    assert json.dumps(order[:13])[1:-1] not in json.dumps(view)
                sample = position.determinize(player, 7)
                assert sample.record()["options"]["card_order"] is None
                assert sample.options["card_order"] is None
                assert all(value not in (order, tuple(order)) for value in vars(sample).values())
                assert sample.view(player)["options"]["card_order"] == "fixed"  # as in the true game
    # The true game still deals that order.
    assert ps.deal([A, B], discard="onix", pile=["ditto", "zapdos"]).view(None)["discard"] == ["onix"]
