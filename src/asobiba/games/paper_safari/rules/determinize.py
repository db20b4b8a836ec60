"""Sampling what a player cannot know (rules/paper_safari.en.md "Who may know what"): the face-down
cards he has not peeked at, another player's drawn card, and the pile."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from asobiba.core.shuffle import shuffle
from asobiba.games.paper_safari.grid import GRID, slot
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules.turn import SHOWN_AT_ONCE

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def resample_hidden(state: PaperSafariState, player: int, rng: random.Random) -> None:
    """Every card ``player`` has not seen is dealt again at random: the face-down cards (but
    the ones he peeked at), another player's drawn card, and the pile. After a reshuffle the
    pile's cards are public, so the pile and the face-down cards are resampled apart.

    Another player's drawn card is drawn first, among the unseen cards that would not have been
    shown at once (there is always one: the true card), then the rest is shuffled again. A
    fixed first deal (secret option) is forgotten: the sample deals at random."""
    state.card_order = None
    if state.phase in (Phase.START, Phase.DEAL, Phase.OVER):
        return
    cards, face_up = state.cards, state.face_up
    own, peeked = slot(player, 0), state.peeked[player]  # his own grid's first slot, his peeks
    unseen_slots = [
        where
        for where in range(len(cards))  # slot(owner, position), owner by owner
        if not face_up[where] and cards[where] >= 0 and not (own <= where < own + GRID and peeked >> (where - own) & 1)
    ]
    hidden_hand = state.hand >= 0 and not state.hand_public and state.player != player
    grid_cards = [cards[where] for where in unseen_slots]
    pile_cards = list(state.pile) + ([state.hand] if hidden_hand else [])
    # The drawn card comes from the pile's pool: the pile alone after a reshuffle, else all unseen.
    grid_pool, pile_pool = ([], grid_cards + pile_cards) if not state.pile_public else (grid_cards, pile_cards)
    if hidden_hand:
        effects = state.deck.effects
        state.hand = rng.choice(sorted(card for card in pile_pool if effects[card] not in SHOWN_AT_ONCE))
        pile_pool.remove(state.hand)
    dealt = _shuffled(grid_pool, rng) + _shuffled(pile_pool, rng)
    for where, card in zip(unseen_slots, dealt, strict=False):
        cards[where] = card
    state.pile = dealt[len(unseen_slots) :]


def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in an order that depends only on which cards they are and on ``rng``."""
    order = sorted(cards)
    shuffle(rng, order)
    return order
