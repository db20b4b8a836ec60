"""Paper Safari's explanation hook (issue 34): on hand-built positions (a scripted deal and moves,
then the seat's observation), each reason is given when it holds and not otherwise, in English and
Japanese, from the seat's view only, naming players and cards by their names."""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from asobiba.core.explain import MoveToExplain
from asobiba.core.registry import declaration
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.explain import explain
from asobiba.games.paper_safari.positions import position
from asobiba.games.paper_safari.state import PaperSafariState

NAMES = {"en": ("You", "Ken", "Mio"), "ja": ("あなた", "ケン", "ミオ")}
#: Every text the hook said (see the last tests), to check that none names a seat or place by its notation.
SAID: list[tuple[str, str]] = []

HIGH = ["gyarados", "onix", "gyarados", "onix", "gyarados", "machamp"]


def why(state: PaperSafariState, played: str, better: str | None, lang: str = "en") -> list[str]:
    """The hook's words for the seat to move choosing ``played`` when ``better`` was better."""
    seat = state.to_move
    assert seat is not None and seat >= 0
    decision = MoveToExplain(
        state.observe(seat),
        state.parse_action(played),
        None if better is None else state.parse_action(better),
        NAMES[lang][: state.players],
        lang,
    )
    said = explain(decision)
    SAID.extend((lang, text) for text in said)
    return said


def joined(state: PaperSafariState, played: str, better: str | None, lang: str = "en") -> str:
    return " | ".join(why(state, played, better, lang))


def deal(mine: Sequence[str], *others: Sequence[str], **given: Any) -> PaperSafariState:
    """A first round after the setup flips (each player's top left), p0 to move."""
    grids = [list(mine), *(list(grid) for grid in others or [HIGH])]
    given.setdefault("flips", ["a1"] * len(grids))
    return position(grids, **given)


def test_the_declaration_names_the_hook() -> None:
    assert declaration("paper-safari").explain() is explain


# ---------------------------------------------------------------------- a column pair


def test_the_discard_that_would_have_matched_a_column() -> None:
    state = deal(["bulbasaur", "onix", "onix", "gengar", "psyduck", "eevee"], discard="bulbasaur")
    said = why(state, "draw", "take discard")
    assert said[0] == (
        "The Bulbasaur (2) on the discard pile would have matched your Bulbasaur (2) at top left: two equal"
        " numbers in a column count 0."
    )
    ja = why(state, "draw", "take discard", "ja")[0]
    assert "フシギダネ（2）" in ja and "上段左" in ja and "0点" in ja


def test_no_match_when_the_numbers_differ_or_the_column_is_already_a_pair() -> None:
    other = deal(["bulbasaur", "onix", "onix", "gengar", "psyduck", "eevee"], discard="charmander")
    assert "matched" not in joined(other, "draw", "take discard")
    paired = deal(
        ["bulbasaur", "onix", "onix", "bulbasaur", "psyduck", "eevee"], discard="bulbasaur", face_up=["b1", ""]
    )
    assert "matched" not in joined(paired, "draw", "take discard")


def test_the_drawn_card_that_would_have_matched_a_column() -> None:
    state = deal(["bulbasaur", "onix", "onix", "gengar", "psyduck", "eevee"], pile=["bulbasaur"], then=["draw"])
    said = why(state, "swap b2", "swap b1")
    assert said[0].startswith(
        "Putting the Bulbasaur (2) at your bottom left would have matched your Bulbasaur (2) in that column"
    )
    assert "下段左" in why(state, "swap b2", "swap b1", "ja")[0]
    assert "matched" not in joined(state, "swap b2", "swap b3")
    assert why(state, "swap b1", None)[0] == (
        "Good: the Bulbasaur (2) matches your Bulbasaur (2) in its column, which now counts 0."
    )


def test_a_pair_broken_up() -> None:
    state = deal(
        ["onix", "gengar", "gengar", "onix", "psyduck", "eevee"], face_up=["b1", ""], pile=["psyduck"], then=["draw"]
    )
    said = joined(state, "swap b1", "swap b2")
    assert "Replacing your Onix (10) at bottom left broke up a pair: that column counted 0." in said
    assert "broke up" not in joined(state, "swap b2", "swap b3")
    assert "くずれました" in joined(state, "swap b1", "swap b2", "ja")


