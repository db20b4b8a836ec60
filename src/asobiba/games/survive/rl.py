"""Survive! for learning: its full action codec, its observation encoder and its OpenSpiel shuffles
(the research API's declaration, :data:`RL`; the compact action space is in :mod:`.rl_compact`).

The board has 137 cells (``r<row>c<column>``, numbered row by row as in
:mod:`asobiba.games.survive.board`); the 133 that are not safe islands are the *spaces*. A step
to a neighbouring cell is numbered by its direction on the hex grid, 0–5 (north-west, north-east,
west, east, south-west, south-east). Explorers are numbered ``colour * 10 + k`` (``red#1`` is 0),
``E = 10 × colours``.

=============  ===========  ============================================================
block          size         number
=============  ===========  ============================================================
place          E × 40       setup: ``explorer * 40 + land space`` (the 40 land spaces in order)
boat           133          setup: the space a boat goes on
play           12           a held or counter tile, by effect (``shark`` … ``kill-whale``)
move           E × 133      an explorer's step (or a dolphin's): ``explorer * 133 + space``
board          E            a swimmer climbs onto the boat in its space
escape         E            an explorer reaches the safe island
sail           133 × 6      a boat's step: ``space * 6 + direction``
end_moves      1            end the movement step
stop           1            end a creature's, a dolphin's or a boat's move
decline        1            do not play a counter tile now
remove         40           the land space whose tile is removed
creature       133 × 133    a creature's step or jump: ``source * 133 + target``; which
                            creature moves is the one the die or the tile named
=============  ===========  ============================================================

``18,675 + 1,750 × colours`` numbers: 22,175 with 2 colours, 23,925 with 3 and 25,675 with 4
(3–4 players, or 2 with ``two_colours``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

import numpy as np

from asobiba.core.game import Game
from asobiba.core.state import Action, State
from asobiba.games.survive.actions import (
    AssignValues,
    BoardBoat,
    Decline,
    EndMoves,
    Escape,
    LayTiles,
    MoveCreature,
    MoveExplorer,
    PlaceBoat,
    PlaceExplorer,
    PlayTile,
    RemoveTile,
    SailBoat,
    Stop,
)
from asobiba.games.survive.board import CELL_BY_NAME, LAND_SPACES, N_CELLS
from asobiba.games.survive.data import CREATURES, EFFECTS, EXPLORER_BY_NAME, EXPLORER_VALUES, TERRAINS, TILES
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rl_compact import SurviveCompactCodec
from asobiba.games.survive.rl_spaces import DIRECTION, LAND_INDEX, SPACE_INDEX, SPACES, colours
from asobiba.games.survive.rules.pieces import STATUS_NAMES
from asobiba.games.survive.view import CREATURE_NAMES, PendingKind, SurviveFullView
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder, one_hot
from asobiba.rl.types import RLSupport, Setup, Shuffle

__all__ = ["RL", "SurviveCodec", "SurviveEncoder"]

UNBOUNDED = 1e9
PHASES: tuple[str, ...] = tuple(phase.value for phase in Phase)
#: The decisions a player faces (the view's ``pending["kind"]``, chance aside), in the view type's order.
PENDING_KINDS: tuple[str, ...] = tuple(kind for kind in get_args(PendingKind) if kind != "chance")
CREATURE_INDEX = {name: index for index, name in enumerate(CREATURES)}
EFFECT_INDEX = {name: index for index, name in enumerate(EFFECTS)}
TERRAIN_INDEX = {name: index for index, name in enumerate(TERRAINS)}
STATUS_INDEX = {name: index for index, name in enumerate(STATUS_NAMES)}
#: Board statuses, in the order of the ``explorers`` planes.
BOARD_STATUSES = ("land", "boat", "swimming")


class SurviveCodec(ActionCodec):
    """The numbering of Survive!'s actions (see the module's table)."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, players, options)
        explorers = self.explorers = 10 * colours(players, options)
        spaces, land = len(SPACES), len(LAND_SPACES)
        blocks = [
            ("place", explorers * land),
            ("boat", spaces),
            ("play", len(EFFECTS)),
            ("move", explorers * spaces),
            ("board", explorers),
            ("escape", explorers),
            ("sail", spaces * 6),
            ("end_moves", 1),
            ("stop", 1),
            ("decline", 1),
            ("remove", land),
            ("creature", spaces * spaces),
        ]
        self._lay_out(blocks)

    def index(self, action: Action) -> int:
        first = self.first
        match action:
            case PlaceExplorer(explorer, cell):
                return first["place"] + explorer * len(LAND_SPACES) + LAND_INDEX[cell]
            case PlaceBoat(cell):
                return first["boat"] + SPACE_INDEX[cell]
            case PlayTile(effect):
                return first["play"] + effect
            case MoveExplorer(explorer, cell):
                return first["move"] + explorer * len(SPACES) + SPACE_INDEX[cell]
            case BoardBoat(explorer):
                return first["board"] + explorer
            case Escape(explorer):
                return first["escape"] + explorer
            case SailBoat(source, target):
                return first["sail"] + SPACE_INDEX[source] * 6 + DIRECTION[source, target]
            case EndMoves():
                return first["end_moves"]
            case Stop():
                return first["stop"]
            case Decline():
                return first["decline"]
            case RemoveTile(cell):
                return first["remove"] + LAND_INDEX[cell]
            case MoveCreature(_, source, target):
                return first["creature"] + SPACE_INDEX[source] * len(SPACES) + SPACE_INDEX[target]
        raise KeyError(f"{action!r} is not a player's action of survive")


