"""What each player sees (rules/paper_safari.en.md "Who may know what"): the grids (face-down cards
hidden, but the ones he peeked at), the card in hand to its holder (or to all once shown), the
discard pile, and the pile's cards after a reshuffle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.games.paper_safari.data import POSITIONS
from asobiba.games.paper_safari.grid import GRID, slot
from asobiba.games.paper_safari.phase import PENDING_KINDS, Phase
from asobiba.games.paper_safari.rules.turn import may_discard
from asobiba.games.paper_safari.view import PaperSafariPending, PaperSafariView, RoundEntry

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def view(state: PaperSafariState, player: int | None) -> PaperSafariView:
    """The match as ``player`` may know it (``None``: a spectator) ("Who may know what")."""
    ids = state.deck.ids
    grids: list[list[str | None]] = []
    for owner in range(state.players):
        row: list[str | None] = []
        for position in range(GRID):
            where = slot(owner, position)
            card = state.cards[where]
            row.append(ids[card] if card >= 0 and state.face_up[where] else ("" if card < 0 else None))
        grids.append(row)
    known: dict[str, str] = {}
    if player is not None:
        mask = state.peeked[player]
        for position in range(GRID):
            if mask >> position & 1:
                known[POSITIONS[position]] = ids[state.cards[slot(player, position)]]
    hand_visible = hand_visible_to(state, player)
    pile_cards = None
    if state.pile_public:
        hidden = state.pile + ([state.hand] if state.hand >= 0 and not hand_visible else [])
        pile_cards = [ids[card] for card in sorted(hidden)]
    in_turn = state.phase not in (Phase.START, Phase.DEAL, Phase.OVER)
    return {
        "round": state.round,
        "starter": state.starter,
        "current": state.player if in_turn else None,
        "turn": state.turns,
        "positions": list(POSITIONS),
        "grids": grids,
        "known": known,
        "discard": [ids[card] for card in state.discard],
        "discard_top": ids[state.discard[-1]] if state.discard else None,
        "discard_size": len(state.discard),
        "pile_size": len(state.pile),
        "pile_cards": pile_cards,
        "hand": ids[state.hand] if hand_visible else None,
        "hand_holder": state.player if state.hand >= 0 else None,
        "hand_from": None if state.hand < 0 else ("pile" if state.hand_from_pile else "discard"),
        "mew_opponent": state.mew_opponent if state.phase in (Phase.MEW_TAKE, Phase.MEW_PLACE) else None,
        "refill": (
            {"position": POSITIONS[state.refill_position], "waiting": list(state.refill_waiting)}
            if state.refill_waiting
            else None
        ),
        "final_turns_left": state.final_left if state.final_left >= 0 else None,
        "tokens": list(state.tokens),
        "tokens_to_win": state.tokens_to_win,
        "rounds": [_round_copy(entry) for entry in state.rounds],
        "cards": {card_id: line.copy() for card_id, line in state.deck.table.items()},
    }


def pending(state: PaperSafariState, viewer: int | None) -> PaperSafariPending:
    """The decision the player to move faces, and the steps of his turn so far; a drawn card only to who sees it."""
    pending: PaperSafariPending = {"kind": PENDING_KINDS[state.phase], "steps": list(state.turn_steps)}
    match state.phase:
        case Phase.HAND:
            # Whether a drawn card may be discarded tells whether it is a ★ card: only for who sees it.
            visible = hand_visible_to(state, viewer)
            pending["card"] = state.deck.ids[state.hand] if visible else None
            pending["source"] = "pile" if state.hand_from_pile else "discard"
            pending["may_discard"] = may_discard(state) if visible else None
        case Phase.MEW_TAKE | Phase.MEW_PLACE:
            pending["opponent"] = state.mew_opponent
    return pending


def hand_visible_to(state: PaperSafariState, viewer: int | None) -> bool:
    """Whether ``viewer`` sees the card in hand: its holder, or everybody once it was shown."""
    return state.hand >= 0 and (state.hand_public or viewer == state.player)


def _round_copy(entry: RoundEntry) -> RoundEntry:
    """A finished round's record (JSON-ready already: numbers, texts, lists) copied for a view,
    as ``to_json`` would copy it but without its generic walk (a view is built after many moves)."""
    return {
        "round": entry["round"],
        "starter": entry["starter"],
        "scores": list(entry["scores"]),
        "numbers": [list(counted) for counted in entry["numbers"]],
        "winner": entry["winner"],
        "grids": [list(grid) for grid in entry["grids"]],
        "tokens": list(entry["tokens"]),
    }
