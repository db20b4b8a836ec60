"""Determinization draws only positions the player could be in (rules/survive.en.md "Tile backs": the
held and counter tiles are kept, the immediate ones act at once; the volcano ends the game): the
others' taken tiles are held or counter tiles of the terrain they took, the face-down tiles keep
their terrain, the volcano stays on the board until it is turned over, and the explorer values of
each colour stay its set of values."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba.games.survive import GAME
from asobiba.games.survive.board import LAND_SPACES
from asobiba.games.survive.data import (
    EFFECT_KIND,
    EXPLORER_VALUES,
    IMMEDIATE,
    TILES,
    VOLCANO,
    effect_of,
    terrain_of,
)
from asobiba.games.survive.positions import position
from asobiba.games.survive.rules.pieces import RESCUED
from asobiba.games.survive.state import SurviveState

games = st.tuples(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([(2, False), (3, False), (4, False), (2, True)]),
    st.booleans(),
)


def board_view(state, viewer):
    """A view without the options: a sample forgets the secret ones (a fixed layout, fixed values)."""
    return {key: value for key, value in state.view(viewer).items() if key != "options"}


def play_randomly(state, rng, limit=3000):
    moves = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
        assert moves < limit, "a game must end"
    return moves


def taken_by(state, player):
    """The codes of the tiles ``player`` took (held or counter tiles), as the state's log says."""
    return [code for _, code, remover, public in state.removed_log if remover == player and not public]


def assert_consistent(state, sample, viewer):
    """``sample`` is a full position ``viewer`` could be in, given ``state``."""
    assert sample.view(viewer) == state.view(viewer)
    # Face-down tiles keep their terrain; the tiles on the board and in the log make up the box.
    for cell in LAND_SPACES:
        assert (sample.tile_at[cell] >= 0) == (state.tile_at[cell] >= 0)
        if state.tile_at[cell] >= 0:
            assert terrain_of(sample.tile_at[cell]) == terrain_of(state.tile_at[cell])
    on_board = [sample.tile_at[cell] for cell in LAND_SPACES if sample.tile_at[cell] >= 0]
    logged = [code for _, code, _, _ in sample.removed_log]
    assert Counter(on_board) + Counter(logged) == Counter(TILES)
    # The volcano is on the board as long as nobody has turned it over.
    volcano = next(code for code in TILES if effect_of(code) == VOLCANO)
    if volcano not in [code for _, code, _, public in state.removed_log if public]:
        assert volcano in on_board
    assert [entry[2:] for entry in sample.removed_log] == [entry[2:] for entry in state.removed_log]
    for p in range(state.players):
        if p == viewer:
            assert sample.held[p] == state.held[p]
            continue
        taken = taken_by(sample, p)
        # Taken tiles: held or counter tiles of the terrains everybody saw taken.
        assert all(EFFECT_KIND[effect_of(code)] != IMMEDIATE for code in taken)
        assert sorted(terrain_of(code) for code in taken) == sorted(terrain_of(code) for code in taken_by(state, p))
        # Those held now, plus those played (by effect), are the ones taken.
        assert len(sample.held[p]) == len(state.held[p])
        assert not Counter(sample.held[p]) - Counter(taken)
        played = Counter(effect for q, effect in state.played_log if q == p)
        assert (
            Counter(effect_of(code) for code in taken) - Counter(effect_of(code) for code in sample.held[p]) == played
        )
        if not played:
            assert sorted(map(terrain_of, sample.held[p])) == sorted(map(terrain_of, state.held[p]))
    # Who is asked for a counter tile is public: the same question in every sample.
    assert sample.step == state.step
    # Explorers: the same places; each colour keeps its set of values; the viewer's are untouched.
    assert sample.ex_status == state.ex_status and sample.ex_cell == state.ex_cell
    for colour in range(state.n_colours):
        values = sample.ex_value[colour * 10 : colour * 10 + 10]
        assert sorted(values) == sorted(state.ex_value[colour * 10 : colour * 10 + 10])
        if state.owner[colour] == viewer:
            assert values == state.ex_value[colour * 10 : colour * 10 + 10]


