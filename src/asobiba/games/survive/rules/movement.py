"""Moving explorers and boats (rules/survive.en.md "A turn" 2; the seed 4-② and 5): the movement
step's 3 move points, and the dolphin and favourable-winds tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import (
    BOARD,
    END_MOVES,
    ESCAPE,
    EXPLORER_STEP_TO,
    EXPLORER_STEPS,
    MOVE_EXPLORER,
    PLAY_TILE,
    SAIL,
    SAIL_TO,
    STOP,
)
from asobiba.games.survive.board import CELL_NAMES, IS_ESCAPE, IS_ISLAND, NEIGHBOUR_SETS
from asobiba.games.survive.data import SERPENT, WHALE, explorer_name
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import (
    IN_PLAY,
    NOWHERE,
    ON_BOAT,
    ON_LAND,
    RESCUED,
    SWIMMING,
    capsize,
    climb,
    controllers,
    controls,
    enter_sea,
    has_explorers,
    has_room,
    has_swum,
    leave_boat,
    mark_swum,
    may_move_boat,
    own_swimmers,
    sail_targets,
    sea_steps,
    sink,
    verify_own_explorer,
)
from asobiba.games.survive.rules.tiles import board_boat_tile, playable_tiles, verify_boat_tile_boarding
from asobiba.games.survive.rules.turn import after_move, back_to_moving
from asobiba.games.survive.steps import DolphinRide, WindsSail, await_step, pending_step

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState


def move_actions(state: SurviveState, player: int) -> list[Action]:
    """The movement step: a held tile first, then one move point's step, or the end."""
    actions: list[Action] = [END_MOVES]
    if state.fresh:
        actions.extend(PLAY_TILE[effect] for effect in playable_tiles(state, player))
    if state.points <= 0 or not has_explorers(state, player):
        return actions
    status, cells, tile_at, boat_at, swum = state.ex_status, state.ex_cell, state.tile_at, state.boat_at, state.swum
    for e in state.explorers_of[player]:
        where = status[e]
        if where == ON_LAND:
            actions += EXPLORER_STEPS[e][cells[e]]
        elif where == ON_BOAT:
            cell = cells[e]
            if IS_ESCAPE[cell]:
                actions.append(ESCAPE[e])
            steps = EXPLORER_STEP_TO[e][cell]
            if not swum >> e & 1:
                actions += [move for n, move in steps if tile_at[n] < 0]
            else:  # having swum onto this boat, it may still step onto another boat: no second swim
                actions += [
                    move for n, move in steps if tile_at[n] < 0 and boat_at[n] >= 0 and has_room(state, boat_at[n])
                ]
        elif where == SWIMMING and not swum >> e & 1:
            cell = cells[e]
            if IS_ESCAPE[cell]:
                actions.append(ESCAPE[e])
            boat = boat_at[cell]
            if boat >= 0 and has_room(state, boat):
                actions.append(BOARD[e])
            actions += [move for n, move in EXPLORER_STEP_TO[e][cell] if tile_at[n] < 0]
    passengers = state.boat_passengers
    for boat, cell in enumerate(state.boat_cell):
        if cell >= 0 and (not passengers[boat] or controls(state, player, boat)):
            actions += [sail for n, sail in SAIL_TO[cell] if tile_at[n] < 0 and boat_at[n] < 0]
    return actions


def dolphin_actions(state: SurviveState, player: int) -> list[Action]:
    """The dolphin's next step for one of the player's swimmers, or ``stop`` ("The tiles": the dolphin)."""
    ride = pending_step(state, DolphinRide)
    actions: list[Action] = [STOP]
    explorers = [ride.explorer] if ride.explorer is not None else own_swimmers(state, player)
    for e in explorers:
        actions.extend(MOVE_EXPLORER[e][n] for n in sea_steps(state, state.ex_cell[e]))
    return actions


def winds_actions(state: SurviveState, player: int) -> list[Action]:
    """Favourable winds' next step for a boat the player controls, or ``stop`` ("The tiles": favourable winds)."""
    sail = pending_step(state, WindsSail)
    actions: list[Action] = [STOP]
    if sail.at is not None:
        cells = [sail.at]
    else:
        cells = [c for b, c in enumerate(state.boat_cell) if c >= 0 and player in controllers(state, b)]
    for cell in cells:
        actions.extend(SAIL[cell, n] for n in sail_targets(state, cell))
    return actions


def verify_move_point(state: SurviveState, player: int) -> None:
    """Every step costs 1 of the 3 move points; a player with no explorer on the board skips moving ("A turn" 2)."""
    if state.points <= 0:
        raise IllegalAction("no move points are left", domain="survive")
    if not has_explorers(state, player):
        raise IllegalAction("no explorer of yours is on the board", domain="survive")


