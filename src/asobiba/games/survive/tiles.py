"""The land tiles: which may be removed, what their backs do, and playing a held tile
(rules/survive.md "A turn" 1 and 3, "Tile backs"; the seed 4-③ and 6)."""

from __future__ import annotations

from typing import Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event
from asobiba.games.survive import events as ev
from asobiba.games.survive.board import CELL_NAMES, LAND_SPACES, SPACE_NEIGHBOURS, START_SEA
from asobiba.games.survive.data import (
    BOAT_CAPACITY,
    BOAT_TILE,
    COUNTER,
    CREATURES,
    DOLPHIN,
    EFFECT_KIND,
    EFFECTS,
    HELD,
    IMMEDIATE,
    MOVE_SERPENT,
    MOVE_SHARK,
    MOVE_WHALE,
    SERPENT,
    SHARK,
    SHARK_TILE,
    TERRAINS,
    VOLCANO,
    WHALE,
    WHALE_TILE,
    WHIRLPOOL,
    WINDS,
    effect_of,
    terrain_of,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.pieces import NOWHERE, ON_LAND, SWIMMING, SurviveBase
from asobiba.games.survive.steps import BoatTileBoarding, DolphinRide, Jump, WindsSail
from asobiba.games.survive.text import game_word

#: The creature a "move any …" tile jumps.
JUMP_CREATURE: Final = {MOVE_SERPENT: SERPENT, MOVE_SHARK: SHARK, MOVE_WHALE: WHALE}


class TileRules(SurviveBase):
    """Removing land tiles, their effects, and held tiles."""

    # ------------------------------------------------------------------ removing a tile

    def touches_sea(self, cell: int) -> bool:
        # A space next to it (the islands are none) with no tile: NOWHERE is the only value below 0.
        return NOWHERE in map(self.tile_at.__getitem__, SPACE_NEIGHBOURS[cell])

    def lowest_terrain(self) -> int:
        """The terrain whose tiles go next: all beaches, then all forests, then the mountains."""
        return next(t for t in range(3) if self.terrain_left[t])

    def removable_tiles(self) -> list[int]:
        """The tiles that may be removed now: of the lowest terrain left, those touching the sea;
        if none of that terrain touches the sea, any of that terrain (the seed)."""
        terrain = self.lowest_terrain()
        tiles = [cell for cell in LAND_SPACES if self.tile_at[cell] >= 0 and terrain_of(self.tile_at[cell]) == terrain]
        touching = [cell for cell in tiles if self.touches_sea(cell)]
        return touching or tiles

    def verify_removal(self, cell: int) -> None:
        if self.phase != Phase.REMOVE_TILE:
            raise IllegalAction("a tile is removed after the movement step", domain="survive")
        if cell not in self.removable_tiles():
            raise IllegalAction(
                "{cell} may not be removed now: a {terrain} tile touching the sea goes first",
                domain="survive",
                cell=CELL_NAMES[cell],
                terrain=game_word(TERRAINS[self.lowest_terrain()]),
            )

    def _remove_tile(self, cell: int) -> list[Event]:
        player = self.current
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
        self._set_phase(Phase.ROLL)
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
            events.extend(self._boat_tile(cell))
        elif effect == WHIRLPOOL:
            events.extend(self._whirlpool(cell))
        return events

    def _put_creature(self, kind: int, cell: int) -> list[Event]:
        if not self.creature_supply[kind]:
            return []
        self.creature_supply[kind] -= 1
        self.creature_at[kind][cell] += 1
        return [ev.CreatureAppeared(CREATURES[kind], CELL_NAMES[cell])]

    def _boat_tile(self, cell: int) -> list[Event]:
        """A boat there; up to 3 swimmers board it (the remover chooses if more are there)."""
        if not self.boat_supply:
            return []
        boat = self._new_boat(cell)
        events: list[Event] = [ev.BoatPlaced(None, CELL_NAMES[cell])]
        swimmers = self.swimmers_at(cell)
        if len(swimmers) <= BOAT_CAPACITY:
            for e in swimmers:
                events.extend(self._climb(e, boat))
        else:
            self._await(BoatTileBoarding(cell))
        return events

    def verify_boat_tile_boarding(self, e: int) -> None:
        cell = self.pending_step(BoatTileBoarding).cell
        if self.ex_status[e] != SWIMMING or self.ex_cell[e] != cell:
            raise IllegalAction(
                "only a swimmer on {cell} may board the new boat", domain="survive", cell=CELL_NAMES[cell]
            )

    def _board_boat_tile(self, e: int) -> list[Event]:
        step = self.pending_step(BoatTileBoarding)
        boat = self.boat_at[step.cell]
        events = self._climb(e, boat)
        if self.has_room(boat):
            self._await(BoatTileBoarding(step.cell, (*step.boarded, e)))
        else:
            self._set_phase(Phase.ROLL)
        return events

    def _whirlpool(self, cell: int) -> list[Event]:
        """Every swimmer, creature, boat and explorer on a boat in this and the adjacent sea spaces goes."""
        cells = [cell, *self.sea_steps(cell)]
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

    # ------------------------------------------------------------------ held tiles

    def holds(self, player: int, effect: int) -> bool:
        return any(effect_of(code) == effect for code in self.held[player])

    def playable_tiles(self, player: int) -> list[int]:
        """The held tiles ``player`` could play now (at the start of his turn)."""
        return [
            effect
            for effect in sorted(set(effect_of(code) for code in self.held[player]))
            if self._has_use(player, effect)
        ]

    def _has_use(self, player: int, effect: int) -> bool:
        """Whether a held tile would move anything now."""
        if effect == DOLPHIN:
            return bool(self.own_swimmers(player))
        if effect == WINDS:
            return any(
                cell >= 0 and player in self.controllers(b) and self.sail_targets(cell)
                for b, cell in enumerate(self.boat_cell)
            )
        if effect in JUMP_CREATURE:
            return any(self.creature_at[JUMP_CREATURE[effect]]) and any(
                self.empty_sea(cell) for cell in START_SEA + LAND_SPACES
            )
        return False

    def verify_tile_play(self, player: int, effect: int) -> None:
        if EFFECT_KIND[effect] == COUNTER:
            raise IllegalAction(
                "a {effect} tile is played only when a creature threatens your pieces on another turn",
                domain="survive",
                effect=game_word(EFFECTS[effect]),
            )
        if EFFECT_KIND[effect] != HELD:
            raise IllegalAction("{effect} is not a tile one holds", domain="survive", effect=game_word(EFFECTS[effect]))
        if self.phase != Phase.MOVE or not self.fresh:
            raise IllegalAction("a held tile is played only at the start of your turn, before moving", domain="survive")
        if not self.holds(player, effect):
            raise IllegalAction(
                "p{player} holds no {effect} tile", domain="survive", player=player, effect=game_word(EFFECTS[effect])
            )
        if not self._has_use(player, effect):
            raise IllegalAction(
                "{effect} cannot be used now: nothing it could move",
                domain="survive",
                effect=game_word(EFFECTS[effect]),
            )

    def _play_held(self, effect: int) -> list[Event]:
        player = self.current
        self._discard(player, effect)
        self.fresh = False
        if effect == DOLPHIN:
            self._await(DolphinRide())
        elif effect == WINDS:
            self._await(WindsSail())
        else:
            self._await(Jump(JUMP_CREATURE[effect]))
        return [ev.TilePlayed(player, EFFECTS[effect])]

    def _discard(self, player: int, effect: int) -> None:
        held = self.held[player]
        held.remove(next(code for code in held if effect_of(code) == effect))
        self.played_log.append((player, effect))
