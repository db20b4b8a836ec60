"""A turn, steps 1 and 3: held tiles, removing a land tile and every tile effect (rules/survive.en.md
"A turn" 1 and 3, "Tile backs", the seed 4-3 and 6)."""

from __future__ import annotations

import pytest

from asobiba.core.errors import IllegalAction
from asobiba.games.survive.board import CELL_BY_NAME
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import position
from asobiba.games.survive.rules.tiles import touches_sea


def do(state, text):
    return state.apply(state.parse_action(text))


def explorer(state, name, viewer=0):
    return next(e for e in state.view(viewer)["explorers"] if e["id"] == name)


def removal(tiles, terrains_gone=(), **kwargs):
    """A position at the removal step with ``tiles`` placed and every other tile of ``terrains_gone`` removed."""
    kwargs.setdefault("explorers", {"red#9": "r7c5", "blue#9": "r7c6"})
    return position(tiles=tiles, removed_terrains=terrains_gone, phase="remove_tile", **kwargs)


def test_beaches_touching_the_sea_are_removed_first():
    state = position(phase="remove_tile", explorers={"red#1": "r7c5"})
    allowed = [str(a).split()[1] for a in state.legal_actions()]
    assert allowed
    for name in allowed:
        assert state.view(0)["tiles"][name] == "beach"
        assert touches_sea(state, CELL_BY_NAME[name])
    inland_or_forest = next(c for c in state.view(0)["tiles"] if c not in allowed)
    with pytest.raises(IllegalAction, match="beach tile touching the sea goes first"):
        do(state, f"remove {inland_or_forest}")


def test_when_no_beach_touches_the_sea_an_inland_beach_goes_before_any_forest():
    tiles = {
        "r4c4": "b:dolphin",
        "r3c4": "f:shark",
        "r3c5": "f:whale",
        "r4c3": "f:boat",
        "r4c5": "f:boat",
        "r5c4": "m:whirlpool",
        "r5c5": "m:whirlpool",
    }
    state = removal(tiles, terrains_gone=("beach",))
    assert state.view(0)["tiles_left"]["beach"] == 1
    assert [str(a) for a in state.legal_actions()] == ["remove r4c4"]


def test_forests_go_after_all_beaches_and_mountains_last():
    state = removal({"r3c4": "f:shark"}, terrains_gone=("beach",))
    assert {state.view(0)["tiles"][str(a).split()[1]] for a in state.legal_actions()} == {"forest"}
    state = removal({"r3c4": "m:shark"}, terrains_gone=("beach", "forest"))
    assert {state.view(0)["tiles"][str(a).split()[1]] for a in state.legal_actions()} == {"mountain"}


def test_explorers_on_a_removed_tile_become_swimmers_there():
    state = removal({"r3c4": "b:whale"}, explorers={"red#1": "r3c4", "blue#1": "r3c4", "blue#9": "r7c6"})
    do(state, "remove r3c4")
    assert explorer(state, "red#1")["status"] == "swimming" and explorer(state, "blue#1")["cell"] == "r3c4"
    assert "r3c4" not in state.view(0)["tiles"]
    assert state.phase == Phase.ROLL


def test_a_shark_tile_puts_a_shark_there_which_eats_the_swimmers():
    state = removal({"r3c4": "b:shark"}, explorers={"red#1": "r3c4", "blue#9": "r7c6"})
    do(state, "remove r3c4")
    assert "r3c4" in state.view(0)["creatures"]["shark"]
    assert explorer(state, "red#1")["status"] == "lost"


def test_a_whale_tile_puts_a_whale_there():
    state = removal({"r3c4": "b:whale"}, explorers={"red#1": "r3c4", "blue#9": "r7c6"})
    do(state, "remove r3c4")
    assert "r3c4" in state.view(0)["creatures"]["whale"]
    assert explorer(state, "red#1")["status"] == "swimming"