def test_snorlax_exchange_that_would_have_made_a_pair() -> None:
    state = deal(
        ["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["snorlax"], then=["draw", "swap a2"]
    )
    said = why(state, "skip", "snorlax a2 b1")
    assert said == [
        "Exchanging your top middle and bottom left cards would have made a column of two 10s, which counts 0."
    ]
    assert why(state, "skip", "snorlax a2 b3") == []
    assert "10がタテにそろい" in joined(state, "snorlax a2 b1", None, "ja")


# ---------------------------------------------------------------------- known against unknown cards


def test_a_known_high_card_against_a_blind_swap() -> None:
    state = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["pikachu"], then=["draw"])
    said = why(state, "swap b3", "swap a1")
    assert said[0] == "Swapping out your Onix (10) at top left was a sure gain of 12 points."
    assert (
        "You put the Pikachu (-2) on a face-down card you did not know, while your Onix (10) at top left was sure"
        " to be worse."
    ) in said
    ja = joined(state, "swap b3", "swap a1", "ja")
    assert "イワーク（10）" in ja and "ピカチュウ（-2）" in ja


def test_no_sure_gain_when_the_known_card_is_low() -> None:
    state = deal(["jigglypuff", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["pikachu"], then=["draw"])
    said = joined(state, "swap b3", "swap a1")
    assert "sure gain" not in said and "did not know" not in said


def test_a_low_card_thrown_away() -> None:
    state = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["jigglypuff"], then=["draw"])
    said = why(state, "discard", "swap a1")
    assert said[0] == "Swapping out your Onix (10) at top left was a sure gain of 10 points."
    assert "You threw away the Jigglypuff (0): it was lower than your Onix (10) at top left." in said
    assert "プリン（0）を捨てました" in joined(state, "discard", "swap a1", "ja")
    high = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["gyarados"], then=["draw"])
    assert "threw away" not in joined(high, "discard", "swap a1")


def test_a_low_card_thrown_away_with_only_face_down_cards_to_replace() -> None:
    state = deal(["jigglypuff", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["pikachu"], then=["draw"])
    said = joined(state, "discard", "swap b3")
    assert "You threw away the Pikachu (-2), lower than a face-down card is worth on average" in said
    assert "Putting the Pikachu (-2) on your face-down bottom right card would have been a likely gain" in said


def test_a_high_drawn_card_kept() -> None:
    state = deal(["squirtle", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["gyarados"], then=["draw"])
    said = why(state, "swap b3", "discard")
    assert said[0] == "The Gyarados (9) you drew was high: throwing it away would have kept your total down."
    assert any(text.startswith("A Gyarados (9) on a face-down card: an unknown card is worth about") for text in said)
    assert why(state, "discard", None) == ["Good: the Gyarados (9) you drew was not worth keeping."]
    low = deal(["squirtle", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["pikachu"], then=["draw"])
    assert "was high" not in joined(low, "swap b3", "discard")


def test_a_swap_for_a_higher_card() -> None:
    state = deal(["squirtle", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["gyarados"], then=["draw"])
    assert "You swapped your Squirtle (1) for a higher Gyarados (9)." in why(state, "swap a1", "discard")
    assert "higher" not in joined(state, "swap b3", "discard")


# ---------------------------------------------------------------------- the discard against the deck


def test_a_sure_low_card_on_the_discard_pile() -> None:
    state = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], discard="pikachu")
    said = why(state, "draw", "take discard")
    assert said[0].startswith("The Pikachu (-2) on the discard pile was a sure low card; a card from the deck is")
    assert "確実に低いカード" in joined(state, "draw", "take discard", "ja")
    high = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], discard="gyarados")
    assert "sure low" not in joined(high, "draw", "take discard")


def test_a_high_card_taken_from_the_discard_pile() -> None:
    state = deal(["squirtle", "gengar", "psyduck", "eevee", "clefairy", "machamp"], discard="gyarados")
    said = why(state, "take discard", "draw")
    assert said and said[0].startswith("The Gyarados (9) taken from the discard pile had to be used")
    low = deal(["squirtle", "gengar", "psyduck", "eevee", "clefairy", "machamp"], discard="jigglypuff")
    assert "had to be used" not in joined(low, "take discard", "draw")


# ---------------------------------------------------------------------- the end of the round

LOW = ["pikachu", "jigglypuff", "squirtle", "bulbasaur", "squirtle", "gyarados"]


