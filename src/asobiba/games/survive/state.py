"""The state of a Survive! position: its fields, and the contract's methods, each dispatching to the
rule of :mod:`asobiba.games.survive.rules` that the rules page (``rules/survive.en.md``) states.

Pieces are held in flat lists by number: explorer ``colour * 10 + k``, cells as in
:mod:`asobiba.games.survive.board`.

>>> from asobiba.games.survive import GAME
>>> state = GAME.new_game(3, seed=5)
>>> state.view(0)["phase"], len(state.view(0)["tiles"])
('place_explorers', 40)
"""

from __future__ import annotations

import random
from typing import Any

from mypy_extensions import mypyc_attr

from asobiba.core.actions import Action
from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, GameRules, State
from asobiba.games.survive.actions import (
    BOARD,
    PLACE_BOAT,
    REMOVE_TILE,
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
    verify_numbered_fields,
)
from asobiba.games.survive.board import N_CELLS, SERPENT_STARTS
from asobiba.games.survive.data import (
    BOAT_COUNT,
    BOATS_PER_COLOUR,
    CREATURE_COUNT,
    CREATURES,
    EXPLORERS_PER_COLOUR,
    MOVE_POINTS,
    SERPENT,
    colour_explorers,
    colour_of,
)
from asobiba.games.survive.phase import CHANCE_PHASES, SETUP_PHASES, Phase
from asobiba.games.survive.rules import creatures, determinize, end, movement, pieces, setup, tiles, turn, views
from asobiba.games.survive.rules.pieces import NOWHERE, UNPLACED
from asobiba.games.survive.steps import BoatTileBoarding, CounterQuestion, Step, pending_step
from asobiba.games.survive.view import SurviveFullView, SurvivePending, SurviveView


