"""The Survive! heuristic player: it reads only the view and the legal actions.

It scores a position by how close each explorer is to a safe island (rescued > on a boat one
controls > on another's boat > swimming > on land, minus the creatures' threat), its own
explorers by their known values and the others' by the average value, and takes the legal step
that improves (own − others) the most. So it gets valuable explorers off the island early, loads
boats, keeps a point to escape, aims sharks and serpents at the others' swimmers and boats and
whales at their boats, removes the tiles that put the others into the water, and plays its held
tiles when they save or move its pieces.

Its judgement is a table of numbers, :class:`Weights`: ``normal`` plays :data:`NORMAL`, ``hard``
(:func:`choose_hard`) :data:`HARD`, which differs in setup only: it stacks its explorers on tiles
near the escape spaces, so that boats fill with its own explorers and have a short way out.

>>> import random
>>> from asobiba.games.survive import GAME
>>> state = GAME.new_game(2, seed=1)
>>> action = GAME.heuristic_action(state.observe(state.to_move), random.Random(0))
>>> action in state.legal_actions()
True
>>> choose_hard(state.view(state.to_move), state.legal_actions(), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import functools
import math
import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from asobiba.core.hard_settings import HardSettings
from asobiba.core.state import Action, Observation, State
from asobiba.games.survive.actions import (
    BoardBoat,
    Decline,
    EndMoves,
    Escape,
    MoveCreature,
    MoveExplorer,
    PlaceBoat,
    PlaceExplorer,
    PlayTile,
    RemoveTile,
    SailBoat,
    Stop,
)
from asobiba.games.survive.board import (
    CELL_BY_NAME,
    CELL_NAMES,
    ESCAPE_SPACES,
    IS_ESCAPE,
    IS_ISLAND,
    N_CELLS,
    NEIGHBOUR_SETS,
    SPACE_NEIGHBOURS,
)
from asobiba.games.survive.data import (
    BOAT_CAPACITY,
    CREATURES,
    DOLPHIN,
    EFFECTS,
    EXPLORER_BY_NAME,
    EXPLORER_VALUES,
    MOVE_SERPENT,
    MOVE_SHARK,
    MOVE_WHALE,
    SERPENT,
    SHARK,
    TERRAINS,
    TILE_TABLE,
    WHALE,
    WINDS,
    explorer_name,
)
from asobiba.games.survive.view import Effect, SurviveFullView, Terrain, TilesLeft

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

AVERAGE_VALUE = sum(EXPLORER_VALUES) / len(EXPLORER_VALUES)
LAND, BOAT, SWIM, RESCUED, GONE = range(5)
STATUS = {"land": LAND, "boat": BOAT, "swimming": SWIM, "rescued": RESCUED, "lost": GONE, "unplaced": GONE}
ESCAPES = [cell for cells in ESCAPE_SPACES.values() for cell in cells]


@dataclass(frozen=True)
class Weights:
    """The heuristic's judgement in numbers: what each kind of prospect is worth, what the
    creatures threaten, when a held tile is worth playing, where to place pieces in setup.
    ``NORMAL`` is the ``normal`` level's; a stronger player may judge with other weights."""

    #: How much the others' prospects count against the bot's own.
    others_weight: float = 0.5
    #: What one move point costs when nothing else is gained (stops aimless wandering).
    step_cost: float = 0.01
    #: An explorer on land: the base prospect, less per step to an escape space, more next to a boat with room.
    land_base: float = 0.42
    land_slope: float = 0.02
    near_room: float = 0.06
    #: On a boat one controls, on another's boat, and swimming: the base prospect, and how much a
    #: step nearer an escape space is worth.
    own_boat_base: float = 0.86
    other_boat_base: float = 0.62
    boat_slope: float = 0.07
    swim_base: float = 0.52
    swim_slope: float = 0.045
    #: The threat of a serpent within 1 step, a shark within 2 (to swimmers), a whale within 3 (to boats).
    serpent_threat: float = 0.33
    shark_threat: float = 0.4
    whale_threat: float = 0.12
    #: Removing a tile next to own explorers on land (per explorer).
    removal_near_own: float = 0.05
    #: A jumping creature next to own pieces (per value) and the others'.
    jump_own: float = -1.0
    jump_others: float = 0.3
    jump_scale: float = 0.1
    #: Held tiles: a dolphin for a swimmer worth this much that is this near an escape space (or threatened);
    #: winds for a boat carrying this much of one's own value this far from an escape space; a
    #: "move a creature" tile when it threatens this much of one's own value.
    dolphin_value: int = 2
    dolphin_reach: int = 4
    winds_value: int = 3
    winds_distance: int = 2
    jump_threatened: int = 3
    #: Setup: an explorer goes to the tile that lasts (per terrain), near the coast and an escape
    #: space, next to own explorers already placed (a negative weight spreads them).
    place_terrain: tuple[float, float, float] = (0.0, 0.6, 1.0)
    place_coast: float = 0.8
    place_distance: float = 0.15
    place_crowd: float = -0.3
    #: Setup: a boat goes next to own explorers, near an escape space.
    place_boat_distance: float = 0.3

    @functools.cached_property
    def threat(self) -> list[float]:
        """The threat for a set of flags: 1 a serpent within 1 step, 2 a shark within 2, 4 a whale within 3."""
        return [
            self.serpent_threat * (f & 1) + self.shark_threat * (f >> 1 & 1) + self.whale_threat * (f >> 2 & 1)
            for f in range(8)
        ]