def test_ending_the_round_while_ahead() -> None:
    state = deal(LOW, HIGH, face_up=["a2 a3 b1 b2", "a2 a3 b1"], pile=["pikachu"], then=["draw"])
    said = why(state, "discard", "swap b3")
    assert said[0].startswith("Turning up your last face-down card would have ended the round while you were ahead")
    assert "against Ken's" in said[0]
    assert why(state, "swap b3", None)[0].startswith("Good: you ended the round while ahead")
    assert "ケン" in joined(state, "discard", "swap b3", "ja")


def test_ending_the_round_while_behind() -> None:
    mine = ["onix", "gyarados", "machamp", "onix", "gengar", "clefairy"]
    his = ["pikachu", "jigglypuff", "squirtle", "bulbasaur", "jigglypuff", "charmander"]
    state = deal(mine, his, face_up=["a2 a3 b1 b2", "a2 a3 b1 b2 b3"], pile=["eevee"], then=["draw"])
    said = why(state, "swap b3", "discard")
    assert any(
        text.startswith("Turning up your last face-down card ended the round while Ken looked lower") for text in said
    )
    assert why(state, "swap b3", None)[0].startswith("Risky: turning up your last face-down card ended the round")
    assert "ケンのほうが低そう" in joined(state, "swap b3", None, "ja")


def test_no_end_of_the_round_with_two_face_down_cards_or_final_turns() -> None:
    two = deal(LOW, HIGH, face_up=["a2 a3 b1", "a2 a3 b1"], pile=["pikachu"], then=["draw"])
    assert "ended the round" not in joined(two, "discard", "swap b3")
    final = deal(LOW, HIGH, face_up=["a2 a3 b1 b2", "a2 a3 b1"], pile=["pikachu"], then=["draw"], final_turns=True)
    assert "ended the round" not in joined(final, "discard", "swap b3")


# ---------------------------------------------------------------------- the special cards


def mew_table(*then: str) -> PaperSafariState:
    mine = ["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"]
    ken = ["gyarados", "onix", "onix", "gengar", "machamp", "machamp"]
    mio = ["pikachu", "onix", "gyarados", "gengar", "clefairy", "charmander"]
    return deal(mine, ken, mio, pile=["mew"], then=["draw", *then])


def test_mew_on_the_opponent_with_the_lowest_card() -> None:
    state = mew_table()
    assert why(state, "mew p1", "mew p2") == [
        "Mew could have taken Mio's Pikachu (-2) at top left, the lowest card in sight."
    ]
    assert why(state, "mew p2", "mew p1") == []
    assert why(state, "mew p1", "mew p2", "ja") == [
        "ミュウで、見えている中で一番低いミオの上段左のピカチュウ（-2）を奪えました。"
    ]


def test_mew_on_the_lowest_card() -> None:
    state = mew_table("mew p2")
    assert why(state, "mew-take b3", "mew-take a1") == [
        "Mew could have taken Mio's Pikachu (-2) at top left, the lowest card in sight."
    ]
    assert why(state, "mew-take a1", None) == ["Good: Mew took Mio's Pikachu (-2), the lowest card in sight."]


