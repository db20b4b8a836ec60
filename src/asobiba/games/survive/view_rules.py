"""How a Survive! position builds its view and its pending decision (the types are in :mod:`.view`)."""

from __future__ import annotations

from itertools import compress, pairwise

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
from asobiba.games.survive.pieces import RESCUED, STATUS_NAMES, SurviveBase
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

if STATUS_VIEW_NAMES != STATUS_NAMES:
    raise AssertionError("the view's explorer statuses differ from the pieces' table")


def _pairs(path: tuple[int, ...]) -> list[tuple[int, int]]:
    return list(pairwise(path))


def _cell(cell: int | None) -> str | None:
    return CELL_NAMES[cell] if cell is not None and cell >= 0 else None


class ViewRules(SurviveBase):
    """The views of a position."""

    def _view(self, player: int | None) -> SurviveView:
        return {
            "current_player": self.current,
            "first_player": self.first,
            "turn": self.turn,
            "colours": [[COLOURS[c] for c in colours] for colours in self.colours_of],
            "tiles": {CELL_NAMES[c]: TERRAIN_OF_CODE[code] for c in LAND_SPACES if (code := self.tile_at[c]) >= 0},
            "tiles_left": {
                "beach": self.terrain_left[0],
                "forest": self.terrain_left[1],
                "mountain": self.terrain_left[2],
            },
            "explorers": self._explorers_view(player),
            "boats": [
                {
                    "cell": CELL_NAMES[cell],
                    "passengers": [explorer_name(e) for e in self.boat_passengers[b]],
                    "controllers": sorted(self.controllers(b)),
                }
                for b, cell in sorted(enumerate(self.boat_cell), key=lambda item: item[1])
                if cell >= 0
            ],
            "creatures": {
                "serpent": self._creature_cells(0),
                "shark": self._creature_cells(1),
                "whale": self._creature_cells(2),
            },
            "supply": {
                "boat": self.boat_supply,
                "shark": self.creature_supply[SHARK],
                "whale": self.creature_supply[WHALE],
            },
            "held_counts": [len(h) for h in self.held],
            "held": (
                [{"terrain": TERRAIN_OF_CODE[code], "effect": EFFECT_OF_CODE[code]} for code in self.held[player]]
                if player is not None
                else []
            ),
            "rescued": self.rescued[:],
            "moves_left": self.points if self.phase == Phase.MOVE else 0,
            "swum": [EXPLORER_NAMES[e] for e in range(self.n_explorers) if self.swum >> e & 1],
            "fresh": self.fresh,
            "die": CREATURES[self.die] if self.die is not None else None,
            "removed": self._removed_view(player),
            "played": [{"player": p, "effect": EFFECT_NAMES[effect]} for p, effect in self.played_log],
        }

    def _creature_cells(self, kind: int) -> list[str]:
        """The cells of a kind's creatures, a cell once per creature there, in cell order."""
        counts = self.creature_at[kind]
        return [CELL_NAMES[c] for c in compress(range(N_CELLS), counts) for _ in range(counts[c])]

    def _explorers_view(self, player: int | None) -> list[ExplorerView]:
        over = self.phase == Phase.OVER
        explorers: list[ExplorerView] = []
        owners, statuses, cells, values = self.explorer_owner, self.ex_status, self.ex_cell, self.ex_value
        for e in range(self.n_explorers):
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

    def _removed_view(self, player: int | None) -> list[RemovedTile]:
        return [
            {
                "cell": CELL_NAMES[cell],
                "terrain": TERRAIN_OF_CODE[code] if code >= 0 else TERRAIN_NAMES[-1 - code],
                "player": remover,
                "effect": EFFECT_OF_CODE[code] if code >= 0 and (public or remover == player) else None,
            }
            for cell, code, remover, public in self.removed_log
        ]

    def _phase(self) -> str:
        return self.phase.value

    def _pending(self, viewer: int | None) -> SurvivePending:
        pending: SurvivePending
        match self.step:
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
                pending = {"kind": KIND_OF_PHASE[self.phase], "steps": []}
                if self.phase == Phase.MOVE:
                    pending["steps"] = [move_step(action) for action in self.turn_moves]
                    pending["points_left"] = self.points
        return pending


def _creature(kind: int) -> Creature:
    name: Creature = ("serpent", "shark", "whale")[kind]
    return name


def _effect(effect: int) -> Effect:
    return EFFECT_NAMES[effect]
