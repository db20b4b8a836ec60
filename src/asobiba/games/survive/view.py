"""What a player may know of a Survive! game (rules/survive.md "Information"), as a view."""

from __future__ import annotations

from typing import Any

from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, N_CELLS
from asobiba.games.survive.data import (
    COLOURS,
    CREATURES,
    EFFECTS,
    SHARK,
    TERRAINS,
    WHALE,
    colour_of,
    effect_of,
    explorer_name,
    terrain_of,
)
from asobiba.games.survive.pieces import RESCUED, STATUS_NAMES, SurviveBase
from asobiba.games.survive.steps import (
    BoatTileBoarding,
    CounterQuestion,
    CreatureRun,
    DolphinRide,
    Jump,
    Phase,
    WindsSail,
)


def _cell(cell: int | None) -> str | None:
    return CELL_NAMES[cell] if cell is not None and cell >= 0 else None


class ViewRules(SurviveBase):
    """The views of a position."""

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "current_player": self.current,
            "first_player": self.first,
            "turn": self.turn,
            "colours": [[COLOURS[c] for c in colours] for colours in self.colours_of],
            "tiles": {
                CELL_NAMES[c]: TERRAINS[terrain_of(self.tile_at[c])] for c in LAND_SPACES if self.tile_at[c] >= 0
            },
            "tiles_left": {TERRAINS[t]: self.terrain_left[t] for t in range(3)},
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
                CREATURES[kind]: [CELL_NAMES[c] for c in range(N_CELLS) for _ in range(self.creature_at[kind][c])]
                for kind in range(3)
            },
            "supply": {
                "boat": self.boat_supply,
                "shark": self.creature_supply[SHARK],
                "whale": self.creature_supply[WHALE],
            },
            "held_counts": [len(h) for h in self.held],
            "held": (
                [
                    {"terrain": TERRAINS[terrain_of(code)], "effect": EFFECTS[effect_of(code)]}
                    for code in self.held[player]
                ]
                if player is not None
                else []
            ),
            "rescued": self.rescued[:],
            "moves_left": self.points if self.phase == Phase.MOVE else 0,
            "swum": [explorer_name(e) for e in range(self.n_explorers) if self.has_swum(e)],
            "fresh": self.fresh,
            "die": CREATURES[self.die] if self.die is not None else None,
            "pending": self._pending_view(),
            "removed": self._removed_view(player),
            "played": [{"player": p, "effect": EFFECTS[effect]} for p, effect in self.played_log],
        }

    def _explorers_view(self, player: int | None) -> list[dict[str, Any]]:
        over = self.phase == Phase.OVER
        explorers = []
        for e in range(self.n_explorers):
            owner = self.explorer_owner[e]
            status = self.ex_status[e]
            entry: dict[str, Any] = {
                "id": explorer_name(e),
                "player": owner,
                "colour": COLOURS[colour_of(e)],
                "status": STATUS_NAMES[status],
                "cell": _cell(self.ex_cell[e]),
            }
            if owner == player or (over and status == RESCUED):
                entry["value"] = self.ex_value[e]
            explorers.append(entry)
        return explorers

    def _removed_view(self, player: int | None) -> list[dict[str, Any]]:
        removed = []
        for cell, code, remover, public in self.removed_log:
            known = code >= 0 and (public or remover == player)
            removed.append(
                {
                    "cell": CELL_NAMES[cell],
                    "terrain": TERRAINS[terrain_of(code)] if code >= 0 else TERRAINS[-1 - code],
                    "player": remover,
                    "effect": EFFECTS[effect_of(code)] if known else None,
                }
            )
        return removed

    def _pending_view(self) -> dict[str, Any] | None:
        match self.step:
            case DolphinRide() as ride:
                piece = explorer_name(ride.explorer) if ride.explorer is not None else None
                return {"kind": "dolphin", "explorer": piece, "steps_left": ride.left}
            case WindsSail() as sail:
                return {"kind": "winds", "boat": _cell(sail.at), "steps_left": sail.left}
            case Jump(creature):
                return {"kind": "jump", "creature": CREATURES[creature]}
            case CreatureRun() as run:
                return {
                    "kind": "creature",
                    "creature": CREATURES[run.creature],
                    "cell": _cell(run.at),
                    "steps_left": run.left,
                }
            case CounterQuestion() as question:
                return {
                    "kind": "counter",
                    "player": question.player,
                    "tile": EFFECTS[question.counter],
                    "cell": CELL_NAMES[question.cell],
                }
            case BoatTileBoarding(cell):
                return {"kind": "boat_tile", "cell": CELL_NAMES[cell]}
        return None
