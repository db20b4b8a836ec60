"""Properties over many random games: conservation, the end, records, notation, hidden information,
determinization, the bot's dependence on its view only, and check agreeing with legal_actions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.errors import IllegalAction
from asobiba.core.record import replay_steps
from asobiba.games.survive import GAME
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
    SAIL,
    STOP,
    creature_move,
)
from asobiba.games.survive.board import LAND_SPACES, N_CELLS, NEIGHBOURS
from asobiba.games.survive.rules.pieces import LOST, ON_BOAT, ON_LAND, RESCUED, SWIMMING, UNPLACED
from asobiba.games.survive.state import SurviveState

games = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([(2, False), (3, False), (4, False), (2, True)]),
    st.booleans(),
)


def new(seed, players_colours, one_per_tile):
    players, two_colours = players_colours
    state = GAME.new_game(players, seed=seed, two_colours=two_colours, one_per_tile=one_per_tile)
    assert isinstance(state, SurviveState)
    return state


def random_game(seed, players_colours, one_per_tile, step=None):
    """Play a random game, calling ``step(state)`` before every decision; return the final state."""
    state = new(seed, players_colours, one_per_tile)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        if step is not None:
            step(state)
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
        assert moves < 3000, "a game must end"
    return state


@settings(max_examples=15)
@given(games)
def test_explorers_and_tiles_are_conserved_and_every_game_ends(game):
    def check(state):
        statuses = state.ex_status
        assert len(statuses) == 10 * state.n_colours
        assert sum(s in (UNPLACED, ON_LAND, ON_BOAT, SWIMMING, RESCUED, LOST) for s in statuses) == len(statuses)
        if UNPLACED not in statuses:
            view = state.view(None)
            on_board = sum(1 for e in view["explorers"] if e["status"] in ("land", "boat", "swimming"))
            assert on_board + sum(view["rescued"]) + sum(s == LOST for s in statuses) == len(statuses)
        tiles_on_board = sum(1 for c in LAND_SPACES if state.tile_at[c] >= 0)
        held = sum(len(h) for h in state.held)
        immediate = sum(1 for entry in state.removed_log if entry[3])
        assert tiles_on_board + len(state.removed_log) == 40
        assert held + len(state.played_log) + immediate == len(state.removed_log)
        for boat, cell in enumerate(state.boat_cell):
            passengers = state.boat_passengers[boat]
            assert len(passengers) <= 3
            assert all(state.ex_cell[e] == cell and state.ex_status[e] == ON_BOAT for e in passengers)

    final = random_game(*game, step=check)
    check(final)
    assert final.result()["reason"] in ("volcano", "no explorers")


@settings(max_examples=5)
@given(games)
def test_replaying_the_record_reproduces_every_view(game):
    views = {}

    def remember(state):
        views[len(state.history)] = [state.view(p) for p in (*range(state.players), None)]

    final = random_game(*game, step=remember)
    views[len(final.history)] = [final.view(p) for p in (*range(final.players), None)]
    compared = 0
    for state, _, _ in replay_steps(final.record()):
        if len(state.history) in views and not state.is_chance_node:
            assert [state.view(p) for p in (*range(state.players), None)] == views[len(state.history)]
            compared += 1
    assert compared == len(views)


@settings(max_examples=10)
@given(games)
def test_every_legal_action_round_trips_through_its_notation(game):
    def check(state):
        for action in state.legal_actions():
            assert GAME.parse_action(str(action), state) == action

    random_game(*game, step=check)


def universe(state):
    """Actions around the current position, legal or not."""
    actions = [END_MOVES, STOP, DECLINE, *PLAY_TILE]
    for e in range(state.n_explorers):
        cell = state.ex_cell[e]
        actions += [BOARD[e], ESCAPE[e]]
        if cell >= 0:
            actions += [MOVE_EXPLORER[e][n] for n in (cell, *NEIGHBOURS[cell])]
        actions += [PLACE_EXPLORER[e][c] for c in LAND_SPACES[::7]]
    for cell in state.boat_cell:
        if cell >= 0:
            actions += [SAIL[cell, n] for n in NEIGHBOURS[cell]]
    for kind in range(3):
        for cell in range(N_CELLS):
            if state.creature_at[kind][cell]:
                actions += [creature_move(k, cell, n) for k in range(3) for n in NEIGHBOURS[cell]]
                actions.append(creature_move(kind, cell, 0))
    actions += [REMOVE_TILE[c] for c in LAND_SPACES]
    actions += [PLACE_BOAT[c] for c in range(0, N_CELLS, 5)]
    return actions


@settings(max_examples=4)
@given(games)
def test_check_agrees_with_legal_actions_and_illegal_actions_change_nothing(game):
    def check(state):
        if state.is_chance_node:
            return
        legal = set(state.legal_actions())
        before = state.view(None)
        for action in universe(state):
            if action in legal:
                state.check(action)
            else:
                try:
                    state.apply(action)
                except IllegalAction as error:
                    assert str(error)
                else:
                    raise AssertionError(f"{action} was applied though not legal in {state.view(None)['phase']}")
        assert state.view(None) == before

    random_game(*game, step=check)


@settings(max_examples=8)
@given(games)
def test_determinize_keeps_the_view_and_resamples_what_is_hidden(game):
    resampled = {"values": False, "tiles": False}

    def check(state):
        player = state.to_move if state.to_move is not None and state.to_move >= 0 else 0
        if random.Random(len(state.history)).random() > 0.2:
            return
        sample = state.determinize(player, len(state.history))
        assert sample.view(player) == state.view(player)
        assert sample.legal_actions() == state.legal_actions()
        assert sample.history == []
        assert state.determinize(player, len(state.history)).__dict__.keys() == sample.__dict__.keys()
        others = [e for e in range(state.n_explorers) if state.explorer_owner[e] != player]
        if [sample.ex_value[e] for e in others] != [state.ex_value[e] for e in others]:
            resampled["values"] = True
        if sample.tile_at != state.tile_at:
            resampled["tiles"] = True
        # Own values and own held tiles are never resampled.
        own = [e for e in range(state.n_explorers) if state.explorer_owner[e] == player]
        assert [sample.ex_value[e] for e in own] == [state.ex_value[e] for e in own]
        assert sample.held[player] == state.held[player]

    random_game(*game, step=check)
    assert resampled == {"values": True, "tiles": True}


def test_determinize_depends_only_on_the_view_and_the_seed():
    state = GAME.new_game(3, seed=11)
    rng = random.Random(1)
    for _ in range(150):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.determinize(0, 99)  # another full state with the same view for p0
    a, b = state.determinize(0, 5), twin.determinize(0, 5)
    assert a.ex_value == b.ex_value and a.tile_at == b.tile_at and a.held == b.held


@settings(max_examples=10)
@given(games)
def test_views_and_events_never_show_what_a_player_may_not_know(game):
    seed, players_colours, one_per_tile = game
    state = new(seed, players_colours, one_per_tile)
    rng = random.Random(seed)
    events = []
    while not state.is_over:
        events += state.apply(rng.choice(state.legal_actions()))
        for viewer in (*range(state.players), None):
            view = state.view(viewer)
            for entry in view["explorers"]:
                if entry["player"] != viewer:
                    # At the end every rescued value is shown; nothing else ever is.
                    assert "value" not in entry or (state.is_over and entry["status"] == "rescued")
            if viewer is None:
                assert view["held"] == []
            for removed in view["removed"]:
                if removed["player"] != viewer and removed["effect"] is not None:
                    assert removed["effect"] in ("shark", "whale", "boat", "whirlpool", "volcano")
            assert "seed" not in view
            assert all(value in (None, "fixed", True, False) for value in view["options"].values())
    for viewer in (*range(state.players), None):
        for event in events:
            seen = event.seen_by(viewer)
            if isinstance(seen, ev.ValuesAssigned):
                assert (seen.values is not None) == (seen.player == viewer)
            if isinstance(seen, ev.TileRemoved) and seen.player != viewer:
                assert seen.tile_kind in (None, "immediate")


@settings(max_examples=5)
@given(games)
def test_the_bot_chooses_the_same_for_two_states_that_look_the_same_to_it(game):
    seed = game[0]

    def check(state):
        if state.is_chance_node or random.Random(len(state.history) + seed).random() > 0.15:
            return
        player = state.to_move
        twin = state.determinize(player, seed)
        assert twin.view(player) == state.view(player)
        first = GAME.heuristic_action(state.observe(player), random.Random(seed))
        second = GAME.heuristic_action(twin.observe(player), random.Random(seed))
        assert first == second

    random_game(*game, step=check)
