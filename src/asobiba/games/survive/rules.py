"""Survive! rules: the state and its transitions, following ``rules/survive.md`` section by section.

Where the seed (``seeds/survive_ja.txt``) and the page disagree the seed is followed; where both are
silent, these choices are made:

- Boats are set up on any sea space next to a land tile holding no other boat (the seed; the page
  says "empty"): creatures do not block, so a boat may start in the lagoon beside its serpent.
- Explorers are placed on tiles holding no other *player's* explorer (the seed); with
  ``two_colours`` a player's two colours may share a tile. Turns go by player; boats are controlled
  per colour, and a player controls a boat when one of his colours does.
- Stepping into a sea space with a boat that has room boards it; with no room (or no boat) the
  explorer swims. A swimmer's one move of the turn is a step, boarding a boat or escaping; an
  explorer that jumps into the sea this turn has swum. Explorers washed off a removed tile or a
  capsized boat have not.
- A boat standing on a serpent's space only sinks when it enters one or a serpent enters its
  space; boarding it there is safe. A swimmer may share a whale's space.
- Boat tile: up to 3 swimmers there board at once; with more, the remover chooses 3.
  Shark tile: the shark eats the swimmers on its space (no counter: the counters answer a creature
  *moved* by another player). A tile whose piece is out of supply does nothing.
- Pieces removed by a whirlpool or a counter tile leave the game.
- Dolphin: one step at a time, up to 3, stopping at will, on boarding, or when eaten; it does not
  use the swimmer's move of the turn. Winds: a boat the player may move (empty, or one he controls).
- A held tile is played before the first move of the turn; a player with no explorer on the board
  skips moving but may still play one.
- The rolled creature may be left where it is (``stop``), as the seed says "may".

>>> from asobiba.games.survive import GAME
>>> state = GAME.new_game(3, seed=5)
>>> state.view(0)["phase"], len(state.view(0)["tiles"])
('place explorers', 40)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, State
from asobiba.games.survive import events as ev
from asobiba.games.survive.actions import (
    BOARD,
    DECLINE,
    END_MOVES,
    ESCAPE,
    MOVE_EXPLORER,
    PLACE_BOAT,
    PLACE_EXPLORER,
    PLAY_TILE,
    REMOVE_TILE,
    ROLL,
    SAIL,
    STOP,
    AssignValues,
    BoardBoat,
    ChooseFirst,
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
    RollDie,
    SailBoat,
    Stop,
    creature_move,
)
from asobiba.games.survive.board import (
    CELL_NAMES,
    IS_ESCAPE,
    IS_ISLAND,
    LAND_SPACES,
    N_CELLS,
    NEIGHBOUR_SETS,
    SERPENT_STARTS,
    SPACE_NEIGHBOURS,
    START_SEA,
)
from asobiba.games.survive.data import (
    BOAT_CAPACITY,
    BOAT_COUNT,
    BOAT_TILE,
    BOATS_PER_COLOUR,
    COLOURS,
    COUNTER,
    CREATURE_COUNT,
    CREATURE_REACH,
    CREATURES,
    DIE_FACES,
    DOLPHIN,
    EFFECT_KIND,
    EFFECTS,
    EXPLORER_VALUES,
    EXPLORERS_PER_COLOUR,
    HELD,
    IMMEDIATE,
    KILL_SHARK,
    KILL_WHALE,
    MOVE_POINTS,
    MOVE_SERPENT,
    MOVE_SHARK,
    MOVE_WHALE,
    SERPENT,
    SHARK,
    SHARK_TILE,
    TERRAINS,
    TILE_BY_NAME,
    TILES,
    VOLCANO,
    WHALE,
    WHALE_TILE,
    WHIRLPOOL,
    WINDS,
    effect_of,
    explorer_name,
    terrain_of,
)
from asobiba.games.survive.text import Term

if TYPE_CHECKING:
    from asobiba.core.game import Game

# Where an explorer is.
UNPLACED, ON_LAND, ON_BOAT, SWIMMING, RESCUED, LOST = range(6)
STATUS_NAMES: Final = ("unplaced", "land", "boat", "swimming", "rescued", "lost")

# Phases of the game (the pending decision).
(
    P_TILES,
    P_VALUES,
    P_FIRST,
    P_PLACE,
    P_BOATS,
    P_MOVE,
    P_DOLPHIN,
    P_WINDS,
    P_JUMP,
    P_REMOVE,
    P_BOAT_TILE,
    P_ROLL,
    P_CREATURE,
    P_COUNTER,
    P_OVER,
) = range(15)
PHASE_NAMES: Final = (
    "tiles",
    "values",
    "first player",
    "place explorers",
    "place boats",
    "move",
    "dolphin",
    "winds",
    "jump",
    "remove tile",
    "boat tile",
    "roll",
    "creature",
    "counter",
    "over",
)
CHANCE_PHASES: Final = frozenset((P_TILES, P_VALUES, P_FIRST, P_ROLL))
#: The creature a "move any …" tile jumps.
JUMP_CREATURE: Final = {MOVE_SERPENT: SERPENT, MOVE_SHARK: SHARK, MOVE_WHALE: WHALE}
#: The counter tile that answers each creature.
COUNTER_FOR: Final = {SHARK: KILL_SHARK, WHALE: KILL_WHALE}
HELD_STEPS: Final = 3


class SurviveState(State):
    """A position of Survive!; see ``rules/survive.md``. Pieces are held in flat lists by number:
    explorer ``colour * 10 + k``, cells as in :mod:`asobiba.games.survive.board`."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], chance: str) -> None:
        super().__init__(players, seed, options, chance)
        self.game = game
        colours = 4 if options["two_colours"] else players
        self.n_colours = colours
        self.colours_of: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(colours) if c % players == p) for p in range(players)
        )
        self.owner: tuple[int, ...] = tuple(c % players for c in range(colours))
        n_explorers = colours * EXPLORERS_PER_COLOUR
        self.n_explorers = n_explorers
        self.explorer_owner: tuple[int, ...] = tuple(self.owner[e // 10] for e in range(n_explorers))
        self.ex_status = [UNPLACED] * n_explorers
        self.ex_cell = [-1] * n_explorers
        self.ex_boat = [-1] * n_explorers
        self.ex_value = [0] * n_explorers
        self.tile_at = [-1] * N_CELLS
        self.terrain_left = [0, 0, 0]
        self.boat_at = [-1] * N_CELLS
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
        self.phase = P_TILES
        self.current = 0
        self.first = 0
        self.turn = 0
        self.points = MOVE_POINTS
        self.swum = 0  # bit per explorer: has swum (or jumped in) this turn
        self.fresh = True  # nothing moved or played yet this turn: a held tile may be played
        self.sub_piece = -1  # the explorer, boat cell or creature cell being moved step by step
        self.sub_kind = -1  # the creature kind (a roll, a jump) or the counter tile asked for
        self.sub_steps = 0
        self.counter_queue: list[int] = []
        self.die = -1
        self.end_reason = ""
        # Public history a careful player remembers: (cell, tile code, remover, public?).
        self.removed_log: list[tuple[int, int, int, bool]] = []
        self.played_log: list[tuple[int, int]] = []
        layout = options.get("tile_layout")
        if layout is not None:
            self._lay_tiles(tuple(TILE_BY_NAME[name] for name in layout))
            self.phase = P_VALUES
        values = options.get("explorer_values")
        self.values_fixed = values is not None
        if values is not None:
            self._assign_values(tuple(tuple(int(v) for v in colour) for colour in values))
            if self.phase == P_VALUES:
                self.phase = P_FIRST

    # ------------------------------------------------------------------ copying

    def clone(self) -> SurviveState:
        other = object.__new__(SurviveState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.ex_status = self.ex_status[:]
        other.ex_cell = self.ex_cell[:]
        other.ex_boat = self.ex_boat[:]
        other.ex_value = self.ex_value[:]
        other.tile_at = self.tile_at[:]
        other.terrain_left = self.terrain_left[:]
        other.boat_at = self.boat_at[:]
        other.boat_cell = self.boat_cell[:]
        other.boat_passengers = [p[:] for p in self.boat_passengers]
        other.creature_supply = self.creature_supply[:]
        other.creature_at = [c[:] for c in self.creature_at]
        other.held = [h[:] for h in self.held]
        other.rescued = self.rescued[:]
        other.boats_to_place = self.boats_to_place[:]
        other.counter_queue = self.counter_queue[:]
        other.removed_log = self.removed_log[:]
        other.played_log = self.played_log[:]
        return other

    # ------------------------------------------------------------------ small questions

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
            counts[e // 10] = counts.get(e // 10, 0) + 1
        most = max(counts.values())
        return frozenset(self.owner[c] for c, n in counts.items() if n == most)

    def may_move_boat(self, player: int, boat: int) -> bool:
        passengers = self.boat_passengers[boat]
        return not passengers or player in self.controllers(boat)

    def swimmers_at(self, cell: int) -> list[int]:
        return [e for e in range(self.n_explorers) if self.ex_cell[e] == cell and self.ex_status[e] == SWIMMING]

    def has_explorers(self, player: int) -> bool:
        status = self.ex_status
        return any(
            status[e] in (ON_LAND, ON_BOAT, SWIMMING)
            for c in self.colours_of[player]
            for e in range(c * 10, c * 10 + 10)
        )

    def touches_sea(self, cell: int) -> bool:
        tile_at = self.tile_at
        return any(tile_at[n] < 0 and not IS_ISLAND[n] for n in NEIGHBOUR_SETS[cell])

    def removable_tiles(self) -> list[int]:
        """The tiles that may be removed now: of the lowest terrain left, those touching the sea;
        if none of that terrain touches the sea, any of that terrain (the seed)."""
        terrain = next(t for t in range(3) if self.terrain_left[t])
        tiles = [cell for cell in LAND_SPACES if self.tile_at[cell] >= 0 and terrain_of(self.tile_at[cell]) == terrain]
        touching = [cell for cell in tiles if self.touches_sea(cell)]
        return touching or tiles

    def empty_sea(self, cell: int) -> bool:
        """No creature, boat or explorer in a sea space."""
        return (
            self.is_sea(cell)
            and self.boat_at[cell] < 0
            and not any(kind[cell] for kind in self.creature_at)
            and cell not in self.ex_cell
        )

    def playable_tiles(self, player: int) -> list[int]:
        """The held tiles ``player`` could play now (at the start of his turn)."""
        playable = []
        for effect in sorted(set(effect_of(code) for code in self.held[player])):
            if effect == DOLPHIN:
                ok = any(
                    self.ex_status[e] == SWIMMING for c in self.colours_of[player] for e in range(c * 10, c * 10 + 10)
                )
            elif effect == WINDS:
                ok = any(
                    cell >= 0 and self.may_move_boat(player, b) and self._sail_targets(cell)
                    for b, cell in enumerate(self.boat_cell)
                )
            elif effect in JUMP_CREATURE:
                ok = any(self.creature_at[JUMP_CREATURE[effect]]) and any(
                    self.empty_sea(cell) for cell in START_SEA + LAND_SPACES
                )
            else:
                ok = False
            if ok:
                playable.append(effect)
        return playable

    def _sail_targets(self, cell: int) -> list[int]:
        return [n for n in SPACE_NEIGHBOURS[cell] if self.tile_at[n] < 0 and self.boat_at[n] < 0]

    def _sea_steps(self, cell: int) -> list[int]:
        return [n for n in SPACE_NEIGHBOURS[cell] if self.tile_at[n] < 0]

    # ------------------------------------------------------------------ the contract

    def _current_player(self) -> int | None:
        phase = self.phase
        if phase == P_OVER:
            return None
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == P_COUNTER:
            return self.counter_queue[0]
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == P_ROLL:
            return [(ROLL[k], DIE_FACES.count(k) / len(DIE_FACES)) for k in range(3)]
        if self.phase == P_FIRST:
            return [(ChooseFirst(p), 1 / self.players) for p in range(self.players)]
        return []

    def _sample_chance(self, rng: random.Random) -> Action:
        if self.phase == P_TILES:
            layout = list(TILES)
            rng.shuffle(layout)
            return LayTiles(tuple(layout))
        if self.phase == P_VALUES:
            values = []
            for _ in range(self.n_colours):
                colour = list(EXPLORER_VALUES)
                rng.shuffle(colour)
                values.append(tuple(colour))
            return AssignValues(tuple(values))
        if self.phase == P_FIRST:
            return ChooseFirst(rng.randrange(self.players))
        return ROLL[DIE_FACES[rng.randrange(len(DIE_FACES))]]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        player = self.current
        if phase == P_MOVE:
            return self._move_actions(player)
        if phase == P_REMOVE:
            return [REMOVE_TILE[cell] for cell in self.removable_tiles()]
        if phase == P_CREATURE:
            kind = self.die
            actions: list[Action] = [STOP]
            sources = (
                [self.sub_piece] if self.sub_piece >= 0 else [c for c in range(N_CELLS) if self.creature_at[kind][c]]
            )
            for source in sources:
                actions.extend(creature_move(kind, source, n) for n in self._sea_steps(source))
            return actions
        if phase == P_COUNTER:
            return [PLAY_TILE[self.sub_kind], DECLINE]
        if phase == P_PLACE:
            return [PLACE_EXPLORER[e][cell] for e in self._unplaced(player) for cell in self._placement_tiles(player)]
        if phase == P_BOATS:
            return [PLACE_BOAT[cell] for cell in self._boat_spaces()]
        if phase == P_DOLPHIN:
            actions = [STOP]
            explorers = [self.sub_piece] if self.sub_piece >= 0 else self._own_swimmers(player)
            for e in explorers:
                actions.extend(MOVE_EXPLORER[e][n] for n in self._sea_steps(self.ex_cell[e]))
            return actions
        if phase == P_WINDS:
            actions = [STOP]
            if self.sub_piece >= 0:
                cells = [self.sub_piece]
            else:
                cells = [c for b, c in enumerate(self.boat_cell) if c >= 0 and self.may_move_boat(player, b)]
            for cell in cells:
                actions.extend(SAIL[cell, n] for n in self._sail_targets(cell))
            return actions
        if phase == P_JUMP:
            kind = self.sub_kind
            targets = [cell for cell in range(N_CELLS) if self.empty_sea(cell)]
            return [
                creature_move(kind, source, target)
                for source in range(N_CELLS)
                if self.creature_at[kind][source]
                for target in targets
            ]
        if phase == P_BOAT_TILE:
            return [BOARD[e] for e in self.swimmers_at(self.sub_piece)]
        raise AssertionError(f"no player decision in phase {PHASE_NAMES[phase]}")

    def _own_swimmers(self, player: int) -> list[int]:
        return [e for c in self.colours_of[player] for e in range(c * 10, c * 10 + 10) if self.ex_status[e] == SWIMMING]

    def _unplaced(self, player: int) -> list[int]:
        return [e for c in self.colours_of[player] for e in range(c * 10, c * 10 + 10) if self.ex_status[e] == UNPLACED]

    def _placement_tiles(self, player: int) -> list[int]:
        one_per_tile = self.options["one_per_tile"]
        blocked = set()
        for e in range(self.n_explorers):
            if self.ex_status[e] == ON_LAND and (one_per_tile or self.explorer_owner[e] != player):
                blocked.add(self.ex_cell[e])
        return [cell for cell in LAND_SPACES if self.tile_at[cell] >= 0 and cell not in blocked]

    def _boat_spaces(self) -> list[int]:
        """Sea spaces next to a land tile with no boat (the seed: any such sea space)."""
        tile_at = self.tile_at
        return [
            cell
            for cell in START_SEA
            if tile_at[cell] < 0 and self.boat_at[cell] < 0 and any(tile_at[n] >= 0 for n in NEIGHBOUR_SETS[cell])
        ]

    def _move_actions(self, player: int) -> list[Action]:
        actions: list[Action] = [END_MOVES]
        if self.fresh:
            actions.extend(PLAY_TILE[effect] for effect in self.playable_tiles(player))
        if self.points <= 0 or not self.has_explorers(player):
            return actions
        status, cells, tile_at, boat_at = self.ex_status, self.ex_cell, self.tile_at, self.boat_at
        for colour in self.colours_of[player]:
            for e in range(colour * 10, colour * 10 + 10):
                state = status[e]
                if state == ON_LAND:
                    moves = MOVE_EXPLORER[e]
                    actions += [moves[n] for n in SPACE_NEIGHBOURS[cells[e]]]
                elif state == ON_BOAT:
                    cell = cells[e]
                    if IS_ESCAPE[cell]:
                        actions.append(ESCAPE[e])
                    moves = MOVE_EXPLORER[e]
                    actions += [moves[n] for n in SPACE_NEIGHBOURS[cell] if tile_at[n] < 0]
                elif state == SWIMMING and not self.swum >> e & 1:
                    cell = cells[e]
                    if IS_ESCAPE[cell]:
                        actions.append(ESCAPE[e])
                    boat = boat_at[cell]
                    if boat >= 0 and len(self.boat_passengers[boat]) < BOAT_CAPACITY:
                        actions.append(BOARD[e])
                    moves = MOVE_EXPLORER[e]
                    actions += [moves[n] for n in SPACE_NEIGHBOURS[cell] if tile_at[n] < 0]
        for boat, cell in enumerate(self.boat_cell):
            if cell >= 0 and self.may_move_boat(player, boat):
                actions += [SAIL[cell, n] for n in SPACE_NEIGHBOURS[cell] if tile_at[n] < 0 and boat_at[n] < 0]
        return actions

    # ------------------------------------------------------------------ checking

    def _check(self, action: Action) -> None:
        refusal = self._illegal(action)
        if refusal is not None:
            raise refusal

    def _illegal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` is not allowed now (an error to raise), or ``None`` if it is."""
        phase = self.phase
        player = self.current
        kind = type(action)
        if phase in CHANCE_PHASES:
            return self._illegal_chance(action)
        if phase == P_COUNTER:
            if kind is Decline or (isinstance(action, PlayTile) and action.effect == self.sub_kind):
                return None
            return IllegalAction(
                "p{player} may only play {effect} or decline now",
                domain="survive",
                player=self.counter_queue[0],
                effect=Term(EFFECTS[self.sub_kind]),
            )
        if kind is PlaceExplorer:
            assert isinstance(action, PlaceExplorer)
            if phase != P_PLACE:
                return IllegalAction("explorers are placed only during setup", domain="survive")
            return self._illegal_placement(player, action.explorer, action.cell)
        if kind is PlaceBoat:
            assert isinstance(action, PlaceBoat)
            if phase != P_BOATS:
                return IllegalAction("boats are placed only during setup, after the explorers", domain="survive")
            if action.cell not in self._boat_spaces():
                return IllegalAction(
                    "a boat goes on a sea space next to a land tile with no other boat; not {cell}",
                    domain="survive",
                    cell=CELL_NAMES[action.cell],
                )
            return None
        if phase == P_PLACE:
            return IllegalAction(
                "it is setup now (place explorers); '{action}' is not a setup step",
                domain="survive",
                action=str(action),
            )
        if phase == P_BOATS:
            return IllegalAction(
                "it is setup now (place boats); '{action}' is not a setup step", domain="survive", action=str(action)
            )
        if kind is PlayTile:
            assert isinstance(action, PlayTile)
            return self._illegal_tile_play(player, action.effect)
        if kind is EndMoves:
            if phase == P_MOVE:
                return None
            return IllegalAction("there is no movement step to end now", domain="survive")
        if kind is Stop:
            if phase in (P_CREATURE, P_DOLPHIN, P_WINDS):
                return None
            return IllegalAction("there is no move to stop now", domain="survive")
        if kind is Decline:
            return IllegalAction("nobody is asked for a counter tile now", domain="survive")
        if kind is RemoveTile:
            assert isinstance(action, RemoveTile)
            if phase != P_REMOVE:
                return IllegalAction("a tile is removed after the movement step", domain="survive")
            if action.cell not in self.removable_tiles():
                return IllegalAction(
                    "{cell} may not be removed now: a {terrain} tile touching the sea goes first",
                    domain="survive",
                    cell=CELL_NAMES[action.cell],
                    terrain=Term(TERRAINS[next(t for t in range(3) if self.terrain_left[t])]),
                )
            return None
        if kind is MoveExplorer:
            assert isinstance(action, MoveExplorer)
            return self._illegal_explorer_move(player, action.explorer, action.cell)
        if kind is BoardBoat:
            assert isinstance(action, BoardBoat)
            return self._illegal_boarding(player, action.explorer)
        if kind is Escape:
            assert isinstance(action, Escape)
            return self._illegal_escape(player, action.explorer)
        if kind is SailBoat:
            assert isinstance(action, SailBoat)
            return self._illegal_sail(player, action.source, action.target)
        if kind is MoveCreature:
            assert isinstance(action, MoveCreature)
            return self._illegal_creature_move(action)
        return IllegalAction("'{action}' is not an action of survive", domain="survive", action=str(action))

    def _illegal_tile_play(self, player: int, effect: int) -> IllegalAction | None:
        if EFFECT_KIND[effect] == COUNTER:
            return IllegalAction(
                "a {effect} tile is played only when a creature threatens your pieces on another turn",
                domain="survive",
                effect=Term(EFFECTS[effect]),
            )
        if EFFECT_KIND[effect] != HELD:
            return IllegalAction("{effect} is not a tile one holds", domain="survive", effect=Term(EFFECTS[effect]))
        if self.phase != P_MOVE or not self.fresh:
            return IllegalAction(
                "a held tile is played only at the start of your turn, before moving", domain="survive"
            )
        if effect not in (effect_of(code) for code in self.held[player]):
            return IllegalAction(
                "p{player} holds no {effect} tile", domain="survive", player=player, effect=Term(EFFECTS[effect])
            )
        if effect not in self.playable_tiles(player):
            return IllegalAction(
                "{effect} cannot be used now: nothing it could move", domain="survive", effect=Term(EFFECTS[effect])
            )
        return None

    def _illegal_escape(self, player: int, e: int) -> IllegalAction | None:
        if self.phase != P_MOVE:
            return IllegalAction("escaping is a move of the movement step", domain="survive")
        if refusal := self._not_own_explorer(player, e):
            return refusal
        if self.points <= 0:
            return IllegalAction("no move points are left", domain="survive")
        if self.ex_status[e] not in (ON_BOAT, SWIMMING) or not IS_ESCAPE[self.ex_cell[e]]:
            return IllegalAction(
                "{explorer} is not on a boat or swimming in an escape space",
                domain="survive",
                explorer=explorer_name(e),
            )
        if self.ex_status[e] == SWIMMING and self.swum >> e & 1:
            return IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))
        return None

    def _illegal_chance(self, action: Action) -> IllegalAction | None:
        phase = self.phase
        if phase == P_TILES:
            if not isinstance(action, LayTiles):
                return IllegalAction("the tiles are to be laid out now", domain="survive")
            if sorted(action.layout) != sorted(TILES):
                return IllegalAction("the layout must use each of the 40 tiles once", domain="survive")
        elif phase == P_VALUES:
            if not isinstance(action, AssignValues):
                return IllegalAction("the explorer values are to be dealt now", domain="survive")
            if len(action.values) != self.n_colours or any(sorted(v) != list(EXPLORER_VALUES) for v in action.values):
                return IllegalAction(
                    "each of the {colours} colours takes the values 1112233456 in some order",
                    domain="survive",
                    colours=self.n_colours,
                )
        elif phase == P_FIRST:
            if not isinstance(action, ChooseFirst):
                return IllegalAction("the first player is to be chosen now", domain="survive")
            if not 0 <= action.player < self.players:
                return IllegalAction("there is no player p{player}", domain="survive", player=action.player)
        elif not isinstance(action, RollDie):
            return IllegalAction("the creature die is to be rolled now", domain="survive")
        return None

    def _not_own_explorer(self, player: int, e: int) -> IllegalAction | None:
        if e >= self.n_explorers:
            return IllegalAction("there is no {explorer} in this game", domain="survive", explorer=explorer_name(e))
        if self.explorer_owner[e] != player:
            return IllegalAction(
                "{explorer} is not p{player}'s explorer; only your own explorers are moved",
                domain="survive",
                explorer=explorer_name(e),
                player=player,
            )
        return None

    def _illegal_placement(self, player: int, e: int, cell: int) -> IllegalAction | None:
        if refusal := self._not_own_explorer(player, e):
            return refusal
        if self.ex_status[e] != UNPLACED:
            return IllegalAction("{explorer} is already on the board", domain="survive", explorer=explorer_name(e))
        if self.tile_at[cell] < 0:
            return IllegalAction("{cell} is not a land tile", domain="survive", cell=CELL_NAMES[cell])
        one_per_tile = self.options["one_per_tile"]
        for other in range(self.n_explorers):
            if self.ex_cell[other] == cell and self.ex_status[other] == ON_LAND:
                if one_per_tile:
                    return IllegalAction(
                        "{cell} already holds an explorer (one per tile)", domain="survive", cell=CELL_NAMES[cell]
                    )
                if self.explorer_owner[other] != player:
                    return IllegalAction(
                        "{cell} holds another player's explorer", domain="survive", cell=CELL_NAMES[cell]
                    )
        return None

    def _illegal_explorer_move(self, player: int, e: int, cell: int) -> IllegalAction | None:
        phase = self.phase
        if phase not in (P_MOVE, P_DOLPHIN):
            return IllegalAction("explorers move in the movement step", domain="survive")
        if refusal := self._not_own_explorer(player, e):
            return refusal
        status = self.ex_status[e]
        here = self.ex_cell[e]
        if status not in (ON_LAND, ON_BOAT, SWIMMING):
            return IllegalAction("{explorer} is not on the board", domain="survive", explorer=explorer_name(e))
        if cell not in NEIGHBOUR_SETS[here] or IS_ISLAND[cell]:
            return IllegalAction(
                "{cell} is not next to {explorer} ({here})",
                domain="survive",
                cell=CELL_NAMES[cell],
                explorer=explorer_name(e),
                here=CELL_NAMES[here],
            )
        if phase == P_DOLPHIN:
            if status != SWIMMING:
                return IllegalAction(
                    "the dolphin carries a swimmer; {explorer} is not swimming",
                    domain="survive",
                    explorer=explorer_name(e),
                )
            if self.sub_piece >= 0 and self.sub_piece != e:
                return IllegalAction(
                    "the dolphin is carrying {explorer}", domain="survive", explorer=explorer_name(self.sub_piece)
                )
            if self.tile_at[cell] >= 0:
                return IllegalAction("a swimmer never returns to a land tile", domain="survive")
            return None
        if self.points <= 0:
            return IllegalAction("no move points are left", domain="survive")
        if not self.has_explorers(player):
            return IllegalAction("no explorer of yours is on the board", domain="survive")
        if status != ON_LAND and self.tile_at[cell] >= 0:
            return IllegalAction(
                "{explorer} has left the land and never returns to a land tile",
                domain="survive",
                explorer=explorer_name(e),
            )
        if status == SWIMMING and self.swum >> e & 1:
            return IllegalAction(
                "{explorer} has already swum this turn (a swimmer moves one space per turn)",
                domain="survive",
                explorer=explorer_name(e),
            )
        return None

    def _illegal_boarding(self, player: int, e: int) -> IllegalAction | None:
        if self.phase == P_BOAT_TILE:
            if e >= self.n_explorers or self.ex_status[e] != SWIMMING or self.ex_cell[e] != self.sub_piece:
                return IllegalAction(
                    "only a swimmer on {cell} may board the new boat", domain="survive", cell=CELL_NAMES[self.sub_piece]
                )
            return None
        if self.phase != P_MOVE:
            return IllegalAction("swimmers board boats in the movement step", domain="survive")
        if refusal := self._not_own_explorer(player, e):
            return refusal
        if self.points <= 0:
            return IllegalAction("no move points are left", domain="survive")
        if self.ex_status[e] != SWIMMING:
            return IllegalAction("{explorer} is not swimming", domain="survive", explorer=explorer_name(e))
        if self.swum >> e & 1:
            return IllegalAction("{explorer} has already swum this turn", domain="survive", explorer=explorer_name(e))
        boat = self.boat_at[self.ex_cell[e]]
        if boat < 0:
            return IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[self.ex_cell[e]])
        if len(self.boat_passengers[boat]) >= BOAT_CAPACITY:
            return IllegalAction(
                "the boat on {cell} is full (3 explorers)", domain="survive", cell=CELL_NAMES[self.ex_cell[e]]
            )
        return None

    def _illegal_sail(self, player: int, source: int, target: int) -> IllegalAction | None:
        phase = self.phase
        if phase not in (P_MOVE, P_WINDS):
            return IllegalAction("boats move in the movement step (or with favourable winds)", domain="survive")
        boat = self.boat_at[source]
        if boat < 0:
            return IllegalAction("there is no boat on {cell}", domain="survive", cell=CELL_NAMES[source])
        if phase == P_WINDS and self.sub_piece >= 0 and self.sub_piece != source:
            return IllegalAction(
                "the winds are moving the boat on {cell}", domain="survive", cell=CELL_NAMES[self.sub_piece]
            )
        if phase == P_MOVE:
            if self.points <= 0:
                return IllegalAction("no move points are left", domain="survive")
            if not self.has_explorers(player):
                return IllegalAction("no explorer of yours is on the board: you skip moving", domain="survive")
        if not self.may_move_boat(player, boat):
            return IllegalAction(
                "p{player} does not control the boat on {cell}",
                domain="survive",
                player=player,
                cell=CELL_NAMES[source],
            )
        if target not in NEIGHBOUR_SETS[source] or IS_ISLAND[target]:
            return IllegalAction(
                "{target} is not next to {source}",
                domain="survive",
                target=CELL_NAMES[target],
                source=CELL_NAMES[source],
            )
        if self.tile_at[target] >= 0:
            return IllegalAction("boats stay at sea; {cell} is land", domain="survive", cell=CELL_NAMES[target])
        if self.boat_at[target] >= 0:
            return IllegalAction("{cell} already holds a boat", domain="survive", cell=CELL_NAMES[target])
        return None

    def _illegal_creature_move(self, action: MoveCreature) -> IllegalAction | None:
        kind, source, target = action.creature, action.source, action.target
        if self.phase == P_JUMP:
            if kind != self.sub_kind:
                return IllegalAction(
                    "the tile moves a {creature}", domain="survive", creature=Term(CREATURES[self.sub_kind])
                )
            if not self.creature_at[kind][source]:
                return IllegalAction(
                    "there is no {creature} on {cell}",
                    domain="survive",
                    creature=Term(CREATURES[kind]),
                    cell=CELL_NAMES[source],
                )
            if not self.empty_sea(target):
                return IllegalAction("{cell} is not an empty sea space", domain="survive", cell=CELL_NAMES[target])
            return None
        if self.phase != P_CREATURE:
            return IllegalAction("creatures move after the die is rolled", domain="survive")
        if kind != self.die:
            return IllegalAction("the die showed a {creature}", domain="survive", creature=Term(CREATURES[self.die]))
        if self.sub_piece >= 0 and source != self.sub_piece:
            return IllegalAction(
                "the {creature} moving is on {cell}",
                domain="survive",
                creature=Term(CREATURES[kind]),
                cell=CELL_NAMES[self.sub_piece],
            )
        if not self.creature_at[kind][source]:
            return IllegalAction(
                "there is no {creature} on {cell}",
                domain="survive",
                creature=Term(CREATURES[kind]),
                cell=CELL_NAMES[source],
            )
        if target not in NEIGHBOUR_SETS[source] or not self.is_sea(target):
            return IllegalAction(
                "a {creature} moves to a neighbouring sea space; not {cell}",
                domain="survive",
                creature=Term(CREATURES[kind]),
                cell=CELL_NAMES[target],
            )
        return None

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action) -> list[Event]:
        events = _HANDLERS[type(action)](self, action)
        if (
            self.phase >= P_MOVE
            and self.phase != P_OVER
            and not any(s in (ON_LAND, ON_BOAT, SWIMMING) for s in self.ex_status)
        ):
            events.extend(self._end("no explorers"))
        return events

    # setup ----------------------------------------------------------------

    def _lay_tiles(self, layout: tuple[int, ...]) -> None:
        for cell, code in zip(LAND_SPACES, layout, strict=True):
            self.tile_at[cell] = code
            self.terrain_left[terrain_of(code)] += 1

    def _assign_values(self, values: tuple[tuple[int, ...], ...]) -> None:
        for colour, colour_values in enumerate(values):
            for k, value in enumerate(colour_values):
                self.ex_value[colour * 10 + k] = value

    def _on_tiles(self, action: LayTiles) -> list[Event]:
        self._lay_tiles(action.layout)
        self.phase = P_FIRST if self.values_fixed else P_VALUES
        terrains = tuple((CELL_NAMES[cell], TERRAINS[terrain_of(self.tile_at[cell])]) for cell in LAND_SPACES)
        return [ev.TilesLaid(terrains)]

    def _on_values(self, action: AssignValues) -> list[Event]:
        self._assign_values(action.values)
        self.phase = P_FIRST
        return [
            ev.ValuesAssigned(
                self.owner[c],
                COLOURS[c],
                tuple((explorer_name(c * 10 + k), v) for k, v in enumerate(action.values[c])),
            )
            for c in range(self.n_colours)
        ]

    def _on_first(self, action: ChooseFirst) -> list[Event]:
        self.first = self.current = action.player
        self.phase = P_PLACE
        return [ev.FirstPlayer(action.player)]

    def _on_place(self, action: PlaceExplorer) -> list[Event]:
        e, cell = action.explorer, action.cell
        self.ex_status[e] = ON_LAND
        self.ex_cell[e] = cell
        events: list[Event] = [ev.ExplorerPlaced(self.current, explorer_name(e), CELL_NAMES[cell])]
        self.current = (self.current + 1) % self.players
        if UNPLACED not in self.ex_status:
            self.phase = P_BOATS
            self.current = self.first
        return events

    def _on_place_boat(self, action: PlaceBoat) -> list[Event]:
        self._new_boat(action.cell)
        events: list[Event] = [ev.BoatPlaced(self.current, CELL_NAMES[action.cell])]
        self.boats_to_place[self.current] -= 1
        if not any(self.boats_to_place):
            self.current = self.first
            events.extend(self._begin_turn())
        else:
            self.current = (self.current + 1) % self.players
            while not self.boats_to_place[self.current]:
                self.current = (self.current + 1) % self.players
        return events

    def _new_boat(self, cell: int) -> int:
        boat = len(self.boat_cell)
        self.boat_cell.append(cell)
        self.boat_passengers.append([])
        self.boat_at[cell] = boat
        self.boat_supply -= 1
        return boat

    # the turn --------------------------------------------------------------

    def _begin_turn(self) -> list[Event]:
        self.turn += 1
        self.points = MOVE_POINTS
        self.swum = 0
        self.fresh = True
        self.die = -1
        self.sub_piece = self.sub_kind = -1
        self.phase = P_MOVE
        events: list[Event] = [ev.TurnBegan(self.current, self.turn)]
        # A player with no explorer on the board skips moving (but may still play a held tile).
        if not self.has_explorers(self.current) and not self.playable_tiles(self.current):
            self.phase = P_REMOVE
        return events

    def _after_move(self) -> None:
        self.fresh = False
        if self.phase == P_MOVE and (self.points <= 0 or not self.has_explorers(self.current)):
            self.phase = P_REMOVE

    def _on_play(self, action: PlayTile) -> list[Event]:
        if self.phase == P_COUNTER:
            return self._on_counter()
        player, effect = self.current, action.effect
        self._discard(player, effect)
        self.fresh = False
        self.sub_piece = -1
        self.sub_steps = HELD_STEPS
        if effect == DOLPHIN:
            self.phase = P_DOLPHIN
        elif effect == WINDS:
            self.phase = P_WINDS
        else:
            self.phase = P_JUMP
            self.sub_kind = JUMP_CREATURE[effect]
        return [ev.TilePlayed(player, EFFECTS[effect])]

    def _discard(self, player: int, effect: int) -> None:
        held = self.held[player]
        held.remove(next(code for code in held if effect_of(code) == effect))
        self.played_log.append((player, effect))

    def _back_to_moving(self) -> None:
        self.phase = P_MOVE
        self.sub_piece = self.sub_kind = -1
        if not self.has_explorers(self.current):
            self.phase = P_REMOVE

    def _on_move(self, action: MoveExplorer) -> list[Event]:
        e, target = action.explorer, action.cell
        player = self.current
        source = self.ex_cell[e]
        was = self.ex_status[e]
        self._leave(e)
        if self.phase == P_DOLPHIN:
            events = self._enter_sea(e, target, player, "dolphin")
            self.sub_piece = e
            self.sub_steps -= 1
            if self.ex_status[e] != SWIMMING or self.sub_steps <= 0:
                self._back_to_moving()
            return [
                ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], "dolphin"),
                *events,
            ]
        self.points -= 1
        if self.tile_at[target] >= 0:
            self.ex_status[e] = ON_LAND
            self.ex_cell[e] = target
            events = [ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], "walks")]
        else:
            boat = self.boat_at[target]
            how = "boards" if boat >= 0 and len(self.boat_passengers[boat]) < BOAT_CAPACITY else "swims"
            events = [ev.ExplorerMoved(player, explorer_name(e), CELL_NAMES[source], CELL_NAMES[target], how)]
            events.extend(self._enter_sea(e, target, player, how))
            if was == SWIMMING or how == "swims":
                self.swum |= 1 << e
        self._after_move()
        return events

    def _leave(self, e: int) -> None:
        boat = self.ex_boat[e]
        if boat >= 0:
            self.boat_passengers[boat].remove(e)
            self.ex_boat[e] = -1

    def _enter_sea(self, e: int, cell: int, player: int, how: str) -> list[Event]:
        """An explorer arrives in a sea space: it boards a boat with room, or swims (and a serpent
        or a shark there removes it)."""
        self.ex_cell[e] = cell
        boat = self.boat_at[cell]
        if boat >= 0 and len(self.boat_passengers[boat]) < BOAT_CAPACITY:
            self.ex_status[e] = ON_BOAT
            self.ex_boat[e] = boat
            self.boat_passengers[boat].append(e)
            return []
        self.ex_status[e] = SWIMMING
        for kind in (SERPENT, SHARK):
            if self.creature_at[kind][cell]:
                return self._lose([e], CREATURES[kind])
        return []

    def _lose(self, explorers: list[int], cause: str) -> list[Event]:
        events: list[Event] = []
        for e in explorers:
            self._leave(e)
            events.append(ev.ExplorerLost(self.explorer_owner[e], explorer_name(e), CELL_NAMES[self.ex_cell[e]], cause))
            self.ex_status[e] = LOST
            self.ex_cell[e] = -1
        return events

    def _climb(self, e: int, boat: int) -> list[Event]:
        """A swimmer climbs onto the boat in its space."""
        cell = self.ex_cell[e]
        self.ex_status[e] = ON_BOAT
        self.ex_boat[e] = boat
        self.boat_passengers[boat].append(e)
        return [
            ev.ExplorerMoved(self.explorer_owner[e], explorer_name(e), CELL_NAMES[cell], CELL_NAMES[cell], "boards")
        ]

    def _on_board(self, action: BoardBoat) -> list[Event]:
        e = action.explorer
        boat = self.boat_at[self.ex_cell[e]]
        events = self._climb(e, boat)
        if self.phase == P_BOAT_TILE:
            if len(self.boat_passengers[boat]) >= BOAT_CAPACITY:
                self.phase = P_ROLL
            return events
        self.points -= 1
        self.swum |= 1 << e
        self._after_move()
        return events

    def _on_escape(self, action: Escape) -> list[Event]:
        e = action.explorer
        cell = self.ex_cell[e]
        self._leave(e)
        self.ex_status[e] = RESCUED
        self.ex_cell[e] = -1
        self.rescued[self.explorer_owner[e]] += 1
        self.points -= 1
        self._after_move()
        return [ev.ExplorerEscaped(self.explorer_owner[e], explorer_name(e), CELL_NAMES[cell])]

    def _on_sail(self, action: SailBoat) -> list[Event]:
        source, target = action.source, action.target
        boat = self.boat_at[source]
        passengers = self.boat_passengers[boat]
        events: list[Event] = [
            ev.BoatMoved(
                self.current, CELL_NAMES[source], CELL_NAMES[target], tuple(explorer_name(e) for e in passengers)
            )
        ]
        self.boat_at[source] = -1
        self.boat_at[target] = boat
        self.boat_cell[boat] = target
        for e in passengers:
            self.ex_cell[e] = target
        if passengers and self.creature_at[SERPENT][target]:
            events.extend(self._sink(boat, "serpent"))
        elif passengers and self.creature_at[WHALE][target]:
            events.extend(self._capsize(boat))
        if self.phase == P_WINDS:
            self.sub_piece = target
            self.sub_steps -= 1
            if self.boat_cell[boat] < 0 or self.sub_steps <= 0:
                self._back_to_moving()
        else:
            self.points -= 1
            self._after_move()
        return events

    def _remove_boat(self, boat: int) -> list[int]:
        cell = self.boat_cell[boat]
        self.boat_at[cell] = -1
        self.boat_cell[boat] = -1
        passengers = self.boat_passengers[boat]
        self.boat_passengers[boat] = []
        for e in passengers:
            self.ex_boat[e] = -1
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
        for kind in (SERPENT, SHARK):
            if self.creature_at[kind][cell]:
                events.extend(self._lose(passengers, CREATURES[kind]))
                break
        return events

    def _on_end_moves(self, action: EndMoves) -> list[Event]:
        events: list[Event] = [ev.MovesEnded(self.current, self.points)]
        self.phase = P_REMOVE
        return events

    def _on_jump(self, action: MoveCreature) -> list[Event]:
        if self.phase == P_CREATURE:
            return self._on_creature_step(action)
        kind = action.creature
        self.creature_at[kind][action.source] -= 1
        self.creature_at[kind][action.target] += 1
        self._back_to_moving()
        return [ev.CreatureMoved(self.current, CREATURES[kind], CELL_NAMES[action.source], CELL_NAMES[action.target])]

    def _on_stop(self, action: Stop) -> list[Event]:
        if self.phase == P_CREATURE:
            return self._end_turn()
        self._back_to_moving()
        return []

    # removing a tile -----------------------------------------------------------

    def _on_remove(self, action: RemoveTile) -> list[Event]:
        cell, player = action.cell, self.current
        code = self.tile_at[cell]
        effect = effect_of(code)
        kind = EFFECT_KIND[effect]
        self.tile_at[cell] = -1
        self.terrain_left[terrain_of(code)] -= 1
        self.removed_log.append((cell, code, player, kind == IMMEDIATE))
        events: list[Event] = [
            ev.TileRemoved(player, CELL_NAMES[cell], TERRAINS[terrain_of(code)], EFFECTS[effect], kind)
        ]
        # Explorers on it become swimmers in that space.
        for e in range(self.n_explorers):
            if self.ex_cell[e] == cell and self.ex_status[e] == ON_LAND:
                self.ex_status[e] = SWIMMING
        self.phase = P_ROLL
        if kind != IMMEDIATE:
            self.held[player].append(code)
        elif effect == VOLCANO:
            events.extend(self._end("volcano"))
        elif effect == SHARK_TILE:
            events.extend(self._put_creature(SHARK, cell))
            if self.creature_at[SHARK][cell]:
                events.extend(self._lose(self.swimmers_at(cell), "shark"))
        elif effect == WHALE_TILE:
            events.extend(self._put_creature(WHALE, cell))
        elif effect == BOAT_TILE:
            if self.boat_supply:
                self._new_boat(cell)
                events.append(ev.BoatPlaced(None, CELL_NAMES[cell]))
                swimmers = self.swimmers_at(cell)
                if len(swimmers) <= BOAT_CAPACITY:
                    for e in swimmers:
                        events.extend(self._climb(e, self.boat_at[cell]))
                else:
                    self.phase = P_BOAT_TILE
                    self.sub_piece = cell
        elif effect == WHIRLPOOL:
            events.extend(self._whirlpool(cell))
        return events

    def _put_creature(self, kind: int, cell: int) -> list[Event]:
        if not self.creature_supply[kind]:
            return []
        self.creature_supply[kind] -= 1
        self.creature_at[kind][cell] += 1
        return [ev.CreatureAppeared(CREATURES[kind], CELL_NAMES[cell])]

    def _whirlpool(self, cell: int) -> list[Event]:
        """Every swimmer, creature, boat and explorer on a boat in this and the adjacent sea spaces goes."""
        cells = [cell, *(n for n in SPACE_NEIGHBOURS[cell] if self.tile_at[n] < 0)]
        events: list[Event] = [ev.Whirlpool(CELL_NAMES[cell], tuple(CELL_NAMES[c] for c in cells))]
        for c in cells:
            boat = self.boat_at[c]
            if boat >= 0:
                events.extend(self._sink(boat, "whirlpool"))
            events.extend(self._lose(self.swimmers_at(c), "whirlpool"))
            for kind in range(3):
                for _ in range(self.creature_at[kind][c]):
                    events.append(ev.CreatureRemoved(CREATURES[kind], CELL_NAMES[c], "whirlpool"))
                self.creature_at[kind][c] = 0
        return events

    # the creatures ---------------------------------------------------------------

    def _on_roll(self, action: RollDie) -> list[Event]:
        kind = action.creature
        self.die = kind
        events: list[Event] = [ev.DieRolled(self.current, CREATURES[kind])]
        if not any(self.creature_at[kind]):
            events.extend(self._end_turn())
            return events
        self.phase = P_CREATURE
        self.sub_piece = -1
        self.sub_steps = CREATURE_REACH[kind]
        return events

    def _on_creature_step(self, action: MoveCreature) -> list[Event]:
        kind, source, target = action.creature, action.source, action.target
        self.creature_at[kind][source] -= 1
        self.creature_at[kind][target] += 1
        self.sub_piece = target
        self.sub_steps -= 1
        events: list[Event] = [ev.CreatureMoved(self.current, CREATURES[kind], CELL_NAMES[source], CELL_NAMES[target])]
        if kind == SERPENT:
            boat = self.boat_at[target]
            if boat >= 0 and self.boat_passengers[boat]:
                events.extend(self._sink(boat, "serpent"))
            events.extend(self._lose(self.swimmers_at(target), "serpent"))
            events.extend(self._end_turn())
            return events
        if kind == SHARK:
            swimmers = self.swimmers_at(target)
            if swimmers:
                threatened = {self.explorer_owner[e] for e in swimmers}
                return events + self._threaten(KILL_SHARK, target, threatened)
        else:
            boat = self.boat_at[target]
            if boat >= 0 and self.boat_passengers[boat]:
                return events + self._threaten(KILL_WHALE, target, set(self.controllers(boat)))
        if self.sub_steps <= 0:
            events.extend(self._end_turn())
        return events

    def _threaten(self, counter: int, cell: int, players: set[int]) -> list[Event]:
        """The creature stops here; each threatened player (in turn order from the mover) who holds
        the counter tile may play it first."""
        mover = self.current
        order = [(mover + i) % self.players for i in range(1, self.players)]
        self.counter_queue = [
            p for p in order if p in players and any(effect_of(code) == counter for code in self.held[p])
        ]
        self.sub_kind = counter
        self.sub_piece = cell
        if self.counter_queue:
            self.phase = P_COUNTER
            return []
        return self._harm()

    def _harm(self) -> list[Event]:
        cell = self.sub_piece
        if self.sub_kind == KILL_SHARK:
            events = self._lose(self.swimmers_at(cell), "shark")
        else:
            events = self._capsize(self.boat_at[cell])
        return events + self._end_turn()

    def _on_counter(self) -> list[Event]:
        player = self.counter_queue[0]
        counter, cell = self.sub_kind, self.sub_piece
        self._discard(player, counter)
        kind = SHARK if counter == KILL_SHARK else WHALE
        self.creature_at[kind][cell] -= 1
        self.counter_queue = []
        events: list[Event] = [
            ev.TilePlayed(player, EFFECTS[counter]),
            ev.CreatureRemoved(CREATURES[kind], CELL_NAMES[cell], EFFECTS[counter]),
        ]
        return events + self._end_turn()

    def _on_decline(self, action: Decline) -> list[Event]:
        player = self.counter_queue.pop(0)
        events: list[Event] = [ev.CounterDeclined(player)]
        if not self.counter_queue:
            self.phase = P_CREATURE
            events.extend(self._harm())
        return events

    def _end_turn(self) -> list[Event]:
        if self.phase == P_OVER:
            return []
        self.current = (self.current + 1) % self.players
        return self._begin_turn()

    # the end ---------------------------------------------------------------------

    def _end(self, reason: str) -> list[Event]:
        self.phase = P_OVER
        self.end_reason = reason
        self.counter_queue = []
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

    # ------------------------------------------------------------------ views and sampling

    def _view(self, player: int | None) -> dict[str, Any]:
        over = self.phase == P_OVER
        explorers = []
        for e in range(self.n_explorers):
            owner = self.explorer_owner[e]
            status = self.ex_status[e]
            entry: dict[str, Any] = {
                "id": explorer_name(e),
                "player": owner,
                "colour": COLOURS[e // 10],
                "status": STATUS_NAMES[status],
                "cell": CELL_NAMES[self.ex_cell[e]] if self.ex_cell[e] >= 0 else None,
            }
            if owner == player or (over and status == RESCUED):
                entry["value"] = self.ex_value[e]
            explorers.append(entry)
        boats = [
            {
                "cell": CELL_NAMES[cell],
                "passengers": [explorer_name(e) for e in self.boat_passengers[b]],
                "controllers": sorted(self.controllers(b)),
            }
            for b, cell in sorted(enumerate(self.boat_cell), key=lambda item: item[1])
            if cell >= 0
        ]
        creatures = {
            CREATURES[kind]: [CELL_NAMES[c] for c in range(N_CELLS) for _ in range(self.creature_at[kind][c])]
            for kind in range(3)
        }
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
        options = self.game.explicit_options(self.options)
        for secret in ("tile_layout", "explorer_values"):
            # A scripted setup is a secret like a shuffled one: views only say it was scripted.
            if options.get(secret) is not None:
                options[secret] = "scripted"
        view: dict[str, Any] = {
            "options": options,
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current,
            "first_player": self.first,
            "turn": self.turn,
            "colours": [[COLOURS[c] for c in colours] for colours in self.colours_of],
            "tiles": {
                CELL_NAMES[c]: TERRAINS[terrain_of(self.tile_at[c])] for c in LAND_SPACES if self.tile_at[c] >= 0
            },
            "tiles_left": {TERRAINS[t]: self.terrain_left[t] for t in range(3)},
            "explorers": explorers,
            "boats": boats,
            "creatures": creatures,
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
            "moves_left": self.points if self.phase == P_MOVE else 0,
            "swum": [explorer_name(e) for e in range(self.n_explorers) if self.swum >> e & 1],
            "fresh": self.fresh,
            "die": CREATURES[self.die] if self.die >= 0 else None,
            "pending": self._pending(),
            "removed": removed,
            "played": [{"player": p, "effect": EFFECTS[effect]} for p, effect in self.played_log],
        }
        return view

    def _pending(self) -> dict[str, Any] | None:
        phase = self.phase
        if phase == P_DOLPHIN:
            piece = explorer_name(self.sub_piece) if self.sub_piece >= 0 else None
            return {"kind": "dolphin", "explorer": piece, "steps_left": self.sub_steps}
        if phase == P_WINDS:
            cell = CELL_NAMES[self.sub_piece] if self.sub_piece >= 0 else None
            return {"kind": "winds", "boat": cell, "steps_left": self.sub_steps}
        if phase == P_JUMP:
            return {"kind": "jump", "creature": CREATURES[self.sub_kind]}
        if phase == P_CREATURE:
            cell = CELL_NAMES[self.sub_piece] if self.sub_piece >= 0 else None
            return {"kind": "creature", "creature": CREATURES[self.die], "cell": cell, "steps_left": self.sub_steps}
        if phase == P_COUNTER:
            return {
                "kind": "counter",
                "player": self.counter_queue[0],
                "tile": EFFECTS[self.sub_kind],
                "cell": CELL_NAMES[self.sub_piece],
            }
        if phase == P_BOAT_TILE:
            return {"kind": "boat tile", "cell": CELL_NAMES[self.sub_piece]}
        return None

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        # Other colours' values: every value of theirs is unknown, except, at the end, the rescued
        # ones (shown to all). The multiset per colour is fixed; only who holds which is sampled.
        if self.phase > P_VALUES:
            over = self.phase == P_OVER
            for colour in range(self.n_colours):
                if self.owner[colour] == player:
                    continue
                unknown = [
                    e for e in range(colour * 10, colour * 10 + 10) if not (over and self.ex_status[e] == RESCUED)
                ]
                values = sorted(self.ex_value[e] for e in unknown)
                rng.shuffle(values)
                for e, value in zip(unknown, values, strict=True):
                    self.ex_value[e] = value
        if self.phase <= P_TILES:
            return
        if not self._resample_tiles_from_logs(player, rng):
            self._resample_tiles_in_place(player, rng)
        if self.phase == P_COUNTER:
            # Who is asked now is public; who would be asked after him depends on the sample.
            asked, cell = self.counter_queue[0], self.sub_piece
            if self.sub_kind == KILL_SHARK:
                threatened = {self.explorer_owner[e] for e in self.swimmers_at(cell)}
            else:
                threatened = set(self.controllers(self.boat_at[cell]))
            order = [(self.current + i) % self.players for i in range(1, self.players)]
            self.counter_queue = [asked] + [
                p
                for p in order[order.index(asked) + 1 :]
                if p in threatened and any(effect_of(code) == self.sub_kind for code in self.held[p])
            ]

    def _resample_tiles_from_logs(self, player: int, rng: random.Random) -> bool:
        """Resample the face-down board tiles and the others' taken tiles from what ``player``
        knows: the table minus the tiles he saw (the immediate tiles shown to all, his own), the
        board's terrains, and per other player the terrains he took (all held or counter tiles)
        and the effects he played. False (changing nothing) when the logs do not account for the
        position (a scripted position): then :meth:`_resample_tiles_in_place` is used."""
        pool = [0] * 64  # tile code -> how many are unknown to ``player``
        for code in TILES:
            pool[code] += 1
        taken: dict[int, list[int]] = {p: [] for p in range(self.players) if p != player}  # log indexes
        for index, (_, code, remover, public) in enumerate(self.removed_log):
            if code >= 0 and (public or remover == player):
                pool[code] -= 1
            elif remover == player:
                return False  # his own tile, forgotten: nothing to reckon from
            else:
                taken[remover].append(index)
        played: dict[int, list[int]] = {p: [] for p in taken}
        for p, effect in self.played_log:
            if p != player:
                played[p].append(effect)
        terrains_taken = {p: [0, 0, 0] for p in taken}
        for p, indexes in taken.items():
            for index in indexes:
                terrains_taken[p][self._logged_terrain(index)] += 1
            if len(indexes) - len(played[p]) != len(self.held[p]):
                return False
        board = [
            [cell for cell in LAND_SPACES if self.tile_at[cell] >= 0 and terrain_of(self.tile_at[cell]) == t]
            for t in range(3)
        ]
        if min(pool) < 0 or any(
            sum(pool[t * 16 : t * 16 + 16]) - sum(counts[t] for counts in terrains_taken.values()) != len(board[t])
            for t in range(3)
        ):
            return False
        assignment = _assign_taken(
            pool, terrains_taken, {p: sorted(effects) for p, effects in played.items()}, self._kept(player), rng
        )
        if assignment is None:
            return False
        for p, (played_codes, held_codes) in assignment.items():
            self.held[p] = held_codes
            # The log says which terrain each taken tile had; which tile of that terrain is sampled.
            for t in range(3):
                codes = sorted(code for code in played_codes + held_codes if terrain_of(code) == t)
                rng.shuffle(codes)
                indexes = [index for index in taken[p] if self._logged_terrain(index) == t]
                for index, code in zip(indexes, codes, strict=True):
                    cell, _, remover, _ = self.removed_log[index]
                    self.removed_log[index] = (cell, code, remover, False)
        self._deal_board(pool, board, rng)
        return True

    def _resample_tiles_in_place(self, player: int, rng: random.Random) -> None:
        """For a position the logs do not account for: the unknown tiles are the face-down board
        tiles and the others' held tiles; each held tile stays of its terrain and of a holdable kind."""
        pool = [0] * 64
        board: list[list[int]] = [[], [], []]
        for cell in LAND_SPACES:
            code = self.tile_at[cell]
            if code >= 0:
                pool[code] += 1
                board[terrain_of(code)].append(cell)
        terrains_taken: dict[int, list[int]] = {}
        for p in range(self.players):
            if p != player:
                terrains_taken[p] = [0, 0, 0]
                for code in self.held[p]:
                    pool[code] += 1
                    terrains_taken[p][terrain_of(code)] += 1
        assignment = _assign_taken(pool, terrains_taken, {p: [] for p in terrains_taken}, self._kept(player), rng)
        assert assignment is not None, "the true position is a solution"
        for p, (_, held_codes) in assignment.items():
            self.held[p] = held_codes
        self._deal_board(pool, board, rng)
        # What the others took is unknown to ``player``: forget it in the public log too.
        self.removed_log = [
            entry
            if entry[3] or entry[2] == player or entry[1] < 0
            else (entry[0], -1 - terrain_of(entry[1]), entry[2], False)
            for entry in self.removed_log
        ]

    def _kept(self, player: int) -> dict[int, int]:
        """The tiles ``player`` knows another player still holds: the counter tile he is asked about."""
        if self.phase == P_COUNTER and self.counter_queue[0] != player:
            return {self.counter_queue[0]: self.sub_kind}
        return {}

    def _logged_terrain(self, index: int) -> int:
        code = self.removed_log[index][1]
        return terrain_of(code) if code >= 0 else -1 - code

    def _deal_board(self, pool: list[int], board: list[list[int]], rng: random.Random) -> None:
        """Lay what is left of ``pool`` face down on the board's cells, terrain by terrain."""
        for t in range(3):
            codes = [code for code in range(t * 16, t * 16 + 16) for _ in range(pool[code])]
            rng.shuffle(codes)
            for cell, code in zip(board[t], codes, strict=True):
                self.tile_at[cell] = code


#: How many choices the search for the played tiles' terrains may try before giving up.
_SEARCH_BUDGET: Final = 2000


def _assign_taken(
    pool: list[int],
    terrains_taken: dict[int, list[int]],
    played: dict[int, list[int]],
    kept: dict[int, int],
    rng: random.Random,
) -> dict[int, tuple[list[int], list[int]]] | None:
    """Sample, from ``pool`` (tile code -> count, reduced in place), the tiles each player took:
    ``terrains_taken[p][t]`` tiles of terrain ``t``, all held or counter tiles, among which the
    effects ``played[p]`` (already played: each of a terrain that has it) and the effect ``kept[p]``
    (known to be held still: the counter tile of a player asked whether he plays it). Returns per
    player the played and the held codes (sorted), or ``None`` if no assignment fits (or none is
    found within :data:`_SEARCH_BUDGET`). The terrains of the played and kept tiles are searched
    (backtracking, the most constrained first); the other held tiles are then drawn terrain by
    terrain."""
    players = sorted(terrains_taken)
    left = {p: terrains_taken[p][:] for p in players}
    holdable = [code for code in range(64) if code & 15 < len(EFFECT_KIND) and EFFECT_KIND[code & 15] != IMMEDIATE]
    # A played tile takes one tile of its terrain both from the pool and from the taker's
    # terrains: whether the held ones can be drawn does not depend on the terrains chosen.
    if any(
        sum(left[p][t] for p in players) > sum(pool[code] for code in holdable if terrain_of(code) == t)
        for t in range(3)
    ) or any(EFFECT_KIND[effect] == IMMEDIATE for p in players for effect in [*played[p], *kept.values()]):
        return None
    tasks = [(p, effect) for p in players for effect in played[p]]
    tasks += [(p, kept[p]) for p in players if p in kept]
    chosen = [-1] * len(tasks)
    budget = [_SEARCH_BUDGET]

    def options(i: int) -> list[int]:
        p, effect = tasks[i]
        return [t for t in range(3) if left[p][t] and pool[t * 16 + effect]]

    def search(todo: list[int]) -> bool:
        if not todo:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        # The most constrained played tile first.
        i = min(todo, key=lambda j: (len(options(j)), j))
        rest = [j for j in todo if j != i]
        terrains = options(i)
        rng.shuffle(terrains)
        for t in terrains:
            code = t * 16 + tasks[i][1]
            pool[code] -= 1
            left[tasks[i][0]][t] -= 1
            chosen[i] = code
            if search(rest):
                return True
            left[tasks[i][0]][t] += 1
            pool[code] += 1
        return False

    if not search(list(range(len(tasks)))):
        return None  # (the search has undone its choices: ``pool`` is as it was)
    result: dict[int, tuple[list[int], list[int]]] = {}
    cursor = 0
    for p in players:
        result[p] = (sorted(chosen[cursor : cursor + len(played[p])]), [])
        cursor += len(played[p])
    for p in players:
        if p in kept:
            result[p][1].append(chosen[cursor])
            cursor += 1
    for t in range(3):
        codes = [code for code in holdable if terrain_of(code) == t for _ in range(pool[code])]
        rng.shuffle(codes)
        for p in players:
            for _ in range(left[p][t]):
                code = codes.pop()
                pool[code] -= 1
                result[p][1].append(code)
    for p in players:
        result[p][1].sort()
    return result


_HANDLERS: dict[type, Any] = {
    LayTiles: SurviveState._on_tiles,
    AssignValues: SurviveState._on_values,
    ChooseFirst: SurviveState._on_first,
    PlaceExplorer: SurviveState._on_place,
    PlaceBoat: SurviveState._on_place_boat,
    PlayTile: SurviveState._on_play,
    MoveExplorer: SurviveState._on_move,
    BoardBoat: SurviveState._on_board,
    SailBoat: SurviveState._on_sail,
    Escape: SurviveState._on_escape,
    EndMoves: SurviveState._on_end_moves,
    RemoveTile: SurviveState._on_remove,
    RollDie: SurviveState._on_roll,
    MoveCreature: SurviveState._on_jump,
    Stop: SurviveState._on_stop,
    Decline: SurviveState._on_decline,
}