def verify_explorer_move(state: SurviveState, player: int, e: int, cell: int) -> None:
    """An explorer steps to a space next to it; one that left the land never returns; a swimmer moves once a turn ("A
    turn" 2)."""
    phase = state.phase
    if phase not in (Phase.MOVE, Phase.DOLPHIN):
        raise IllegalAction("explorers move in the movement step", domain="survive")
    verify_own_explorer(state, player, e)
    where = state.ex_status[e]
    here = state.ex_cell[e]
    if where not in IN_PLAY:
        raise IllegalAction("{explorer} is not on the board", domain="survive", explorer=explorer_name(e))
    if cell not in NEIGHBOUR_SETS[here] or IS_ISLAND[cell]:
        raise IllegalAction(
            "{cell} is not next to {explorer} ({here})",
            domain="survive",
            cell=CELL_NAMES[cell],
            explorer=explorer_name(e),
            here=CELL_NAMES[here],
        )
    if phase == Phase.DOLPHIN:
        verify_dolphin_step(state, e, cell)
        return
    verify_move_point(state, player)
    if where != ON_LAND and state.tile_at[cell] >= 0:
        raise IllegalAction(
            "{explorer} has left the land and never returns to a land tile",
            domain="survive",
            explorer=explorer_name(e),
        )
    if where == SWIMMING and has_swum(state, e):
        raise IllegalAction(
            "{explorer} has already swum this turn (a swimmer moves one space per turn)",
            domain="survive",
            explorer=explorer_name(e),
        )
    if (
        where == ON_BOAT
        and has_swum(state, e)
        and not (state.boat_at[cell] >= 0 and has_room(state, state.boat_at[cell]))
    ):
        raise IllegalAction(
            "{explorer} swam onto this boat this turn: it may step onto another boat with room, escape or be "
            "carried, but not swim again",
            domain="survive",
            explorer=explorer_name(e),
        )


def verify_dolphin_step(state: SurviveState, e: int, cell: int) -> None:
    """The dolphin carries one swimmer through sea spaces ("The tiles": the dolphin)."""
    ride = pending_step(state, DolphinRide)
    if state.ex_status[e] != SWIMMING:
        raise IllegalAction(
            "the dolphin carries a swimmer; {explorer} is not swimming",
            domain="survive",
            explorer=explorer_name(e),
        )
    if ride.explorer is not None and ride.explorer != e:
        raise IllegalAction(
            "the dolphin is carrying {explorer}", domain="survive", explorer=explorer_name(ride.explorer)
        )
    if state.tile_at[cell] >= 0:
        raise IllegalAction("a swimmer never returns to a land tile", domain="survive")


def verify_boarding(state: SurviveState, player: int, e: int) -> None:
    """A swimmer climbs onto a boat with room on his space, as his move of the turn ("A turn" 2)."""
    if state.phase == Phase.BOAT_TILE:
        verify_boat_tile_boarding(state, e)
        return
    if state.phase != Phase.MOVE:
        raise IllegalAction("swimmers board boats in the movement step", domain="survive")
    verify_own_explorer(state, player, e)
    if state.points <= 0:
        raise IllegalAction("no move points are left", domain="survive")
    if state.ex_status[e] != SWIMMING:
        raise IllegalAction("{explorer} is not swimming", domain="survive", explorer=explorer_name(e))
    if has_swum(state, e):
        raise IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))
    boat = state.boat_at[state.ex_cell[e]]
    if boat < 0:
        raise IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[state.ex_cell[e]])
    if not has_room(state, boat):
        raise IllegalAction(
            "the boat on {cell} is full (3 explorers)", domain="survive", cell=CELL_NAMES[state.ex_cell[e]]
        )


def verify_escape(state: SurviveState, player: int, e: int) -> None:
    """An explorer on a boat, or a swimmer, on an escape space reaches the safe island ("A turn" 2: Escape)."""
    if state.phase != Phase.MOVE:
        raise IllegalAction("escaping is a move of the movement step", domain="survive")
    verify_own_explorer(state, player, e)
    if state.points <= 0:
        raise IllegalAction("no move points are left", domain="survive")
    if state.ex_status[e] not in (ON_BOAT, SWIMMING) or not IS_ESCAPE[state.ex_cell[e]]:
        raise IllegalAction(
            "{explorer} is not on a boat or swimming in an escape space",
            domain="survive",
            explorer=explorer_name(e),
        )
    if state.ex_status[e] == SWIMMING and has_swum(state, e):
        raise IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))


