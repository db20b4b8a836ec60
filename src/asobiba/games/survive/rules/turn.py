"""The order of play (rules/survive.en.md "A turn"): a turn's beginning, its steps in order — play a
kept tile, move, remove a tile, roll the die — and its end; the players in turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.data import MOVE_POINTS
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import has_explorers
from asobiba.games.survive.rules.tiles import playable_tiles
from asobiba.games.survive.steps import set_phase

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState


def next_player(state: SurviveState, player: int) -> int:
    """The player after ``player``, clockwise."""
    return (player + 1) % state.players


def others_in_turn_order(state: SurviveState, player: int) -> list[int]:
    """The other players, clockwise from ``player``."""
    return [(player + i) % state.players for i in range(1, state.players)]


def begin_turn(state: SurviveState) -> list[Event]:
    """A turn begins: 3 move points; a player with nothing to move or play skips moving ("A turn")."""
    state.turn += 1
    state.points = MOVE_POINTS
    state.turn_moves = []
    state.swum = 0
    state.fresh = True
    state.die = None
    set_phase(state, Phase.MOVE)
    events: list[Event] = [ev.TurnBegan(state.current, state.turn)]
    # A player with no explorer on the board skips moving (but may still play a held tile).
    if not has_explorers(state, state.current) and not playable_tiles(state, state.current):
        set_phase(state, Phase.REMOVE_TILE)
    return events


def after_move(state: SurviveState) -> None:
    """A move point was spent: the movement step goes on while points and explorers are left."""
    state.fresh = False
    if state.phase == Phase.MOVE and (state.points <= 0 or not has_explorers(state, state.current)):
        set_phase(state, Phase.REMOVE_TILE)


def back_to_moving(state: SurviveState) -> None:
    """A held tile's move is over: back to the movement step."""
    set_phase(state, Phase.MOVE)
    if not has_explorers(state, state.current):
        set_phase(state, Phase.REMOVE_TILE)


def verify_end_moves(state: SurviveState) -> None:
    """Using fewer than 3 points is fine: the movement step may end ("A turn" 2)."""
    if state.phase != Phase.MOVE:
        raise IllegalAction("there is no movement step to end now", domain="survive")


def end_moves(state: SurviveState) -> list[Event]:
    """The movement step ends; the tile removal follows ("A turn" 3)."""
    events: list[Event] = [ev.MovesEnded(state.current, state.points)]
    set_phase(state, Phase.REMOVE_TILE)
    return events


def end_turn(state: SurviveState) -> list[Event]:
    """The turn passes clockwise (unless the game is over)."""
    if state.phase == Phase.OVER:
        return []
    state.current = next_player(state, state.current)
    return begin_turn(state)


def verify_stop(state: SurviveState) -> None:
    """A creature, the dolphin or the winds may stop short of their reach ("A turn" 4, "The tiles")."""
    if state.phase in (Phase.CREATURE, Phase.DOLPHIN, Phase.WINDS):
        return
    raise IllegalAction("there is no move to stop now", domain="survive")


def stop(state: SurviveState) -> list[Event]:
    """A creature stopping ends the turn; the dolphin or the winds stopping returns to the movement step."""
    if state.phase == Phase.CREATURE:
        return end_turn(state)
    back_to_moving(state)
    return []