def assert_conserved(state):
    on_board = [state.tile_at[cell] for cell in LAND_SPACES if state.tile_at[cell] >= 0]
    logged = [code for _, code, _, _ in state.removed_log]
    assert Counter(on_board) + Counter(logged) == Counter(TILES)
    assert sum(state.terrain_left) == len(on_board)
    for p in range(state.players):
        assert not Counter(state.held[p]) - Counter(taken_by(state, p))
    for colour in range(state.n_colours):
        assert sorted(state.ex_value[colour * 10 : colour * 10 + 10]) == sorted(EXPLORER_VALUES)


def test_a_determinized_game_never_runs_out_of_tiles_before_the_volcano():
    # The reported case: the others' held tiles were shuffled with the face-down tiles of their
    # terrain, so the volcano went into a hand, was never turned over, and the board ran out.
    state = asobiba.new_game("survive", 4, seed=3)
    rng = random.Random(3)
    for _ in range(225):
        state.apply(rng.choice(state.legal_actions()))
    sample = state.determinize(state.to_move, 0)
    play_randomly(sample, rng)  # raised StopIteration in removable_tiles ~40 moves on
    assert_conserved(sample)
    assert sample.end_reason == "volcano" or not any(sample.terrain_left)


def test_the_others_held_tiles_in_a_sample_are_held_or_counter_tiles_of_their_terrain():
    state = asobiba.new_game("survive", 4, seed=3)
    rng = random.Random(3)
    for _ in range(225):
        state.apply(rng.choice(state.legal_actions()))
    for viewer in range(state.players):
        for seed in range(30):
            sample = state.determinize(viewer, seed)
            assert_consistent(state, sample, viewer)


def test_a_scripted_position_keeps_the_others_held_tiles_holdable_and_of_their_terrain():
    # A scripted position has no log of who took what: the held tiles are resampled in place.
    state = position(
        3,
        explorers={"red#1": "r4c6", "blue#1": "r5c6"},
        held={0: ["b:dolphin"], 1: ["m:kill-shark", "f:dolphin"], 2: ["b:winds"]},
    )
    for seed in range(40):
        sample = state.determinize(0, seed)
        assert board_view(sample, 0) == board_view(state, 0)
        assert sample.held[0] == state.held[0]
        for p in (1, 2):
            assert all(EFFECT_KIND[effect_of(code)] != IMMEDIATE for code in sample.held[p])
            assert sorted(map(terrain_of, sample.held[p])) == sorted(map(terrain_of, state.held[p]))
        volcano = next(code for code in TILES if effect_of(code) == VOLCANO)
        assert volcano in sample.tile_at


def test_at_the_end_the_rescued_values_are_kept_in_a_sample():
    state = GAME.new_game(3, seed=8)
    play_randomly(state, random.Random(8))
    sample = state.determinize(0, 1)
    assert sample.view(0) == state.view(0)
    for e in range(state.n_explorers):
        if state.ex_status[e] == RESCUED:
            assert sample.ex_value[e] == state.ex_value[e]


@settings(max_examples=12)
@given(games, st.integers(min_value=0, max_value=2**16))
def test_a_determinized_state_plays_on_to_the_end_and_conserves_tiles_and_explorers(game, sample_seed):
    seed, (players, two_colours), one_per_tile = game
    state = GAME.new_game(players, seed=seed, two_colours=two_colours, one_per_tile=one_per_tile)
    assert isinstance(state, SurviveState)
    rng = random.Random(seed)
    samples = 0
    while not state.is_over:
        if rng.random() < 0.05:
            viewer = rng.randrange(players)
            sample = state.determinize(viewer, sample_seed + samples)
            assert isinstance(sample, SurviveState)
            assert_consistent(state, sample, viewer)
            again = sample.determinize(viewer, sample_seed)
            assert_consistent(state, again, viewer)
            play_randomly(sample, random.Random(sample_seed + samples))
            assert_conserved(sample)
            samples += 1
        state.apply(rng.choice(state.legal_actions()))
    assert_conserved(state)


