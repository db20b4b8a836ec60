"""Helpers for the Paper Safari tests (fixture ``ps``): positions built with the public builders
of :mod:`asobiba.games.paper_safari.positions`, and actions in notation."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from asobiba.core.events import Event
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.positions import card_order, cards_of, position
from asobiba.games.paper_safari.state import PaperSafariState


def play(state: PaperSafariState, *texts: str) -> list[Event]:
    """Apply actions written in notation; return all their events."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(GAME.parse_action(text, state)))
    return events


def grid(state: PaperSafariState, player: int) -> list[str | None]:
    """A player's six cards as a spectator sees them (``None``: face down)."""
    return list(state.view(None)["grids"][player])


def legal(state: PaperSafariState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


@pytest.fixture
def ps() -> SimpleNamespace:
    return SimpleNamespace(
        deal=position, play=play, grid=grid, cards=cards_of, legal=legal, card_order=card_order, game=GAME
    )