def test_a_boat_tile_puts_a_boat_there_and_up_to_three_swimmers_board_it():
    state = removal({"r3c4": "b:boat"}, explorers={"red#1": "r3c4", "blue#1": "r3c4", "blue#9": "r7c6"})
    do(state, "remove r3c4")
    assert state.view(0)["boats"] == [{"cell": "r3c4", "passengers": ["red#1", "blue#1"], "controllers": [0, 1]}]


def test_with_more_than_three_swimmers_the_remover_chooses_who_boards_the_boat_tile():
    on_tile = {f"blue#{k}": "r3c4" for k in range(1, 5)}
    state = removal({"r3c4": "b:boat"}, explorers={**on_tile, "red#9": "r7c6"})
    do(state, "remove r3c4")
    assert state.phase == Phase.BOAT_TILE and state.to_move == 0
    for name in ("blue#4", "blue#2", "blue#1"):
        do(state, f"board {name}")
    assert state.phase == Phase.ROLL
    assert explorer(state, "blue#3")["status"] == "swimming"


def test_a_whirlpool_on_a_removed_tile_takes_everything_at_sea_there_and_around():
    state = removal(
        {"r3c4": "f:whirlpool"},
        terrains_gone=("beach",),
        explorers={"red#1": "r3c4", "blue#1": "r2c3", "red#2": "r4c3", "blue#9": "r7c6"},
        boats={"r3c3": ["red#3"], "r1c1": []},
        creatures={"shark": ["r2c4"], "serpent": ["r1c1"]},
    )
    do(state, "remove r3c4")
    view = state.view(0)
    for name in ("red#1", "blue#1", "red#3"):
        assert explorer(state, name)["status"] == "lost"
    assert explorer(state, "red#2")["status"] == "land"  # explorers on land tiles are untouched
    assert [b["cell"] for b in view["boats"]] == ["r1c1"]
    assert view["creatures"]["shark"] == [] and view["creatures"]["serpent"] == ["r1c1"]


def test_the_volcano_ends_the_game_at_once():
    state = removal({"r3c4": "m:volcano"}, terrains_gone=("beach", "forest"))
    do(state, "remove r3c4")
    assert state.phase == Phase.OVER and state.is_over
    assert state.result()["reason"] == "volcano"


def test_a_held_tile_is_kept_face_down_and_the_others_see_only_how_many():
    state = removal({"r3c4": "b:dolphin"})
    events = do(state, "remove r3c4")
    assert state.view(0)["held"] == [{"terrain": "beach", "effect": "dolphin"}]
    assert state.view(1)["held"] == [] and state.view(1)["held_counts"] == [1, 0]
    seen = [e.seen_by(1) for e in events if type(e).__name__ == "TileRemoved"]
    assert seen[0].effect is None
    assert "dolphin" not in str(state.view(1)) and "dolphin" not in str(state.view(None))


def test_at_most_one_held_tile_at_the_start_of_the_turn_before_moving():
    state = position(
        explorers={"red#1": "r3c3", "red#2": "r5c4", "blue#1": "r7c7"}, held={0: ["b:dolphin", "b:move-shark"]}
    )
    do(state, "move red#2 r5c5")
    with pytest.raises(IllegalAction, match="only at the start of your turn"):
        do(state, "play dolphin")


def test_dolphin_moves_one_of_your_swimmers_up_to_three_sea_spaces():
    state = position(explorers={"red#1": "r3c3", "blue#1": "r7c7"}, held={0: ["b:dolphin"]}, creatures={"serpent": []})
    do(state, "play dolphin")
    do(state, "move red#1 r3c2")
    do(state, "move red#1 r3c1")
    do(state, "move red#1 r2c1")
    assert state.phase == Phase.MOVE and explorer(state, "red#1")["cell"] == "r2c1"
    assert state.view(0)["held"] == [] and state.view(1)["played"] == [{"player": 0, "effect": "dolphin"}]
    assert state.view(0)["moves_left"] == 3


