"""Setup (rules/paper_safari.en.md "Setup"): the round's starter (chance, or the option
``first_player`` for the first round), the deal (the option ``card_order`` fixes the first one),
and each player turning one of his cards face up."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.events import Event
from asobiba.core.shuffle import shuffle
from asobiba.core.state import Action
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.actions import FLIPS, STARTS, Deal, Flip, Start
from asobiba.games.paper_safari.data import POSITIONS
from asobiba.games.paper_safari.grid import GRID, slot
from asobiba.games.paper_safari.phase import Phase
from asobiba.games.paper_safari.rules.cards import face_down_positions, verify_cards, verify_place

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def setup_outcomes(state: PaperSafariState) -> list[tuple[Action, float]]:
    """The starter, drawn at random unless ``first_player`` names him; a deal fixed by ``card_order``."""
    if state.phase == Phase.START:
        if state.first_player is not None:
            return [(STARTS[state.first_player], 1.0)]
        return [(STARTS[player], 1 / state.players) for player in range(state.players)]
    if state.phase == Phase.DEAL and state.card_order is not None:
        return [(Deal(state.card_order), 1.0)]
    return []


def sample_setup(state: PaperSafariState, rng: random.Random) -> Action:
    """The starter of the first round, or a shuffled deck (the first one as ``card_order`` fixes it)."""
    if state.phase == Phase.START:
        if state.first_player is not None:
            return STARTS[state.first_player]
        return STARTS[rng.randrange(state.players)]
    if state.card_order is not None:
        return Deal(state.card_order)
    order = list(state.deck.cards)
    shuffle(rng, order)
    ids = state.deck.ids
    return Deal(tuple(ids[card] for card in order))


def flip_actions(state: PaperSafariState) -> list[Action]:
    """Each of the flipping player's face-down cards ("Setup" 2)."""
    return [FLIPS[position] for position in face_down_positions(state, state.player)]


def verify_start(state: PaperSafariState, player: int) -> None:
    """The option ``first_player`` fixes who starts the first round ("Setup" 3)."""
    if state.first_player is not None and player != state.first_player:
        raise IllegalAction(
            "the option first_player fixes who starts: p{player}", domain="paper_safari", player=state.first_player
        )


def verify_deal(state: PaperSafariState, cards: tuple[str, ...]) -> None:
    """A deal orders the whole deck (the first one as ``card_order`` fixes it) ("Setup" 1)."""
    verify_cards(state, cards, state.deck.cards, AsobibaError("a deal orders the whole deck", domain="paper_safari"))
    if state.card_order is not None and cards != state.card_order:
        raise IllegalAction("the option card_order fixes the first deal: it must be that order", domain="paper_safari")


def start(state: PaperSafariState, action: Start) -> list[Event]:
    """The starter of the round is chosen ("Setup" 3); the deal follows."""
    state.starter = action.player
    state.phase = Phase.DEAL
    return [ev.StartingPlayerChosen(action.player)]


def deal(state: PaperSafariState, action: Deal) -> list[Event]:
    """Setup 1: the top card starts the discard pile, six cards face down to each player."""
    index = state.deck.index
    order = [index[card_id] for card_id in action.cards]
    state.card_order = None
    count = GRID * state.players
    state.discard = [order[0]]
    if len(state.places) == GRID:
        state.cards = order[1 : count + 1]
        state.face_up = [False] * count
    else:
        # Research option columns: the cards go to the grid's places in order, the other places stay empty
        # (no card, counted face up: they never wait to be turned).
        dealt = len(state.places) * state.players
        state.cards, state.face_up = [-1] * count, [True] * count
        for where, card in zip(
            (slot(player, position) for player in range(state.players) for position in state.places),
            order[1 : dealt + 1],
            strict=True,
        ):
            state.cards[where], state.face_up[where] = card, False
        count = dealt
    state.peeked = [0] * state.players
    state.pile = order[count + 1 :][::-1]
    state.pile_public = False
    state.final_left = -1
    state.turns = 0
    state.hand = -1
    # Setup 2: every player, in turn order from the starter, turns one card face up.
    state.flips_left = state.players
    state.player = state.starter
    state.phase = Phase.FLIP
    state.to_play = state.starter
    return [ev.RoundDealt(state.round, state.starter, state.deck.kinds[order[0]])]


def verify_flip(state: PaperSafariState, position: int) -> None:
    """Only a face-down card is turned face up ("Setup" 2)."""
    verify_place(state, position)
    if state.face_up[slot(state.player, position)]:
        raise IllegalAction("{position} is already face up", domain="paper_safari", position=POSITIONS[position])


def flip(state: PaperSafariState, action: Flip) -> list[Event]:
    """The player turns one of his cards face up; the next one flips, then the first turn begins ("Setup" 2)."""
    player = state.player
    where = slot(player, action.position)
    state.face_up[where] = True
    state.flips_left -= 1
    state.player = (player + 1) % state.players
    if state.flips_left == 0:
        state.phase = Phase.TURN
    state.to_play = state.player
    return [ev.CardFlipped(player, action.position, state.deck.kinds[state.cards[where]])]