class SurviveEncoder(Encoder[SurviveFullView]):
    """The tensor of a Survive! view: board planes over the 137 cells, one row per explorer, and
    the rest (pieces in :meth:`describe`)."""

    def _declare(self) -> None:
        n, cells = self.players, N_CELLS
        self.n_explorers = explorers = 10 * colours(self.players, self.options)
        self.piece("viewer", n, 1, "one-hot: whose view this is (all 0 for a spectator)")
        self.piece("to_move", n, 1, "one-hot: who decides now")
        self.piece("current_player", n, 1, "one-hot: whose turn it is")
        self.piece("first_player", n, 1, "one-hot: who played first")
        self.piece("phase", len(PHASES), 1, "one-hot: " + ", ".join(PHASES))
        self.piece("pending", len(PENDING_KINDS), 1, "one-hot: the decision, " + ", ".join(PENDING_KINDS))
        self.piece("turn", 1, UNBOUNDED, "the turn's number")
        self.piece("tiles", (3, cells), 1, "per terrain (beach, forest, mountain): the cells holding such a tile")
        self.piece("boats", cells, 1, "the cells holding a boat")
        self.piece("passengers", cells, 3, "explorers on the boat in each cell")
        self.piece("controlled", cells, 1, "the boats the viewer may move")
        self.piece("creatures", (3, cells), 6, "per creature (serpent, shark, whale): how many in each cell")
        self.piece("explorers", (n, 3, cells), 40, "per player and status (land, boat, swimming): explorers per cell")
        self.piece("own_values", cells, 60, "the sum of the viewer's explorers' values in each cell")
        self.piece("explorer_cell", (explorers, cells), 1, "one-hot per explorer (red#1 first): its cell")
        self.piece("explorer_status", (explorers, len(STATUS_NAMES)), 1, "one-hot per explorer: "
                   + ", ".join(STATUS_NAMES))  # fmt: skip
        self.piece("explorer_value", (explorers, max(EXPLORER_VALUES) + 1), 1,
                   "one-hot per explorer: its value if the viewer may know it (1–6), else column 0")  # fmt: skip
        self.piece("explorer_swum", explorers, 1, "the explorers that made their swimming move this turn")
        self.piece("tiles_left", 3, 16, "land tiles left per terrain")
        self.piece("supply", 3, 12, "boats, sharks and whales not on the board")
        self.piece("held_counts", n, 40, "tiles each player holds")
        self.piece("held", len(EFFECTS), 40, "the viewer's held tiles by effect")
        self.piece("rescued", n, 40, "explorers each player has rescued")
        self.piece("moves_left", 1, 3, "move points left")
        self.piece("fresh", 1, 1, "1 while nothing was moved or played this turn")
        self.piece("die", 3, 1, "one-hot: the creature the die showed this turn")
        self.piece("played", (n, len(EFFECTS)), 40, "tiles each player played, by effect")
        self.piece("removed_known", (n, len(EFFECTS)), 40, "tiles each player removed whose effect the viewer knows")
        self.piece("removed_unknown", n, 40, "tiles each player removed whose effect the viewer does not know")
        self.piece("pending_creature", 3, 1, "one-hot: the creature of a jump, a creature's move or a counter question")
        self.piece("pending_tile", len(EFFECTS), 1, "one-hot: the counter tile a counter question asks for")
        self.piece(
            "pending_cell", cells, 1, "one-hot: the moving creature's, the counter question's or the boat tile's cell"
        )
        self.piece("pending_explorer", explorers, 1, "one-hot: the swimmer a dolphin carries")
        self.piece("pending_boat", cells, 1, "one-hot: the boat the winds move")
        self.piece("pending_steps_left", 1, 3, "steps the moving piece may still take")
        self.piece("pending_points_left", 1, 3, "move points left in the decision")
        self.piece("pending_path", cells, 3, "cells the decision's steps so far went to")
        self.piece("declined", n, 1, "players who declined the counter question")

    def _fill(self, view: SurviveFullView, out: dict[str, np.ndarray]) -> None:
        cell_of = CELL_BY_NAME
        viewer = view["viewer"]
        one_hot(out["viewer"], viewer)
        one_hot(out["to_move"], view["to_move"])
        one_hot(out["current_player"], view["current_player"])
        one_hot(out["first_player"], view["first_player"])
        out["phase"][PHASES.index(view["phase"])] = 1.0
        out["turn"][0] = view["turn"]
        tiles = out["tiles"]
        for name, terrain in view["tiles"].items():
            tiles[TERRAIN_INDEX[terrain], cell_of[name]] = 1.0
        for boat in view["boats"]:
            cell = cell_of[boat["cell"]]
            out["boats"][cell] = 1.0
            out["passengers"][cell] = len(boat["passengers"])
            if viewer in boat["controllers"]:
                out["controlled"][cell] = 1.0
        creatures = out["creatures"]
        for creature in CREATURE_NAMES:
            where = view["creatures"][creature]
            if where:
                creatures[CREATURE_INDEX[creature]] = np.bincount([cell_of[cell] for cell in where], minlength=N_CELLS)
        planes, own_values = out["explorers"], out["own_values"]
        cell_plane, status, value_plane = out["explorer_cell"], out["explorer_status"], out["explorer_value"]
        for index, explorer in enumerate(view["explorers"]):
            status[index, STATUS_INDEX[explorer["status"]]] = 1.0
            value = explorer.get("value")
            value_plane[index, value or 0] = 1.0
            if explorer["cell"] is not None:
                cell = cell_of[explorer["cell"]]
                cell_plane[index, cell] = 1.0
                planes[explorer["player"], BOARD_STATUSES.index(explorer["status"]), cell] += 1.0
                if explorer["player"] == viewer and value is not None:
                    own_values[cell] += value
        for swimmer in view["swum"]:
            out["explorer_swum"][EXPLORER_BY_NAME[swimmer]] = 1.0
        out["tiles_left"][:] = [view["tiles_left"][terrain] for terrain in TERRAINS]
        supply = view["supply"]
        out["supply"][:] = (supply["boat"], supply["shark"], supply["whale"])
        out["held_counts"][:] = view["held_counts"]
        for tile in view["held"]:
            out["held"][EFFECT_INDEX[tile["effect"]]] += 1.0
        out["rescued"][:] = view["rescued"]
        out["moves_left"][0] = view["moves_left"]
        out["fresh"][0] = 1.0 if view["fresh"] else 0.0
        if view["die"] is not None:
            out["die"][CREATURE_INDEX[view["die"]]] = 1.0
        for played in view["played"]:
            out["played"][played["player"], EFFECT_INDEX[played["effect"]]] += 1.0
        for removed in view["removed"]:
            if removed["effect"] is None:
                out["removed_unknown"][removed["player"]] += 1.0
            else:
                out["removed_known"][removed["player"], EFFECT_INDEX[removed["effect"]]] += 1.0
        pending = view["pending"]
        if pending is None or pending["kind"] not in PENDING_KINDS:
            return
        out["pending"][PENDING_KINDS.index(pending["kind"])] = 1.0
        if "creature" in pending:
            out["pending_creature"][CREATURE_INDEX[pending["creature"]]] = 1.0
        if "tile" in pending:
            out["pending_tile"][EFFECT_INDEX[pending["tile"]]] = 1.0
        if (space := pending.get("cell")) is not None:
            out["pending_cell"][cell_of[space]] = 1.0
        if (carried := pending.get("explorer")) is not None:
            out["pending_explorer"][EXPLORER_BY_NAME[carried]] = 1.0
        if (boat_cell := pending.get("boat")) is not None:
            out["pending_boat"][cell_of[boat_cell]] = 1.0
        out["pending_steps_left"][0] = pending.get("steps_left", 0)
        out["pending_points_left"][0] = pending.get("points_left", 0)
        path = out["pending_path"]
        for step in pending["steps"]:
            match step["step"]:
                case "move_explorer":
                    path[cell_of[step["cell"]]] += 1.0
                case "sail_boat" | "move_creature":
                    path[cell_of[step["target"]]] += 1.0
                case "declined":
                    out["declined"][step["player"]] = 1.0


