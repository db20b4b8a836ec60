"""Setup and the order of play: the layout, the values, the first player, placing explorers and
boats, and a turn's beginning and end (rules/survive.md "Setup" and "A turn"; the seed 3 and 4)."""

from __future__ import annotations

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, NEIGHBOUR_SETS, START_SEA
from asobiba.games.survive.data import (
    COLOURS,
    EXPLORER_VALUES,
    MOVE_POINTS,
    TERRAINS,
    TILES,
    colour_explorers,
    explorer_name,
    terrain_of,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.pieces import ON_LAND, UNPLACED
from asobiba.games.survive.tiles import TileRules


class TurnRules(TileRules):
    """Setup, and the steps of a turn in order."""

    # ------------------------------------------------------------------ chance at setup

    def _lay_tiles(self, layout: tuple[int, ...]) -> None:
        for cell, code in zip(LAND_SPACES, layout, strict=True):
            self.tile_at[cell] = code
            self.terrain_left[terrain_of(code)] += 1

    def _assign_values(self, values: tuple[tuple[int, ...], ...]) -> None:
        for colour, colour_values in enumerate(values):
            for e, value in zip(colour_explorers(colour), colour_values, strict=True):
                self.ex_value[e] = value

    def verify_layout(self, layout: tuple[int, ...]) -> None:
        if len(layout) != len(TILES) or sorted(layout) != sorted(TILES):
            raise IllegalAction("the layout must use each of the 40 tiles once", domain="survive")

    def verify_values(self, values: tuple[tuple[int, ...], ...]) -> None:
        if len(values) != self.n_colours or any(sorted(v) != list(EXPLORER_VALUES) for v in values):
            raise IllegalAction(
                "each of the {colours} colours takes the values 1112233456 in some order",
                domain="survive",
                colours=self.n_colours,
            )

    def _on_tiles(self, layout: tuple[int, ...]) -> list[Event]:
        self._lay_tiles(layout)
        self._set_phase(Phase.FIRST_PLAYER if self.values_fixed else Phase.VALUES)
        terrains = tuple((CELL_NAMES[cell], TERRAINS[terrain_of(self.tile_at[cell])]) for cell in LAND_SPACES)
        return [ev.TilesLaid(terrains)]

    def _on_values(self, values: tuple[tuple[int, ...], ...]) -> list[Event]:
        self._assign_values(values)
        self._set_phase(Phase.FIRST_PLAYER)
        return [
            ev.ValuesAssigned(
                self.owner[c],
                COLOURS[c],
                tuple((explorer_name(e), v) for e, v in zip(colour_explorers(c), values[c], strict=True)),
            )
            for c in range(self.n_colours)
        ]

    def _on_first(self, player: int) -> list[Event]:
        self.first = self.current = player
        self._set_phase(Phase.PLACE_EXPLORERS)
        return [ev.FirstPlayer(player)]

    # ------------------------------------------------------------------ placing explorers and boats

    def unplaced(self, player: int) -> list[int]:
        return [e for e in self.explorers_of[player] if self.ex_status[e] == UNPLACED]

    def placement_tiles(self, player: int) -> list[int]:
        """The tiles ``player`` may place an explorer on: not one holding another player's
        explorer (the seed), nor, with ``one_per_tile``, any explorer."""
        one_per_tile = self.options["one_per_tile"]
        blocked = set()
        for e in range(self.n_explorers):
            if self.ex_status[e] == ON_LAND and (one_per_tile or self.explorer_owner[e] != player):
                blocked.add(self.ex_cell[e])
        return [cell for cell in LAND_SPACES if self.tile_at[cell] >= 0 and cell not in blocked]

    def boat_spaces(self) -> list[int]:
        """Sea spaces next to a land tile with no boat (the seed: any such sea space)."""
        tile_at = self.tile_at
        return [
            cell
            for cell in START_SEA
            if tile_at[cell] < 0 and self.boat_at[cell] < 0 and any(tile_at[n] >= 0 for n in NEIGHBOUR_SETS[cell])
        ]

    def verify_placement(self, player: int, e: int, cell: int) -> None:
        if self.phase != Phase.PLACE_EXPLORERS:
            raise IllegalAction("explorers are placed only during setup", domain="survive")
        self.verify_own_explorer(player, e)
        if self.ex_status[e] != UNPLACED:
            raise IllegalAction("{explorer} is already on the board", domain="survive", explorer=explorer_name(e))
        if self.tile_at[cell] < 0:
            raise IllegalAction("{cell} is not a land tile", domain="survive", cell=CELL_NAMES[cell])
        one_per_tile = self.options["one_per_tile"]
        for other in range(self.n_explorers):
            if self.ex_cell[other] == cell and self.ex_status[other] == ON_LAND:
                if one_per_tile:
                    raise IllegalAction(
                        "{cell} already holds an explorer (one per tile)", domain="survive", cell=CELL_NAMES[cell]
                    )
                if self.explorer_owner[other] != player:
                    raise IllegalAction(
                        "{cell} holds another player's explorer", domain="survive", cell=CELL_NAMES[cell]
                    )

    def verify_boat_placement(self, cell: int) -> None:
        if self.phase != Phase.PLACE_BOATS:
            raise IllegalAction("boats are placed only during setup, after the explorers", domain="survive")
        if cell not in self.boat_spaces():
            raise IllegalAction(
                "a boat goes on a sea space next to a land tile with no other boat; not {cell}",
                domain="survive",
                cell=CELL_NAMES[cell],
            )

    def verify_own_explorer(self, player: int, e: int) -> None:
        if self.explorer_owner[e] != player:
            raise IllegalAction(
                "{explorer} is not p{player}'s explorer; only your own explorers are moved",
                domain="survive",
                explorer=explorer_name(e),
                player=player,
            )

    def _on_place(self, e: int, cell: int) -> list[Event]:
        self.ex_status[e] = ON_LAND
        self.ex_cell[e] = cell
        events: list[Event] = [ev.ExplorerPlaced(self.current, explorer_name(e), CELL_NAMES[cell])]
        self.current = self._next(self.current)
        if UNPLACED not in self.ex_status:
            self._set_phase(Phase.PLACE_BOATS)
            self.current = self.first
        return events

    def _on_place_boat(self, cell: int) -> list[Event]:
        self._new_boat(cell)
        events: list[Event] = [ev.BoatPlaced(self.current, CELL_NAMES[cell])]
        self.boats_to_place[self.current] -= 1
        if not any(self.boats_to_place):
            self.current = self.first
            events.extend(self._begin_turn())
        else:
            self.current = self._next(self.current)
            while not self.boats_to_place[self.current]:
                self.current = self._next(self.current)
        return events

    # ------------------------------------------------------------------ the turn

    def _begin_turn(self) -> list[Event]:
        self.turn += 1
        self.points = MOVE_POINTS
        self.turn_moves = []
        self.swum = 0
        self.fresh = True
        self.die = None
        self._set_phase(Phase.MOVE)
        events: list[Event] = [ev.TurnBegan(self.current, self.turn)]
        # A player with no explorer on the board skips moving (but may still play a held tile).
        if not self.has_explorers(self.current) and not self.playable_tiles(self.current):
            self._set_phase(Phase.REMOVE_TILE)
        return events

    def _after_move(self) -> None:
        """A move point was spent: the movement step goes on while points and explorers are left."""
        self.fresh = False
        if self.phase == Phase.MOVE and (self.points <= 0 or not self.has_explorers(self.current)):
            self._set_phase(Phase.REMOVE_TILE)

    def _back_to_moving(self) -> None:
        """A held tile's move is over: back to the movement step."""
        self._set_phase(Phase.MOVE)
        if not self.has_explorers(self.current):
            self._set_phase(Phase.REMOVE_TILE)

    def _on_end_moves(self) -> list[Event]:
        events: list[Event] = [ev.MovesEnded(self.current, self.points)]
        self._set_phase(Phase.REMOVE_TILE)
        return events

    def _end_turn(self) -> list[Event]:
        if self.phase == Phase.OVER:
            return []
        self.current = self._next(self.current)
        return self._begin_turn()
