"""The special cards (rules/paper_safari.en.md "Special cards"): Charizard's peek, Snorlax's
exchange, Mew's take, Zapdos' push round the table, and Team Rocket's coin and refill. A special
card works only when brought into play from the pile or the discard pile."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.actions import (
    COINS,
    EXCHANGES,
    MEW_CHOICES,
    PEEKS,
    SKIP,
    Coin,
    Exchange,
    MewChoose,
    MewPlace,
    MewTake,
    Peek,
    Rocket,
    Skip,
)
from asobiba.games.paper_safari.data import POSITIONS
from asobiba.games.paper_safari.grid import slot
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules.cards import face_down_positions, place
from asobiba.games.paper_safari.rules.end import end_turn
from asobiba.games.paper_safari.view import CoinFace, TakeStep

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState

#: Snorlax: an exchange of two positions, or nothing.
SNORLAX_ACTIONS = (*EXCHANGES, SKIP)
#: Mew's choices of opponent, per (players, player).
MEW_OPPONENTS = {
    (players, player): tuple(MEW_CHOICES[other] for other in range(players) if other != player)
    for players in range(2, 6)
    for player in range(players)
}


def peek_actions(state: PaperSafariState) -> list[Action]:
    """Charizard: a look at one of the player's face-down cards, or nothing."""
    return [*(PEEKS[position] for position in face_down_positions(state, state.player)), SKIP]


def coin_outcomes() -> list[tuple[Action, float]]:
    """Team Rocket's coin: Pikachu or Meowth, even chances."""
    return [(face, 0.5) for face in COINS]


def flip_coin(rng: random.Random) -> Action:
    """A flip of Team Rocket's coin."""
    return rng.choice(COINS)


def zapdos(state: PaperSafariState, position: int, displaced: int) -> list[Event]:
    """The displaced card goes left to the same position, and so on; the last one to the bottom
    of the discard pile."""
    events: list[Event] = []
    kinds = state.deck.kinds
    giver = state.player
    receiver = (giver + 1) % state.players
    while receiver != state.player:
        events.append(ev.CardPassedLeft(giver, receiver, position, kinds[displaced]))
        displaced = place(state, receiver, position, displaced)
        giver, receiver = receiver, (receiver + 1) % state.players
    state.discard.insert(0, displaced)
    events.append(ev.CardToDiscardBottom(giver, position, kinds[displaced]))
    end_turn(state, events)
    return events


def verify_peek(state: PaperSafariState, position: int) -> None:
    """Charizard looks at a face-down card ("Special cards": Charizard)."""
    if state.face_up[slot(state.player, position)]:
        raise IllegalAction(
            "Charizard looks at a face-down card: {position} is face up",
            domain="paper_safari",
            position=POSITIONS[position],
        )


def peek(state: PaperSafariState, action: Peek) -> list[Event]:
    """Charizard: only the player learns the card, which stays face down ("Special cards")."""
    player = state.player
    state.peeked[player] |= 1 << action.position
    card = state.deck.kinds[state.cards[slot(player, action.position)]]
    events: list[Event] = [ev.CardPeeked(player, action.position, card)]
    end_turn(state, events)
    return events


def skip(state: PaperSafariState, action: Skip) -> list[Event]:
    """Charizard's or Snorlax's effect is left unused: the turn ends."""
    events: list[Event] = [ev.EffectSkipped(state.player, state.deck.kinds[state.effect_card])]
    end_turn(state, events)
    return events


def exchange(state: PaperSafariState, action: Exchange) -> list[Event]:
    """Snorlax: two of the player's places exchange their cards, each face up or down as it was ("Special cards")."""
    player = state.player
    first, second = slot(player, action.first), slot(player, action.second)
    cards, up = state.cards, state.face_up
    cards[first], cards[second] = cards[second], cards[first]
    up[first], up[second] = up[second], up[first]
    mask = state.peeked[player]
    bit_first, bit_second = (mask >> action.first) & 1, (mask >> action.second) & 1
    mask &= ~((1 << action.first) | (1 << action.second))
    state.peeked[player] = mask | (bit_first << action.second) | (bit_second << action.first)
    events: list[Event] = [ev.PositionsExchanged(player, action.first, action.second)]
    end_turn(state, events)
    return events