def test_charizard_look_not_taken() -> None:
    state = deal(
        ["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["charizard"], then=["draw", "swap a2"]
    )
    assert why(state, "skip", "peek b3") == [
        "Looking at one of your face-down cards (Charizard) costs nothing and tells you what to swap out later."
    ]
    assert why(state, "peek b2", "peek b3") == []
    assert why(state, "peek b3", None, "ja") == ["よい手：これで下段右のカードがわかりました。"]


# ---------------------------------------------------------------------- what the seat knew, and how it is said


def test_the_words_come_from_the_seats_view_only() -> None:
    """Two deals differing only in cards the seat has not seen give the same words."""
    mine = ["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"]
    other_mine = ["onix", "pikachu", "pikachu", "jigglypuff", "squirtle", "squirtle"]
    his = ["gyarados", "eevee", "eevee", "clefairy", "clefairy", "psyduck"]
    other_his = ["gyarados", "charmander", "bulbasaur", "bulbasaur", "charmander", "ditto"]
    first = deal(mine, his, pile=["pikachu"], then=["draw"])
    second = deal(other_mine, other_his, pile=["pikachu"], then=["draw"])
    for played, better in (("swap b3", "swap a1"), ("discard", "swap a1"), ("swap a1", None)):
        for lang in ("en", "ja"):
            assert why(first, played, better, lang) == why(second, played, better, lang)


def test_nothing_to_say_is_said_as_nothing() -> None:
    state = deal(["eevee", "gengar", "psyduck", "eevee", "clefairy", "machamp"], discard="psyduck")
    assert why(state, "draw", None) == []
    assert why(state, "draw", "take discard") == []


def test_no_seat_or_place_is_named_by_its_notation() -> None:
    """Every text the tests of this file make the hook say: names, never ``p1``, ``b2`` or card ids."""
    SAID.clear()
    for name, test in sorted(globals().items()):
        itself = test is test_no_seat_or_place_is_named_by_its_notation
        if name.startswith("test_") and not itself and not inspect.signature(test).parameters:
            test()
    assert len(SAID) > 30
    for lang, text in SAID:
        assert not re.search(r"\bp\d\b|\b[ab][123]\b", text), text
        assert not re.search(r"\b(pikachu|onix|gyarados|team-rocket|mew)\b", text), text
        if lang == "ja":
            assert not re.search(r"[A-Za-z]", text), text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_language_speaks_its_own_words(lang: str) -> None:
    state = deal(["onix", "gengar", "psyduck", "eevee", "clefairy", "machamp"], pile=["pikachu"], then=["draw"])
    english = why(state, "swap b3", "swap a1", "en")
    said = why(state, "swap b3", "swap a1", lang)
    assert len(said) == len(english)
    assert (said == english) == (lang == "en")


@pytest.mark.parametrize("seed", range(4))
def test_every_decision_of_random_games_is_explained_without_failing(seed: int) -> None:
    """Any two legal moves of any seat at any point of real games (specials, reshuffles, round ends)."""
    rng = random.Random(seed)
    state = GAME.new_game(2 + seed % 3, seed=seed)
    decisions = 0
    while not state.is_over and decisions < 400:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        played, better = rng.choice(legal), rng.choice(legal)
        for lang in ("en", "ja"):
            names = (*NAMES[lang], "Aya", "Ben")[: state.players]
            said = explain(
                MoveToExplain(state.observe(seat), played, None if played == better else better, names, lang)
            )
            assert all(isinstance(text, str) and text for text in said)
            for text in said:
                assert not re.search(r"\bp\d\b|\b[ab][123]\b", text), text
        state.apply(played)
        decisions += 1
    assert decisions > 50


def rocket_table() -> PaperSafariState:
    mine = ["onix", "pikachu", "gengar", "gengar", "clefairy", "machamp"]
    return deal(mine, face_up=["a2 b1", ""], pile=["team-rocket"], then=["draw", "coin pikachu"])


def test_team_rocket_on_a_high_card_or_a_low_one() -> None:
    state = rocket_table()
    said = why(state, "rocket a2", "rocket a1")
    assert any(
        text.startswith("Team Rocket at your top left would have thrown away your Onix (10), for a card from the deck")
        for text in said
    )
    assert any(
        text.startswith("Team Rocket threw away your Pikachu (-2) at top middle, one of your best") for text in said
    )
    assert "ロケット団" in joined(state, "rocket a2", "rocket a1", "ja")
    assert why(state, "rocket a1", None) == ["Good: Team Rocket threw away your Onix (10)."]
    assert why(state, "rocket b3", "rocket b2") == []


def test_team_rocket_on_a_pair() -> None:
    state = deal(
        ["onix", "pikachu", "gengar", "onix", "clefairy", "machamp"],
        face_up=["b1", ""],
        pile=["team-rocket"],
        then=["draw", "coin pikachu"],
    )
    assert why(state, "rocket a1", None) == [
        "Risky: Team Rocket threw away your Onix (10) at top left, which made a pair: that column counted 0."
    ]


def test_zapdos_passes_a_high_card_on_or_hands_a_low_one_over() -> None:
    mine = ["onix", "pikachu", "gengar", "gengar", "clefairy", "machamp"]
    state = deal(mine, face_up=["a2", ""], pile=["zapdos"], then=["draw"])
    said = why(state, "swap a2", "swap a1")
    assert "Zapdos on your Onix (10) would have passed it on to Ken." in said
    assert "Zapdos handed your Pikachu (-2) to Ken." in said
    assert "ケン" in joined(state, "swap a2", "swap a1", "ja")
    assert why(state, "swap a1", None) == ["Good: Zapdos passed your Onix (10) on to Ken."]
    # Team Rocket on its Meowth face is swapped in too, but passes nothing on.
    meowth = deal(mine, face_up=["a2", ""], pile=["team-rocket"], then=["draw", "coin meowth"])
    assert "Zapdos" not in joined(meowth, "swap a2", "swap a1")
