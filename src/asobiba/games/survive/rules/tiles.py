"""The land tiles (rules/survive.en.md "The tiles", and "A turn" 1 and 3; the seed 4-③ and 6):
which may be removed, what their backs do, and playing a kept tile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, SPACE_NEIGHBOURS, START_SEA
from asobiba.games.survive.data import (
    BOAT_CAPACITY,
    BOAT_TILE,
    COUNTER,
    CREATURES,
    DOLPHIN,
    EFFECT_KIND,
    EFFECTS,
    HELD,
    IMMEDIATE,
    MOVE_SERPENT,
    MOVE_SHARK,
    MOVE_WHALE,
    SERPENT,
    SHARK,
    SHARK_TILE,
    TERRAINS,
    VOLCANO,
    WHALE,
    WHALE_TILE,
    WHIRLPOOL,
    WINDS,
    effect_of,
    terrain_of,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.end import end_game
from asobiba.games.survive.rules.pieces import (
    NOWHERE,
    ON_LAND,
    SWIMMING,
    climb,
    controllers,
    empty_sea,
    has_room,
    lose,
    new_boat,
    own_swimmers,
    sail_targets,
    sea_steps,
    sink,
    swimmers_at,
)
from asobiba.games.survive.steps import (
    BoatTileBoarding,
    DolphinRide,
    Jump,
    WindsSail,
    await_step,
    pending_step,
    set_phase,
)
from asobiba.games.survive.text import game_word

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

#: The creature a "move any …" tile jumps.
JUMP_CREATURE: Final = {MOVE_SERPENT: SERPENT, MOVE_SHARK: SHARK, MOVE_WHALE: WHALE}


def touches_sea(state: SurviveState, cell: int) -> bool:
    # A space next to it (the islands are none) with no tile: NOWHERE is the only value below 0.
    """Whether the tile on ``cell`` touches at least one sea space ("A turn" 3)."""
    return NOWHERE in map(state.tile_at.__getitem__, SPACE_NEIGHBOURS[cell])


def lowest_terrain(state: SurviveState) -> int:
    """The terrain whose tiles go next: all beaches, then all forests, then the mountains."""
    return next(t for t in range(3) if state.terrain_left[t])


def removable_tiles(state: SurviveState) -> list[int]:
    """The tiles that may be removed now: of the lowest terrain left, those touching the sea;
    if none of that terrain touches the sea, any of that terrain (the seed)."""
    terrain = lowest_terrain(state)
    tiles = [cell for cell in LAND_SPACES if state.tile_at[cell] >= 0 and terrain_of(state.tile_at[cell]) == terrain]
    touching = [cell for cell in tiles if touches_sea(state, cell)]
    return touching or tiles


def verify_removal(state: SurviveState, cell: int) -> None:
    """A tile of the lowest terrain left, touching the sea if any does ("A turn" 3)."""
    if state.phase != Phase.REMOVE_TILE:
        raise IllegalAction("a tile is removed after the movement step", domain="survive")
    if cell not in removable_tiles(state):
        raise IllegalAction(
            "{cell} may not be removed now: a {terrain} tile touching the sea goes first",
            domain="survive",
            cell=CELL_NAMES[cell],
            terrain=game_word(TERRAINS[lowest_terrain(state)]),
        )


def remove_tile(state: SurviveState, cell: int) -> list[Event]:
    """The tile is removed: explorers on it swim; an "at once" back happens now, any other is kept ("A turn" 3)."""
    player = state.current
    code = state.tile_at[cell]
    effect = effect_of(code)
    kind = EFFECT_KIND[effect]
    state.tile_at[cell] = -1
    state.terrain_left[terrain_of(code)] -= 1
    state.removed_log.append((cell, code, player, kind == IMMEDIATE))
    events: list[Event] = [ev.TileRemoved(player, CELL_NAMES[cell], TERRAINS[terrain_of(code)], EFFECTS[effect], kind)]
    # Explorers on it become swimmers in that space.
    for e in range(state.n_explorers):
        if state.ex_cell[e] == cell and state.ex_status[e] == ON_LAND:
            state.ex_status[e] = SWIMMING
    set_phase(state, Phase.ROLL)
    if kind != IMMEDIATE:
        state.held[player].append(code)
    elif effect == VOLCANO:
        events.extend(end_game(state, "volcano"))
    elif effect == SHARK_TILE:
        events.extend(put_creature(state, SHARK, cell))
        if state.creature_at[SHARK][cell]:
            events.extend(lose(state, swimmers_at(state, cell), "shark"))
    elif effect == WHALE_TILE:
        events.extend(put_creature(state, WHALE, cell))
    elif effect == BOAT_TILE:
        events.extend(boat_tile(state, cell))
    elif effect == WHIRLPOOL:
        events.extend(whirlpool(state, cell))
    return events


def put_creature(state: SurviveState, kind: int, cell: int) -> list[Event]:
    """A shark or a whale from the supply appears on ``cell`` ("The tiles"); none if the supply is out."""
    if not state.creature_supply[kind]:
        return []
    state.creature_supply[kind] -= 1
    state.creature_at[kind][cell] += 1
    return [ev.CreatureAppeared(CREATURES[kind], CELL_NAMES[cell])]


def boat_tile(state: SurviveState, cell: int) -> list[Event]:
    """A boat there; up to 3 swimmers board it (the remover chooses if more are there)."""
    if not state.boat_supply:
        return []
    boat = new_boat(state, cell)
    events: list[Event] = [ev.BoatPlaced(None, CELL_NAMES[cell])]
    swimmers = swimmers_at(state, cell)
    if len(swimmers) <= BOAT_CAPACITY:
        for e in swimmers:
            events.extend(climb(state, e, boat))
    else:
        await_step(state, BoatTileBoarding(cell))
    return events


def verify_boat_tile_boarding(state: SurviveState, e: int) -> None:
    """Only a swimmer on the boat tile's space may board the new boat ("The tiles")."""
    cell = pending_step(state, BoatTileBoarding).cell
    if state.ex_status[e] != SWIMMING or state.ex_cell[e] != cell:
        raise IllegalAction("only a swimmer on {cell} may board the new boat", domain="survive", cell=CELL_NAMES[cell])


