"""Helpers for the Paper Safari tests: scripted deals and actions in notation (fixture ``ps``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from asobiba.core.events import Event
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.data import deck_from_option
from asobiba.games.paper_safari.rules import PaperSafariState


def card_order(
    grids: Sequence[Sequence[str]],
    discard: str,
    pile: Sequence[str] = (),
    deck: Any = "pokemon56",
) -> list[str]:
    """The whole deck in deal order: the starting discard, the grids (a1 a2 a3 b1 b2 b3 of p0, p1,
    …), the given top of the pile, then the rest of the deck in table order."""
    chosen = [discard, *(card for grid in grids for card in grid), *pile]
    rest = Counter(deck_from_option(deck).ids[card] for card in deck_from_option(deck).cards)
    rest.subtract(chosen)
    assert all(count >= 0 for count in rest.values()), f"more cards than the deck holds: {rest}"
    table_order = deck_from_option(deck).ids
    return chosen + [card for card in table_order for _ in range(rest[card])]


def deal(
    grids: Sequence[Sequence[str]],
    discard: str = "eevee",
    pile: Sequence[str] = (),
    starter: int = 0,
    flips: Sequence[str] | None = None,
    **options: Any,
) -> PaperSafariState:
    """A scripted game dealt exactly so; ``flips`` (one per player in turn order) does the setup."""
    order = card_order(grids, discard, pile, options.get("deck", "pokemon56"))
    state = GAME.new_game(len(grids), seed=0, chance="scripted", card_order=order, **options)
    assert isinstance(state, PaperSafariState)
    state.apply(GAME.parse_action(f"start p{starter}", state))
    state.apply(state.legal_actions()[0])
    if flips is not None:
        play(state, *(f"flip {position}" for position in flips))
    return state


def play(state: PaperSafariState, *texts: str) -> list[Event]:
    """Apply actions written in notation; return all their events."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(GAME.parse_action(text, state)))
    return events


def grid(state: PaperSafariState, player: int) -> list[str | None]:
    """A player's six cards as a spectator sees them (``None``: face down)."""
    return list(state.view(None)["grids"][player])


def cards(state: PaperSafariState, player: int) -> list[str]:
    """A player's six cards, face up or not (the true state)."""
    return [state.deck.ids[card] for card in state.cards[player * 6 : player * 6 + 6]]


def legal(state: PaperSafariState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


@pytest.fixture
def ps() -> SimpleNamespace:
    return SimpleNamespace(deal=deal, play=play, grid=grid, cards=cards, legal=legal, card_order=card_order, game=GAME)
