"""The Island's explanation hook (issue 34): each reason, in words, from what the seat knew.

Every position is built by hand (:func:`asobiba.games.survive.positions.position`: a scripted setup,
then the moves), observed from the seat whose decision it is (``state.observe(seat)``), and explained
with the move played and the move found better. Each reason is checked to fire when it should and to
stay silent otherwise, in English and Japanese, never naming an explorer by id, a cell by notation, or a
player by seat number.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import asobiba
from asobiba.core.explain import MoveToExplain
from asobiba.core.registry import declaration
from asobiba.core.tutorial import TutorialRun
from asobiba.games.survive.explain import explain
from asobiba.games.survive.positions import position
from asobiba.games.survive.state import SurviveState

NAMES = {"en": ["You", "Ken"], "ja": ["あなた", "ケン"]}
#: Red's values: red#1 is worth 6, red#2 5, red#3 4, red#4 and red#5 3 …
VALUES = ["6543322111", "1112233456"]
#: What a reader must never see: cells in notation, explorer ids, seat numbers.
IDS = re.compile(r"r\d+c\d+|#\d|\bp\d\b|赤#|青#")


def game(**kwargs: Any) -> SurviveState:
    kwargs.setdefault("values", VALUES)
    kwargs.setdefault("creatures", {"serpent": []})
    return position(**kwargs)


def reasons(state: SurviveState, played: str, better: str | None, lang: str = "en", seat: int = 0) -> list[str]:
    observation = state.observe(seat)
    parsed_better = None if better is None else state.parse_action(better)
    found = explain(MoveToExplain(observation, state.parse_action(played), parsed_better, NAMES[lang], lang))
    for text in found:
        assert IDS.search(text) is None, text
        assert text.strip()
    return found


def both(state: SurviveState, played: str, better: str | None) -> tuple[list[str], list[str]]:
    return reasons(state, played, better, "en"), reasons(state, played, better, "ja")


def test_the_hook_is_the_declarations_explain_part() -> None:
    assert declaration("survive").explain() is explain


# ---------------------------------------------------------------------- creatures' reach


def test_an_explorer_left_next_to_a_sea_serpent() -> None:
    state = game(explorers={"red#2": "r2c9", "blue#1": "r7c7"}, creatures={"serpent": ["r2c10"]})
    en, ja = both(state, "end moves", "move red#2 r2c8")
    assert en[0] == "Your explorer worth 5 stood next to a sea serpent, which can eat him on the next roll."
    assert ja[0] == "あなたの5の冒険者コマが大海蛇の隣にいて、次のダイスで食べられるおそれがありました。"


def test_no_serpent_reason_when_the_better_move_leaves_him_there_too() -> None:
    state = game(explorers={"red#2": "r2c9", "red#1": "r5c4", "blue#1": "r7c7"}, creatures={"serpent": ["r2c10"]})
    en = reasons(state, "end moves", "move red#1 r5c5")
    assert not any("serpent" in text for text in en)


def test_no_serpent_reason_when_none_is_near() -> None:
    state = game(explorers={"red#2": "r2c9", "blue#1": "r7c7"}, creatures={"serpent": ["r11c10"]})
    assert not any("serpent" in text for text in reasons(state, "end moves", "move red#2 r2c8"))


def test_a_swimmer_left_within_a_sharks_reach_and_not_beyond() -> None:
    near = game(explorers={"red#3": "r2c5", "blue#1": "r7c7"}, creatures={"shark": ["r2c7"]})
    en, ja = both(near, "end moves", "move red#3 r2c4")
    assert en[0] == "Your explorer worth 4 was left swimming within a shark's reach."
    assert "サメの届くところ" in ja[0] and "あなたの4の冒険者コマ" in ja[0]
    far = game(explorers={"red#3": "r2c4", "blue#1": "r7c7"}, creatures={"shark": ["r2c7"]})
    assert not any("shark" in text for text in reasons(far, "end moves", "move red#3 r2c3"))


def test_a_boat_left_within_a_whales_reach_and_an_empty_boat_is_not() -> None:
    loaded = game(explorers={"blue#1": "r7c7"}, boats={"r2c6": ["red#1"]}, creatures={"whale": ["r2c9"]})
    en, ja = both(loaded, "end moves", "sail r2c6 r2c5")
    assert en[0] == "Your explorer worth 6 was left on a boat within a whale's reach: it can capsize the boat."
    assert "クジラ" in ja[0]
    empty = game(explorers={"red#1": "r5c4", "blue#1": "r7c7"}, boats={"r2c6": []}, creatures={"whale": ["r2c9"]})
    assert not any("whale" in text for text in reasons(empty, "end moves", "sail r2c6 r2c5"))


def test_a_move_that_loses_an_explorer() -> None:
    state = game(explorers={"red#2": "r2c5", "blue#1": "r7c7"}, creatures={"shark": ["r2c6"]})
    en, ja = both(state, "move red#2 r2c6", "move red#2 r2c4")
    assert en[0] == "This move cost your explorer worth 5."
    assert ja[0] == "この手であなたの5の冒険者コマを失いました。"
    # a boat sailing onto a serpent: every explorer aboard in one sentence, the most valuable first
    boat = game(explorers={"blue#1": "r7c7"}, boats={"r2c8": ["red#8", "red#1"]}, creatures={"serpent": ["r2c9"]})
    en, ja = both(boat, "sail r2c8 r2c9", "sail r2c8 r1c8")
    assert en[0] == "This move cost your explorer worth 6, your explorer worth 1."
    assert ja[0] == "この手であなたの6の冒険者コマ、あなたの1の冒険者コマを失いました。"


# ---------------------------------------------------------------------- safety


def test_an_explorer_who_could_have_escaped() -> None:
    state = game(explorers={"blue#1": "r7c7"}, boats={"r1c10": ["red#1", "red#8"]})
    en, ja = both(state, "escape red#8", "escape red#1")
    assert en[0] == "Your explorer worth 6 could have escaped to the safe island at once."
    assert ja[0] == "あなたの6の冒険者コマは、すぐに島へ脱出できました。"
    # rescuing the 6 rather than the 1 is no reason to regret the other way round
    assert not any("escaped" in text for text in reasons(state, "escape red#1", "escape red#8"))


def test_one_sentence_for_a_boatload_the_most_valuable_named() -> None:
    state = game(explorers={"blue#1": "r7c7"}, boats={"r3c9": ["red#8", "red#2", "red#4"]})
    en = reasons(state, "sail r3c9 r4c9", "sail r3c9 r2c9")
    assert en == ["The better move brought your explorer worth 5 nearer an escape space."]
    near = game(explorers={"blue#1": "r7c7"}, boats={"r2c9": ["red#8", "red#2"]}, creatures={"serpent": ["r3c10"]})
    en = reasons(near, "end moves", "sail r2c9 r2c8")
    assert [text for text in en if "serpent" in text] == [
        "Your explorer worth 5 stood next to a sea serpent, which can eat him on the next roll."
    ]


def test_moving_toward_safety_and_not_when_the_played_move_went_as_far() -> None:
    state = game(explorers={"blue#1": "r7c7"}, boats={"r3c9": ["red#2"]})
    en, ja = both(state, "sail r3c9 r4c9", "sail r3c9 r2c9")
    assert "The better move brought your explorer worth 5 nearer an escape space." in en
    assert any("あなたの5の冒険者コマが脱出マスに近づいていました" in text for text in ja)
    assert not any("nearer" in text for text in reasons(state, "sail r3c9 r2c9", "sail r3c9 r3c10"))


# ---------------------------------------------------------------------- the other players


def test_a_creature_that_would_have_taken_kens_swimmers() -> None:
    state = game(
        explorers={"red#1": "r5c4", "blue#1": "r2c6", "blue#2": "r2c6"},
        creatures={"shark": ["r2c5"]},
        phase="creature",
        die="shark",
    )
    en, ja = both(state, "stop", "shark r2c5 r2c6")
    assert en[0] == "Moving the shark would have taken 2 of Ken's explorers."
    assert ja[0] == "サメを動かすことで、ケンの冒険者コマを2個取り除けました。"
    # the same shark moving where nobody swims takes nobody
    assert not any("Ken" in text for text in reasons(state, "stop", "shark r2c5 r2c4"))


def test_a_whale_that_would_have_capsized_kens_boat() -> None:
    state = game(
        explorers={"red#1": "r5c4"},
        boats={"r7c10": ["blue#1", "blue#2"]},
        creatures={"whale": ["r6c10"]},
        phase="creature",
        die="whale",
    )
    en, ja = both(state, "stop", "whale r6c10 r7c10")
    assert en[0] == "Moving the whale would have capsized Ken's boat, leaving 2 of his explorers swimming."
    assert ja[0] == "クジラを動かすことでケンの船コマをひっくり返し、冒険者コマ2個を泳がせられました。"
    assert not any("capsized" in text for text in reasons(state, "stop", "whale r6c10 r6c9"))


def test_a_removal_that_would_have_put_kens_explorers_into_the_water() -> None:
    state = game(explorers={"red#1": "r9c5", "blue#1": "r3c4", "blue#2": "r3c4"}, phase="remove_tile")
    en, ja = both(state, "remove r9c4", "remove r3c4")
    assert "Removing the beach in the north would have put 2 of Ken's explorers into the water." in en
    assert any("北の砂浜を取り除くことで、ケンの冒険者コマ2個を海に放り出せました" in text for text in ja)


def test_a_removal_that_opened_the_sea_to_kens_explorers() -> None:
    state = game(explorers={"red#1": "r9c5", "blue#1": "r4c5", "blue#2": "r4c5"}, phase="remove_tile")
    en, ja = both(state, "remove r3c5", "remove r9c4")
    assert "Removing the beach in the north opened the sea to 2 of Ken's explorers next to it." in en
    assert any("ケンの冒険者コマ2個が海へ出られるようになりました" in text for text in ja)
    # removing a tile with no landlocked explorer of Ken's next to it opens nothing
    assert not any("opened" in text for text in reasons(state, "remove r9c4", "remove r3c5"))


# ---------------------------------------------------------------------- tiles and boats


def test_a_kept_tile_that_could_have_been_played_first() -> None:
    state = game(explorers={"blue#1": "r7c7"}, boats={"r2c8": ["red#1"]}, held={0: ["b:winds"]})
    en, ja = both(state, "sail r2c8 r2c9", "play winds")
    assert (
        'Your kept tile "favourable winds" could have been played first: it moves a boat you control up to 3 spaces,'
        " without spending move points." in en
    )
    assert any("手持ちの「順風」を先にプレイできました" in text for text in ja)
    assert not any("kept tile" in text for text in reasons(state, "play winds", "sail r2c8 r2c9"))


def test_declining_the_counter_tile_that_would_have_saved_a_swimmer() -> None:
    state = game(
        explorers={"red#3": "r2c5", "blue#1": "r7c7"},
        creatures={"shark": ["r2c3"]},
        held={0: ["b:kill-shark"]},
        current=1,
        phase="creature",
        die="shark",
    )
    state.apply(state.parse_action("shark r2c3 r2c4"))
    state.apply(state.parse_action("shark r2c4 r2c5"))
    assert state.to_move == 0
    en, ja = both(state, "decline", "play kill-shark")
    assert en[0] == 'Playing your "kill a shark" tile would have removed the creature before it struck your explorers.'
    assert ja[0] == "「サメ撃退」をプレイしていれば、冒険者コマが襲われる前にその生物コマを取り除けました。"


def test_a_boat_that_sailed_with_room_while_an_explorer_stood_next_to_it() -> None:
    state = game(explorers={"red#2": "r4c7", "blue#1": "r7c7"}, boats={"r3c8": ["red#1"]})
    en, ja = both(state, "sail r3c8 r2c8", "move red#2 r3c8")
    assert "Your boat sailed with room for 2 more while your explorer worth 5 stood next to it." in en
    assert any("あと2個乗れる船コマを、すぐ隣にあなたの5の冒険者コマがいるのに動かしました" in text for text in ja)
    alone = game(explorers={"red#2": "r9c5", "blue#1": "r7c7"}, boats={"r3c8": ["red#1"]})
    assert not any("room" in text for text in reasons(alone, "sail r3c8 r2c8", "move red#2 r9c6"))


def test_a_boat_ken_controls_as_much_as_you() -> None:
    shared = game(explorers={"red#5": "r9c5"}, boats={"r3c8": ["red#1", "blue#1"]})
    en, ja = both(shared, "sail r3c8 r2c8", "sail r3c8 r3c9")
    assert "Ken has as many explorers on that boat as you, so he controls it too and may sail it on his turn." in en
    assert any("ケンもあなたと同じ数" in text for text in ja)
    yours = game(explorers={"red#5": "r9c5"}, boats={"r3c8": ["red#1", "red#2", "blue#1"]})
    assert not any("controls" in text for text in reasons(yours, "sail r3c8 r2c8", "sail r3c8 r3c9"))


# ---------------------------------------------------------------------- what the seat knew; verdicts


def test_kens_explorers_are_named_by_colour_and_place_never_by_value() -> None:
    state = game(explorers={"red#1": "r5c4", "blue#10": "r2c9"}, creatures={"serpent": ["r2c10"]})
    # Ken's explorer worth 6 (blue#10), seen from Ken's seat and from yours
    ken = reasons(state, "end moves", "move red#1 r5c5", seat=0)
    assert not any("worth 6" in text for text in ken)
    state = game(explorers={"red#1": "r5c4", "blue#10": "r2c9"}, creatures={"serpent": ["r2c10"]}, current=1)
    own = reasons(state, "end moves", "move blue#10 r2c8", seat=1)
    assert own[0].startswith("Your explorer worth 6 stood next to a sea serpent")


def test_another_players_explorer_in_words() -> None:
    state = game(explorers={"red#1": "r5c4", "blue#1": "r3c4", "blue#2": "r9c5"}, phase="remove_tile")
    from asobiba.games.survive.explain import Board, Reader

    board = Board.of(state.view(0))
    piece = board.explorers["blue#1"]
    assert Reader("en", ("You", "Ken"), 0).explorer(board, piece) == "Ken's blue explorer on the beach in the north"
    assert Reader("ja", ("あなた", "ケン"), 0).explorer(board, piece) == "北の砂浜にいるケンの青の冒険者コマ"


def test_a_verdict_when_no_move_was_better() -> None:
    safe = game(explorers={"blue#1": "r7c7"}, boats={"r1c10": ["red#1"]})
    en, ja = both(safe, "escape red#1", None)
    assert en == ["Good: your explorer worth 6 reached the safe island."]
    assert ja == ["良い手：あなたの6の冒険者コマが島へ脱出しました。"]
    risky = game(explorers={"red#2": "r2c8", "blue#1": "r7c7"}, creatures={"serpent": ["r2c10"]})
    en, ja = both(risky, "move red#2 r2c9", None)
    assert en == ["Risky: your explorer worth 5 is left next to a sea serpent."]
    assert ja == ["危険：あなたの5の冒険者コマが大海蛇の隣に残っています。"]
    # on an escape space while moving, he may still escape this turn: no alarm
    escaping = game(explorers={"blue#1": "r7c7"}, boats={"r1c9": ["red#1"]}, creatures={"serpent": ["r2c10"]})
    assert reasons(escaping, "sail r1c9 r1c10", None) == ["Good: your explorer worth 6 is closer to safety."]
    plain = game(explorers={"red#5": "r5c4", "blue#1": "r7c7"})
    assert reasons(plain, "end moves", None) == ["Good: no move found was better."]
    assert reasons(plain, "end moves", None, "ja") == ["良い手：これより良い手は見つかりませんでした。"]


def test_nothing_to_say_of_an_ordinary_difference() -> None:
    state = game(explorers={"red#5": "r7c4", "blue#1": "r7c7"})
    assert reasons(state, "move red#5 r7c3", "move red#5 r8c4") == []


def test_every_decision_of_the_tutorial_is_explained_without_ids() -> None:
    tutorial = declaration("survive").tutorials()[0]
    run = TutorialRun(tutorial)
    explained = 0
    while not run.finished:
        step = run.step
        assert step is not None
        if step.asks_a_move and run.state.to_move == tutorial.learner:
            observation = run.state.observe(tutorial.learner)
            expected = run.state.parse_action(step.do[0])
            other = next((a for a in observation.legal_actions if a != expected), None)
            for lang in ("en", "ja"):
                for played, better in ((expected, other), (expected, None)):
                    for text in explain(MoveToExplain(observation, played, better, NAMES[lang], lang)):
                        assert IDS.search(text) is None, text
            explained += 1
        run.skip()
    assert explained >= 18


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_decision_of_a_played_game_is_explained_in_words(seed: int) -> None:
    """Whatever the position, the hook answers in words (no ids) and never fails: random games, every
    decision of every seat explained against another legal move and alone."""
    rng = random.Random(seed)
    state = asobiba.new_game("survive", players=3, seed=seed)
    names = {"en": ["You", "Ken", "Mio"], "ja": ["あなた", "ケン", "ミオ"]}
    decisions = 0
    while not state.is_over and decisions < 400:
        seat = state.to_move  # chance is drawn by the engine (chance="auto")
        assert seat is not None
        observation = state.observe(seat)
        played = rng.choice(observation.legal_actions)
        better = rng.choice(observation.legal_actions)
        for lang in ("en", "ja"):
            for other in (better, None):
                for text in explain(MoveToExplain(observation, played, other, names[lang], lang)):
                    assert IDS.search(text) is None and text.strip(), text
        state.apply(played)
        decisions += 1
    assert decisions > 50
