"""Setup (rules/survive.en.md "Setup"; the seed 3): the tiles laid out, the explorers' values dealt,
the first player chosen — chance, or fixed by the secret options —, then the explorers and the
boats placed in turn."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import PLACE_EXPLORER, AssignValues, ChooseFirst, LayTiles
from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, NEIGHBOUR_SETS, START_SEA
from asobiba.games.survive.data import (
    COLOURS,
    EXPLORER_VALUES,
    TERRAINS,
    TILE_BY_NAME,
    TILES,
    colour_explorers,
    explorer_name,
    terrain_of,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import ON_LAND, UNPLACED, new_boat, verify_own_explorer
from asobiba.games.survive.rules.turn import begin_turn, next_player
from asobiba.games.survive.steps import set_phase

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState


def set_up_from_options(state: SurviveState) -> None:
    """A fixed layout or fixed values (the secret options) stand in for their chance steps."""
    layout = state.options.get("tile_layout")
    if layout is not None:
        set_layout(state, tuple(TILE_BY_NAME[name] for name in layout))
        set_phase(state, Phase.VALUES)
    values = state.options.get("explorer_values")
    state.values_fixed = values is not None
    if values is not None:
        set_values(state, tuple(tuple(int(v) for v in colour) for colour in values))
        if state.phase == Phase.VALUES:
            set_phase(state, Phase.FIRST_PLAYER)


def first_player_outcomes(state: SurviveState) -> list[tuple[Action, float]]:
    """Who plays first: anybody, equally likely, unless the option ``first_player`` says."""
    if state.options.get("first_player") is not None:
        return [(ChooseFirst(state.options["first_player"]), 1.0)]
    return [(ChooseFirst(p), 1 / state.players) for p in range(state.players)]


def sample_setup(state: SurviveState, rng: random.Random) -> Action:
    """The setup's chance step of this phase: the tiles shuffled, the values dealt, the first player."""
    match state.phase:
        case Phase.TILES:
            layout = list(TILES)
            rng.shuffle(layout)
            return LayTiles(tuple(layout))
        case Phase.VALUES:
            values = []
            for _ in range(state.n_colours):
                colour = list(EXPLORER_VALUES)
                rng.shuffle(colour)
                values.append(tuple(colour))
            return AssignValues(tuple(values))
    first = state.options.get("first_player")
    return ChooseFirst(rng.randrange(state.players) if first is None else first)


def verify_setup_chance(state: SurviveState, action: Action) -> None:
    """The setup's chance step: a layout of the 40 tiles, each colour's values, the first player."""
    match state.phase, action:
        case Phase.TILES, LayTiles(layout):
            verify_layout(state, layout)
        case Phase.TILES, _:
            raise IllegalAction("the tiles are to be laid out now", domain="survive")
        case Phase.VALUES, AssignValues(values):
            verify_values(state, values)
        case Phase.VALUES, _:
            raise IllegalAction("the explorer values are to be dealt now", domain="survive")
        case Phase.FIRST_PLAYER, ChooseFirst(player):
            first = state.options.get("first_player")
            if first is not None and player != first:
                raise IllegalAction(
                    "the option first_player fixes who plays first: p{player}", domain="survive", player=first
                )
        case _:
            raise IllegalAction("the first player is to be chosen now", domain="survive")


def placement_actions(state: SurviveState, player: int) -> list[Action]:
    """Each unplaced explorer of ``player`` on each tile he may place it on."""
    tiles = placement_tiles(state, player)
    placements: list[Action] = []
    for e in unplaced(state, player):
        placements += map(PLACE_EXPLORER[e].__getitem__, tiles)
    return placements


def set_layout(state: SurviveState, layout: tuple[int, ...]) -> None:
    """The 40 tiles on the land spaces, in board order ("Setup" 2)."""
    for cell, code in zip(LAND_SPACES, layout, strict=True):
        state.tile_at[cell] = code
        state.terrain_left[terrain_of(code)] += 1


def set_values(state: SurviveState, values: tuple[tuple[int, ...], ...]) -> None:
    """Each colour's explorers get their values, ``#1`` to ``#10`` ("Setup" 3)."""
    for colour, colour_values in enumerate(values):
        for e, value in zip(colour_explorers(colour), colour_values, strict=True):
            state.ex_value[e] = value


def verify_layout(state: SurviveState, layout: tuple[int, ...]) -> None:
    """A layout uses each of the 40 tiles once ("Setup" 2)."""
    if len(layout) != len(TILES) or sorted(layout) != sorted(TILES):
        raise IllegalAction("the layout must use each of the 40 tiles once", domain="survive")


def verify_values(state: SurviveState, values: tuple[tuple[int, ...], ...]) -> None:
    """Each colour has the values 1,1,1,2,2,3,3,4,5,6 in some order ("Components")."""
    if len(values) != state.n_colours or any(sorted(v) != list(EXPLORER_VALUES) for v in values):
        raise IllegalAction(
            "each of the {colours} colours takes the values 1112233456 in some order",
            domain="survive",
            colours=state.n_colours,
        )


def lay_tiles(state: SurviveState, layout: tuple[int, ...]) -> list[Event]:
    """The shuffled tiles are laid out ("Setup" 2); the terrains are public, the backs are not."""
    set_layout(state, layout)
    set_phase(state, Phase.FIRST_PLAYER if state.values_fixed else Phase.VALUES)
    terrains = tuple((CELL_NAMES[cell], TERRAINS[terrain_of(state.tile_at[cell])]) for cell in LAND_SPACES)
    return [ev.TilesLaid(terrains)]


