"""What each player sees (rules/survive.en.md "Who may know what"): the view of a position and its
pending decision (their types are in :mod:`asobiba.games.survive.view`)."""

from __future__ import annotations

from itertools import compress, pairwise
from typing import TYPE_CHECKING

from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, N_CELLS
from asobiba.games.survive.data import (
    COLOURS,
    CREATURES,
    EXPLORER_NAMES,
    SHARK,
    WHALE,
    explorer_name,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import RESCUED, STATUS_NAMES, controllers
from asobiba.games.survive.steps import BoatTileBoarding, CounterQuestion, CreatureRun, DolphinRide, Jump, WindsSail
from asobiba.games.survive.view import (
    EFFECT_NAMES,
    EFFECT_OF_CODE,
    EXPLORER_COLOUR_NAMES,
    KIND_OF_PHASE,
    STATUS_VIEW_NAMES,
    TERRAIN_NAMES,
    TERRAIN_OF_CODE,
    Creature,
    Effect,
    ExplorerView,
    RemovedTile,
    SurvivePending,
    SurviveView,
    move_step,
)

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

if STATUS_VIEW_NAMES != STATUS_NAMES:
    raise AssertionError("the view's explorer statuses differ from the pieces' table")


def _pairs(path: tuple[int, ...]) -> list[tuple[int, int]]:
    return list(pairwise(path))


def _cell(cell: int | None) -> str | None:
    return CELL_NAMES[cell] if cell is not None and cell >= 0 else None


def view(state: SurviveState, player: int | None) -> SurviveView:
    """The position as ``player`` may know it (``None``: a spectator): all pieces, his own values and kept tiles, the
    counts of the others' ("Who may know what")."""
    return {
        "current_player": state.current,
        "first_player": state.first,
        "turn": state.turn,
        "colours": [[COLOURS[c] for c in colours] for colours in state.colours_of],
        "tiles": {CELL_NAMES[c]: TERRAIN_OF_CODE[code] for c in LAND_SPACES if (code := state.tile_at[c]) >= 0},
        "tiles_left": {
            "beach": state.terrain_left[0],
            "forest": state.terrain_left[1],
            "mountain": state.terrain_left[2],
        },
        "explorers": explorers_view(state, player),
        "boats": [
            {
                "cell": CELL_NAMES[cell],
                "passengers": [explorer_name(e) for e in state.boat_passengers[b]],
                "controllers": sorted(controllers(state, b)),
            }
            for b, cell in sorted(enumerate(state.boat_cell), key=lambda item: item[1])
            if cell >= 0
        ],
        "creatures": {
            "serpent": creature_cells(state, 0),
            "shark": creature_cells(state, 1),
            "whale": creature_cells(state, 2),
        },
        "supply": {
            "boat": state.boat_supply,
            "shark": state.creature_supply[SHARK],
            "whale": state.creature_supply[WHALE],
        },
        "held_counts": [len(h) for h in state.held],
        "held": (
            [{"terrain": TERRAIN_OF_CODE[code], "effect": EFFECT_OF_CODE[code]} for code in state.held[player]]
            if player is not None
            else []
        ),
        "rescued": state.rescued[:],
        "moves_left": state.points if state.phase == Phase.MOVE else 0,
        "swum": [EXPLORER_NAMES[e] for e in range(state.n_explorers) if state.swum >> e & 1],
        "fresh": state.fresh,
        "die": CREATURES[state.die] if state.die is not None else None,
        "removed": removed_view(state, player),
        "played": [{"player": p, "effect": EFFECT_NAMES[effect]} for p, effect in state.played_log],
    }


def creature_cells(state: SurviveState, kind: int) -> list[str]:
    """The cells of a kind's creatures, a cell once per creature there, in cell order."""
    counts = state.creature_at[kind]
    return [CELL_NAMES[c] for c in compress(range(N_CELLS), counts) for _ in range(counts[c])]


def explorers_view(state: SurviveState, player: int | None) -> list[ExplorerView]:
    """Every explorer; a value only to its owner, or to all once rescued at the end ("Who may know what")."""
    over = state.phase == Phase.OVER
    explorers: list[ExplorerView] = []
    owners, statuses, cells, values = state.explorer_owner, state.ex_status, state.ex_cell, state.ex_value
    for e in range(state.n_explorers):
        owner = owners[e]
        status = statuses[e]
        cell = cells[e]
        entry: ExplorerView = {
            "id": EXPLORER_NAMES[e],
            "player": owner,
            "colour": EXPLORER_COLOUR_NAMES[e],
            "status": STATUS_VIEW_NAMES[status],
            "cell": CELL_NAMES[cell] if cell >= 0 else None,
        }
        if owner == player or (over and status == RESCUED):
            entry["value"] = values[e]
        explorers.append(entry)
    return explorers


def removed_view(state: SurviveState, player: int | None) -> list[RemovedTile]:
    """The removed tiles: a kept tile's back only to its remover ("Who may know what")."""
    return [
        {
            "cell": CELL_NAMES[cell],
            "terrain": TERRAIN_OF_CODE[code] if code >= 0 else TERRAIN_NAMES[-1 - code],
            "player": remover,
            "effect": EFFECT_OF_CODE[code] if code >= 0 and (public or remover == player) else None,
        }
        for cell, code, remover, public in state.removed_log
    ]


def pending(state: SurviveState, viewer: int | None) -> SurvivePending:
    """The decision the player to move faces, and its steps so far (the same for every viewer)."""
    pending: SurvivePending
    match state.step:
        case DolphinRide() as ride:
            piece = explorer_name(ride.explorer) if ride.explorer is not None else None
            pending = {
                "kind": "dolphin",
                "steps": [
                    {"step": "move_explorer", "explorer": str(piece), "cell": CELL_NAMES[target]}
                    for _, target in _pairs(ride.path)
                ],
                "explorer": piece,
                "steps_left": ride.left,
            }
        case WindsSail() as sail:
            pending = {
                "kind": "winds",
                "steps": [
                    {"step": "sail_boat", "source": CELL_NAMES[a], "target": CELL_NAMES[b]}
                    for a, b in _pairs(sail.path)
                ],
                "boat": _cell(sail.at),
                "steps_left": sail.left,
            }
        case Jump(creature):
            pending = {"kind": "jump", "steps": [], "creature": _creature(creature)}
        case CreatureRun() as run:
            pending = {
                "kind": "creature",
                "steps": [
                    {
                        "step": "move_creature",
                        "creature": _creature(run.creature),
                        "source": CELL_NAMES[a],
                        "target": CELL_NAMES[b],
                    }
                    for a, b in _pairs(run.path)
                ],
                "creature": _creature(run.creature),
                "cell": _cell(run.at),
                "steps_left": run.left,
            }
        case CounterQuestion() as question:
            # The same for every viewer: who holds what stays secret.
            pending = {
                "kind": "counter",
                "steps": [{"step": "declined", "player": p} for p in question.declined],
                "creature": _creature(question.creature),
                "tile": _effect(question.counter),
                "cell": CELL_NAMES[question.cell],
            }
        case BoatTileBoarding() as boarding:
            pending = {
                "kind": "boat_tile",
                "steps": [{"step": "board_boat", "explorer": explorer_name(e)} for e in boarding.boarded],
                "cell": CELL_NAMES[boarding.cell],
            }
        case None:
            pending = {"kind": KIND_OF_PHASE[state.phase], "steps": []}
            if state.phase == Phase.MOVE:
                pending["steps"] = [move_step(action) for action in state.turn_moves]
                pending["points_left"] = state.points
    return pending


def _creature(kind: int) -> Creature:
    name: Creature = ("serpent", "shark", "whale")[kind]
    return name


def _effect(effect: int) -> Effect:
    return EFFECT_NAMES[effect]