#: The ``normal`` level's weights.
NORMAL = Weights()
#: The ``hard`` level's: explorers placed in stacks (a boat carries three) near the escape spaces.
#: Against ``normal`` (``benchmarks/bots.py --pair hard normal``, one hard, seats rotated, the rate
#: of being among the winners): 2 players 0.600 [0.544, 0.654] vs 0.413 [0.359, 0.470] in 300 games,
#: 3 players 0.391 [0.360, 0.423] vs 0.321 [0.299, 0.342] in 900, 4 players 0.298 [0.279, 0.319] vs
#: 0.256 [0.245, 0.267] in 2000 (a small edge: 1000 games left the intervals overlapping, 0.294 vs
#: 0.259). Tried and no better: other weights of the judgement, planning the whole movement step
#: (a beam search over the model) or a creature's whole run, escaping at once, other boat placements.
HARD = replace(NORMAL, place_crowd=0.6, place_distance=0.6)


def _distances(sources: Sequence[int], passable: Sequence[bool]) -> list[int]:
    """Steps from the nearest source through passable cells (99 where unreachable)."""
    dist = [99] * N_CELLS
    queue: deque[int] = deque()
    for cell in sources:
        dist[cell] = 0
        queue.append(cell)
    while queue:
        cell = queue.popleft()
        for n in SPACE_NEIGHBOURS[cell]:
            if passable[n] and dist[n] > dist[cell] + 1:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


@functools.lru_cache(maxsize=512)
def _sea_to_escape(sea: tuple[bool, ...]) -> tuple[int, ...]:
    """Steps by sea to the nearest escape space, for one layout of land (the island sinks tile by
    tile, so a game sees a few dozen layouts; a rollout asks the same one again and again)."""
    return tuple(_distances(ESCAPES, sea))


#: Steps to the nearest escape space over the whole board (walking, then swimming or sailing).
BOARD_TO_ESCAPE = _distances(ESCAPES, [not island for island in IS_ISLAND])
#: Steps between any two spaces of the board (islands left out).
STEPS = [_distances([cell], [not island for island in IS_ISLAND]) for cell in range(N_CELLS)]
#: The cells within 1, 2 and 3 steps of each cell.
WITHIN = {r: [[c for c in range(N_CELLS) if STEPS[cell][c] <= r] for cell in range(N_CELLS)] for r in (1, 2, 3)}