def test_favourable_winds_move_a_boat_you_control_up_to_three_sea_spaces():
    state = position(explorers={"blue#1": "r7c7"}, boats={"r4c2": ["red#1"]}, held={0: ["b:winds"]})
    do(state, "play winds")
    do(state, "sail r4c2 r3c2")
    do(state, "sail r3c2 r2c2")
    do(state, "stop")
    assert state.phase == Phase.MOVE and state.view(0)["boats"][0]["cell"] == "r2c2"


@pytest.mark.parametrize(
    ("tile", "creature", "source"),
    [("move-serpent", "serpent", "r1c1"), ("move-shark", "shark", "r3c2"), ("move-whale", "whale", "r3c2")],
)
def test_a_move_creature_tile_moves_any_such_creature_to_any_empty_sea_space(tile, creature, source):
    creatures = {creature: [source]} if creature != "serpent" else {}
    state = position(explorers={"red#1": "r7c7", "blue#1": "r2c5"}, held={0: [f"f:{tile}"]}, creatures=creatures)
    do(state, f"play {tile}")
    with pytest.raises(IllegalAction, match="not an empty sea space"):
        do(state, f"{creature} {source} r2c5")
    do(state, f"{creature} {source} r12c8")
    assert "r12c8" in state.view(0)["creatures"][creature] and state.phase == Phase.MOVE


def shark_threat(holder_tiles, mover=0):
    return position(
        explorers={"blue#1": "r3c3", "red#1": "r7c7"},
        creatures={"shark": ["r3c2"]},
        held={1: holder_tiles},
        phase="creature",
        die="shark",
        current=mover,
    )


def test_kill_shark_is_played_on_another_players_turn_before_the_harm():
    state = shark_threat(["b:kill-shark"])
    do(state, "shark r3c2 r3c3")
    assert state.to_move == 1 and state.view(1)["pending"]["kind"] == "counter"
    assert [str(a) for a in state.legal_actions()] == ["play kill-shark", "decline"]
    do(state, "play kill-shark")
    assert state.view(0)["creatures"]["shark"] == []
    assert explorer(state, "blue#1")["status"] == "swimming"
    assert state.to_move == 1 and state.phase == Phase.MOVE  # p0's turn is over


def test_a_declined_kill_shark_lets_the_shark_eat():
    state = shark_threat(["b:kill-shark"])
    do(state, "shark r3c2 r3c3")
    do(state, "decline")
    assert explorer(state, "blue#1")["status"] == "lost"
    assert state.view(1)["held_counts"] == [0, 1]


def test_every_threatened_player_holding_any_tile_is_asked_and_may_only_decline_without_the_counter():
    state = shark_threat(["b:dolphin"])
    do(state, "shark r3c2 r3c3")
    assert state.to_move == 1 and state.phase == Phase.COUNTER
    assert [str(a) for a in state.legal_actions()] == ["decline"]
    with pytest.raises(IllegalAction, match="p1 holds no kill-shark tile"):
        do(state, "play kill-shark")
    do(state, "decline")
    assert explorer(state, "blue#1")["status"] == "lost" and state.to_move == 1


def test_a_threatened_player_holding_no_tile_is_not_asked():
    state = shark_threat([])
    do(state, "shark r3c2 r3c3")
    assert explorer(state, "blue#1")["status"] == "lost" and state.to_move == 1


def test_nobody_without_pieces_at_stake_is_asked():
    state = position(
        3,
        explorers={"blue#1": "r3c3", "red#1": "r7c7", "yellow#1": "r7c6"},
        creatures={"shark": ["r3c2"]},
        held={1: ["b:dolphin"], 2: ["b:kill-shark"]},
        phase="creature",
        die="shark",
    )
    do(state, "shark r3c2 r3c3")
    assert state.to_move == 1
    do(state, "decline")
    assert explorer(state, "blue#1")["status"] == "lost" and state.to_move == 1


