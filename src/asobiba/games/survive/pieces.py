"""The pieces of a Survive! position and what happens to them, whatever moved them.

:class:`SurviveBase` holds the position in flat lists by number (explorer ``colour * 10 + k``,
cells as in :mod:`asobiba.games.survive.board`), answers the small questions every rule asks
(who controls a boat, who swims where) and carries out the fates of pieces that several rules
share: an explorer entering the sea, being lost, climbing onto a boat; a boat sinking or
capsizing; the end of the game and the scores (rules/survive.md "End of the game").

The rules are layered on it, each module using only those before it: :mod:`.tiles`,
:mod:`.turn`, :mod:`.movement`, :mod:`.creatures`; :mod:`.view_rules` and :mod:`.determinize` read the
position; :mod:`.rules` puts them together and dispatches the actions.
"""

from __future__ import annotations

from typing import Any, Final

from asobiba.core.events import Event
from asobiba.core.state import Action, GameRules, State
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_NAMES, IS_ISLAND, N_CELLS, SERPENT_STARTS, SPACE_NEIGHBOURS
from asobiba.games.survive.data import (
    BOAT_CAPACITY,
    BOAT_COUNT,
    BOATS_PER_COLOUR,
    CREATURE_COUNT,
    CREATURES,
    EXPLORERS_PER_COLOUR,
    MOVE_POINTS,
    SERPENT,
    SHARK,
    colour_explorers,
    colour_of,
    explorer_name,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.steps import Step, StepT
from asobiba.games.survive.view import SurviveFullView, SurviveView

# Where an explorer is.
UNPLACED, ON_LAND, ON_BOAT, SWIMMING, RESCUED, LOST = range(6)
STATUS_NAMES: Final = ("unplaced", "land", "boat", "swimming", "rescued", "lost")
#: The statuses of an explorer on the board.
IN_PLAY: Final = (ON_LAND, ON_BOAT, SWIMMING)
#: By status: whether it is on the board (a table, so that a scan runs in C).
IS_IN_PLAY: Final = tuple(status in IN_PLAY for status in range(len(STATUS_NAMES)))
#: ``ex_cell``, ``ex_boat``, ``boat_at``, ``boat_cell``, ``tile_at`` of nothing.
NOWHERE: Final = -1


class SurviveBase(State[SurviveView, SurviveFullView]):
    """A position of Survive!: the pieces, the phase, and the shared fates of pieces."""

    copied_lists = (
        "ex_status",
        "ex_cell",
        "ex_boat",
        "ex_value",
        "tile_at",
        "terrain_left",
        "boat_at",
        "boat_cell",
        "creature_supply",
        "rescued",
        "boats_to_place",
        "turn_moves",
        "removed_log",
        "played_log",
    )
    copied_nested_lists = ("boat_passengers", "creature_at", "held")

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str) -> None:
        super().__init__(game, players, seed, options, chance)
        colours = 4 if options["two_colours"] else players
        self.n_colours = colours
        self.colours_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(colours) if c % players == p) for p in range(players)
        )
        self.owner: tuple[int, ...] = tuple(c % players for c in range(colours))
        self.n_explorers = colours * EXPLORERS_PER_COLOUR
        self.explorer_owner: tuple[int, ...] = tuple(self.owner[colour_of(e)] for e in range(self.n_explorers))
        #: Each player's explorers (of all his colours), by number.
        self.explorers_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(e for c in self.colours_of[p] for e in colour_explorers(c)) for p in range(players)
        )
        self.ex_status = [UNPLACED] * self.n_explorers
        self.ex_cell = [NOWHERE] * self.n_explorers
        self.ex_boat = [NOWHERE] * self.n_explorers
        self.ex_value = [0] * self.n_explorers
        self.tile_at = [NOWHERE] * N_CELLS
        self.terrain_left = [0, 0, 0]
        self.boat_at = [NOWHERE] * N_CELLS
        self.boat_cell: list[int] = []
        self.boat_passengers: list[list[int]] = []
        self.boat_supply = BOAT_COUNT
        self.creature_at = [[0] * N_CELLS for _ in CREATURES]
        self.creature_supply = list(CREATURE_COUNT)
        for cell in SERPENT_STARTS:
            self.creature_at[SERPENT][cell] += 1
            self.creature_supply[SERPENT] -= 1
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.rescued = [0] * players
        self.boats_to_place = [BOATS_PER_COLOUR * len(self.colours_of[p]) for p in range(players)]
        self.phase = Phase.TILES
        #: The details of a multi-step decision (None in the other phases).
        self.step: Step | None = None
        self.current = 0
        self.first = 0
        self.turn = 0
        self.points = MOVE_POINTS
        #: This turn's move-point actions, in order (the steps of the movement decision).
        self.turn_moves: list[Action] = []
        self.swum = 0  # bit per explorer: has made a swimming move this turn
        self.fresh = True  # nothing moved or played yet this turn: a held tile may be played
        self.die: int | None = None
        self.end_reason = ""
        # Public history a careful player remembers: (cell, tile code, remover, public?).
        self.removed_log: list[tuple[int, int, int, bool]] = []
        self.played_log: list[tuple[int, int]] = []
        self.values_fixed = False

    # ------------------------------------------------------------------ the phase and its step

    def _set_phase(self, phase: Phase) -> None:
        """Go to a phase without a pending step."""
        self.phase = phase
        self.step = None

    def _await(self, step: Step) -> None:
        """Go to (or stay in) the phase of a multi-step decision with these details."""
        self.phase = step.phase
        self.step = step

    def pending_step(self, kind: type[StepT]) -> StepT:
        """The pending step, which the phase says is a ``kind``."""
        step = self.step
        if not isinstance(step, kind):
            raise AssertionError(f"phase {self.phase.value} has no {kind.__name__} step")
        return step

    # ------------------------------------------------------------------ small questions

    def _next(self, player: int) -> int:
        """The player after ``player``, clockwise."""
        return (player + 1) % self.players

    def others_in_turn_order(self, player: int) -> list[int]:
        """The other players, clockwise from ``player``."""
        return [(player + i) % self.players for i in range(1, self.players)]

    def is_sea(self, cell: int) -> bool:
        """A space with no land tile (the islands are not spaces)."""
        return self.tile_at[cell] < 0 and not IS_ISLAND[cell]

    def controllers(self, boat: int) -> frozenset[int]:
        """The players who control a boat: the colours with most explorers aboard (all on a tie);
        empty for an empty boat (which anybody may move)."""
        passengers = self.boat_passengers[boat]
        if not passengers:
            return frozenset()
        counts: dict[int, int] = {}
        for e in passengers:
            counts[colour_of(e)] = counts.get(colour_of(e), 0) + 1
        most = max(counts.values())
        return frozenset(self.owner[c] for c, n in counts.items() if n == most)

    def may_move_boat(self, player: int, boat: int) -> bool:
        return not self.boat_passengers[boat] or player in self.controllers(boat)

    def has_room(self, boat: int) -> bool:
        return len(self.boat_passengers[boat]) < BOAT_CAPACITY

    def swimmers_at(self, cell: int) -> list[int]:
        return [e for e in range(self.n_explorers) if self.ex_cell[e] == cell and self.ex_status[e] == SWIMMING]

    def own_swimmers(self, player: int) -> list[int]:
        return [e for e in self.explorers_of[player] if self.ex_status[e] == SWIMMING]

    def has_explorers(self, player: int) -> bool:
        """Whether ``player`` has an explorer on the board."""
        return any(map(IS_IN_PLAY.__getitem__, map(self.ex_status.__getitem__, self.explorers_of[player])))

    def any_in_play(self) -> bool:
        """Whether any explorer is on the board."""
        status = self.ex_status
        return ON_LAND in status or ON_BOAT in status or SWIMMING in status

    def has_swum(self, explorer: int) -> bool:
        """Whether ``explorer`` has made a swimming move this turn."""
        return bool(self.swum >> explorer & 1)

    def _mark_swum(self, explorer: int) -> None:
        self.swum |= 1 << explorer

    def empty_sea(self, cell: int) -> bool:
        """No creature, boat or explorer in a sea space."""
        return (
            self.is_sea(cell)
            and self.boat_at[cell] < 0
            and not any(kind[cell] for kind in self.creature_at)
            and cell not in self.ex_cell
        )

    def sea_steps(self, cell: int) -> list[int]:
        """The sea spaces next to ``cell``."""
        return [n for n in SPACE_NEIGHBOURS[cell] if self.tile_at[n] < 0]

    def sail_targets(self, cell: int) -> list[int]:
        """The sea spaces next to ``cell`` a boat may enter (no other boat there)."""
        return [n for n in self.sea_steps(cell) if self.boat_at[n] < 0]

    # ------------------------------------------------------------------ the fates of pieces

    def _new_boat(self, cell: int) -> int:
        boat = len(self.boat_cell)
        self.boat_cell.append(cell)
        self.boat_passengers.append([])
        self.boat_at[cell] = boat
        self.boat_supply -= 1
        return boat

    def _leave(self, e: int) -> None:
        """An explorer gets off its boat (if it is on one)."""
        boat = self.ex_boat[e]
        if boat >= 0:
            self.boat_passengers[boat].remove(e)
            self.ex_boat[e] = NOWHERE

    def _enter_sea(self, e: int, cell: int) -> list[Event]:
        """An explorer arrives in a sea space: it boards a boat with room, or swims (and a serpent
        or a shark there removes it)."""
        self.ex_cell[e] = cell
        boat = self.boat_at[cell]
        if boat >= 0 and self.has_room(boat):
            self._put_aboard(e, boat)
            return []
        self.ex_status[e] = SWIMMING
        return self._eaten_if_threatened([e], cell)

    def _put_aboard(self, e: int, boat: int) -> None:
        self.ex_status[e] = ON_BOAT
        self.ex_boat[e] = boat
        self.boat_passengers[boat].append(e)

    def _climb(self, e: int, boat: int) -> list[Event]:
        """A swimmer climbs onto the boat in its space."""
        cell = self.ex_cell[e]
        self._put_aboard(e, boat)
        return [
            ev.ExplorerMoved(self.explorer_owner[e], explorer_name(e), CELL_NAMES[cell], CELL_NAMES[cell], "boards")
        ]

    def _eaten_if_threatened(self, swimmers: list[int], cell: int) -> list[Event]:
        """Swimmers in a space with a serpent or a shark are removed."""
        for kind in (SERPENT, SHARK):
            if self.creature_at[kind][cell]:
                return self._lose(swimmers, CREATURES[kind])
        return []

    def _lose(self, explorers: list[int], cause: str) -> list[Event]:
        events: list[Event] = []
        for e in explorers:
            self._leave(e)
            events.append(ev.ExplorerLost(self.explorer_owner[e], explorer_name(e), CELL_NAMES[self.ex_cell[e]], cause))
            self.ex_status[e] = LOST
            self.ex_cell[e] = NOWHERE
        return events

    def _remove_boat(self, boat: int) -> list[int]:
        """Take a boat off the board; its passengers (returned) are swimmers there."""
        cell = self.boat_cell[boat]
        self.boat_at[cell] = NOWHERE
        self.boat_cell[boat] = NOWHERE
        passengers = self.boat_passengers[boat]
        self.boat_passengers[boat] = []
        for e in passengers:
            self.ex_boat[e] = NOWHERE
            self.ex_status[e] = SWIMMING
        return passengers

    def _sink(self, boat: int, cause: str) -> list[Event]:
        """A boat removed with its passengers (a serpent, a whirlpool)."""
        cell = self.boat_cell[boat]
        passengers = self._remove_boat(boat)
        events: list[Event] = [ev.BoatLost(CELL_NAMES[cell], cause, tuple(explorer_name(e) for e in passengers))]
        events.extend(self._lose(passengers, cause))
        return events

    def _capsize(self, boat: int) -> list[Event]:
        """A whale removes a boat; its passengers become swimmers there (a shark or serpent there eats them)."""
        cell = self.boat_cell[boat]
        passengers = self._remove_boat(boat)
        events: list[Event] = [ev.BoatLost(CELL_NAMES[cell], "whale", tuple(explorer_name(e) for e in passengers))]
        events.extend(self._eaten_if_threatened(passengers, cell))
        return events

    # ------------------------------------------------------------------ the end

    def _end(self, reason: str) -> list[Event]:
        self._set_phase(Phase.OVER)
        self.end_reason = reason
        result = self.result()
        rescued = tuple(
            (explorer_name(e), self.ex_value[e]) for e in range(self.n_explorers) if self.ex_status[e] == RESCUED
        )
        return [ev.GameEnded(reason, tuple(result["scores"]), tuple(result["winners"]), rescued)]

    def scores(self) -> list[int]:
        """Each player's sum of rescued values (kept secret from the others until the end)."""
        totals = [0] * self.players
        for e in range(self.n_explorers):
            if self.ex_status[e] == RESCUED:
                totals[self.explorer_owner[e]] += self.ex_value[e]
        return totals

    def result(self) -> dict[str, Any]:
        scores = self.scores()
        # Highest score wins; on a tie more rescued explorers; still tied, they share.
        best = max(zip(scores, self.rescued, strict=True))
        winners = [p for p in range(self.players) if (scores[p], self.rescued[p]) == best]
        return {
            "winners": winners,
            "losers": [p for p in range(self.players) if p not in winners],
            "scores": scores,
            "rescued": self.rescued[:],
            "reason": self.end_reason,
        }
