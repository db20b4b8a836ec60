"""The pieces and what happens to them, whatever moved them (rules/survive.en.md "Components" and
"The board"): where an explorer is, the small questions every rule asks (who controls a boat, who
swims where, which sea spaces are next to a cell) and the fates of pieces several rules share: an
explorer entering the sea, being lost, climbing onto a boat; a boat sinking or capsizing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_NAMES, IS_ISLAND, SPACE_NEIGHBOURS
from asobiba.games.survive.data import BOAT_CAPACITY, CREATURES, SERPENT, SHARK, colour_of, explorer_name

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

# Where an explorer is.
UNPLACED, ON_LAND, ON_BOAT, SWIMMING, RESCUED, LOST = range(6)
STATUS_NAMES: Final = ("unplaced", "land", "boat", "swimming", "rescued", "lost")
#: The statuses of an explorer on the board.
IN_PLAY: Final = (ON_LAND, ON_BOAT, SWIMMING)
#: By status: whether it is on the board (a table, so that a scan runs in C).
IS_IN_PLAY: Final = tuple(status in IN_PLAY for status in range(len(STATUS_NAMES)))
#: ``ex_cell``, ``ex_boat``, ``boat_at``, ``boat_cell``, ``tile_at`` of nothing.
NOWHERE: Final = -1


def is_sea(state: SurviveState, cell: int) -> bool:
    """A space with no land tile (the islands are not spaces)."""
    return state.tile_at[cell] < 0 and not IS_ISLAND[cell]


def verify_own_explorer(state: SurviveState, player: int, e: int) -> None:
    """You only ever move your own explorers ("A turn" 2)."""
    if state.explorer_owner[e] != player:
        raise IllegalAction(
            "{explorer} is not p{player}'s explorer; only your own explorers are moved",
            domain="survive",
            explorer=explorer_name(e),
            player=player,
        )


def controllers(state: SurviveState, boat: int) -> frozenset[int]:
    """The players who control a boat: the colours with most explorers aboard (all on a tie);
    empty for an empty boat (which anybody may move)."""
    passengers = state.boat_passengers[boat]
    if not passengers:
        return frozenset()
    counts: dict[int, int] = {}
    for e in passengers:
        counts[colour_of(e)] = counts.get(colour_of(e), 0) + 1
    most = max(counts.values())
    return frozenset(state.owner[c] for c, n in counts.items() if n == most)


def controls(state: SurviveState, player: int, boat: int) -> bool:
    """Whether ``player`` is among :func:`controllers` of ``boat`` (worked out without the set: move
    points ask it of every boat at every step)."""
    passengers = state.boat_passengers[boat]
    if not passengers:
        return False
    if len(passengers) == 1:
        return state.explorer_owner[passengers[0]] == player
    counts: dict[int, int] = {}
    for e in passengers:
        colour = colour_of(e)
        counts[colour] = counts.get(colour, 0) + 1
    most = max(counts.values())
    owner = state.owner
    return any(count == most and owner[colour] == player for colour, count in counts.items())


def may_move_boat(state: SurviveState, player: int, boat: int) -> bool:
    """Move points move an empty boat or one the player controls ("A turn" 2)."""
    return not state.boat_passengers[boat] or player in controllers(state, boat)


def has_room(state: SurviveState, boat: int) -> bool:
    """A boat carries at most 3 explorers ("A turn" 2)."""
    return len(state.boat_passengers[boat]) < BOAT_CAPACITY


def swimmers_at(state: SurviveState, cell: int) -> list[int]:
    """The swimmers on ``cell``."""
    return [e for e in range(state.n_explorers) if state.ex_cell[e] == cell and state.ex_status[e] == SWIMMING]


def own_swimmers(state: SurviveState, player: int) -> list[int]:
    """``player``'s swimmers."""
    return [e for e in state.explorers_of[player] if state.ex_status[e] == SWIMMING]


def has_explorers(state: SurviveState, player: int) -> bool:
    """Whether ``player`` has an explorer on the board."""
    return any(map(IS_IN_PLAY.__getitem__, map(state.ex_status.__getitem__, state.explorers_of[player])))


def any_in_play(state: SurviveState) -> bool:
    """Whether any explorer is on the board."""
    status = state.ex_status
    return ON_LAND in status or ON_BOAT in status or SWIMMING in status


def has_swum(state: SurviveState, explorer: int) -> bool:
    """Whether ``explorer`` has made a swimming move this turn."""
    return bool(state.swum >> explorer & 1)


def mark_swum(state: SurviveState, explorer: int) -> None:
    """``explorer`` has made his swimming move of the turn."""
    state.swum |= 1 << explorer