def counter_question(tile):
    """p0's shark reaches p1's swimmer; p1 holds ``tile``. What each of the others sees at each step."""
    state = shark_threat([tile])
    seen = []
    for text in ("shark r3c2 r3c3", "decline"):
        events = do(state, text)
        seen.append(
            [
                (state.view(viewer), [event.seen_by(viewer) for event in events if event.seen_by(viewer)])
                for viewer in (0, None)
            ]
        )
    return seen


def test_a_counter_holders_no_looks_the_same_as_anyone_elses():
    assert counter_question("b:kill-shark") == counter_question("b:dolphin")


def test_counter_tiles_are_not_played_on_ones_own_turn():
    state = shark_threat(["b:kill-shark"], mover=1)
    do(state, "shark r3c2 r3c3")
    assert explorer(state, "blue#1")["status"] == "lost"


def test_kill_whale_saves_a_boat_the_holder_controls():
    state = position(
        explorers={"red#1": "r7c7"},
        boats={"r3c3": ["blue#1"]},
        creatures={"whale": ["r3c2"]},
        held={1: ["f:kill-whale"]},
        phase="creature",
        die="whale",
    )
    do(state, "whale r3c2 r3c3")
    do(state, "play kill-whale")
    assert state.view(0)["creatures"]["whale"] == []
    assert explorer(state, "blue#1")["status"] == "boat"


def test_a_counter_tile_cannot_be_played_as_a_held_tile():
    state = position(explorers={"red#1": "r7c7"}, held={0: ["b:kill-shark"]})
    with pytest.raises(IllegalAction, match="only when a creature threatens"):
        do(state, "play kill-shark")


def test_several_threatened_holders_are_asked_in_turn_order_from_the_mover():
    state = position(
        3,
        explorers={"blue#1": "r3c3", "yellow#1": "r3c3", "red#1": "r7c7"},
        creatures={"shark": ["r3c2"]},
        held={1: ["b:kill-shark"], 2: ["f:kill-shark"]},
        phase="creature",
        die="shark",
        current=0,
    )
    do(state, "shark r3c2 r3c3")
    assert state.to_move == 1
    do(state, "decline")
    assert state.to_move == 2 and state.view(2)["pending"]["tile"] == "kill-shark"
    do(state, "play kill-shark")
    assert explorer(state, "blue#1")["status"] == "swimming" and explorer(state, "yellow#1")["status"] == "swimming"
    assert state.view(0)["held_counts"] == [0, 1, 0]


def test_favourable_winds_do_not_move_an_empty_boat():
    state = position(explorers={"red#1": "r7c7", "blue#1": "r7c6"}, boats={"r4c2": []}, held={0: ["b:winds"]})
    assert "play winds" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="nothing it could move"):
        do(state, "play winds")
    state = position(
        explorers={"blue#1": "r7c6"}, boats={"r4c2": [], "r3c1": ["red#1"]}, held={0: ["b:winds"]}, creatures={}
    )
    do(state, "play winds")
    assert [str(a) for a in state.legal_actions() if str(a).startswith("sail r4c2")] == []
    with pytest.raises(IllegalAction, match="does not control the boat on r4c2"):
        do(state, "sail r4c2 r3c2")


def test_a_shark_from_a_removed_tile_eats_the_explorers_washed_off_it_at_once_without_a_kill_shark_chance():
    # issue 22: the counter tiles answer a creature *moved* onto a space; this shark appears there.
    state = removal(
        {"r3c4": "b:shark"},
        explorers={"red#1": "r3c4", "blue#1": "r3c4", "blue#9": "r7c6"},
        held={1: ["f:kill-shark"]},
    )
    do(state, "remove r3c4")
    assert explorer(state, "red#1")["status"] == "lost" and explorer(state, "blue#1")["status"] == "lost"
    assert state.phase == Phase.ROLL  # nobody was asked about a counter tile: the die is next
