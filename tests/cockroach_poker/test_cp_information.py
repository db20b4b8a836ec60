"""The rules page's "Information" section: who may know what."""

from __future__ import annotations

import json
import random

import asobiba
from asobiba.core.events import Event
from asobiba.games.cockroach_poker.events import CardOffered, CardPassed, CardPeeked, HandDealt
from asobiba.games.cockroach_poker.state import CockroachPokerState


def play(state: asobiba.State, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += state.apply(state.parse_action(text))
    return events


def test_everyone_sees_rows_hand_sizes_claims_holder_sequence_set_aside_count_and_heap() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=7, first_player=0, card_order=["S1", "J1", "H1", "H2"])
    play(state, "offer p1 hearts card=S1", "redirect p2")
    spectator = state.view(None)
    assert spectator["hand"] is None
    assert spectator["hand_sizes"] == [12, 12, 13, 13]
    assert spectator["heap"] == ["J1"] and spectator["set_aside"] == 2
    in_play = spectator["in_play"]
    assert (in_play["offerer"], in_play["receiver"], in_play["claim"]) == (0, 2, "hearts")
    assert [step["action"] for step in in_play["steps"]] == ["offer", "redirect"]
    assert in_play["card"] is None and in_play["seen_by"] == [0]
    play(state, "answer yes")
    assert spectator["rows"] == [[], [], [], []]
    assert state.view(None)["rows"][2] == ["S1"]


def test_a_player_sees_his_own_hand_only() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=3)
    hands = [state.view(player)["hand"] for player in range(4)]
    assert all(len(hand) == 13 for hand in hands)
    assert len({card for hand in hands for card in hand}) == 52
    for player in range(4):
        text = json.dumps(state.view(player))
        for other in range(4):
            if other != player:
                assert not any(f'"{card}"' in text for card in hands[other])


def test_the_card_in_play_is_known_to_its_offerer_and_to_every_passer_only() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=4, seed=7, rules="original", first_player=0, card_order=["bat1"]
    )
    play(state, "offer p1 rat card=bat1")
    assert [state.view(p)["in_play"]["card"] for p in range(4)] == ["bat1", None, None, None]
    play(state, "peek", "pass p2 claims=bat")
    assert [state.view(p)["in_play"]["card"] for p in range(4)] == ["bat1", "bat1", None, None]
    assert state.view(None)["in_play"]["card"] is None
    play(state, "answer yes")  # revealed: now everybody knows it
    assert state.view(3)["log"][-1]["card"] == "bat1"


def test_a_view_of_another_players_offer_omits_the_card() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=7, first_player=0, card_order=["H5"])
    events = play(state, "offer p1 spades card=H5")
    offer = events[0]
    assert isinstance(offer, CardOffered)
    assert offer.seen_by(0) == offer
    assert offer.seen_by(1) == CardOffered(0, 1, "spades", None)
    assert offer.seen_by(None) == CardOffered(0, 1, "spades", None)
    assert "H5" not in json.dumps(state.view(1)) and "H5" not in json.dumps(state.view(2))


def test_peeks_and_passes_show_the_card_to_those_who_have_seen_it_only() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=4, seed=7, rules="original", first_player=0, card_order=["toad2"]
    )
    play(state, "offer p1 rat card=toad2")
    peek, passed = play(state, "peek", "pass p2 claims=toad")
    assert isinstance(peek, CardPeeked) and isinstance(passed, CardPassed)
    assert peek.seen_by(1) == peek and peek.seen_by(0) == CardPeeked(1, None)
    assert passed.seen_by(0) == passed and passed.seen_by(1) == passed
    assert passed.seen_by(2) is not None and passed.seen_by(2).card is None  # type: ignore[union-attr]
    assert passed.seen_by(3).card is None  # type: ignore[union-attr]


def test_the_deal_shows_each_player_his_own_cards_only() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=7, chance="scripted")
    events = state.resolve_chance()
    dealt = [event for event in events if isinstance(event, HandDealt)]
    assert [event.player for event in dealt] == [0, 1, 2]
    assert dealt[0].seen_by(0).cards is not None  # type: ignore[union-attr]
    assert dealt[0].seen_by(1) == HandDealt(0, 18, None)


def test_set_aside_cards_are_never_revealed_not_even_at_the_end() -> None:
    for seed in range(15):
        state = asobiba.new_game("cockroach-poker", players=4, seed=seed)  # 2 cards set aside
        assert isinstance(state, CockroachPokerState)
        aside = [state.setup.deck.cards[card] for card in state.set_aside]
        rng = random.Random(seed)
        seen_texts = []
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            for player in (None, 0, 1, 2, 3):
                seen_texts += [json.dumps(event.to_dict()) for event in state.events_for(events, player)]
        for player in (None, 0, 1, 2, 3):
            seen_texts.append(json.dumps(state.view(player)))
        for card in aside:
            assert not any(f'"{card}"' in text for text in seen_texts), card


def test_views_carry_the_public_history_of_claims_answers_and_revealed_cards() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=4, seed=7, first_player=0, card_order=["H1", "S1", "C1", "D1", "H2"]
    )
    play(state, "offer p1 spades card=H1", "answer yes")  # a lie believed: p1 takes it
    play(state, "offer p2 spades card=S1", "answer no")  # the truth doubted: p2 takes it
    log = state.view(3)["log"]
    assert log == [
        {
            "round": 1,
            "offerer": 0,
            "steps": [
                {"action": "offer", "player": 0, "to": 1, "claim": "spades", "true": False},
                {"action": "answer", "player": 1, "answer": "yes"},
            ],
            "card": "H1",
            "kind": "hearts",
            "correct": False,
            "row": 1,
        },
        {
            "round": 2,
            "offerer": 1,
            "steps": [
                {"action": "offer", "player": 1, "to": 2, "claim": "spades", "true": True},
                {"action": "answer", "player": 2, "answer": "no"},
            ],
            "card": "S1",
            "kind": "spades",
            "correct": False,
            "row": 2,
        },
    ]
    assert state.view(3)["last_target"] == [1, 2, None, None]


def test_views_are_json_ready() -> None:
    state = asobiba.new_game("cockroach-poker", players=5, seed=2, rules="original")
    rng = random.Random(2)
    for _ in range(40):
        if state.is_over:
            break
        for player in (None, *range(5)):
            json.dumps(state.view(player))
        state.apply(rng.choice(state.legal_actions()))
