"""Sampling what a player cannot know: the others' explorer values, the face-down tiles and the
others' held tiles, consistent with everything he saw (rules/survive.en.md "Who may know what"): what
:meth:`State.determinize` asks of the game."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from asobiba.core.shuffle import shuffle
from asobiba.games.survive.board import LAND_SPACES
from asobiba.games.survive.data import (
    EFFECT_KIND,
    EFFECTS,
    IMMEDIATE,
    N_TILE_CODES,
    TERRAIN_CODES,
    TILES,
    colour_explorers,
    terrain_codes,
    terrain_of,
    tile_code,
)
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.rules.pieces import RESCUED

if TYPE_CHECKING:
    from asobiba.games.survive.state import SurviveState

#: How many choices the search for the played tiles' terrains may try before giving up.
_SEARCH_BUDGET: Final = 2000
#: The codes of the tiles one keeps (held or counter tiles).
HOLDABLE: Final = tuple(
    tile_code(t, effect) for t in range(3) for effect in range(len(EFFECTS)) if EFFECT_KIND[effect] != IMMEDIATE
)
#: The holdable codes of each terrain, in the order of :data:`HOLDABLE`.
HOLDABLE_BY_TERRAIN: Final = tuple(tuple(code for code in HOLDABLE if terrain_of(code) == t) for t in range(3))
#: How many tiles of each code the table holds (tile code -> count).
TABLE_POOL: Final = tuple(TILES.count(code) for code in range(N_TILE_CODES))
#: The codes of each terrain that the table holds, in code order.
TABLE_CODES_BY_TERRAIN: Final = tuple(tuple(code for code in terrain_codes(t) if TABLE_POOL[code]) for t in range(3))


def resample_hidden(state: SurviveState, player: int, rng: random.Random) -> None:
    # Other colours' values (once dealt, or fixed by the secret option): every value of theirs
    # is unknown, except, at the end, the rescued ones (shown to all). The multiset per colour
    # is fixed; only who holds which is sampled.
    """A sample of what ``player`` cannot know: the other colours' values, the face-down tiles, the others' kept tiles
    ("Who may know what")."""
    if state.values_fixed or state.phase not in (Phase.TILES, Phase.VALUES):
        over = state.phase == Phase.OVER
        ex_value = state.ex_value
        for colour in range(state.n_colours):
            if state.owner[colour] == player:
                continue
            explorers = colour_explorers(colour)
            if over:
                unknown = [e for e in explorers if state.ex_status[e] != RESCUED]
                values = sorted([ex_value[e] for e in unknown])
                shuffle(rng, values)
                for e, value in zip(unknown, values, strict=True):
                    ex_value[e] = value
            else:
                values = sorted(ex_value[explorers.start : explorers.stop])
                shuffle(rng, values)
                ex_value[explorers.start : explorers.stop] = values
    if state.phase == Phase.TILES:
        return
    if not resample_tiles_from_logs(state, player, rng):
        resample_tiles_in_place(state, player, rng)


def resample_tiles_from_logs(state: SurviveState, player: int, rng: random.Random) -> bool:
    """Resample the face-down board tiles and the others' taken tiles from what ``player``
    knows: the table minus the tiles he saw (the immediate tiles shown to all, his own), the
    board's terrains, and per other player the terrains he took (all held or counter tiles)
    and the effects he played. False (changing nothing) when the logs do not account for the
    position (a scripted position): then :func:`resample_tiles_in_place` is used."""
    pool = list(TABLE_POOL)  # tile code -> how many are unknown to ``player``
    # Per other player, per terrain, the log indexes of the tiles he took (the terrain is public).
    taken: dict[int, list[list[int]]] = {p: [[], [], []] for p in range(state.players) if p != player}
    for index, (_, code, remover, public) in enumerate(state.removed_log):
        if code >= 0 and (public or remover == player):
            pool[code] -= 1
        elif remover == player:
            return False  # his own tile, forgotten: nothing to reckon from
        else:
            taken[remover][code // TERRAIN_CODES if code >= 0 else -1 - code].append(index)
    played: dict[int, list[int]] = {p: [] for p in taken}
    for p, effect in state.played_log:
        if p != player:
            played[p].append(effect)
    terrains_taken: dict[int, list[int]] = {}
    for p, by_terrain in taken.items():
        counts = terrains_taken[p] = [len(by_terrain[0]), len(by_terrain[1]), len(by_terrain[2])]
        if counts[0] + counts[1] + counts[2] - len(played[p]) != len(state.held[p]):
            return False
    board: list[list[int]] = [[], [], []]
    tile_at = state.tile_at
    for cell in LAND_SPACES:
        code = tile_at[cell]
        if code >= 0:
            board[code // TERRAIN_CODES].append(cell)
    if min(pool) < 0:
        return False
    for t in range(3):
        unknown = sum(pool[t * TERRAIN_CODES : (t + 1) * TERRAIN_CODES])
        for counts in terrains_taken.values():
            unknown -= counts[t]
        if unknown != len(board[t]):
            return False
    assignment = _assign_taken(pool, terrains_taken, {p: sorted(effects) for p, effects in played.items()}, rng)
    if assignment is None:
        return False
    removed_log = state.removed_log
    for p, (played_codes, held_codes) in assignment.items():
        state.held[p] = held_codes
        # The log says which terrain each taken tile had; which tile of that terrain is sampled.
        sampled: list[list[int]] = [[], [], []]
        for code in played_codes + held_codes:
            sampled[code // TERRAIN_CODES].append(code)
        for t in range(3):
            codes = sampled[t]
            codes.sort()
            shuffle(rng, codes)
            for index, code in zip(taken[p][t], codes, strict=True):
                cell, _, remover, _ = removed_log[index]
                removed_log[index] = (cell, code, remover, False)
    deal_board(state, pool, board, rng)
    return True


def resample_tiles_in_place(state: SurviveState, player: int, rng: random.Random) -> None:
    """For a position the logs do not account for: the unknown tiles are the face-down board
    tiles and the others' held tiles; each held tile stays of its terrain and of a holdable kind."""
    pool = [0] * N_TILE_CODES
    board: list[list[int]] = [[], [], []]
    for cell in LAND_SPACES:
        code = state.tile_at[cell]
        if code >= 0:
            pool[code] += 1
            board[terrain_of(code)].append(cell)
    terrains_taken: dict[int, list[int]] = {}
    for p in range(state.players):
        if p != player:
            terrains_taken[p] = [0, 0, 0]
            for code in state.held[p]:
                pool[code] += 1
                terrains_taken[p][terrain_of(code)] += 1
    assignment = _assign_taken(pool, terrains_taken, {p: [] for p in terrains_taken}, rng)
    assert assignment is not None, "the true position is a solution"
    for p, (_, held_codes) in assignment.items():
        state.held[p] = held_codes
    deal_board(state, pool, board, rng)
    # What the others took is unknown to ``player``: forget it in the public log too.
    state.removed_log = [
        entry
        if entry[3] or entry[2] == player or entry[1] < 0
        else (entry[0], -1 - terrain_of(entry[1]), entry[2], False)
        for entry in state.removed_log
    ]


