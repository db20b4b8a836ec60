"""The typed steps of Survive!'s multi-step decisions.

A game is always in one :class:`~asobiba.games.survive.phase.Phase`. Six phases are a decision
taken in several steps or a question with its own subject; their details are a small frozen
*pending step* (the piece being moved and the path so far, the creature, the question's cell and
the players still to ask), held in ``state.step`` and replaced as the decision goes on: the rules
go to a phase with :func:`set_phase` (no step) or :func:`await_step`, and read the step with
:func:`pending_step`.

>>> ride = DolphinRide().moved(40, 41).moved(41, 42)
>>> ride.at, ride.taken, ride.left
(42, 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final, TypeVar

from mypy_extensions import mypyc_attr

from asobiba.games.survive.data import CREATURE_REACH
from asobiba.games.survive.phase import Phase

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

#: How many sea spaces a dolphin or favourable winds carry a piece.
HELD_TILE_REACH: Final = 3


def _extended(path: tuple[int, ...], source: int, target: int) -> tuple[int, ...]:
    return (*(path or (source,)), target)


@mypyc_attr(native_class=False)
class Steps:
    """A move made step by step along ``path`` (the start, then a cell per step), at most ``reach``
    steps: a held tile's reach unless the mover says otherwise."""

    __slots__ = ()
    path: tuple[int, ...]

    @property
    def reach(self) -> int:
        return HELD_TILE_REACH

    @property
    def at(self) -> int | None:
        return self.path[-1] if self.path else None

    @property
    def taken(self) -> int:
        return max(0, len(self.path) - 1)

    @property
    def left(self) -> int:
        return self.reach - self.taken


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class DolphinRide(Steps):
    """A dolphin carries one of the player's swimmers; the first step chooses which."""

    explorer: int | None = None
    #: The cells visited: the start, then one per step (empty before the first step).
    path: tuple[int, ...] = ()

    def moved(self, source: int, target: int, explorer: int | None = None) -> DolphinRide:
        return replace(
            self, explorer=self.explorer if explorer is None else explorer, path=_extended(self.path, source, target)
        )


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class WindsSail(Steps):
    """Favourable winds move one boat; the first step chooses which."""

    path: tuple[int, ...] = ()

    def moved(self, source: int, target: int) -> WindsSail:
        return replace(self, path=_extended(self.path, source, target))


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Jump:
    """A "move any …" tile: one creature of this kind jumps to an empty sea space."""

    creature: int


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CreatureRun(Steps):
    """The rolled creature moves step by step; the first step chooses which one."""

    creature: int
    path: tuple[int, ...] = ()

    @property
    def reach(self) -> int:
        return CREATURE_REACH[self.creature]

    def moved(self, source: int, target: int) -> CreatureRun:
        # Built directly: dataclasses.replace walks the fields (a creature moves several times a turn).
        return CreatureRun(self.creature, _extended(self.path, source, target))


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CounterQuestion:
    """A shark or a whale moved by ``mover`` reached pieces on ``cell``: the players in ``asked``
    are asked in turn whether they play ``counter``; ``declined`` said no already."""

    counter: int
    creature: int
    cell: int
    #: Still to answer, the one asked now first.
    asked: tuple[int, ...]
    declined: tuple[int, ...] = ()

    @property
    def player(self) -> int:
        return self.asked[0]

    def declined_by_asked(self) -> CounterQuestion:
        return replace(self, asked=self.asked[1:], declined=(*self.declined, self.asked[0]))


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class BoatTileBoarding:
    """A boat tile came up under more than 3 swimmers: the remover chooses who boards it."""

    cell: int
    boarded: tuple[int, ...] = ()


#: A pending step of a multi-step decision.
Step = DolphinRide | WindsSail | Jump | CreatureRun | CounterQuestion | BoatTileBoarding
StepT = TypeVar("StepT", DolphinRide, WindsSail, Jump, CreatureRun, CounterQuestion, BoatTileBoarding)

#: The phase of each kind of pending step (a table, not class variables: compiled by mypyc, an assignment
#: in a dataclass's body, ``ClassVar`` or not, becomes a field).
STEP_PHASES: Final[dict[type[Step], Phase]] = {
    DolphinRide: Phase.DOLPHIN,
    WindsSail: Phase.WINDS,
    Jump: Phase.JUMP,
    CreatureRun: Phase.CREATURE,
    CounterQuestion: Phase.COUNTER,
    BoatTileBoarding: Phase.BOAT_TILE,
}


def set_phase(state: SurviveState, phase: Phase) -> None:
    """Go to a phase without a pending step."""
    state.phase = phase
    state.step = None


def await_step(state: SurviveState, step: Step) -> None:
    """Go to (or stay in) the phase of a multi-step decision with these details."""
    state.phase = STEP_PHASES[type(step)]
    state.step = step


def pending_step(state: SurviveState, kind: type[StepT]) -> StepT:
    """The pending step, which the phase says is a ``kind``."""
    step = state.step
    if not isinstance(step, kind):
        raise AssertionError(f"phase {state.phase.value} has no {kind.__name__} step")
    return step
