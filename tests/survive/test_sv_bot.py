"""The heuristic bot: it chooses from its observation only, and does what the issue asks of it."""

from __future__ import annotations

import random

from asobiba.bots import HeuristicBot, RandomBot
from asobiba.games.survive import GAME
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import position


def choice(state, seed=0):
    player = state.to_move
    return str(GAME.heuristic_action(state.observe(player), random.Random(seed)))


def test_the_bot_plays_whole_games_with_legal_actions_only():
    for players in (2, 4):
        state = GAME.new_game(players, seed=players)
        bots = [HeuristicBot(1)] + [RandomBot(p) for p in range(1, players)]
        while not state.is_over:
            player = state.to_move
            action = bots[player].choose(state.observe(player))
            assert action in state.legal_actions()
            state.apply(action)


def test_the_bot_sails_a_loaded_boat_to_an_escape_space_and_lands_its_explorers_in_the_turn():
    state = position(
        boats={"r3c1": ["red#1", "red#2"]},
        explorers={"red#3": "r5c4", "blue#1": "r7c7"},
        values=["6511122334", "1112233456"],
        creatures={"serpent": []},
    )
    played = []
    while state.to_move == 0 and state.phase == Phase.MOVE:
        played.append(choice(state))
        state.apply(state.parse_action(played[-1]))
    assert played[0].startswith("sail r3c1")
    assert played[1:] == ["escape red#1", "escape red#2"]


def test_the_bot_keeps_its_last_point_for_an_escape():
    state = position(
        boats={"r2c0": ["red#1"], "r4c2": []},
        explorers={"red#2": "r4c3", "blue#1": "r7c7"},
        values=["6511122334", "1112233456"],
        creatures={"serpent": []},
        points=1,
    )
    assert choice(state) == "escape red#1"


def test_the_bot_loads_a_boat_next_to_its_valuable_explorer():
    state = position(
        explorers={"red#1": "r4c3", "blue#1": "r7c7"}, boats={"r4c2": []}, values=["6511122334", "1112233456"]
    )
    assert choice(state) == "move red#1 r4c2"


def test_the_bot_aims_a_shark_at_the_others_swimmers_not_its_own():
    state = position(
        explorers={"red#1": "r3c1", "blue#1": "r3c3", "red#9": "r7c7"},
        creatures={"shark": ["r3c2"]},
        phase="creature",
        die="shark",
    )
    assert choice(state) == "shark r3c2 r3c3"


def test_the_bot_aims_a_whale_at_the_others_boat():
    state = position(
        boats={"r3c3": ["blue#1", "blue#2"], "r3c1": ["red#1"]},
        explorers={"red#9": "r7c7"},
        creatures={"whale": ["r3c2"], "shark": ["r2c3"]},
        phase="creature",
        die="whale",
    )
    assert choice(state) == "whale r3c2 r3c3"


def test_the_bot_plays_a_counter_tile_to_save_its_swimmer():
    state = position(
        explorers={"blue#1": "r3c3", "red#1": "r7c7"},
        creatures={"shark": ["r3c2"]},
        held={1: ["b:kill-shark"]},
        phase="creature",
        die="shark",
    )
    state.apply(state.parse_action("shark r3c2 r3c3"))
    assert choice(state) == "play kill-shark"


def test_the_bot_plays_a_dolphin_to_take_a_threatened_swimmer_away():
    state = position(
        explorers={"red#1": "r3c2", "blue#1": "r7c7"},
        creatures={"shark": ["r3c4"], "serpent": []},
        held={0: ["b:dolphin"]},
        values=["6511122334", "1112233456"],
    )
    assert choice(state) == "play dolphin"
    state.apply(state.parse_action("play dolphin"))
    step = choice(state)
    assert step.startswith("move red#1") and step != "move red#1 r3c3"


def test_the_bot_removes_the_tile_under_the_others_rather_than_its_own():
    state = position(
        explorers={"red#1": "r3c4", "blue#1": "r3c5", "blue#2": "r3c5", "blue#9": "r8c5"},
        tiles={"r3c4": "b:dolphin", "r3c5": "b:dolphin"},
        removed_terrains=("beach",),
        phase="remove_tile",
    )
    assert choice(state) == "remove r3c5"
