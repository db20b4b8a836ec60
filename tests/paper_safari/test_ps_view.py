"""Contract: the view envelope (phase, pending with the steps of the turn taken so far) and the typed
view (``view.py``): every view of random games validates against ``view_schema(GAME)``, no key more
or less."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter
from tests.whole_views import assert_views_are, every_position

from asobiba.core.schema import view_schema
from asobiba.core.state import CHANCE, ENVELOPE_KEYS
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.view import PaperSafariFullView

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]
C = ["bulbasaur", "charmander", "psyduck", "eevee", "clefairy", "gengar"]


def pending(state: Any, viewer: int | None) -> dict[str, Any]:
    found = state.view(viewer)["pending"]
    assert isinstance(found, dict)
    return found


# ----------------------------------------------------------------- pending


def test_mew_lists_its_steps_opponent_then_card_then_slot(ps: Any) -> None:
    state = ps.deal([A, B, C], pile=["mew"], flips=["a1", "a1", "a1"])
    ps.play(state, "draw")
    assert pending(state, 1) == {"player": 0, "kind": "mew_opponent", "steps": [{"step": "draw", "card": "mew"}]}
    ps.play(state, "mew p2")
    assert pending(state, None) == {
        "player": 0,
        "kind": "mew_take",
        "steps": [{"step": "draw", "card": "mew"}, {"step": "opponent", "player": 2}],
        "opponent": 2,
    }
    ps.play(state, "mew-take b3")
    assert pending(state, 1)["kind"] == "mew_place"
    assert pending(state, 1)["steps"][-1] == {"step": "take", "position": "b3", "card": "gengar"}
    ps.play(state, "mew-place a2")
    assert pending(state, 1) == {"player": 1, "kind": "turn", "steps": []}
    assert state.view(1)["phase"] == "turn"


def test_a_drawn_card_is_in_the_pending_decision_of_the_drawer_only(ps: Any) -> None:
    state = ps.deal([A, B], pile=["zapdos"], flips=["a1", "a1"])
    ps.play(state, "draw")
    assert pending(state, 0) == {
        "player": 0,
        "kind": "place",
        "steps": [{"step": "draw"}],
        "card": "zapdos",
        "source": "pile",
        "may_discard": False,
    }
    # Whether it may be discarded would tell the others it is a ★ card.
    for viewer in (1, None):
        assert pending(state, viewer)["card"] is None and pending(state, viewer)["may_discard"] is None


def test_charizard_and_team_rocket_list_the_steps_before_their_decision(ps: Any) -> None:
    state = ps.deal([A, B], discard="charizard", flips=["a1", "a1"])
    ps.play(state, "take discard", "swap a2")
    assert pending(state, 1) == {
        "player": 0,
        "kind": "peek",
        "steps": [
            {"step": "take_discard", "card": "charizard"},
            {"step": "swap", "position": "a2", "card": "charizard"},
        ],
    }
    state = ps.deal([A, B], pile=["team-rocket"], flips=["a1", "a1"])
    ps.play(state, "draw")
    assert state.view(1)["phase"] == "coin" and pending(state, 1) == {"player": CHANCE, "kind": "chance", "steps": []}
    ps.play(state, "coin meowth")
    assert pending(state, 1) == {
        "player": 0,
        "kind": "meowth",
        "steps": [{"step": "draw", "card": "team-rocket"}, {"step": "coin", "face": "meowth"}],
    }


def test_the_setup_flip_is_a_one_step_decision(ps: Any) -> None:
    state = ps.deal([A, B])
    assert state.view(0)["phase"] == "flip" and pending(state, 0) == {"player": 0, "kind": "flip", "steps": []}


# ----------------------------------------------------------------- typed views


VIEW_SCHEMA = view_schema(GAME)
#: Built once: ``jsonschema.validate`` checks the schema itself on every call (20× slower here).
VIEW_VALIDATOR = jsonschema.validators.validator_for(VIEW_SCHEMA)(VIEW_SCHEMA)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), final_turns=st.booleans())
def test_every_view_of_random_games_matches_the_view_schema(players: int, seed: int, final_turns: bool) -> None:
    state = GAME.new_game(players, seed=seed, chance="scripted", tokens_to_win=1, final_turns=final_turns)
    rng = random.Random(seed)
    while True:
        for viewer in (*range(players), None):
            view = state.view(viewer)
            assert list(view)[: len(ENVELOPE_KEYS)] == list(ENVELOPE_KEYS)
            VIEW_VALIDATOR.validate(view)
        if state.is_over:
            break
        if state.is_chance_node:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_the_view_schema_admits_no_key_the_types_do_not_name() -> None:
    view = GAME.new_game(2, seed=1).view(0)
    jsonschema.validate(view, VIEW_SCHEMA)
    for grown in ({**view, "pile": [1]}, {**view, "pending": {**view["pending"], "secret": 1}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(grown, VIEW_SCHEMA)


WHOLE_VIEW = TypeAdapter(PaperSafariFullView)


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_every_view_is_of_the_whole_view_type_its_readers_take(players: int, seed: int) -> None:
    """The screens and the encoder read ``PaperSafariFullView``: every view is one, chance nodes too."""
    state = GAME.new_game(players, seed=seed, chance="scripted", tokens_to_win=1)
    for now in every_position(state, random.Random(seed)):
        assert_views_are(WHOLE_VIEW, now)
