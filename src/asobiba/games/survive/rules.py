"""Survive! rules: the state, put together from the modules that follow ``rules/survive.md``
section by section, and the dispatch of every action to its rule.

- :mod:`.pieces` the position and the fates of pieces; the end and the scores,
- :mod:`.tiles` removing tiles and their backs, held tiles,
- :mod:`.turn` setup and the order of a turn,
- :mod:`.movement` explorers and boats, the dolphin and the winds,
- :mod:`.creatures` the die, the creatures and the counter tiles,
- :mod:`.view_rules` what each player may know (its types: :mod:`.view`), :mod:`.determinize` sampling what he may not,
- :mod:`.steps` the phases and the typed steps of multi-step decisions.

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
  use the swimmer's move of the turn. Winds: a boat the player controls (the page; not an empty one).
- An explorer that swam onto a boat this turn (stepping or climbing aboard) does not swim again that
  turn; it may step on to another boat with room (no swim: the seed limits only swimmers), escape
  from it or be carried by it.
- A held tile is played before the first move of the turn; a player with no explorer on the board
  skips moving but may still play one.
- The rolled creature may be left where it is (``stop``), as the seed says "may".

>>> from asobiba.games.survive import GAME
>>> state = GAME.new_game(3, seed=5)
>>> state.view(0)["phase"], len(state.view(0)["tiles"])
('place_explorers', 40)
"""

from __future__ import annotations

import random
from enum import Enum
from functools import cache
from typing import Any

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.core.state import CHANCE, Action, GameRules
from asobiba.games.survive.actions import (
    BOARD,
    PLACE_BOAT,
    PLACE_EXPLORER,
    REMOVE_TILE,
    ROLL,
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
    number_text,
)
from asobiba.games.survive.board import N_CELLS
from asobiba.games.survive.creatures import CreatureRules
from asobiba.games.survive.data import CREATURES, DIE_FACES, EFFECTS, EXPLORER_VALUES, TILE_BY_NAME, TILES
from asobiba.games.survive.determinize import Determinize
from asobiba.games.survive.phase import CHANCE_PHASES, SETUP_PHASES, Phase
from asobiba.games.survive.pieces import (
    LOST,
    ON_BOAT,
    ON_LAND,
    RESCUED,
    STATUS_NAMES,
    SWIMMING,
    UNPLACED,
)
from asobiba.games.survive.steps import BoatTileBoarding, CounterQuestion
from asobiba.games.survive.view_rules import ViewRules


class Numbered(Enum):
    """What a numbered field of an action counts, and so its range."""

    CELL = "cell"
    EXPLORER = "explorer"
    EFFECT = "effect"
    CREATURE = "creature"
    PLAYER = "player"


CELL, EXPLORER, EFFECT, CREATURE, PLAYER = Numbered
#: The numbered fields of each action class (``_check`` refuses a value out of range).
NUMBERED_FIELDS: dict[type[Action], tuple[tuple[str, Numbered], ...]] = {
    ChooseFirst: (("player", PLAYER),),
    PlaceExplorer: (("explorer", EXPLORER), ("cell", CELL)),
    PlaceBoat: (("cell", CELL),),
    PlayTile: (("effect", EFFECT),),
    MoveExplorer: (("explorer", EXPLORER), ("cell", CELL)),
    BoardBoat: (("explorer", EXPLORER),),
    SailBoat: (("source", CELL), ("target", CELL)),
    Escape: (("explorer", EXPLORER),),
    RemoveTile: (("cell", CELL),),
    RollDie: (("creature", CREATURE),),
    MoveCreature: (("creature", CREATURE), ("source", CELL), ("target", CELL)),
}


@cache
def numbered_field_ranges(explorers: int, players: int) -> dict[type[Action], tuple[tuple[str, int], ...]]:
    """Per action class, its numbered fields and how many things each may name in a game of
    ``explorers`` explorers and ``players`` players (one table for every such game, never changed)."""
    counts = {
        Numbered.CELL: N_CELLS,
        Numbered.EXPLORER: explorers,
        Numbered.EFFECT: len(EFFECTS),
        Numbered.CREATURE: len(CREATURES),
        Numbered.PLAYER: players,
    }
    return {
        kind: tuple((name, counts[counted]) for name, counted in numbered) for kind, numbered in NUMBERED_FIELDS.items()
    }


