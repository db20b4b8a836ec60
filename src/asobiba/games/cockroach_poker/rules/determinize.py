"""Sampling what a player cannot know (rules/cockroach_poker.en.md "Who may know what"): the other
hands, the set-aside cards and the card in play unless he has seen it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from asobiba.core.shuffle import shuffle
from asobiba.games.cockroach_poker.phase import Phase
from asobiba.games.cockroach_poker.steps import has

if TYPE_CHECKING:
    from asobiba.games.cockroach_poker.state import CockroachPokerState


def resample_hidden(state: CockroachPokerState, player: int, rng: random.Random) -> None:
    """Deal again, at random, every card ``player`` cannot know: the other hands, the
    set-aside cards and the card in play unless he has seen it (sizes are public). A fixed
    deal order (the secret card_order option) is forgotten: the sample deals at random."""
    if state.setup.card_order:  # (once dealt, the position keeps no copy of it already)
        state.setup = replace(state.setup, card_order=())
    if state.phase == Phase.DEAL:
        return
    card_hidden = state.card >= 0 and not has(state.seen, player)
    hands = state.hands
    unknown: list[int] = []
    for other, hand in enumerate(hands):
        if other != player:
            unknown += hand
    unknown += state.set_aside
    if card_hidden:
        unknown.append(state.card)
    unknown.sort()
    shuffle(rng, unknown)
    position = 0
    for other, hand in enumerate(hands):
        if other == player:
            continue
        size = len(hand)
        hands[other] = sorted(unknown[position : position + size])
        position += size
    size = len(state.set_aside)
    state.set_aside = unknown[position : position + size]
    position += size
    if card_hidden:
        state.card = unknown[position]