def test_the_played_tiles_terrains_are_chosen_so_that_every_taker_fits():
    # p1 took a beach and a mountain tile and played a kill-shark; p2 took a beach tile and played a
    # kill-shark. Only one beach kill-shark is unknown, so p2's was it and p1's was the mountain one.
    from asobiba.games.survive.data import BEACH, KILL_SHARK, MOUNTAIN, tile_code
    from asobiba.games.survive.rules.determinize import _assign_taken

    for seed in range(20):
        pool = [0] * 64
        pool[tile_code(BEACH, KILL_SHARK)] = pool[tile_code(MOUNTAIN, KILL_SHARK)] = 1
        pool[tile_code(BEACH, 5)] = 2  # two beach dolphins
        taken = {1: [1, 0, 1], 2: [1, 0, 0]}
        result = _assign_taken(pool, taken, {1: [KILL_SHARK], 2: [KILL_SHARK]}, random.Random(seed))
        assert result == {
            1: ([tile_code(MOUNTAIN, KILL_SHARK)], [tile_code(BEACH, 5)]),
            2: ([tile_code(BEACH, KILL_SHARK)], []),
        }
        assert pool[tile_code(BEACH, 5)] == 1


def test_samples_at_a_counter_question_are_positions_the_player_could_be_in():
    asked = 0
    for seed in range(40):
        state = GAME.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.view(0)["phase"] == "counter":
                for viewer in range(state.players):
                    sample = state.determinize(viewer, seed)
                    assert_consistent(state, sample, viewer)
                    play_randomly(sample, random.Random(seed))
                asked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert asked


def fixed_setup(phase_after):
    """A scripted game with a fixed layout and fixed values, stopped at ``phase_after``."""
    from asobiba.games.survive.phase import Phase
    from asobiba.games.survive.positions import layout_with

    layout = layout_with({"r5c4": "m:volcano", "r3c4": "b:dolphin"})
    values = ["6543322111", "1112233456", "3322111456"]
    state = GAME.new_game(3, seed=4, chance="scripted", tile_layout=layout, explorer_values=values)
    assert state.phase == Phase.FIRST_PLAYER
    if phase_after is not Phase.FIRST_PLAYER:
        state.apply(state.parse_action("first p0"))
    return state, tuple(layout), tuple(values)


def test_views_show_the_fixed_layout_and_values_only_as_fixed():
    from asobiba.games.survive.phase import Phase

    state, _, _ = fixed_setup(Phase.FIRST_PLAYER)
    for viewer in (0, 1, None):
        options = state.view(viewer)["options"]
        assert options["tile_layout"] == "fixed" and options["explorer_values"] == "fixed"
        assert "m:volcano" not in str(state.view(viewer))


def test_a_sample_carries_neither_the_fixed_layout_nor_the_others_fixed_values():
    from asobiba.games.survive.phase import Phase

    for phase in (Phase.FIRST_PLAYER, Phase.PLACE_EXPLORERS):
        state, layout, values = fixed_setup(phase)
        true_values = state.ex_value[:]
        layouts, others = set(), set()
        for seed in range(20):
            sample = state.determinize(0, seed)
            assert sample.options["tile_layout"] is None and sample.options["explorer_values"] is None
            assert sample.record()["options"]["tile_layout"] is None
            for name, value in vars(sample).items():
                assert value not in (layout, list(layout), values, list(values)), name
            assert sample.ex_value[:10] == true_values[:10]  # p0's own values
            others.add(tuple(sample.ex_value[10:]))
            layouts.add(tuple(sample.tile_at))
            assert board_view(sample, 0) == board_view(state, 0)
            play_randomly(sample, random.Random(seed))
        assert len(others) > 1 and len(layouts) > 1


def test_fixed_values_are_resampled_even_before_the_tiles_are_laid():
    # Fixed values are dealt at once, while the tile shuffle is still to come.
    state = GAME.new_game(2, seed=4, chance="scripted", explorer_values=["6543322111", "6543322111"])
    assert state.view(0)["tiles"] == {}
    others = {tuple(state.determinize(0, seed).ex_value[10:]) for seed in range(10)}
    assert len(others) > 1 and all(sorted(values) == sorted(EXPLORER_VALUES) for values in others)


@settings(max_examples=3, deadline=None)
@given(games)
def test_every_player_can_determinize_every_position(game):
    seed, (players, two_colours), one_per_tile = game
    state = GAME.new_game(players, seed=seed, two_colours=two_colours, one_per_tile=one_per_tile)
    rng = random.Random(seed)
    while True:
        for viewer in range(players):
            sample = state.determinize(viewer, len(state.history))
            assert board_view(sample, viewer) == board_view(state, viewer)
            if state.to_move == viewer:
                assert sample.legal_actions() == state.legal_actions()
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