def assign_values(state: SurviveState, values: tuple[tuple[int, ...], ...]) -> list[Event]:
    """The explorers' values are dealt ("Setup" 3); each player knows only his own."""
    set_values(state, values)
    set_phase(state, Phase.FIRST_PLAYER)
    return [
        ev.ValuesAssigned(
            state.owner[c],
            COLOURS[c],
            tuple((explorer_name(e), v) for e, v in zip(colour_explorers(c), values[c], strict=True)),
        )
        for c in range(state.n_colours)
    ]


def choose_first(state: SurviveState, player: int) -> list[Event]:
    """The first player is drawn ("Setup" 3); he places the first explorer."""
    state.first = state.current = player
    set_phase(state, Phase.PLACE_EXPLORERS)
    return [ev.FirstPlayer(player)]


def unplaced(state: SurviveState, player: int) -> list[int]:
    """``player``'s explorers not yet on the board."""
    return [e for e in state.explorers_of[player] if state.ex_status[e] == UNPLACED]


def placement_tiles(state: SurviveState, player: int) -> list[int]:
    """The tiles ``player`` may place an explorer on: not one holding another player's
    explorer (the seed), nor, with ``one_per_tile``, any explorer."""
    one_per_tile = state.options["one_per_tile"]
    blocked = set()
    for e in range(state.n_explorers):
        if state.ex_status[e] == ON_LAND and (one_per_tile or state.explorer_owner[e] != player):
            blocked.add(state.ex_cell[e])
    return [cell for cell in LAND_SPACES if state.tile_at[cell] >= 0 and cell not in blocked]


def boat_spaces(state: SurviveState) -> list[int]:
    """Sea spaces next to a land tile with no boat (the seed: any such sea space)."""
    tile_at, boat_at = state.tile_at, state.boat_at
    spaces: list[int] = []
    for cell in START_SEA:
        if tile_at[cell] < 0 and boat_at[cell] < 0:
            for n in _LAND_NEIGHBOURS[cell]:
                if tile_at[n] >= 0:
                    spaces.append(cell)
                    break
    return spaces


_LAND: frozenset[int] = frozenset(LAND_SPACES)
#: Per cell, its neighbours that are land spaces (only they may hold a tile).
_LAND_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in sorted(NEIGHBOUR_SETS[cell]) if n in _LAND) for cell in range(len(NEIGHBOUR_SETS))
)


def verify_placement(state: SurviveState, player: int, e: int, cell: int) -> None:
    """One explorer at a time on a land tile, not one with another player's explorer ("Setup" 4)."""
    if state.phase != Phase.PLACE_EXPLORERS:
        raise IllegalAction("explorers are placed only during setup", domain="survive")
    verify_own_explorer(state, player, e)
    if state.ex_status[e] != UNPLACED:
        raise IllegalAction("{explorer} is already on the board", domain="survive", explorer=explorer_name(e))
    if state.tile_at[cell] < 0:
        raise IllegalAction("{cell} is not a land tile", domain="survive", cell=CELL_NAMES[cell])
    one_per_tile = state.options["one_per_tile"]
    for other in range(state.n_explorers):
        if state.ex_cell[other] == cell and state.ex_status[other] == ON_LAND:
            if one_per_tile:
                raise IllegalAction(
                    "{cell} already holds an explorer (one per tile)", domain="survive", cell=CELL_NAMES[cell]
                )
            if state.explorer_owner[other] != player:
                raise IllegalAction("{cell} holds another player's explorer", domain="survive", cell=CELL_NAMES[cell])


def verify_boat_placement(state: SurviveState, cell: int) -> None:
    """One boat at a time on a sea space next to a land tile, with no other boat ("Setup" 5)."""
    if state.phase != Phase.PLACE_BOATS:
        raise IllegalAction("boats are placed only during setup, after the explorers", domain="survive")
    if cell not in boat_spaces(state):
        raise IllegalAction(
            "a boat goes on a sea space next to a land tile with no other boat; not {cell}",
            domain="survive",
            cell=CELL_NAMES[cell],
        )


def place_explorer(state: SurviveState, e: int, cell: int) -> list[Event]:
    """An explorer is placed; the next player clockwise places one, then the boats follow ("Setup" 4)."""
    state.ex_status[e] = ON_LAND
    state.ex_cell[e] = cell
    events: list[Event] = [ev.ExplorerPlaced(state.current, explorer_name(e), CELL_NAMES[cell], state.ex_value[e])]
    state.current = next_player(state, state.current)
    if UNPLACED not in state.ex_status:
        set_phase(state, Phase.PLACE_BOATS)
        state.current = state.first
    return events


def place_boat(state: SurviveState, cell: int) -> list[Event]:
    """A boat is placed; the next player with boats left places one, then the first turn begins ("Setup" 5)."""
    new_boat(state, cell)
    events: list[Event] = [ev.BoatPlaced(state.current, CELL_NAMES[cell])]
    state.boats_to_place[state.current] -= 1
    if not any(state.boats_to_place):
        state.current = state.first
        events.extend(begin_turn(state))
    else:
        state.current = next_player(state, state.current)
        while not state.boats_to_place[state.current]:
            state.current = next_player(state, state.current)
    return events
