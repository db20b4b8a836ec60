"""Moving explorers and boats: a turn's step 2 with its 3 move points, and the dolphin and
favourable-winds tiles (rules/survive.md "A turn" 2; the seed 4-② and 5)."""

from __future__ import annotations

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
from asobiba.games.survive.pieces import IN_PLAY, NOWHERE, ON_BOAT, ON_LAND, RESCUED, SWIMMING
from asobiba.games.survive.steps import DolphinRide, WindsSail
from asobiba.games.survive.turn import TurnRules


class MovementRules(TurnRules):
    """Explorers walk, board, swim and escape; boats sail."""

    # ------------------------------------------------------------------ what may move

    def _move_actions(self, player: int) -> list[Action]:
        """The movement step: a held tile first, then one move point's step, or the end."""
        actions: list[Action] = [END_MOVES]
        if self.fresh:
            actions.extend(PLAY_TILE[effect] for effect in self.playable_tiles(player))
        if self.points <= 0 or not self.has_explorers(player):
            return actions
        status, cells, tile_at, boat_at, swum = self.ex_status, self.ex_cell, self.tile_at, self.boat_at, self.swum
        for e in self.explorers_of[player]:
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
                        move for n, move in steps if tile_at[n] < 0 and boat_at[n] >= 0 and self.has_room(boat_at[n])
                    ]
            elif where == SWIMMING and not swum >> e & 1:
                cell = cells[e]
                if IS_ESCAPE[cell]:
                    actions.append(ESCAPE[e])
                boat = boat_at[cell]
                if boat >= 0 and self.has_room(boat):
                    actions.append(BOARD[e])
                actions += [move for n, move in EXPLORER_STEP_TO[e][cell] if tile_at[n] < 0]
        passengers = self.boat_passengers
        for boat, cell in enumerate(self.boat_cell):
            if cell >= 0 and (not passengers[boat] or player in self.controllers(boat)):
                actions += [sail for n, sail in SAIL_TO[cell] if tile_at[n] < 0 and boat_at[n] < 0]
        return actions

    def _dolphin_actions(self, player: int) -> list[Action]:
        ride = self.pending_step(DolphinRide)
        actions: list[Action] = [STOP]
        explorers = [ride.explorer] if ride.explorer is not None else self.own_swimmers(player)
        for e in explorers:
            actions.extend(MOVE_EXPLORER[e][n] for n in self.sea_steps(self.ex_cell[e]))
        return actions

    def _winds_actions(self, player: int) -> list[Action]:
        sail = self.pending_step(WindsSail)
        actions: list[Action] = [STOP]
        if sail.at is not None:
            cells = [sail.at]
        else:
            cells = [c for b, c in enumerate(self.boat_cell) if c >= 0 and player in self.controllers(b)]
        for cell in cells:
            actions.extend(SAIL[cell, n] for n in self.sail_targets(cell))
        return actions

    # ------------------------------------------------------------------ checking

    def verify_move_point(self, player: int) -> None:
        if self.points <= 0:
            raise IllegalAction("no move points are left", domain="survive")
        if not self.has_explorers(player):
            raise IllegalAction("no explorer of yours is on the board", domain="survive")

    def verify_explorer_move(self, player: int, e: int, cell: int) -> None:
        phase = self.phase
        if phase not in (Phase.MOVE, Phase.DOLPHIN):
            raise IllegalAction("explorers move in the movement step", domain="survive")
        self.verify_own_explorer(player, e)
        where = self.ex_status[e]
        here = self.ex_cell[e]
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
            self.verify_dolphin_step(e, cell)
            return
        self.verify_move_point(player)
        if where != ON_LAND and self.tile_at[cell] >= 0:
            raise IllegalAction(
                "{explorer} has left the land and never returns to a land tile",
                domain="survive",
                explorer=explorer_name(e),
            )
        if where == SWIMMING and self.has_swum(e):
            raise IllegalAction(
                "{explorer} has already swum this turn (a swimmer moves one space per turn)",
                domain="survive",
                explorer=explorer_name(e),
            )
        if (
            where == ON_BOAT
            and self.has_swum(e)
            and not (self.boat_at[cell] >= 0 and self.has_room(self.boat_at[cell]))
        ):
            raise IllegalAction(
                "{explorer} swam onto this boat this turn: it may step onto another boat with room, escape or be "
                "carried, but not swim again",
                domain="survive",
                explorer=explorer_name(e),
            )

    def verify_dolphin_step(self, e: int, cell: int) -> None:
        ride = self.pending_step(DolphinRide)
        if self.ex_status[e] != SWIMMING:
            raise IllegalAction(
                "the dolphin carries a swimmer; {explorer} is not swimming",
                domain="survive",
                explorer=explorer_name(e),
            )
        if ride.explorer is not None and ride.explorer != e:
            raise IllegalAction(
                "the dolphin is carrying {explorer}", domain="survive", explorer=explorer_name(ride.explorer)
            )
        if self.tile_at[cell] >= 0:
            raise IllegalAction("a swimmer never returns to a land tile", domain="survive")

    def verify_boarding(self, player: int, e: int) -> None:
        if self.phase == Phase.BOAT_TILE:
            self.verify_boat_tile_boarding(e)
            return
        if self.phase != Phase.MOVE:
            raise IllegalAction("swimmers board boats in the movement step", domain="survive")
        self.verify_own_explorer(player, e)
        if self.points <= 0:
            raise IllegalAction("no move points are left", domain="survive")
        if self.ex_status[e] != SWIMMING:
            raise IllegalAction("{explorer} is not swimming", domain="survive", explorer=explorer_name(e))
        if self.has_swum(e):
            raise IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))
        boat = self.boat_at[self.ex_cell[e]]
        if boat < 0:
            raise IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[self.ex_cell[e]])
        if not self.has_room(boat):
            raise IllegalAction(
                "the boat on {cell} is full (3 explorers)", domain="survive", cell=CELL_NAMES[self.ex_cell[e]]
            )

    def verify_escape(self, player: int, e: int) -> None:
        if self.phase != Phase.MOVE:
            raise IllegalAction("escaping is a move of the movement step", domain="survive")
        self.verify_own_explorer(player, e)
        if self.points <= 0:
            raise IllegalAction("no move points are left", domain="survive")
        if self.ex_status[e] not in (ON_BOAT, SWIMMING) or not IS_ESCAPE[self.ex_cell[e]]:
            raise IllegalAction(
                "{explorer} is not on a boat or swimming in an escape space",
                domain="survive",
                explorer=explorer_name(e),
            )
        if self.ex_status[e] == SWIMMING and self.has_swum(e):
            raise IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))

    def verify_sail(self, player: int, source: int, target: int) -> None:
        phase = self.phase
        if phase not in (Phase.MOVE, Phase.WINDS):
            raise IllegalAction("boats move in the movement step (or with favourable winds)", domain="survive")
        boat = self.boat_at[source]
        if boat < 0:
            raise IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[source])
        if phase == Phase.WINDS:
            at = self.pending_step(WindsSail).at
            if at is not None and at != source:
                raise IllegalAction("the winds are moving the boat on {cell}", domain="survive", cell=CELL_NAMES[at])
        elif self.points <= 0:
            raise IllegalAction("no move points are left", domain="survive")
        elif not self.has_explorers(player):
            raise IllegalAction("no explorer of yours is on the board: you skip moving", domain="survive")
        # Move points move an empty boat or one the player controls; favourable winds one he controls.
        if not (player in self.controllers(boat) if phase == Phase.WINDS else self.may_move_boat(player, boat)):
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
        if self.tile_at[target] >= 0:
            raise IllegalAction("boats stay at sea; {cell} is land", domain="survive", cell=CELL_NAMES[target])
        if self.boat_at[target] >= 0:
            raise IllegalAction("{cell} already holds a boat", domain="survive", cell=CELL_NAMES[target])

    # ------------------------------------------------------------------ applying

    def _spend_point(self, action: Action) -> None:
        self.points -= 1
        self.turn_moves.append(action)

    def _on_move(self, action: Action, e: int, target: int) -> list[Event]:
        player = self.current
        source = self.ex_cell[e]
        was = self.ex_status[e]
        self._leave(e)
        if self.phase == Phase.DOLPHIN:
            return self._dolphin_step(e, source, target)
        self._spend_point(action)
        if self.tile_at[target] >= 0:
            self.ex_status[e] = ON_LAND
            self.ex_cell[e] = target
            events: list[Event] = [
                ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], "walks")
            ]
        else:
            boat = self.boat_at[target]
            how = "boards" if boat >= 0 and self.has_room(boat) else "swims"
            events = [ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], how)]
            events.extend(self._enter_sea(e, target))
            if was == SWIMMING or how == "swims":
                self._mark_swum(e)
        self._after_move()
        return events

    def _dolphin_step(self, e: int, source: int, target: int) -> list[Event]:
        ride = self.pending_step(DolphinRide).moved(source, target, explorer=e)
        events = self._enter_sea(e, target)
        self._await(ride)
        if self.ex_status[e] != SWIMMING or ride.left <= 0:
            self._back_to_moving()
        return [
            ev.ExplorerMoved(self.current, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], "dolphin"),
            *events,
        ]

    def _on_board(self, action: Action, e: int) -> list[Event]:
        if self.phase == Phase.BOAT_TILE:
            return self._board_boat_tile(e)
        events = self._climb(e, self.boat_at[self.ex_cell[e]])
        self._spend_point(action)
        self._mark_swum(e)
        self._after_move()
        return events

    def _on_escape(self, action: Action, e: int) -> list[Event]:
        cell = self.ex_cell[e]
        self._leave(e)
        self.ex_status[e] = RESCUED
        self.ex_cell[e] = NOWHERE
        self.rescued[self.explorer_owner[e]] += 1
        self._spend_point(action)
        self._after_move()
        return [ev.ExplorerEscaped(self.explorer_owner[e], explorer_name(e), CELL_NAMES[cell])]

    def _on_sail(self, action: Action, source: int, target: int) -> list[Event]:
        boat = self.boat_at[source]
        passengers = self.boat_passengers[boat]
        events: list[Event] = [
            ev.BoatMoved(
                self.current, CELL_NAMES[source], CELL_NAMES[target], tuple(explorer_name(e) for e in passengers)
            )
        ]
        self.boat_at[source] = NOWHERE
        self.boat_at[target] = boat
        self.boat_cell[boat] = target
        for e in passengers:
            self.ex_cell[e] = target
        if passengers and self.creature_at[SERPENT][target]:
            events.extend(self._sink(boat, "serpent"))
        elif passengers and self.creature_at[WHALE][target]:
            events.extend(self._capsize(boat))
        if self.phase == Phase.WINDS:
            sail = self.pending_step(WindsSail).moved(source, target)
            self._await(sail)
            if self.boat_cell[boat] < 0 or sail.left <= 0:
                self._back_to_moving()
        else:
            self._spend_point(action)
            self._after_move()
        return events