@mypyc_attr(native_class=False)
class SurviveState(State[SurviveView, SurviveFullView]):
    """A position of Survive!; see ``rules/survive.en.md``."""

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
        setup.set_up_from_options(self)

    # ------------------------------------------------------------------ who decides, and chance

    def _current_player(self) -> int | None:
        match self.phase:
            case Phase.OVER:
                return None
            case Phase.COUNTER:
                return pending_step(self, CounterQuestion).player
            case phase if phase in CHANCE_PHASES:
                return CHANCE
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == Phase.ROLL:
            return creatures.die_outcomes()
        if self.phase == Phase.FIRST_PLAYER:
            return setup.first_player_outcomes(self)
        return []

    def _sample_chance(self, rng: random.Random) -> Action:
        if self.phase == Phase.ROLL:
            return creatures.roll(rng)
        return setup.sample_setup(self, rng)

    def _legal_actions(self) -> list[Action]:
        player = self.current
        match self.phase:
            case Phase.MOVE:
                return movement.move_actions(self, player)
            case Phase.REMOVE_TILE:
                return [REMOVE_TILE[cell] for cell in tiles.removable_tiles(self)]
            case Phase.CREATURE:
                return creatures.creature_actions(self)
            case Phase.COUNTER:
                return creatures.counter_actions(self)
            case Phase.PLACE_EXPLORERS:
                return setup.placement_actions(self, player)
            case Phase.PLACE_BOATS:
                return [PLACE_BOAT[cell] for cell in setup.boat_spaces(self)]
            case Phase.DOLPHIN:
                return movement.dolphin_actions(self, player)
            case Phase.WINDS:
                return movement.winds_actions(self, player)
            case Phase.JUMP:
                return creatures.jump_actions(self)
            case Phase.BOAT_TILE:
                return [BOARD[e] for e in pieces.swimmers_at(self, pending_step(self, BoatTileBoarding).cell)]
        raise AssertionError(f"no player decision in phase {self.phase.value}")

    # ------------------------------------------------------------------ checking: each action's verify_

    def _check(self, action: Action) -> None:
        verify_numbered_fields(action, self.n_explorers, self.players)
        phase = self.phase
        player = self.current
        if phase in CHANCE_PHASES:
            if phase == Phase.ROLL:
                creatures.verify_roll(self, action)
            else:
                setup.verify_setup_chance(self, action)
            return
        if phase == Phase.COUNTER:
            creatures.verify_counter_answer(self, action)
            return
        if phase in (Phase.PLACE_EXPLORERS, Phase.PLACE_BOATS) and not isinstance(action, (PlaceExplorer, PlaceBoat)):
            if phase == Phase.PLACE_EXPLORERS:
                raise IllegalAction(
                    "it is setup now (place explorers); '{action}' is not a setup step",
                    domain="survive",
                    action=str(action),
                )
            raise IllegalAction(
                "it is setup now (place boats); '{action}' is not a setup step", domain="survive", action=str(action)
            )
        match action:
            case PlaceExplorer(explorer, cell):
                setup.verify_placement(self, player, explorer, cell)
            case PlaceBoat(cell):
                setup.verify_boat_placement(self, cell)
            case PlayTile(effect):
                tiles.verify_tile_play(self, player, effect)
            case EndMoves():
                turn.verify_end_moves(self)
            case Stop():
                turn.verify_stop(self)
            case Decline():
                raise IllegalAction("nobody is asked for a counter tile now", domain="survive")
            case RemoveTile(cell):
                tiles.verify_removal(self, cell)
            case MoveExplorer(explorer, cell):
                movement.verify_explorer_move(self, player, explorer, cell)
            case BoardBoat(explorer):
                movement.verify_boarding(self, player, explorer)
            case Escape(explorer):
                movement.verify_escape(self, player, explorer)
            case SailBoat(source, target):
                movement.verify_sail(self, player, source, target)
            case MoveCreature(creature, source, target):
                creatures.verify_creature_move(self, creature, source, target)
            case _:
                raise IllegalAction("'{action}' is not an action of survive", domain="survive", action=str(action))

    # ------------------------------------------------------------------ applying: each action's rule

    def _apply(self, action: Action) -> list[Event]:
        # The commonest first: a class pattern is one isinstance test after another.
        match action:
            case MoveExplorer(explorer, cell):
                events = movement.move_explorer(self, action, explorer, cell)
            case SailBoat(source, target):
                events = movement.sail_boat(self, action, source, target)
            case MoveCreature(creature, source, target):
                events = creatures.move_creature(self, creature, source, target)
            case PlaceExplorer(explorer, cell):
                events = setup.place_explorer(self, explorer, cell)
            case EndMoves():
                events = turn.end_moves(self)
            case RemoveTile(cell):
                events = tiles.remove_tile(self, cell)
            case RollDie(creature):
                events = creatures.roll_die(self, creature)
            case Stop():
                events = turn.stop(self)
            case PlaceBoat(cell):
                events = setup.place_boat(self, cell)
            case BoardBoat(explorer):
                events = movement.board_boat(self, action, explorer)
            case Escape(explorer):
                events = movement.escape(self, action, explorer)
            case PlayTile(effect):
                events = creatures.play_counter(self) if self.phase == Phase.COUNTER else tiles.play_tile(self, effect)
            case Decline():
                events = creatures.decline(self)
            case ChooseFirst(player):
                events = setup.choose_first(self, player)
            case AssignValues(values):
                events = setup.assign_values(self, values)
            case LayTiles(layout):
                events = setup.lay_tiles(self, layout)
            case _:
                raise AssertionError(f"{action!r} is not a survive action")
        if self.phase not in SETUP_PHASES and self.phase != Phase.OVER and not pieces.any_in_play(self):
            events.extend(end.end_game(self, "no explorers"))
        return events

    # ------------------------------------------------------------------ what each player sees, and the end

    def _phase(self) -> str:
        return self.phase.value

    def _view(self, player: int | None) -> SurviveView:
        return views.view(self, player)

    def _pending(self, viewer: int | None) -> SurvivePending:
        return views.pending(self, viewer)

    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        determinize.resample_hidden(self, player, rng)

    def result(self) -> dict[str, Any]:
        return end.result(self)
