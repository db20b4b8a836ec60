"""The heuristic bot: card counting, lie rates, targets, bluffs, jokers and passes."""

from __future__ import annotations

import random

import asobiba
from asobiba.core.state import Action
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.actions import ANSWER_NO, PEEK, Offer, Redirect
from asobiba.games.cockroach_poker.bots import read_beliefs
from asobiba.games.cockroach_poker.positions import position


def choice(state: asobiba.State, seed: int = 0) -> Action:
    player = state.to_move
    assert player is not None
    return GAME.heuristic_action(state.observe(player), random.Random(seed))


def test_it_counts_the_cards_it_has_not_seen() -> None:
    state = position(3, {0: ["H1", "H2", "H3", "S1"]}, rows={1: ["H4", "H5"], 2: ["J1"]})
    beliefs = read_beliefs(state.view(0))
    assert beliefs.unseen["hearts"] == 13 - 3 - 2 and beliefs.unseen["spades"] == 12
    assert beliefs.unseen["joker"] == 1


def test_it_doubts_a_claim_of_a_kind_it_knows_is_used_up() -> None:
    hearts = [f"H{rank}" for rank in range(2, 14)]
    state = position(3, {0: ["H1", "S1"], 1: hearts})  # p1 holds every other heart
    state.apply(state.parse_action("offer p1 hearts card=H1"))
    beliefs = read_beliefs(state.view(1))
    assert beliefs.claim_probability(0, "hearts") > 0
    state = position(3, {0: ["S2", "S1"], 1: [*hearts, "H1"]})
    state.apply(state.parse_action("offer p1 hearts card=S2"))
    assert read_beliefs(state.view(1)).claim_probability(0, "hearts") == 0
    assert all(choice(state, seed) == ANSWER_NO for seed in range(10))


def test_it_learns_each_players_lie_rate_from_the_public_log() -> None:
    state = position(3, {0: ["S1", "S2", "S3", "S4", "C1"]})
    for card, target in (("S1", 1), ("S2", 2), ("S3", 1)):  # p0 lies three times, each seen through
        state.apply(state.parse_action(f"offer p{target} hearts card={card}"))
        state.apply(state.parse_action("answer no"))  # right: back to p0, who offers again
    rates = read_beliefs(state.view(2)).truth_rate
    assert rates[0] < rates[2] - 0.15  # p2 made no claim: the prior


def test_it_offers_ordinary_cards_before_its_jokers() -> None:
    state = position(4, {0: ["J1", "D2", "S1"]})
    assert all(not choice(state, seed).card.startswith("J") for seed in range(10))  # type: ignore[attr-defined]


def test_it_targets_the_player_closest_to_losing_with_the_suit_that_hurts_him() -> None:
    state = position(4, {0: ["D1", "S2", "C3"]}, rows={2: ["S5", "C5", "H5", "S6", "C6"]})
    targets = [choice(state, seed) for seed in range(20)]
    assert all(isinstance(action, Offer) and action.target == 2 and action.card == "D1" for action in targets)


def test_it_bluffs_with_a_probability_neither_never_nor_always() -> None:
    state = position(4, {0: ["D1", "S2", "C3"]}, rows={2: ["S5", "C5", "H5", "S6", "C6"]})
    claims = {choice(state, seed).claim == "diamonds" for seed in range(40)}  # type: ignore[attr-defined]
    assert claims == {True, False}


def test_it_keeps_its_jokers_to_redirect_and_uses_one_when_answering_is_dangerous() -> None:
    # p1 has three spades, a club and a heart: a spade or a diamond would make him lose.
    state = position(4, {0: ["D1", "D2", "S1"], 1: ["J1", "C1", "C2"]}, rows={1: ["S5", "S6", "S7", "C5", "H5"]})
    state.apply(state.parse_action("offer p1 spades card=D1"))
    action = choice(state)
    assert isinstance(action, Redirect) and action.target in (2, 3)


def test_it_peeks_and_passes_in_the_original_game_when_answering_is_risky() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=3, rules="original")
    rng = random.Random(3)
    peeked = passed = 0
    for _ in range(400):
        if state.is_over:
            break
        action = choice(state, rng.randrange(1000))
        assert action in state.legal_actions()
        peeked += action == PEEK
        passed += action.__class__.__name__ == "Pass"
        state.apply(action)
    assert peeked == passed