def new_boat(state: SurviveState, cell: int) -> int:
    """A boat from the supply onto ``cell``; its number."""
    boat = len(state.boat_cell)
    state.boat_cell.append(cell)
    state.boat_passengers.append([])
    state.boat_at[cell] = boat
    state.boat_supply -= 1
    return boat


def leave_boat(state: SurviveState, e: int) -> None:
    """An explorer gets off its boat (if it is on one)."""
    boat = state.ex_boat[e]
    if boat >= 0:
        state.boat_passengers[boat].remove(e)
        state.ex_boat[e] = NOWHERE


def enter_sea(state: SurviveState, e: int, cell: int) -> list[Event]:
    """An explorer arrives in a sea space: it boards a boat with room, or swims (and a serpent
    or a shark there removes it)."""
    state.ex_cell[e] = cell
    boat = state.boat_at[cell]
    if boat >= 0 and has_room(state, boat):
        put_aboard(state, e, boat)
        return []
    state.ex_status[e] = SWIMMING
    return eaten_if_threatened(state, [e], cell)


def put_aboard(state: SurviveState, e: int, boat: int) -> None:
    """An explorer is now aboard ``boat``."""
    state.ex_status[e] = ON_BOAT
    state.ex_boat[e] = boat
    state.boat_passengers[boat].append(e)


def climb(state: SurviveState, e: int, boat: int) -> list[Event]:
    """A swimmer climbs onto the boat in its space."""
    cell = state.ex_cell[e]
    put_aboard(state, e, boat)
    owner, name, here = state.explorer_owner[e], explorer_name(e), CELL_NAMES[cell]
    return [ev.ExplorerMoved(owner, name, here, here, "boards", state.ex_value[e])]


def eaten_if_threatened(state: SurviveState, swimmers: list[int], cell: int) -> list[Event]:
    """Swimmers in a space with a serpent or a shark are removed."""
    for kind in (SERPENT, SHARK):
        if state.creature_at[kind][cell]:
            return lose(state, swimmers, CREATURES[kind])
    return []


def lose(state: SurviveState, explorers: list[int], cause: str) -> list[Event]:
    """Explorers are lost: they leave the board (and their boat)."""
    events: list[Event] = []
    for e in explorers:
        leave_boat(state, e)
        owner, name, cell = state.explorer_owner[e], explorer_name(e), CELL_NAMES[state.ex_cell[e]]
        events.append(ev.ExplorerLost(owner, name, cell, cause, state.ex_value[e]))
        state.ex_status[e] = LOST
        state.ex_cell[e] = NOWHERE
    return events


def remove_boat(state: SurviveState, boat: int) -> list[int]:
    """Take a boat off the board; its passengers (returned) are swimmers there."""
    cell = state.boat_cell[boat]
    state.boat_at[cell] = NOWHERE
    state.boat_cell[boat] = NOWHERE
    passengers = state.boat_passengers[boat]
    state.boat_passengers[boat] = []
    for e in passengers:
        state.ex_boat[e] = NOWHERE
        state.ex_status[e] = SWIMMING
    return passengers


def sink(state: SurviveState, boat: int, cause: str) -> list[Event]:
    """A boat removed with its passengers (a serpent, a whirlpool)."""
    cell = state.boat_cell[boat]
    passengers = remove_boat(state, boat)
    events: list[Event] = [ev.BoatLost(CELL_NAMES[cell], cause, tuple(explorer_name(e) for e in passengers))]
    events.extend(lose(state, passengers, cause))
    return events


def capsize(state: SurviveState, boat: int) -> list[Event]:
    """A whale removes a boat; its passengers become swimmers there (a shark or serpent there eats them)."""
    cell = state.boat_cell[boat]
    passengers = remove_boat(state, boat)
    events: list[Event] = [ev.BoatLost(CELL_NAMES[cell], "whale", tuple(explorer_name(e) for e in passengers))]
    events.extend(eaten_if_threatened(state, passengers, cell))
    return events


def empty_sea(state: SurviveState, cell: int) -> bool:
    """No creature, boat or explorer in a sea space."""
    return (
        is_sea(state, cell)
        and state.boat_at[cell] < 0
        and not any(kind[cell] for kind in state.creature_at)
        and cell not in state.ex_cell
    )


def sea_steps(state: SurviveState, cell: int) -> list[int]:
    """The sea spaces next to ``cell``."""
    return [n for n in SPACE_NEIGHBOURS[cell] if state.tile_at[n] < 0]


def sail_targets(state: SurviveState, cell: int) -> list[int]:
    """The sea spaces next to ``cell`` a boat may enter (no other boat there)."""
    return [n for n in sea_steps(state, cell) if state.boat_at[n] < 0]