def shuffle(state: State) -> Shuffle:
    """OpenSpiel's tile layout (tile by tile) and explorer values (colour by colour, value by value)."""
    if state.view()["phase"] == "tiles":
        return Shuffle((tuple(TILES),), lambda orders: LayTiles(tuple(orders[0])))
    return Shuffle(
        (tuple(EXPLORER_VALUES),) * colours(state.players, state.options),
        lambda orders: AssignValues(tuple(tuple(order) for order in orders)),
    )


#: The research API's declaration of Survive!: the full space is the default, the compact one is
#: ``action_space="compact"`` (:mod:`asobiba.games.survive.rl_compact`).
RL = RLSupport(
    encoder=SurviveEncoder,
    codecs={"full": SurviveCodec, "compact": SurviveCompactCodec},
    openspiel_parameters={"players": 2, "two_colours": False, "one_per_tile": False},
    shuffle=shuffle,
    max_chance_outcomes=48,  # tile codes, die faces, values
    setups=(
        *(Setup(f"survive_{n}p", n, action_space="full") for n in (2, 3, 4)),
        Setup("survive_two_colours_2p", 2, {"two_colours": True}, action_space="full"),
        *(Setup(f"survive_compact_{n}p", n, action_space="compact") for n in (2, 3, 4)),
        Setup("survive_compact_two_colours_2p", 2, {"two_colours": True}, action_space="compact"),
        # For game theory: the first 60 decisions (a whole game's sample reach is under float64's range).
        *(Setup(f"survive_horizon60_{n}p", n, action_space="full", horizon=60) for n in (2, 3, 4)),
        *(Setup(f"survive_compact_horizon60_{n}p", n, action_space="compact", horizon=60) for n in (2, 3, 4)),
    ),
)
