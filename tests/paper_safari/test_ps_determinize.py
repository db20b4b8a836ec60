"""Contract: ``determinize(p, seed)`` works for every player at every position, and a sample is a
position consistent with what that player sees."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.data import POKEMON56
from asobiba.games.paper_safari.state import PaperSafariState

#: A deck just big enough for five players, so the first pile often runs out before a reshuffle.
SMALL_DECK = [
    {"id": kind.id, "value": kind.value, "ja": kind.ja, "en": kind.en, "copies": 1, "effect": kind.effect.value}
    for kind in POKEMON56
] + [{"id": "pebble", "value": 1, "ja": "いし", "en": "Pebble", "copies": 14}]

#: Two players, a deck of 14: after the deal one card is left in the pile.
TINY_DECK = [
    {"id": "mew", "value": 10, "copies": 1, "effect": "mew"},
    {"id": "team-rocket", "value": 10, "copies": 1, "effect": "team-rocket"},
    {"id": "pebble", "value": 1, "copies": 12},
]


def all_cards(state: PaperSafariState) -> list[int]:
    in_hand = [state.hand] if state.hand >= 0 else []
    return sorted([card for card in state.cards if card >= 0] + state.pile + state.discard + in_hand)


def test_determinize_works_when_another_player_holds_the_last_pile_card_face_down(ps: Any) -> None:
    # Mew and Team Rocket lie face down in p1's grid; p0 draws the last card of the pile.
    pebbles = ["pebble"] * 6
    state = ps.deal(
        [pebbles, ["pebble"] * 4 + ["mew", "team-rocket"]], discard="pebble", flips=["a1", "a1"], deck=TINY_DECK
    )
    ps.play(state, "draw")
    assert state.view(None)["pile_size"] == 0 and state.view(1)["hand"] is None
    for seed in range(300):
        sample = state.determinize(1, seed)
        assert isinstance(sample, PaperSafariState)
        assert sample.deck.ids[sample.hand] == "pebble"  # a drawn Mew or Team Rocket would have been shown
        assert sample.view(1) == state.view(1)
        assert all_cards(sample) == all_cards(state)


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    small_deck=st.booleans(),
    final_turns=st.booleans(),
)
def test_every_player_can_determinize_every_position(
    players: int, seed: int, small_deck: bool, final_turns: bool
) -> None:
    options: dict[str, Any] = {"tokens_to_win": 1, "final_turns": final_turns}
    if small_deck:
        options["deck"] = SMALL_DECK
    state = GAME.new_game(players, seed=seed, chance="scripted", **options)
    assert isinstance(state, PaperSafariState)
    rng = random.Random(seed)
    for _ in range(2000):
        for player in range(players):
            view = state.view(player)
            sample = state.determinize(player, rng.randrange(2**32))
            assert isinstance(sample, PaperSafariState)
            assert sample.view(player) == view
            assert all_cards(sample) == all_cards(state)
        if state.is_over:
            break
        if state.is_chance_node:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.is_over
