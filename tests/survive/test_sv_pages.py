"""What the rules pages say about swimming, escaping, danger at sea and the counter-tile question
(issue 35), and that the engine does exactly that: stepping from land into the sea is that turn's
swim; a swimmer who swims into an escape space escapes only on his next turn, one who swims onto a
boat there escapes at once; "danger at sea" and who is asked about a counter tile are house rules
(the seed says only what a creature does when it moves, and that counter tiles are played on
another player's turn)."""

from __future__ import annotations

import pytest

from asobiba.cli.rules import rules_text
from asobiba.core.errors import IllegalAction
from asobiba.core.state import State
from asobiba.games.survive.phase import Phase
from asobiba.games.survive.positions import position

NO_SERPENTS = {"serpent": []}


def do(state: State, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def status(state: State, name: str) -> str:
    return str(next(e for e in state.view(0)["explorers"] if e["id"] == name)["status"])


def legal(state: State) -> set[str]:
    return {str(action) for action in state.legal_actions()}


def finish_turn(state: State) -> None:
    """End the moves, remove the first tile offered, roll a serpent (none is on the board)."""
    if state.phase == Phase.MOVE:
        do(state, "end moves")
    do(state, str(state.legal_actions()[0]), "die serpent")


# ---------------------------------------------------------------------------------------- the engine


def test_stepping_from_land_into_the_sea_is_that_turns_swim() -> None:
    state = position(explorers={"red#1": "r4c3", "blue#1": "r7c7"}, creatures=NO_SERPENTS)
    do(state, "move red#1 r3c3")
    assert status(state, "red#1") == "swimming" and state.view(0)["moves_left"] == 2
    assert not any(move.startswith(("move red#1", "board red#1", "escape red#1")) for move in legal(state))
    with pytest.raises(IllegalAction, match="already swum"):
        do(state, "move red#1 r3c2")
    finish_turn(state)
    finish_turn(state)  # blue's turn
    assert state.to_move == 0 and "move red#1 r3c2" in legal(state)


def test_a_swimmer_who_swims_into_an_escape_space_escapes_only_on_his_next_turn() -> None:
    state = position(explorers={"red#1": "r3c1", "red#2": "r7c8", "blue#1": "r7c7"}, creatures=NO_SERPENTS)
    do(state, "move red#1 r2c0")
    assert status(state, "red#1") == "swimming" and "escape red#1" not in legal(state)
    with pytest.raises(IllegalAction, match="already swum"):
        do(state, "escape red#1")
    finish_turn(state)
    finish_turn(state)  # blue's turn
    assert state.to_move == 0 and "escape red#1" in legal(state)
    do(state, "escape red#1")
    assert status(state, "red#1") == "rescued"


def test_a_swimmer_who_swims_onto_a_boat_in_an_escape_space_escapes_at_once() -> None:
    state = position(
        explorers={"red#1": "r3c1", "red#2": "r7c8", "blue#1": "r7c7"}, boats={"r2c0": []}, creatures=NO_SERPENTS
    )
    do(state, "move red#1 r2c0")
    assert status(state, "red#1") == "boat" and "escape red#1" in legal(state)
    do(state, "escape red#1")
    assert status(state, "red#1") == "rescued" and state.view(0)["moves_left"] == 1


def test_a_swimmer_in_an_escape_space_who_climbs_onto_the_boat_there_escapes_at_once() -> None:
    state = position(
        explorers={"red#1": "r2c0", "red#2": "r7c8", "blue#1": "r7c7"}, boats={"r2c0": []}, creatures=NO_SERPENTS
    )
    do(state, "board red#1", "escape red#1")
    assert status(state, "red#1") == "rescued" and state.view(0)["moves_left"] == 1


# ---------------------------------------------------------------------------------------- the pages


def page(lang: str) -> str:
    text, shown = rules_text("survive", lang)
    assert shown == lang
    return " ".join(text.split())


def rows(lang: str) -> list[str]:
    return rules_text("survive", lang)[0].splitlines()


def house_rule(lang: str, point: str) -> str:
    row = next((line for line in rows(lang) if line.startswith(f"| {point} |")), None)
    assert row, f"{lang}: no house rule on {point!r}"
    return row


def test_the_english_page_says_the_step_into_the_sea_is_the_swim_and_when_a_swimmer_escapes() -> None:
    text = page("en")
    assert "Stepping from land into the water is that turn's swim: the new swimmer moves no further this turn" in text
    assert "a swimmer who swims into an escape space escapes only on his next turn" in text
    assert "A swimmer who swims onto a boat on an escape space is aboard and may escape at once" in text
    assert "moves no further this turn" in house_rule("en", "stepping from land into the sea")
    assert "or escape from it at once on an escape space" in house_rule("en", "a swimmer who reached a boat")


def test_the_japanese_page_says_the_step_into_the_sea_is_the_swim_and_when_a_swimmer_escapes() -> None:
    text = page("ja")
    assert (
        "陸地から海に入るこの1マスが、その手番の泳ぎです。泳いでいる冒険者コマになったコマは、その手番にはもう動けません"
        in text
    )
    assert "泳いで脱出マスに入ったコマが脱出できるのは、次の自分の手番です" in text
    assert (
        "泳いで脱出マスの船コマに乗ったコマは、もう船の上にいるので、さらに1マス分の移動を使ってすぐに脱出できます"
        in text
    )
    assert "その手番にはもう動けない" in house_rule("ja", "陸地から海に入る")
    assert "脱出マスの船ならすぐに脱出できる" in house_rule("ja", "泳いで船に乗ったコマ")


def test_danger_at_sea_and_the_counter_tile_question_are_marked_as_house_rules_in_english() -> None:
    text = page("en")
    assert (
        "**Danger at sea** *(house rule: the original rulebook says only what a creature does when it moves onto pieces"
        in text
    )
    assert "the question is put the same way to everybody concerned *(house rule:" in text
    assert "not the player whose turn it is" in text
    danger = house_rule("en", "danger at sea")
    assert "a swimmer moving onto a shark or a sea serpent is lost" in danger and "onto a whale capsizes" in danger
    assert "in turn order" in house_rule("en", "who is asked about *kill a shark* and *kill a whale*")


def test_danger_at_sea_and_the_counter_tile_question_are_marked_as_house_rules_in_japanese() -> None:
    text = page("ja")
    assert (
        "**海の危険**（ハウスルール：元のルールは生物コマがコマのいるマスに動いたときのことだけを書いています。" in text
    )
    assert "関係する全員に同じように確認します（ハウスルール：" in text
    assert "手番のプレイヤーの次の人から順番に聞きます" in text
    danger = house_rule("ja", "海の危険")
    assert (
        "泳いでいる冒険者コマがサメか大海蛇のマスに入ると取り除かれる" in danger
        and "クジラのマスに入ると転覆する" in danger
    )
    assert "「使わない」は対抗タイルを持っていてもいなくても同じに見える" in house_rule(
        "ja", "「サメ撃退」「クジラ撃退」を使うか聞く相手"
    )