def board_boat_tile(state: SurviveState, e: int) -> list[Event]:
    """The remover's choice boards the boat tile's boat, until it is full ("The tiles")."""
    step = pending_step(state, BoatTileBoarding)
    boat = state.boat_at[step.cell]
    events = climb(state, e, boat)
    if has_room(state, boat):
        await_step(state, BoatTileBoarding(step.cell, (*step.boarded, e)))
    else:
        set_phase(state, Phase.ROLL)
    return events


def whirlpool(state: SurviveState, cell: int) -> list[Event]:
    """Every swimmer, creature, boat and explorer on a boat in this and the adjacent sea spaces goes."""
    cells = [cell, *sea_steps(state, cell)]
    events: list[Event] = [ev.Whirlpool(CELL_NAMES[cell], tuple(CELL_NAMES[c] for c in cells))]
    for c in cells:
        boat = state.boat_at[c]
        if boat >= 0:
            events.extend(sink(state, boat, "whirlpool"))
        events.extend(lose(state, swimmers_at(state, c), "whirlpool"))
        for kind in range(3):
            for _ in range(state.creature_at[kind][c]):
                events.append(ev.CreatureRemoved(CREATURES[kind], CELL_NAMES[c], "whirlpool"))
            state.creature_at[kind][c] = 0
    return events


def holds(state: SurviveState, player: int, effect: int) -> bool:
    """Whether ``player`` keeps a tile with this back."""
    return any(effect_of(code) == effect for code in state.held[player])


def playable_tiles(state: SurviveState, player: int) -> list[int]:
    """The held tiles ``player`` could play now (at the start of his turn)."""
    return [
        effect
        for effect in sorted(set(effect_of(code) for code in state.held[player]))
        if has_use(state, player, effect)
    ]


def has_use(state: SurviveState, player: int, effect: int) -> bool:
    """Whether a held tile would move anything now."""
    if effect == DOLPHIN:
        return bool(own_swimmers(state, player))
    if effect == WINDS:
        return any(
            cell >= 0 and player in controllers(state, b) and sail_targets(state, cell)
            for b, cell in enumerate(state.boat_cell)
        )
    if effect in JUMP_CREATURE:
        return any(state.creature_at[JUMP_CREATURE[effect]]) and any(
            empty_sea(state, cell) for cell in START_SEA + LAND_SPACES
        )
    return False


def verify_tile_play(state: SurviveState, player: int, effect: int) -> None:
    """One kept "on your turn" tile, before moving, that would move something ("A turn" 1)."""
    if EFFECT_KIND[effect] == COUNTER:
        raise IllegalAction(
            "a {effect} tile is played only when a creature threatens your pieces on another turn",
            domain="survive",
            effect=game_word(EFFECTS[effect]),
        )
    if EFFECT_KIND[effect] != HELD:
        raise IllegalAction("{effect} is not a tile one holds", domain="survive", effect=game_word(EFFECTS[effect]))
    if state.phase != Phase.MOVE or not state.fresh:
        raise IllegalAction("a held tile is played only at the start of your turn, before moving", domain="survive")
    if not holds(state, player, effect):
        raise IllegalAction(
            "p{player} holds no {effect} tile", domain="survive", player=player, effect=game_word(EFFECTS[effect])
        )
    if not has_use(state, player, effect):
        raise IllegalAction(
            "{effect} cannot be used now: nothing it could move",
            domain="survive",
            effect=game_word(EFFECTS[effect]),
        )


def play_tile(state: SurviveState, effect: int) -> list[Event]:
    """A kept tile is played: the dolphin, the winds or a jump follows; then it leaves the game ("A turn" 1)."""
    player = state.current
    discard(state, player, effect)
    state.fresh = False
    if effect == DOLPHIN:
        await_step(state, DolphinRide())
    elif effect == WINDS:
        await_step(state, WindsSail())
    else:
        await_step(state, Jump(JUMP_CREATURE[effect]))
    return [ev.TilePlayed(player, EFFECTS[effect])]


def discard(state: SurviveState, player: int, effect: int) -> None:
    """The played tile leaves ``player``'s hand, and everybody remembers its back."""
    held = state.held[player]
    held.remove(next(code for code in held if effect_of(code) == effect))
    state.played_log.append((player, effect))
