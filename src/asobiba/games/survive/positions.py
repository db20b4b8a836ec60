"""Scripted positions for tests, tutorials and puzzles: put pieces where you want them.

>>> state = position(2, explorers={"red#1": "r5c4"}, boats={"r4c2": ["blue#1"]})
>>> state.to_move, state.phase.value, state.view(0)["boats"][0]["passengers"]
(0, 'move', ['blue#1'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from asobiba.games.survive.actions import ChooseFirst
from asobiba.games.survive.board import CELL_BY_NAME, CELL_NAMES, LAND_SPACES, SERPENT_STARTS
from asobiba.games.survive.data import (
    CREATURE_COUNT,
    CREATURES,
    EXPLORER_BY_NAME,
    TERRAINS,
    TILE_BY_NAME,
    TILES,
    terrain_of,
    tile_name,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import LOST, NOWHERE, ON_BOAT, ON_LAND, RESCUED, SWIMMING, new_boat
from asobiba.games.survive.rules.turn import begin_turn
from asobiba.games.survive.state import SurviveState
from asobiba.games.survive.steps import CreatureRun, await_step, set_phase

#: The phases :func:`position` can start in.
POSITION_PHASES = (Phase.MOVE, Phase.REMOVE_TILE, Phase.ROLL, Phase.CREATURE)


def layout_with(tiles: Mapping[str, str]) -> list[str]:
    """The 40 tiles in land-space order, table order except that ``tiles`` (cell -> ``b:shark``)
    says what lies where. Raises ``ValueError`` for a cell that is not a land space, a name that is
    not a tile, or more tiles of a kind than the game has.

    >>> layout_with({"r3c4": "m:volcano"})[:2]
    ['m:volcano', 'b:shark']
    >>> layout_with({"r3c4": "m:volcano", "r3c5": "m:volcano"})
    Traceback (most recent call last):
    ...
    ValueError: layout_with: m:volcano is placed on 2 spaces (r3c4, r3c5), but the game has 1
    """
    wanted: dict[int, int] = {}  # land-space index -> tile code
    for cell_name, name in tiles.items():
        cell = CELL_BY_NAME.get(cell_name, -1)
        if cell not in LAND_SPACES:
            raise ValueError(f"layout_with: {cell_name!r} is not a land space (such as r3c4)")
        if name not in TILE_BY_NAME:
            raise ValueError(f"layout_with: {name!r} is not a tile (such as b:shark, m:volcano)")
        wanted[LAND_SPACES.index(cell)] = TILE_BY_NAME[name]
    for code, count in Counter(wanted.values()).items():
        if count > TILES.count(code):
            cells = ", ".join(name for name, tile in tiles.items() if tile == tile_name(code))
            raise ValueError(
                f"layout_with: {tile_name(code)} is placed on {count} space{'s' if count > 1 else ''} ({cells}), "
                f"but the game has {TILES.count(code)}"
            )
    layout = list(TILES)
    for index, code in wanted.items():
        if layout[index] == code:
            continue
        # A copy from a space nobody fixed, else from a fixed space still waiting for its own tile;
        # the counts above leave one of them.
        free = [i for i, tile in enumerate(layout) if tile == code and i not in wanted]
        waiting = [i for i, tile in enumerate(layout) if tile == code and i in wanted and tile != wanted[i]]
        other = (free or waiting)[0]
        layout[index], layout[other] = layout[other], layout[index]
    return [tile_name(code) for code in layout]


def position(
    players: int = 2,
    *,
    explorers: Mapping[str, str] | None = None,
    boats: Mapping[str, Iterable[str]] | None = None,
    tiles: Mapping[str, str] | None = None,
    removed: Iterable[str] = (),
    removed_terrains: Iterable[str] = (),
    creatures: Mapping[str, Iterable[str]] | None = None,
    held: Mapping[int, Iterable[str]] | None = None,
    values: Iterable[str] | None = None,
    rescued: Iterable[str] = (),
    current: int = 0,
    phase: str | Phase = Phase.MOVE,
    die: str | None = None,
    points: int | None = None,
    **options: Any,
) -> SurviveState:
    """A game in ``phase`` (``move`` by default; also ``remove_tile``, ``roll``, and ``creature``
    with the ``die`` rolled) with ``current`` to play, at the start of his turn.

    ``explorers``: id -> cell (on land if a tile is there, else swimming); ``boats``: cell ->
    passenger ids; ``removed``: land spaces already turned to sea, ``removed_terrains`` every tile of
    those terrains but the ones named in ``tiles``; ``creatures``: kind -> cells
    (serpents default to their start spaces); ``held``: player -> tiles (``b:dolphin``);
    ``rescued``: explorers already on a safe island; ``points``: move points left (3). Every
    explorer not named is lost (off the board).
    """
    phase = Phase(phase)
    if phase not in POSITION_PHASES:
        raise ValueError(f"a position starts in one of {', '.join(p.value for p in POSITION_PHASES)}")
    if (phase == Phase.CREATURE) != (die is not None):
        raise ValueError("the die is given exactly for the creature phase")
    from asobiba.games.survive import GAME

    colours = 4 if options.get("two_colours") else players
    layout = layout_with(tiles or {})
    state = GAME.new_game(
        players,
        seed=0,
        chance="scripted",
        tile_layout=layout,
        explorer_values=list(values) if values is not None else ["1112233456"] * colours,
        **options,
    )
    assert isinstance(state, SurviveState)
    state.apply(ChooseFirst(0))
    gone = set(removed_terrains)
    removed = [
        *removed,
        *(
            CELL_NAMES[cell]
            for cell, name in zip(LAND_SPACES, layout, strict=True)
            if TERRAINS[terrain_of(TILE_BY_NAME[name])] in gone and CELL_NAMES[cell] not in (tiles or {})
        ),
    ]
    for cell_name in removed:
        cell = CELL_BY_NAME[cell_name]
        state.terrain_left[terrain_of(state.tile_at[cell])] -= 1
        state.tile_at[cell] = -1
    state.ex_status = [LOST] * state.n_explorers
    for name, cell_name in (explorers or {}).items():
        e, cell = EXPLORER_BY_NAME[name], CELL_BY_NAME[cell_name]
        state.ex_cell[e] = cell
        state.ex_status[e] = ON_LAND if state.tile_at[cell] >= 0 else SWIMMING
    for cell_name, passengers in (boats or {}).items():
        cell = CELL_BY_NAME[cell_name]
        boat = new_boat(state, cell)
        for name in passengers:
            e = EXPLORER_BY_NAME[name]
            state.ex_cell[e], state.ex_status[e], state.ex_boat[e] = cell, ON_BOAT, boat
            state.boat_passengers[boat].append(e)
    for kind, cells in {"serpent": [CELL_NAMES[cell] for cell in SERPENT_STARTS], **(creatures or {})}.items():
        k = CREATURES.index(kind)
        state.creature_at[k] = [0] * len(state.creature_at[k])
        placed = list(cells)
        for cell_name in placed:
            state.creature_at[k][CELL_BY_NAME[cell_name]] += 1
        state.creature_supply[k] = max(0, CREATURE_COUNT[k] - len(placed))
    for name in rescued:
        e = EXPLORER_BY_NAME[name]
        state.ex_status[e], state.ex_cell[e] = RESCUED, NOWHERE
        state.rescued[state.explorer_owner[e]] += 1
    for player, names in (held or {}).items():
        state.held[player] = [TILE_BY_NAME[name] for name in names]
    state.boats_to_place = [0] * players
    state.current = current
    begin_turn(state)
    if points is not None:
        state.points = points
    if die is not None:
        state.die = CREATURES.index(die)
        await_step(state, CreatureRun(state.die))
    else:
        set_phase(state, phase)
    state.forget_derived()  # the fields were set by hand: nothing worked out before still holds
    return state
