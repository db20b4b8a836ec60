"""The cards and the grids (rules/paper_safari.en.md "Components" and "A turn"): a player's places,
a card put face up in one, and the cards an action names, each checked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from asobiba.core.errors import AsobibaError, IllegalAction
from asobiba.core.state import Action
from asobiba.games.paper_safari.data import POSITIONS
from asobiba.games.paper_safari.grid import GRID, slot

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def verify_position(action: Action, position: int) -> None:
    """A position is one of a player's six places, a1 a2 a3 b1 b2 b3 (0 to 5)."""
    if not 0 <= position < len(POSITIONS):
        raise IllegalAction(
            "'{action}': a position is a1 a2 a3 b1 b2 b3 (0 to 5), not {position}",
            domain="paper_safari",
            action=str(action),
            position=position,
        )


def verify_place(state: PaperSafariState, position: int) -> None:
    """A position is a place of the grid (all six but with the research option ``columns``)."""
    if position not in state.places:
        raise IllegalAction(
            "{position} is not a place of this grid; its places are {places}",
            domain="paper_safari",
            position=POSITIONS[position],
            places=" ".join(POSITIONS[place] for place in state.places),
        )


def quoted(text: str) -> str:
    """A text as an error message quotes it, cut short if long."""
    return repr(text if len(text) <= 40 else text[:40] + "…")


def face_down_positions(state: PaperSafariState, player: int) -> list[int]:
    """The positions (0–5) of ``player``'s face-down cards."""
    return [position for position in range(GRID) if not state.face_up[slot(player, position)]]


def place(state: PaperSafariState, player: int, position: int, card: int) -> int:
    """Put ``card`` face up at ``position``; return the card that was there."""
    where = slot(player, position)
    replaced = state.cards[where]
    state.cards[where] = card
    state.face_up[where] = True
    state.peeked[player] &= ~(1 << position)
    return replaced


def verify_cards(state: PaperSafariState, ids: Sequence[str], cards: Sequence[int], what: AsobibaError) -> None:
    """``ids`` name exactly the cards ``cards`` (each as often), or the refusal says ``what`` was expected."""
    index = state.deck.index
    unknown = [card_id for card_id in ids if card_id not in index]
    if unknown:
        raise IllegalAction(
            "{what}; {card} is not a card of this deck", domain="paper_safari", what=what, card=quoted(unknown[0])
        )
    if sorted(index[card_id] for card_id in ids) != sorted(cards):
        raise IllegalAction(
            "{what}: {count} cards, each exactly as often as it is there",
            domain="paper_safari",
            what=what,
            count=len(cards),
        )