class Model:
    """What the bot knows of the board, in a form it can play forward for its own steps."""

    def __init__(self, view: SurviveFullView, weights: Weights = NORMAL) -> None:
        self.weights = weights
        me = view["viewer"]
        assert me is not None, "the heuristic plays a seat: a spectator's view has no decision"
        self.me: int = me
        self.players: int = view["players"]
        self.land = [False] * N_CELLS
        self.terrain: dict[int, Terrain] = {}
        for name, terrain in view["tiles"].items():
            self.land[CELL_BY_NAME[name]] = True
            self.terrain[CELL_BY_NAME[name]] = terrain
        self.tiles_left: TilesLeft = view["tiles_left"]
        self.revealed: dict[tuple[Terrain, Effect | None], int] = {}
        for removed in view["removed"]:
            key = (removed["terrain"], removed["effect"])
            self.revealed[key] = self.revealed.get(key, 0) + 1
        self.status: dict[int, int] = {}
        self.cell: dict[int, int] = {}
        self.owner: dict[int, int] = {}
        self.value: dict[int, float] = {}
        for entry in view["explorers"]:
            e = EXPLORER_BY_NAME[entry["id"]]
            self.status[e] = STATUS[entry["status"]]
            self.cell[e] = CELL_BY_NAME[entry["cell"]] if entry["cell"] else -1
            self.owner[e] = entry["player"]
            self.value[e] = entry.get("value", AVERAGE_VALUE)
        self.boats: dict[int, list[int]] = {
            CELL_BY_NAME[b["cell"]]: [EXPLORER_BY_NAME[p] for p in b["passengers"]] for b in view["boats"]
        }
        self.creatures: list[list[int]] = [[CELL_BY_NAME[c] for c in view["creatures"][k]] for k in CREATURES]
        sea = [not self.land[c] and not IS_ISLAND[c] for c in range(N_CELLS)]
        self.sea_to_escape = _sea_to_escape(tuple(sea))
        self._threat: tuple[bytearray, bytearray] | None = None
        self._near_room: set[int] | None = None
        self._control: dict[int, set[int]] = {}
        #: Cells whose explorers' prospects the last ``play`` may have changed (None: all).
        self.touched: set[int] | None = None

    def copy(self) -> Model:
        other = object.__new__(Model)
        other.__dict__.update(self.__dict__)
        other.status = dict(self.status)
        other.cell = dict(self.cell)
        other.boats = {cell: list(p) for cell, p in self.boats.items()}
        other.creatures = [list(c) for c in self.creatures]
        other._control = {}
        return other

    # -- the pieces

    def controllers(self, cell: int) -> set[int]:
        """The players who control the boat on ``cell`` (none for an empty boat)."""
        known = self._control.get(cell)
        if known is None:
            known = self._control[cell] = self._controllers(cell)
        return known

    def _controllers(self, cell: int) -> set[int]:
        passengers = self.boats.get(cell, [])
        counts: dict[int, int] = {}
        for e in passengers:
            counts[e // 10] = counts.get(e // 10, 0) + 1
        if not counts:
            return set()
        most = max(counts.values())
        return {self.owner[c * 10] for c, n in counts.items() if n == most}

    def room(self, cell: int) -> bool:
        return cell in self.boats and len(self.boats[cell]) < BOAT_CAPACITY

    def lose(self, explorers: list[int]) -> None:
        for e in explorers:
            if self.status[e] == BOAT and e in self.boats.get(self.cell[e], ()):
                self.boats[self.cell[e]].remove(e)
            self.status[e] = GONE

    def swimmers(self, cell: int) -> list[int]:
        return [e for e, s in self.status.items() if s == SWIM and self.cell[e] == cell]

    def enter_sea(self, e: int, cell: int) -> None:
        self.cell[e] = cell
        if self.room(cell):
            self.status[e] = BOAT
            self.boats[cell].append(e)
            return
        self.status[e] = SWIM
        if cell in self.creatures[SERPENT] or cell in self.creatures[SHARK]:
            self.lose([e])

    def capsize(self, cell: int) -> None:
        passengers = self.boats.pop(cell)
        for e in passengers:
            self.status[e] = SWIM
        if cell in self.creatures[SHARK] or cell in self.creatures[SERPENT]:
            self.lose(passengers)

    # -- playing forward

    def play(self, action: Action) -> None:
        """The bot's own step (as the rules would carry it out, minus hidden tile backs)."""
        self._control = {}
        if isinstance(action, MoveCreature):
            self._threat = None
        if not isinstance(action, RemoveTile):
            self._near_room = None
        self.touched = None
        around: tuple[int, ...] = ()
        if isinstance(action, (MoveExplorer, BoardBoat, Escape)):
            e = action.explorer
            around = (self.cell[e], action.cell) if isinstance(action, MoveExplorer) else (self.cell[e],)
        elif isinstance(action, (SailBoat,)):
            around = (action.source, action.target)
        elif isinstance(action, RemoveTile):
            around = (action.cell,)
        if around:
            self.touched = {n for cell in around for n in NEIGHBOUR_SETS[cell]}.union(around)
        if isinstance(action, MoveExplorer):
            e, target = action.explorer, action.cell
            if self.status[e] == BOAT:
                self.boats[self.cell[e]].remove(e)
            if self.land[target]:
                self.cell[e] = target
                self.status[e] = LAND
            else:
                self.enter_sea(e, target)
        elif isinstance(action, BoardBoat):
            e = action.explorer
            self.status[e] = BOAT
            self.boats[self.cell[e]].append(e)
        elif isinstance(action, Escape):
            e = action.explorer
            if self.status[e] == BOAT:
                self.boats[self.cell[e]].remove(e)
            self.status[e] = RESCUED
        elif isinstance(action, SailBoat):
            passengers = self.boats.pop(action.source)
            self.boats[action.target] = passengers
            for e in passengers:
                self.cell[e] = action.target
            if passengers and action.target in self.creatures[SERPENT]:
                self.lose(list(passengers))
                del self.boats[action.target]
            elif passengers and action.target in self.creatures[WHALE]:
                self.capsize(action.target)
        elif isinstance(action, MoveCreature):
            kind, target = action.creature, action.target
            self.creatures[kind].remove(action.source)
            self.creatures[kind].append(target)
            if kind == SERPENT:
                if self.boats.get(target):
                    self.lose(list(self.boats.pop(target)))
                self.lose(self.swimmers(target))
            elif kind == SHARK:
                self.lose(self.swimmers(target))
            elif self.boats.get(target):
                self.capsize(target)
        elif isinstance(action, RemoveTile):
            cell = action.cell
            self.land[cell] = False
            for e, s in self.status.items():
                if s == LAND and self.cell[e] == cell:
                    self.status[e] = SWIM

    # -- judging

    def threats(self) -> tuple[bytearray, bytearray]:
        """Per cell, the chance-weighted threat of the creatures to a swimmer and to a loaded boat."""
        if self._threat is None:
            swimmer, boat = bytearray(N_CELLS), bytearray(N_CELLS)
            for cell in self.creatures[SERPENT]:
                for c in WITHIN[1][cell]:
                    swimmer[c] |= 1
                    boat[c] |= 1
            for cell in self.creatures[SHARK]:
                for c in WITHIN[2][cell]:
                    swimmer[c] |= 2
            for cell in self.creatures[WHALE]:
                for c in WITHIN[3][cell]:
                    boat[c] |= 4
            self._threat = swimmer, boat
        return self._threat

    def danger(self, cell: int, kind_of_piece: int) -> float:
        """The chance-weighted threat of the creatures to a swimmer (or a loaded boat) on ``cell``."""
        swimmer, boat = self.threats()
        flags = swimmer[cell] if kind_of_piece == SWIM else boat[cell]
        return self.weights.threat[flags]

    def near_room(self) -> set[int]:
        """Cells next to a boat with room."""
        if self._near_room is None:
            self._near_room = {
                n for cell, aboard in self.boats.items() if len(aboard) < BOAT_CAPACITY for n in NEIGHBOUR_SETS[cell]
            }
        return self._near_room

    def prospect(self, e: int) -> float:
        """How near explorer ``e`` is to being rescued, 0 (lost) to 1 (rescued)."""
        status = self.status[e]
        if status == RESCUED:
            return 1.0
        if status == GONE:
            return 0.0
        cell = self.cell[e]
        w = self.weights
        if status == LAND:
            return (
                w.land_base - w.land_slope * BOARD_TO_ESCAPE[cell] + (w.near_room if cell in self.near_room() else 0.0)
            )
        d = min(self.sea_to_escape[cell], 12)
        if status == BOAT:
            mine = self.owner[e] in self.controllers(cell)
            base = (w.own_boat_base if mine else w.other_boat_base) - w.boat_slope * d
            return base * (1 - self.danger(cell, BOAT))
        return (w.swim_base - w.swim_slope * d) * (1 - self.danger(cell, SWIM))

    def chance_of(self, terrain: Terrain, effect: Effect) -> float:
        """The chance that a face-down tile of ``terrain`` has the immediate ``effect``."""
        row = TILE_TABLE[EFFECTS.index(effect)]
        total = int(row[2 + TERRAINS.index(terrain)])
        left = self.tiles_left.get(terrain, 0)
        return max(0, total - self.revealed.get((terrain, effect), 0)) / left if left else 0.0

    def prospects(self) -> dict[int, float]:
        """Every explorer's prospect (see :meth:`prospect`)."""
        return {e: self.prospect(e) for e in self.status}

    def score(self, before: dict[int, float] | None = None) -> float:
        """Own expected rescue value minus (a share of) the others'; ``before``: the prospects
        before the last :meth:`play`, reused where it changed nothing."""
        own = others = 0.0
        touched = self.touched if before is not None else None
        for e, status in self.status.items():
            if status == GONE:
                continue
            if touched is None or self.cell[e] in touched:
                worth = self.value[e] * self.prospect(e)
            else:
                assert before is not None
                worth = self.value[e] * before[e]
            if self.owner[e] == self.me:
                own += worth
            else:
                others += worth
        return own - self.weights.others_weight * others / max(1, self.players - 1)


def choose(view: SurviveFullView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic choice among ``legal_actions`` from ``view`` only."""
    return choose_with(NORMAL, view, legal_actions, rng)


def choose_hard(view: SurviveFullView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The ``hard`` level's choice: the heuristic with the :data:`HARD` weights."""
    return choose_with(HARD, view, legal_actions, rng)


def choose_with(weights: Weights, view: SurviveFullView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic choice among ``legal_actions`` from ``view`` only, judged with ``weights``."""
    actions = list(legal_actions)
    if len(actions) == 1:
        return actions[0]
    phase = view["phase"]
    if phase == "place_explorers":
        return _place_explorer(view, actions, rng, weights)
    if phase == "place_boats":
        return _place_boat(view, actions, rng, weights)
    if phase == "counter":
        return next(a for a in actions if isinstance(a, PlayTile))
    model = Model(view, weights)
    if phase == "move" and view["fresh"]:
        tile = _held_tile_to_play(model, actions)
        if tile is not None:
            return tile
    if phase == "move":
        escapes = [a for a in actions if isinstance(a, Escape)]
        # Keep the points for escapes: with no more points than explorers ready to escape, escape.
        if escapes and view["moves_left"] <= len(escapes):
            return max(escapes, key=lambda a: model.value[a.explorer])
        plan = _escape_plan(model, actions, view["moves_left"])
        if plan is not None:
            return plan
    if phase == "jump":
        return _best(model, actions, rng, jump=True)
    if phase == "boat_tile":
        return max(actions, key=lambda a: _boarding_priority(model, a))
    return _best(model, actions, rng)


def _gains(model: Model, actions: list[Action], rng: random.Random, jump: bool = False) -> list[tuple[float, Action]]:
    """How much each step (not ending, stopping, declining or a held tile) improves the position."""
    base = model.score()
    before = model.prospects()
    gains: list[tuple[float, Action]] = []
    for action in actions:
        if isinstance(action, (EndMoves, Stop, Decline, PlayTile)):
            continue
        after = model.copy()
        after.play(action)
        gain = after.score(before) - base
        if isinstance(action, (MoveExplorer, SailBoat, BoardBoat)):
            gain -= model.weights.step_cost
        if isinstance(action, RemoveTile):
            gain += _removal_bonus(model, action.cell, after)
        if jump and isinstance(action, MoveCreature):
            gain += _jump_bonus(model, action)
        gains.append((gain + rng.random() * 1e-6, action))
    return gains


def _best(model: Model, actions: list[Action], rng: random.Random, jump: bool = False) -> Action:
    """The step that improves the position most; ending or stopping when nothing does."""
    best: Action | None = None
    best_gain = 0.0
    for gain, action in _gains(model, actions, rng, jump):
        if best is None or gain > best_gain:
            best, best_gain = action, gain
    fallback = next((a for a in actions if isinstance(a, (EndMoves, Stop))), None)
    if fallback is not None and (best is None or best_gain <= 0.0):
        return fallback
    assert best is not None
    return best


def _escape_plan(model: Model, actions: list[Action], points: int) -> Action | None:
    """The first step of sailing a loaded boat one controls to an escape space with points left to
    land its most valuable explorers this very turn (worth more than any single step's gain)."""
    best: tuple[float, int] | None = None
    chosen: Action | None = None
    distances: dict[int, list[int]] = {}
    for action in actions:
        if not isinstance(action, SailBoat):
            continue
        source = action.source
        own = sorted((model.value[e] for e in model.boats.get(source, []) if model.owner[e] == model.me), reverse=True)
        if not own or model.me not in model.controllers(source):
            continue
        blocked = set(model.creatures[SERPENT]) | set(model.creatures[WHALE])
        if action.target in blocked:
            continue
        if source not in distances:  # every sailing of one boat shares its map of the way out
            passable = [
                not model.land[c] and not IS_ISLAND[c] and c not in blocked and (c == source or c not in model.boats)
                for c in range(N_CELLS)
            ]
            distances[source] = _distances(ESCAPES, passable)
        steps = 1 + distances[source][action.target]
        landed = min(len(own), points - steps)
        if landed < 1:
            continue
        gain = sum(own[:landed])
        key = (gain, -steps)
        if best is None or key > best:
            best, chosen = key, action
    return chosen


def _removal_bonus(model: Model, cell: int, removed: Model) -> float:
    """What a tile's unknown back may add: a whirlpool clears this and the adjacent sea spaces, a
    shark eats who was standing there; and removing tiles far from own explorers on land keeps
    their way to the boats."""
    near_own = sum(
        1
        for e, s in model.status.items()
        if s == LAND and model.owner[e] == model.me and model.cell[e] in NEIGHBOUR_SETS[cell]
    )
    bonus = -model.weights.removal_near_own * near_own
    terrain = model.terrain[cell]
    plain = removed.score()
    immediate: tuple[tuple[Effect, set[int]], ...] = (
        ("whirlpool", {cell} | {n for n in SPACE_NEIGHBOURS[cell] if not model.land[n]}),
        ("shark", {cell}),
    )
    for effect, cells in immediate:
        chance = model.chance_of(terrain, effect)
        if not chance:
            continue
        hit = removed.copy()
        hit.lose(
            [
                e
                for e, s in hit.status.items()
                if s in (SWIM, BOAT) and hit.cell[e] in cells and (effect == "whirlpool" or s == SWIM)
            ]
        )
        hit.touched = None
        bonus += chance * (hit.score() - plain)
    return bonus


def _jump_bonus(model: Model, action: MoveCreature) -> float:
    """A jumping creature: far from own pieces, near the others'."""
    bonus = 0.0
    w = model.weights
    for e, status in model.status.items():
        if status not in (SWIM, BOAT):
            continue
        reach = 2 if action.creature == SHARK else 1 if action.creature == SERPENT else 3
        if STEPS[action.target][model.cell[e]] <= reach:
            bonus += (w.jump_own if model.owner[e] == model.me else w.jump_others) * model.value[e] * w.jump_scale
    return bonus


def _boarding_priority(model: Model, action: Action) -> float:
    assert isinstance(action, BoardBoat)
    e = action.explorer
    return model.value[e] if model.owner[e] == model.me else -1.0


def _held_tile_to_play(model: Model, actions: list[Action]) -> Action | None:
    playable = {a.effect: a for a in actions if isinstance(a, PlayTile)}
    if not playable:
        return None
    me, w = model.me, model.weights
    if DOLPHIN in playable:
        for e, status in model.status.items():
            if status == SWIM and model.owner[e] == me and model.value[e] >= w.dolphin_value:
                cell = model.cell[e]
                if model.sea_to_escape[cell] <= w.dolphin_reach or model.danger(cell, SWIM) > 0:
                    return playable[DOLPHIN]
    if WINDS in playable:
        for cell in model.boats:
            aboard = sum(model.value[e] for e in model.boats[cell] if model.owner[e] == me)
            if (
                aboard >= w.winds_value
                and me in model.controllers(cell)
                and model.sea_to_escape[cell] >= w.winds_distance
            ):
                return playable[WINDS]
    for effect, kind in ((MOVE_SHARK, SHARK), (MOVE_SERPENT, SERPENT), (MOVE_WHALE, WHALE)):
        if effect not in playable:
            continue
        threatened = 0.0
        for e, status in model.status.items():
            if model.owner[e] == me and status in (SWIM, BOAT):
                reach = (1, 2, 3)[kind]
                if (kind == SHARK and status != SWIM) or (kind == WHALE and status != BOAT):
                    continue
                if any(STEPS[c][model.cell[e]] <= reach for c in model.creatures[kind]):
                    threatened += model.value[e]
        if threatened >= w.jump_threatened:
            return playable[effect]
    return None


def _place_explorer(view: SurviveFullView, actions: list[Action], rng: random.Random, weights: Weights) -> Action:
    """Most valuable first, on tiles that last (mountains, forests) near the coast and an island."""
    me = view["viewer"]
    values: dict[str, int] = {e["id"]: e.get("value", 0) for e in view["explorers"] if e["player"] == me}
    tiles = view["tiles"]
    terrain_weight = dict(zip(TERRAINS, weights.place_terrain, strict=True))
    land = {CELL_BY_NAME[name] for name in tiles}
    crowd: dict[int, int] = {}
    for e in view["explorers"]:
        where = e["cell"]
        if e["status"] == "land" and e["player"] == me and where is not None:
            crowd[CELL_BY_NAME[where]] = crowd.get(CELL_BY_NAME[where], 0) + 1

    def score(action: Action) -> float:
        assert isinstance(action, PlaceExplorer)
        value = values.get(explorer_name(action.explorer), 0)
        cell = action.cell
        name = CELL_NAMES[cell]
        coast = any(n not in land and not IS_ISLAND[n] for n in NEIGHBOUR_SETS[cell])
        return (
            value * 10
            + terrain_weight[tiles[name]] * (1 + value / 3)
            + (weights.place_coast if coast else 0.0)
            - weights.place_distance * BOARD_TO_ESCAPE[cell]
            + weights.place_crowd * crowd.get(cell, 0)
            + rng.random() * 0.2
        )

    return max(actions, key=score)


def _place_boat(view: SurviveFullView, actions: list[Action], rng: random.Random, weights: Weights) -> Action:
    """Next to own explorers (the valuable ones most), away from serpents, towards an island."""
    me = view["viewer"]
    worth: dict[int, float] = {}
    for e in view["explorers"]:
        where = e["cell"]
        if e["status"] == "land" and where is not None:
            cell = CELL_BY_NAME[where]
            worth[cell] = worth.get(cell, 0.0) + (e.get("value", 0) if e["player"] == me else -0.5)
    serpents = {CELL_BY_NAME[c] for c in view["creatures"]["serpent"]}

    def score(action: Action) -> float:
        assert isinstance(action, PlaceBoat)
        cell = action.cell
        return (
            sum(worth.get(n, 0.0) for n in NEIGHBOUR_SETS[cell])
            - weights.place_boat_distance * BOARD_TO_ESCAPE[cell]
            - (5.0 if cell in serpents else 0.0)
            + (0.5 if IS_ESCAPE[cell] else 0.0)
            + rng.random() * 0.1
        )

    return max(actions, key=score)


# ---------------------------------------------------------------------- static evaluation (search)


#: The phases ``hard`` searches (:func:`candidates`); in the others (setting out, a counter tile) it
#: plays :func:`choose_hard`.
SEARCHED_PHASES = ("move", "remove_tile", "creature", "jump", "dolphin", "winds", "boat_tile")


def candidates(
    observation: Observation[SurviveFullView], heuristic: Action, limit: int, rng: random.Random
) -> list[Action]:
    """The moves ``hard`` plays out: its own move (``heuristic``, from :func:`choose_hard`), ending
    or stopping where that is legal, then the steps the heuristic judges best, up to ``limit``;
    only its own move while setting out or answering a threat."""
    view, legal = observation.view, list(observation.legal_actions)
    phase = view["phase"]
    if phase not in SEARCHED_PHASES:
        return [heuristic]
    if len(legal) <= limit:
        return legal
    ranked = sorted(_gains(Model(view, HARD), legal, rng, jump=phase == "jump"), key=lambda item: -item[0])
    ending = [action for action in legal if isinstance(action, (EndMoves, Stop))]
    return [heuristic, *ending, *(action for _, action in ranked)][: limit + 1]


def turn_over(start: SurviveState, now: SurviveState) -> bool:
    """``hard``'s play-outs stop when the turn they began in is over, the creature moved (then
    :func:`evaluate` judges the position)."""
    return bool(now.turn > start.turn)


def evaluate(state: State[Mapping[str, object], SurviveFullView]) -> list[float]:
    """Every player's chance of winning from ``state`` (values add up to 1), for IS-MCTS rollouts
    cut short.

    ``state`` is a determinization, but only the public API is read: each player's own view
    (``state.view(p)``), where his explorers' values are known, gives his expected final score —
    each explorer's value times its :meth:`Model.prospect` (1 rescued, 0 lost) — and its spread
    (each explorer still in play a coin with that chance). The chance of winning is the chance of
    having the highest score, taken pairwise from the gaps with a normal spread.
    """
    players = state.players
    if state.is_over:
        winners = state.result()["winners"]
        return [1.0 / len(winners) if player in winners else 0.0 for player in range(players)]
    means: list[float] = []
    variances: list[float] = []
    for player in range(players):
        model = Model(state.view(player))
        mean = variance = 0.0
        for e, status in model.status.items():
            if model.owner[e] != player or status == GONE:
                continue
            value = model.value[e]
            chance = min(1.0, max(0.0, model.prospect(e)))
            mean += value * chance
            variance += value * value * chance * (1.0 - chance)
        means.append(mean)
        variances.append(variance)
    return win_chances(means, variances)


def win_chances(means: Sequence[float], variances: Sequence[float]) -> list[float]:
    """The chance that each player has the highest score, from expected scores and their variances."""
    raw = []
    for player, mean in enumerate(means):
        chance = 1.0
        for other, other_mean in enumerate(means):
            if other != player:
                spread = math.sqrt(variances[player] + variances[other]) + 0.5
                chance *= 0.5 * (1.0 + math.erf((mean - other_mean) / (spread * math.sqrt(2.0))))
        raw.append(chance)
    total = sum(raw)
    return [value / total for value in raw] if total > 0 else [1.0 / len(means)] * len(means)


#: The ``hard`` level (the declaration's ``hard_settings``): PIMC around :func:`choose_hard` (the
#: heuristic with its explorers placed in stacks near the escape spaces): in a turn, its move and the
#: heuristic's next best ones (:func:`candidates`), each played out to the end of the turn
#: (:func:`turn_over`) with the heuristic and judged by :func:`evaluate`; a budget of samples, not of
#: time. How it was chosen, and what it costs: ``benchmarks/hard_settings.md``.
HARD_SETTINGS: HardSettings[SurviveState, SurviveFullView] = HardSettings(
    search="pimc",
    base=choose_hard,
    candidates=candidates,
    max_candidates=3,
    cut=turn_over,
    rollout_depth=40,
    samples=16,
)
