"""The view envelope's ``phase`` and ``pending`` for Cockroach Poker, and the typed view
(``asobiba.games.cockroach_poker.view``) against core's JSON Schema."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest
from pydantic import TypeAdapter

import asobiba
from asobiba.core.events import Event
from asobiba.core.schema import view_schema
from asobiba.core.state import ENVELOPE_KEYS
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.view import CockroachPokerFullView, CockroachPokerPending, CockroachPokerView

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (5, {}),
    (4, {"jokers": "wild"}),
    (4, {"jokers": "none"}),
    (2, {"rules": "original"}),
    (5, {"rules": "original", "deal": "all"}),
]


def play(state: asobiba.State, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def pendings(state: asobiba.State) -> list[Any]:
    return [state.view(viewer)["pending"] for viewer in (None, *range(state.players))]


# ---------------------------------------------------------------------------- phase and pending


def test_the_deal_is_a_chance_phase() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, chance="scripted")
    view = state.view(0)
    assert view["phase"] == "deal" and view["pending"] == {"player": -1, "kind": "chance", "steps": []}


def test_an_offer_names_the_player_the_offerer_may_not_target() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=1, first_player=0, card_order=["H1", "S1"])
    assert state.view(0)["phase"] == "offer"
    assert state.view(0)["pending"] == {"player": 0, "kind": "offer", "steps": [], "barred": None}
    play(state, "offer p1 hearts card=H1", "answer yes")  # right: back to p0, who offers again
    assert state.view(2)["pending"] == {"player": 0, "kind": "offer", "steps": [], "barred": 1}


def test_an_offer_after_a_card_was_pushed_on_the_offerer_bars_nobody_retaliation() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=1, first_player=0, card_order=["H1", "S1"])
    play(state, "offer p1 hearts card=H1", "answer no")  # wrong: p1 takes it
    play(state, "offer p0 spades card=S1", "answer no")  # wrong: p0 takes it, pushed by p1
    assert state.view(None)["pending"]["barred"] is None


def test_the_original_game_never_bars_a_target() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, rules="original", first_player=0)
    play(state, str(state.legal_actions()[0]))
    while state.view(None)["phase"] != "offer":
        play(state, "answer yes")
    assert state.view(None)["pending"]["barred"] is None


def test_an_answer_shows_the_claim_its_giver_and_what_the_rules_allow_whatever_the_hand() -> None:
    # p1 holds no joker; the rules still allow redirecting, and the pending says only that.
    state = asobiba.new_game("cockroach-poker", players=4, seed=1, first_player=0, card_order=["H1", "S1"])
    hands = [state.view(player)["hand"] for player in range(4)]
    assert not any(card.startswith("J") for card in hands[1])
    play(state, "offer p1 hearts card=H1")
    expected = {
        "player": 1,
        "kind": "answer",
        "steps": [],
        "claim": "hearts",
        "giver": 0,
        "choices": ["yes", "no", "redirect"],
    }
    assert state.view(None)["phase"] == "answer"
    assert pendings(state) == [expected] * 5


def test_an_answer_offers_no_redirect_once_nobody_is_left_to_name() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, first_player=0, card_order=["H1", "J1"])
    play(state, "offer p1 hearts card=H1", "redirect p2")
    assert state.view(None)["pending"]["choices"] == ["yes", "no"]  # p0 offered, p1 redirected


@pytest.mark.parametrize("jokers", ["wild", "none"])
def test_an_answer_without_redirect_jokers_is_yes_or_no(jokers: str) -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, first_player=0, jokers=jokers)
    play(state, str(state.legal_actions()[0]))
    assert state.view(None)["pending"]["choices"] == ["yes", "no"]


def test_passing_on_is_a_two_step_decision_peek_then_pass() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=3, seed=1, rules="original", first_player=0, card_order=["bat1"]
    )
    play(state, "offer p1 rat card=bat1")
    assert state.view(None)["pending"]["choices"] == ["yes", "no", "peek"]
    play(state, "peek")
    assert state.view(None)["phase"] == "pass"
    assert (
        pendings(state)
        == [{"player": 1, "kind": "pass", "steps": [{"step": "peek", "player": 1}], "claim": "rat", "giver": 0}] * 4
    )
    play(state, "pass p2 claims=bat")
    # Everybody else has seen the card: p2 must answer.
    assert state.view(None)["pending"] == {
        "player": 2,
        "kind": "answer",
        "steps": [],
        "claim": "bat",
        "giver": 1,
        "choices": ["yes", "no"],
    }


def test_the_view_leaves_the_envelope_to_core() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1)
    own = state._view(0)  # type: ignore[attr-defined]
    assert not set(own) & set(ENVELOPE_KEYS)
    assert list(state.view(0))[: len(ENVELOPE_KEYS)] == list(ENVELOPE_KEYS)


# ---------------------------------------------------------------------------- over random games


def random_states(config: tuple[int, dict[str, Any]], seed: int) -> list[asobiba.State]:
    players, options = config
    state = asobiba.new_game("cockroach-poker", players=players, seed=seed, **options)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


VIEW_KEYS = set(CockroachPokerView.__required_keys__) | set(CockroachPokerView.__optional_keys__)
PENDING_KEYS = set(CockroachPokerPending.__required_keys__) | set(CockroachPokerPending.__optional_keys__)
VIEW = TypeAdapter(CockroachPokerView)
PENDING = TypeAdapter(CockroachPokerPending)


@pytest.mark.parametrize(("config", "seed"), [(config, seed) for config in CONFIGS for seed in (1, 2)], ids=str)
def test_every_view_of_a_random_game_has_exactly_the_typed_keys_and_values(
    config: tuple[int, dict[str, Any]], seed: int
) -> None:
    assert GAME.view_type is CockroachPokerView and GAME.pending_type is CockroachPokerPending
    for state in random_states(config, seed)[::3]:
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            own = {key: value for key, value in view.items() if key not in ENVELOPE_KEYS and key != "result"}
            assert set(own) == VIEW_KEYS
            assert VIEW.validate_python(own, strict=True) == own
            pending = view["pending"]
            if pending is not None and pending["kind"] != "chance":
                mine = {key: value for key, value in pending.items() if key != "player"}
                assert set(mine) <= PENDING_KEYS
                assert PENDING.validate_python(mine, strict=True) == mine


@pytest.mark.parametrize(("config", "seed"), [(config, seed) for config in CONFIGS for seed in (3,)], ids=str)
def test_the_pending_decision_is_the_same_for_every_viewer_and_names_no_hidden_card(
    config: tuple[int, dict[str, Any]], seed: int
) -> None:
    for state in random_states(config, seed):
        if state.is_over:
            continue
        seen = pendings(state)
        assert all(pending == seen[0] for pending in seen)
        text = json.dumps(seen[0])
        assert not any(f'"{card}"' in text for card in state.setup.deck.cards)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("config", "seed"), [(config, seed) for config in CONFIGS for seed in (4,)], ids=str)
@pytest.mark.parametrize("chance", ["auto", "scripted"])
def test_every_view_of_a_random_game_validates_against_the_view_schema(
    config: tuple[int, dict[str, Any]], seed: int, chance: str
) -> None:
    validator = jsonschema.Draft202012Validator(view_schema(GAME))
    players, options = config
    state = asobiba.new_game("cockroach-poker", players=players, seed=seed, chance=chance, **options)
    rng = random.Random(seed)
    while True:
        for viewer in (None, *range(players)):
            errors = [error.message for error in validator.iter_errors(state.view(viewer))]
            assert not errors, (state.view(viewer)["phase"], errors[:3])
        if state.is_over:
            break
        if state.is_chance_node:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))


WHOLE_VIEW = TypeAdapter(CockroachPokerFullView)


@pytest.mark.parametrize(("config", "seed"), [(config, seed) for config in CONFIGS for seed in (5,)], ids=str)
def test_every_view_is_of_the_whole_view_type_its_readers_take(config: tuple[int, dict[str, Any]], seed: int) -> None:
    """The bot, the screens and the encoder read ``CockroachPokerFullView``: every view is one."""
    players, options = config
    scripted = asobiba.new_game("cockroach-poker", players=players, seed=seed, chance="scripted", **options)
    assert WHOLE_VIEW.validate_python(scripted.view(0), strict=True) == scripted.view(0)
    for state in random_states(config, seed)[::2]:
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            assert WHOLE_VIEW.validate_python(view, strict=True) == view
