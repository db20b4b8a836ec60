"""A turn (rules/paper_safari.en.md "A turn"): draw and swap, draw and discard, or take the discard
and swap; a ★ card drawn must be used; the pile, run out, is made again from the discard pile."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.events import Event
from asobiba.core.shuffle import shuffle
from asobiba.core.state import CHANCE, Action
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.actions import (
    DISCARD,
    DRAW,
    SWAPS,
    TAKE_DISCARD,
    Discard,
    Draw,
    Reshuffle,
    Swap,
    TakeDiscard,
)
from asobiba.games.paper_safari.data import POSITIONS, CardName, Effect
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules.cards import face_down_positions, place, verify_cards
from asobiba.games.paper_safari.rules.end import end_turn
from asobiba.games.paper_safari.rules.specials import refill, zapdos
from asobiba.games.paper_safari.view import DrawStep

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState

#: Drawn cards everybody sees at once: what happens next shows them anyway.
SHOWN_AT_ONCE = frozenset({Effect.MEW, Effect.TEAM_ROCKET})
#: A turn's first step: draw, or take the discard.
TURN_ACTIONS = (DRAW, TAKE_DISCARD)
#: A card in hand that may be discarded: a swap, or the discard.
HAND_ACTIONS = (*SWAPS, DISCARD)


def swaps(state: PaperSafariState) -> list[Action]:
    """A swap into each place of the grid (all six but with the research option ``columns``)."""
    return [SWAPS[position] for position in state.places]


def sample_reshuffle(state: PaperSafariState, rng: random.Random) -> Action:
    """The discard pile but its top card, shuffled into a new pile ("A turn": the pile runs out)."""
    order = sorted(state.discard[:-1])
    shuffle(rng, order)
    ids = state.deck.ids
    return Reshuffle(tuple(ids[card] for card in order))


def may_discard(state: PaperSafariState) -> bool:
    """The card in hand may go straight onto the discard pile: drawn from the pile, not ★."""
    return state.phase is Phase.HAND and state.hand_from_pile and not state.deck.stars[state.hand]


def verify_discard(state: PaperSafariState) -> None:
    """Only a card drawn from the pile may be discarded, and not a ★ card."""
    if not state.hand_from_pile:
        raise IllegalAction(
            "a card taken from the discard must be used: swap it with one of your cards",
            domain="paper_safari",
        )
    if state.deck.stars[state.hand]:
        raise IllegalAction(
            "a drawn ★ card must be used: {card} cannot be discarded",
            domain="paper_safari",
            card=CardName.of(state.deck.kinds[state.hand]),
        )


def draw(state: PaperSafariState, action: Draw) -> list[Event]:
    """The top card of the pile comes into the player's hand ("A turn" 1 and 2)."""
    card = state.pile.pop()
    take_in_hand(state, card, from_pile=True)
    drawn: DrawStep = {"step": "draw", "card": state.deck.ids[card]} if state.hand_public else {"step": "draw"}
    state.turn_steps = [drawn]
    return [ev.CardDrawn(state.player, state.deck.kinds[card], state.hand_public)]


def take_discard(state: PaperSafariState, action: TakeDiscard) -> list[Event]:
    """The top card of the discard pile comes into the player's hand; it must be used ("A turn" 3)."""
    card = state.discard.pop()
    take_in_hand(state, card, from_pile=False)
    state.turn_steps = [{"step": "take_discard", "card": state.deck.ids[card]}]
    return [ev.DiscardTaken(state.player, state.deck.kinds[card])]


def take_in_hand(state: PaperSafariState, card: int, from_pile: bool) -> None:
    """A card brought into play: its effect starts (★ cards at once)."""
    state.hand = card
    state.hand_from_pile = from_pile
    effect = state.deck.effects[card]
    # Team Rocket (its coin) and Mew (its choices) are shown to everybody at once.
    state.hand_public = not from_pile or effect in SHOWN_AT_ONCE
    if effect is Effect.TEAM_ROCKET:
        state.phase = Phase.COIN
        state.to_play = CHANCE
    elif effect is Effect.MEW:
        state.phase = Phase.MEW_OPPONENT
    else:
        state.phase = Phase.HAND


def swap(state: PaperSafariState, action: Swap) -> list[Event]:
    """The card in hand goes face up into a place; the card there goes onto the discard pile, and the swapped-in card's
    effect follows ("A turn", "Special cards")."""
    player = state.player
    position = action.position
    card = state.hand
    replaced = place(state, player, position, card)
    state.hand = -1
    kinds = state.deck.kinds
    effect = state.deck.effects[card] if state.phase == Phase.HAND else Effect.NONE
    if effect is Effect.ZAPDOS:
        return [ev.CardSwapped(player, position, kinds[card], kinds[replaced]), *zapdos(state, position, replaced)]
    state.discard.append(replaced)
    events: list[Event] = [ev.CardSwapped(player, position, kinds[card], kinds[replaced])]
    state.effect_card = card
    state.turn_steps = [*state.turn_steps, {"step": "swap", "position": POSITIONS[position], "card": kinds[card].id}]
    if effect is Effect.CHARIZARD and face_down_positions(state, player):
        state.phase = Phase.PEEK
    elif effect is Effect.SNORLAX:
        state.phase = Phase.SNORLAX
    else:
        end_turn(state, events)
    return events


def discard(state: PaperSafariState, action: Discard) -> list[Event]:
    """A drawn card goes straight onto the discard pile ("A turn" 2)."""
    card = state.hand
    state.discard.append(card)
    state.hand = -1
    events: list[Event] = [ev.CardDiscarded(state.player, state.deck.kinds[card])]
    end_turn(state, events)
    return events


def verify_reshuffle(state: PaperSafariState, cards: tuple[str, ...]) -> None:
    """A reshuffle orders the discard pile but its top card ("A turn": the pile runs out)."""
    verify_cards(
        state,
        cards,
        state.discard[:-1],
        AsobibaError("a reshuffle orders the discard pile but its top card", domain="paper_safari"),
    )


def reshuffle(state: PaperSafariState, action: Reshuffle) -> list[Event]:
    """The new pile; the discard pile keeps its top card ("A turn": the pile runs out)."""
    index = state.deck.index
    state.pile = [index[card_id] for card_id in reversed(action.cards)]
    state.discard = state.discard[-1:]
    state.pile_public = True
    events: list[Event] = [ev.PileReshuffled(len(state.pile))]
    if state.refill_waiting:
        refill(state, events)
    else:
        state.phase = Phase.TURN
        state.to_play = state.player
    return events