def logged_terrain(state: SurviveState, index: int) -> int:
    """The terrain of the tile removed at ``removed_log[index]`` (public even when its back is not)."""
    code = state.removed_log[index][1]
    return terrain_of(code) if code >= 0 else -1 - code


def deal_board(state: SurviveState, pool: list[int], board: list[list[int]], rng: random.Random) -> None:
    """Lay what is left of ``pool`` face down on the board's cells, terrain by terrain."""
    tile_at = state.tile_at
    for t in range(3):
        codes = _tiles_in(pool, TABLE_CODES_BY_TERRAIN[t])
        shuffle(rng, codes)
        for cell, code in zip(board[t], codes, strict=True):
            tile_at[cell] = code


def _tiles_in(pool: list[int], codes: tuple[int, ...]) -> list[int]:
    """The tiles of ``pool`` (tile code -> count) among ``codes``, each code as many times as it is
    counted, in the order of ``codes``."""
    tiles: list[int] = []
    for code in codes:
        count = pool[code]
        if count > 0:
            tiles += [code] * count
    return tiles


def _assign_taken(
    pool: list[int],
    terrains_taken: dict[int, list[int]],
    played: dict[int, list[int]],
    rng: random.Random,
) -> dict[int, tuple[list[int], list[int]]] | None:
    """Sample, from ``pool`` (tile code -> count, reduced in place), the tiles each player took:
    ``terrains_taken[p][t]`` tiles of terrain ``t``, all held or counter tiles, among which the
    effects ``played[p]`` (already played: each of a terrain that has it). Returns per player the
    played and the held codes (sorted), or ``None`` if no assignment fits (or none is found within
    :data:`_SEARCH_BUDGET`). The terrains of the played tiles are searched (backtracking, the most
    constrained first); the other held tiles are then drawn terrain by terrain."""
    players = sorted(terrains_taken)
    left = {p: terrains_taken[p][:] for p in players}
    # A played tile takes one tile of its terrain both from the pool and from the taker's
    # terrains: whether the held ones can be drawn does not depend on the terrains chosen.
    for t in range(3):
        wanted = 0
        for p in players:
            wanted += left[p][t]
        for code in HOLDABLE_BY_TERRAIN[t]:
            wanted -= pool[code]
        if wanted > 0:
            return None
    for p in players:
        for effect in played[p]:
            if EFFECT_KIND[effect] == IMMEDIATE:
                return None
    tasks = [(p, effect) for p in players for effect in played[p]]
    chosen = [-1] * len(tasks)
    budget = [_SEARCH_BUDGET]

    def options(i: int) -> list[int]:
        p, effect = tasks[i]
        return [t for t in range(3) if left[p][t] and pool[tile_code(t, effect)]]

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
        shuffle(rng, terrains)
        for t in terrains:
            code = tile_code(t, tasks[i][1])
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
    for t in range(3):
        codes = _tiles_in(pool, HOLDABLE_BY_TERRAIN[t])
        shuffle(rng, codes)
        for p in players:
            count = left[p][t]
            if count:  # the last ``count`` codes, as many pops would take them (the held are sorted below)
                drawn = codes[-count:]
                del codes[-count:]
                for code in drawn:
                    pool[code] -= 1
                result[p][1].extend(drawn)
    for p in players:
        result[p][1].sort()
    return result