def verify_sail(state: SurviveState, player: int, source: int, target: int) -> None:
    """A boat moves one sea space per point, never onto another boat; an empty one or one the player controls ("A turn"
    2)."""
    phase = state.phase
    if phase not in (Phase.MOVE, Phase.WINDS):
        raise IllegalAction("boats move in the movement step (or with favourable winds)", domain="survive")
    boat = state.boat_at[source]
    if boat < 0:
        raise IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[source])
    if phase == Phase.WINDS:
        at = pending_step(state, WindsSail).at
        if at is not None and at != source:
            raise IllegalAction("the winds are moving the boat on {cell}", domain="survive", cell=CELL_NAMES[at])
    elif state.points <= 0:
        raise IllegalAction("no move points are left", domain="survive")
    elif not has_explorers(state, player):
        raise IllegalAction("no explorer of yours is on the board: you skip moving", domain="survive")
    # Move points move an empty boat or one the player controls; favourable winds one he controls.
    if not (player in controllers(state, boat) if phase == Phase.WINDS else may_move_boat(state, player, boat)):
        raise IllegalAction(
            "p{player} does not control the boat on {cell}",
            domain="survive",
            player=player,
            cell=CELL_NAMES[source],
        )
    if target not in NEIGHBOUR_SETS[source] or IS_ISLAND[target]:
        raise IllegalAction(
            "{target} is not next to {source}",
            domain="survive",
            target=CELL_NAMES[target],
            source=CELL_NAMES[source],
        )
    if state.tile_at[target] >= 0:
        raise IllegalAction("boats stay at sea; {cell} is land", domain="survive", cell=CELL_NAMES[target])
    if state.boat_at[target] >= 0:
        raise IllegalAction("{cell} already holds a boat", domain="survive", cell=CELL_NAMES[target])


def spend_point(state: SurviveState, action: Action) -> None:
    """A step of the movement costs one move point."""
    state.points -= 1
    state.turn_moves.append(action)


def move_explorer(state: SurviveState, action: Action, e: int, target: int) -> list[Event]:
    """An explorer steps: walks on land, boards a boat with room, or swims (and may be eaten there) ("A turn" 2)."""
    player = state.current
    source = state.ex_cell[e]
    was = state.ex_status[e]
    leave_boat(state, e)
    if state.phase == Phase.DOLPHIN:
        return dolphin_step(state, e, source, target)
    spend_point(state, action)
    if state.tile_at[target] >= 0:
        state.ex_status[e] = ON_LAND
        state.ex_cell[e] = target
        events: list[Event] = [
            ev.ExplorerMoved(
                player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], "walks", state.ex_value[e]
            )
        ]
    else:
        boat = state.boat_at[target]
        how = "boards" if boat >= 0 and has_room(state, boat) else "swims"
        events = [
            ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], how, state.ex_value[e])
        ]
        events.extend(enter_sea(state, e, target))
        if was == SWIMMING or how == "swims":
            mark_swum(state, e)
    after_move(state)
    return events


def dolphin_step(state: SurviveState, e: int, source: int, target: int) -> list[Event]:
    """One step of the dolphin; the ride ends after 3 steps, on boarding, or when the swimmer is eaten."""
    ride = pending_step(state, DolphinRide).moved(source, target, explorer=e)
    events = enter_sea(state, e, target)
    await_step(state, ride)
    if state.ex_status[e] != SWIMMING or ride.left <= 0:
        back_to_moving(state)
    return [
        ev.ExplorerMoved(
            state.explorer_owner[e],
            explorer_name(e),
            CELL_NAMES[source],
            CELL_NAMES[target],
            "dolphin",
            state.ex_value[e],
        ),
        *events,
    ]


def board_boat(state: SurviveState, action: Action, e: int) -> list[Event]:
    """A swimmer climbs onto the boat in his space ("A turn" 2), or onto a new boat tile ("The tiles")."""
    if state.phase == Phase.BOAT_TILE:
        return board_boat_tile(state, e)
    events = climb(state, e, state.boat_at[state.ex_cell[e]])
    spend_point(state, action)
    mark_swum(state, e)
    after_move(state)
    return events


def escape(state: SurviveState, action: Action, e: int) -> list[Event]:
    """The explorer is rescued and leaves the board ("A turn" 2: Escape)."""
    cell = state.ex_cell[e]
    leave_boat(state, e)
    state.ex_status[e] = RESCUED
    state.ex_cell[e] = NOWHERE
    state.rescued[state.explorer_owner[e]] += 1
    spend_point(state, action)
    after_move(state)
    return [ev.ExplorerEscaped(state.explorer_owner[e], explorer_name(e), CELL_NAMES[cell], state.ex_value[e])]


def sail_boat(state: SurviveState, action: Action, source: int, target: int) -> list[Event]:
    """A boat and its passengers move one space; a serpent there sinks it, a whale capsizes it ("A turn" 2: Danger at
    sea)."""
    boat = state.boat_at[source]
    passengers = state.boat_passengers[boat]
    events: list[Event] = [
        ev.BoatMoved(state.current, CELL_NAMES[source], CELL_NAMES[target], tuple(explorer_name(e) for e in passengers))
    ]
    state.boat_at[source] = NOWHERE
    state.boat_at[target] = boat
    state.boat_cell[boat] = target
    for e in passengers:
        state.ex_cell[e] = target
    if passengers and state.creature_at[SERPENT][target]:
        events.extend(sink(state, boat, "serpent"))
    elif passengers and state.creature_at[WHALE][target]:
        events.extend(capsize(state, boat))
    if state.phase == Phase.WINDS:
        sail = pending_step(state, WindsSail).moved(source, target)
        await_step(state, sail)
        if state.boat_cell[boat] < 0 or sail.left <= 0:
            back_to_moving(state)
    else:
        spend_point(state, action)
        after_move(state)
    return events