class SurviveState(CreatureRules, ViewRules, Determinize):
    """A position of Survive!; see ``rules/survive.md``. Pieces are held in flat lists by number:
    explorer ``colour * 10 + k``, cells as in :mod:`asobiba.games.survive.board`."""

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str) -> None:
        super().__init__(game, players, seed, options, chance)
        layout = options.get("tile_layout")
        if layout is not None:
            self._lay_tiles(tuple(TILE_BY_NAME[name] for name in layout))
            self._set_phase(Phase.VALUES)
        values = options.get("explorer_values")
        self.values_fixed = values is not None
        if values is not None:
            self._assign_values(tuple(tuple(int(v) for v in colour) for colour in values))
            if self.phase == Phase.VALUES:
                self._set_phase(Phase.FIRST_PLAYER)

    # ------------------------------------------------------------------ who decides

    def _current_player(self) -> int | None:
        match self.phase:
            case Phase.OVER:
                return None
            case Phase.COUNTER:
                return self.pending_step(CounterQuestion).player
            case phase if phase in CHANCE_PHASES:
                return CHANCE
        return self.current

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == Phase.ROLL:
            return [(ROLL[k], DIE_FACES.count(k) / len(DIE_FACES)) for k in range(3)]
        if self.phase == Phase.FIRST_PLAYER:
            if self.options.get("first_player") is not None:
                return [(ChooseFirst(self.options["first_player"]), 1.0)]
            return [(ChooseFirst(p), 1 / self.players) for p in range(self.players)]
        return []

    def _sample_chance(self, rng: random.Random) -> Action:
        match self.phase:
            case Phase.TILES:
                layout = list(TILES)
                rng.shuffle(layout)
                return LayTiles(tuple(layout))
            case Phase.VALUES:
                values = []
                for _ in range(self.n_colours):
                    colour = list(EXPLORER_VALUES)
                    rng.shuffle(colour)
                    values.append(tuple(colour))
                return AssignValues(tuple(values))
            case Phase.FIRST_PLAYER:
                first = self.options.get("first_player")
                return ChooseFirst(rng.randrange(self.players) if first is None else first)
        return ROLL[DIE_FACES[rng.randrange(len(DIE_FACES))]]

    def _legal_actions(self) -> list[Action]:
        player = self.current
        match self.phase:
            case Phase.MOVE:
                return self._move_actions(player)
            case Phase.REMOVE_TILE:
                return [REMOVE_TILE[cell] for cell in self.removable_tiles()]
            case Phase.CREATURE:
                return self._creature_actions()
            case Phase.COUNTER:
                return self._counter_actions()
            case Phase.PLACE_EXPLORERS:
                tiles = self.placement_tiles(player)
                placements: list[Action] = []
                for e in self.unplaced(player):
                    placements += map(PLACE_EXPLORER[e].__getitem__, tiles)
                return placements
            case Phase.PLACE_BOATS:
                return [PLACE_BOAT[cell] for cell in self.boat_spaces()]
            case Phase.DOLPHIN:
                return self._dolphin_actions(player)
            case Phase.WINDS:
                return self._winds_actions(player)
            case Phase.JUMP:
                return self._jump_actions()
            case Phase.BOAT_TILE:
                return [BOARD[e] for e in self.swimmers_at(self.pending_step(BoatTileBoarding).cell)]
        raise AssertionError(f"no player decision in phase {self.phase.value}")

    # ------------------------------------------------------------------ checking

    def _check(self, action: Action) -> None:
        self.verify_ranges(action)
        self.verify_decision(action)

    def verify_ranges(self, action: Action) -> None:
        """A numbered field (a cell, an explorer, a tile effect, a creature, a player) that names
        nothing in this game, as in an action built directly."""
        for name, count in numbered_field_ranges(self.n_explorers, self.players).get(type(action), ()):
            value = getattr(action, name)
            if not 0 <= value < count:
                raise IllegalAction(
                    "{action}: {field} {value} is out of range; it takes 0 to {last}",
                    domain="survive",
                    action=type(action).__name__,
                    field=name,
                    value=number_text(value),
                    last=count - 1,
                )

    def verify_decision(self, action: Action) -> None:
        """Why ``action`` is not allowed now (an error to raise), or ``None`` if it is."""
        phase = self.phase
        player = self.current
        if phase in CHANCE_PHASES:
            self.verify_chance(action)
            return
        if phase == Phase.COUNTER:
            self.verify_counter_answer(action)
            return
        if phase == Phase.PLACE_EXPLORERS and not isinstance(action, (PlaceExplorer, PlaceBoat)):
            raise IllegalAction(
                "it is setup now (place explorers); '{action}' is not a setup step",
                domain="survive",
                action=str(action),
            )
        if phase == Phase.PLACE_BOATS and not isinstance(action, (PlaceExplorer, PlaceBoat)):
            raise IllegalAction(
                "it is setup now (place boats); '{action}' is not a setup step", domain="survive", action=str(action)
            )
        match action:
            case PlaceExplorer(explorer, cell):
                self.verify_placement(player, explorer, cell)
                return
            case PlaceBoat(cell):
                self.verify_boat_placement(cell)
                return
            case PlayTile(effect):
                self.verify_tile_play(player, effect)
                return
            case EndMoves():
                if phase == Phase.MOVE:
                    return
                raise IllegalAction("there is no movement step to end now", domain="survive")
            case Stop():
                self.verify_stop()
                return
            case Decline():
                raise IllegalAction("nobody is asked for a counter tile now", domain="survive")
            case RemoveTile(cell):
                self.verify_removal(cell)
                return
            case MoveExplorer(explorer, cell):
                self.verify_explorer_move(player, explorer, cell)
                return
            case BoardBoat(explorer):
                self.verify_boarding(player, explorer)
                return
            case Escape(explorer):
                self.verify_escape(player, explorer)
                return
            case SailBoat(source, target):
                self.verify_sail(player, source, target)
                return
            case MoveCreature(creature, source, target):
                self.verify_creature_move(creature, source, target)
                return
        raise IllegalAction("'{action}' is not an action of survive", domain="survive", action=str(action))

    def verify_chance(self, action: Action) -> None:
        match self.phase, action:
            case Phase.TILES, LayTiles(layout):
                self.verify_layout(layout)
                return
            case Phase.TILES, _:
                raise IllegalAction("the tiles are to be laid out now", domain="survive")
            case Phase.VALUES, AssignValues(values):
                self.verify_values(values)
                return
            case Phase.VALUES, _:
                raise IllegalAction("the explorer values are to be dealt now", domain="survive")
            case Phase.FIRST_PLAYER, ChooseFirst(player):
                first = self.options.get("first_player")
                if first is not None and player != first:
                    raise IllegalAction(
                        "the option first_player fixes who plays first: p{player}", domain="survive", player=first
                    )
                return
            case Phase.FIRST_PLAYER, _:
                raise IllegalAction("the first player is to be chosen now", domain="survive")
            case Phase.ROLL, RollDie():
                return
        raise IllegalAction("the creature die is to be rolled now", domain="survive")

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action) -> list[Event]:
        # The commonest first: a class pattern is one isinstance test after another.
        match action:
            case MoveExplorer(explorer, cell):
                events = self._on_move(action, explorer, cell)
            case SailBoat(source, target):
                events = self._on_sail(action, source, target)
            case MoveCreature(creature, source, target):
                events = self._on_creature_move(creature, source, target)
            case PlaceExplorer(explorer, cell):
                events = self._on_place(explorer, cell)
            case EndMoves():
                events = self._on_end_moves()
            case RemoveTile(cell):
                events = self._remove_tile(cell)
            case RollDie(creature):
                events = self._on_roll(creature)
            case Stop():
                events = self._on_stop()
            case PlaceBoat(cell):
                events = self._on_place_boat(cell)
            case BoardBoat(explorer):
                events = self._on_board(action, explorer)
            case Escape(explorer):
                events = self._on_escape(action, explorer)
            case PlayTile(effect):
                events = self._on_counter() if self.phase == Phase.COUNTER else self._play_held(effect)
            case Decline():
                events = self._on_decline()
            case ChooseFirst(player):
                events = self._on_first(player)
            case AssignValues(values):
                events = self._on_values(values)
            case LayTiles(layout):
                events = self._on_tiles(layout)
            case _:
                raise AssertionError(f"{action!r} is not a survive action")
        if self.phase not in SETUP_PHASES and self.phase != Phase.OVER and not self.any_in_play():
            events.extend(self._end("no explorers"))
        return events


__all__ = [
    "LOST",
    "ON_BOAT",
    "ON_LAND",
    "RESCUED",
    "STATUS_NAMES",
    "SWIMMING",
    "UNPLACED",
    "Phase",
    "SurviveState",
]