def verify_mew_choice(state: PaperSafariState, opponent: int) -> None:
    """Mew is used on an opponent ("Special cards": Mew)."""
    if opponent == state.player:
        raise IllegalAction(
            "Mew must be used on an opponent: p{player} is not one", domain="paper_safari", player=opponent
        )


def mew_choose(state: PaperSafariState, action: MewChoose) -> list[Event]:
    """Mew: the player names the opponent whose card he takes ("Special cards")."""
    state.mew_opponent = action.opponent
    state.hand_public = True
    state.turn_steps = [*state.turn_steps, {"step": "opponent", "player": action.opponent}]
    state.phase = Phase.MEW_TAKE
    return [ev.MewPlayed(state.player, action.opponent)]


def mew_take(state: PaperSafariState, action: MewTake) -> list[Event]:
    """Mew takes the card's place, face up; the taken card is shown to everybody."""
    taken = place(state, state.mew_opponent, action.position, state.hand)
    state.hand = taken
    state.phase = Phase.MEW_PLACE
    taking: TakeStep = {"step": "take", "position": POSITIONS[action.position], "card": state.deck.ids[taken]}
    state.turn_steps = [*state.turn_steps, taking]
    return [ev.MewTookCard(state.player, state.mew_opponent, action.position, state.deck.kinds[taken])]


def mew_place(state: PaperSafariState, action: MewPlace) -> list[Event]:
    """Mew: the taken card goes face up into one of the player's places; the card it replaces to the discard pile
    ("Special cards")."""
    card = state.hand
    replaced = place(state, state.player, action.position, card)
    state.discard.append(replaced)
    state.hand = -1
    kinds = state.deck.kinds
    events: list[Event] = [ev.MewPlacedCard(state.player, action.position, kinds[card], kinds[replaced])]
    end_turn(state, events)
    return events


def coin(state: PaperSafariState, action: Coin) -> list[Event]:
    """Team Rocket's coin: Pikachu, everybody discards a place; Meowth, Team Rocket is swapped in ("Special cards")."""
    state.phase = Phase.ROCKET if action.face == "pikachu" else Phase.MEOWTH
    face: CoinFace = "pikachu" if action.face == "pikachu" else "meowth"
    state.turn_steps = [*state.turn_steps, {"step": "coin", "face": face}]
    state.to_play = state.player
    return [ev.CoinFlipped(state.player, action.face)]


def rocket(state: PaperSafariState, action: Rocket) -> list[Event]:
    """Pikachu face: Team Rocket and the position of every player go to the bottom of the discard
    pile, Team Rocket lowest of all, then the players' cards in turn order from the player (so
    Team Rocket never comes straight back on top); then each, from the player on, refills it."""
    position = action.position
    kinds = state.deck.kinds
    order = [(state.player + offset) % state.players for offset in range(state.players)]
    packet = [state.hand]
    events: list[Event] = [ev.CardToDiscardBottom(state.player, None, kinds[state.hand])]
    for player in order:
        where = slot(player, position)
        packet.append(state.cards[where])
        events.append(ev.CardToDiscardBottom(player, position, kinds[state.cards[where]]))
        state.cards[where] = -1
        state.face_up[where] = False
        state.peeked[player] &= ~(1 << position)
    state.hand = -1
    # The packet, Team Rocket lowest, goes under the discard pile as it is.
    state.discard[:0] = packet
    state.refill_position = position
    state.refill_waiting = order
    refill(state, events)
    return events


def refill(state: PaperSafariState, events: list[Event]) -> None:
    """Team Rocket's refill: from the player on, everybody draws into the emptied place (the pile made again if it runs
    out)."""
    while state.refill_waiting:
        if not state.pile:
            state.phase = Phase.RESHUFFLE
            state.to_play = CHANCE
            return
        player = state.refill_waiting.pop(0)
        card = state.pile.pop()
        place(state, player, state.refill_position, card)
        events.append(ev.CardRefilled(player, state.refill_position, state.deck.kinds[card]))
    state.refill_position = -1
    end_turn(state, events)
