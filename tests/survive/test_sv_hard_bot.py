"""The hard bot (``bots.choose_hard``, the heuristic with the ``HARD`` weights): it reads the view
only, plays legal actions in every phase, stacks its explorers near the escape spaces, and is what
``asobiba.bot("hard")`` plays in Survive!, while ``normal`` keeps its own weights."""

from __future__ import annotations

import random
from collections import Counter

import asobiba
from asobiba.core.registry import declaration
from asobiba.games.survive import GAME, bots
from asobiba.games.survive.board import CELL_BY_NAME
from asobiba.games.survive.bots import BOARD_TO_ESCAPE
from asobiba.games.survive.phase import Phase


def test_hard_plays_legal_actions_in_every_phase_of_whole_games():
    met = set()
    for players in (2, 3, 4):
        state = GAME.new_game(players, seed=40 + players)
        rng = random.Random(players)
        while not state.is_over:
            legal = state.legal_actions()
            met.add(state.phase)
            action = bots.choose_hard(state.view(state.to_move), legal, rng)
            assert action in legal
            state.apply(action)
    assert {Phase.PLACE_EXPLORERS, Phase.PLACE_BOATS, Phase.MOVE, Phase.REMOVE_TILE, Phase.CREATURE} <= met


def test_hard_chooses_from_what_its_seat_may_know_only():
    """A determinized sample (the others' values and the tile backs drawn anew) shows the player
    the same view, so hard makes the same choice there."""
    compared = 0
    for seed in range(3):
        state = GAME.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            player = state.to_move
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.2:
                sample = state.determinize(player, seed=compared)
                assert sample.view(player) == state.view(player)
                mine = bots.choose_hard(state.view(player), legal, random.Random(compared))
                theirs = bots.choose_hard(sample.view(player), sample.legal_actions(), random.Random(compared))
                assert mine == theirs
                compared += 1
            state.apply(GAME.heuristic_action(state.observe(player), rng))
    assert compared > 50


def placed(choose, seed):
    """Where each level's seat 0 placed its explorers in the setup of one game (the others normal)."""
    state = GAME.new_game(3, seed=seed)
    rng = random.Random(seed)
    while state.phase == Phase.PLACE_EXPLORERS:
        player = state.to_move
        legal = state.legal_actions()
        pick = choose if player == 0 else bots.choose
        state.apply(pick(state.view(player), legal, rng))
    return [CELL_BY_NAME[e["cell"]] for e in state.view(0)["explorers"] if e["player"] == 0]


def test_hard_stacks_its_explorers_nearer_the_escape_spaces_than_normal():
    hard_cells = [cell for seed in range(4) for cell in placed(bots.choose_hard, seed)]
    normal_cells = [cell for seed in range(4) for cell in placed(bots.choose, seed)]
    assert len(set(hard_cells)) < len(set(normal_cells))
    assert max(Counter(hard_cells).values()) > max(Counter(normal_cells).values())
    assert sum(BOARD_TO_ESCAPE[c] for c in hard_cells) < sum(BOARD_TO_ESCAPE[c] for c in normal_cells)


def test_hard_in_survive_searches_around_choose_hard_and_normal_keeps_its_weights():
    settings = declaration("survive").hard_settings()
    assert settings.search == "pimc"
    assert settings.base is bots.choose_hard
    assert bots.HARD != bots.NORMAL
    assert bots.Weights() == bots.NORMAL
    state = asobiba.new_game("survive", players=3, seed=5)
    hard, normal = asobiba.bot("hard", seed=1), asobiba.bot("normal", seed=1)
    differed = False
    while state.phase != Phase.MOVE:  # setting out, where hard plays choose_hard
        observation = state.observe(state.to_move)
        action = hard.choose(observation)
        assert action in state.legal_actions()
        if state.phase == Phase.PLACE_EXPLORERS:
            differed |= normal.choose(observation) != action
        state.apply(action)
    assert differed
