"""The explanation hook of Cockroach Poker (``explain.py``): each reason on hand-built positions, in
English and Japanese — said when the seat's view supports it, and not otherwise."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import asobiba
from asobiba.core.explain import MoveToExplain
from asobiba.core.registry import declaration
from asobiba.core.state import Action, State
from asobiba.core.tutorial import TutorialRun
from asobiba.games.cockroach_poker.actions import ANSWER_NO, ANSWER_YES, PEEK, Offer, Pass, Redirect
from asobiba.games.cockroach_poker.explain import explain
from asobiba.games.cockroach_poker.positions import position
from asobiba.games.cockroach_poker.state import CockroachPokerState

NAMES = {"en": ("You", "Ken", "Mio"), "ja": ("あなた", "ケン", "ミオ")}
#: A seat's number, a card's notation or copy number: never in a sentence.
IDS = re.compile(r"\bp[0-9]|#[0-9]|\b[SCHDJ][0-9]{1,2}\b|\b[a-z]+[0-9]\b")


def reasons(state: State[Any, Any], played: Action, better: Action | None, lang: str, seat: int = 0) -> list[str]:
    """The hook's sentences, each checked: no ids, and Japanese words in Japanese."""
    sentences = explain(MoveToExplain(state.observe(seat), played, better, NAMES[lang], lang))
    for sentence in sentences:
        assert not IDS.search(sentence), sentence
        if lang == "ja":
            assert not re.search(r"[A-Za-z]{2,}", sentence), sentence
    return sentences


def said(state: State[Any, Any], played: Action, better: Action | None, seat: int = 0) -> dict[str, str]:
    """Everything said of the decision, per language, as one text."""
    return {lang: " ".join(reasons(state, played, better, lang, seat)) for lang in ("en", "ja")}


def trump(hands: dict[int, list[str]], rows: dict[int, list[str]] | None = None, **kwargs: Any) -> CockroachPokerState:
    return position(3, hands, rows, **kwargs)


def original(
    hands: dict[int, list[str]], rows: dict[int, list[str]] | None = None, **kwargs: Any
) -> CockroachPokerState:
    return position(3, hands, rows, rules="original", **kwargs)


def offered_to_you(
    claim: str, card: str, mine: list[str], rows: dict[int, list[str]] | None = None
) -> CockroachPokerState:
    """Trump: Ken offers you ``card`` claiming ``claim``; your hand is ``mine``."""
    return trump({0: mine, 1: [card, "D13"], 2: ["D12"]}, rows, offerer=1, play=[f"offer p0 {claim} card={card}"])


def test_the_declaration_names_the_hook() -> None:
    assert declaration("cockroach-poker").explain() is explain


# ---------------------------------------------------------------------- the count of the claimed kind


def test_every_copy_in_sight_makes_the_claim_surely_a_lie() -> None:
    spades = [f"S{rank}" for rank in range(1, 10)]
    state = offered_to_you("spades", "C1", spades, rows={2: ["S10", "S11", "S12", "S13"]})
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert words["en"].startswith("You could see all 13 spades yourself, so “spades” was surely a lie.")
    assert words["ja"].startswith(
        "スペードは13枚すべてがあなたの手札か表向きで見えていたので、「スペード」は確実に嘘でした。"
    )
    one_hidden = offered_to_you("spades", "C1", spades, rows={2: ["S10", "S11", "S12"]})
    assert "surely" not in said(one_hidden, ANSWER_YES, ANSWER_NO)["en"]
    assert "12 of the 13 spades" in said(one_hidden, ANSWER_YES, ANSWER_NO)["en"]


def test_a_wild_joker_face_up_is_not_one_of_the_kinds_copies() -> None:
    """A wild joker lies face up counting as spades; the copies of spades in sight are the real ones."""
    spades = [f"S{rank}" for rank in range(1, 13)]
    state = trump(
        {0: spades, 1: ["J1", "C1", "D13"], 2: ["D12"]},
        offerer=1,
        jokers="wild",
        play=["offer p2 spades card=J1", "answer yes", "offer p0 spades card=C1"],
    )
    assert state.view(0)["row_counts"][1]["spades"] == 1
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert words["en"] == "You had seen 12 of the 13 spades, so “spades” was likely a lie."


def test_half_of_the_kind_in_sight_makes_the_claim_likely_a_lie() -> None:
    state = offered_to_you("hearts", "C1", ["H1", "H2", "H3", "H4", "H5"], rows={2: ["H6", "H7"]})
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert words["en"] == "You had seen 7 of the 13 hearts, so “hearts” was likely a lie."
    assert words["ja"] == "ハートは13枚中7枚が見えていたので、「ハート」はおそらく嘘でした。"
    six = offered_to_you("hearts", "C1", ["H1", "H2", "H3", "H4", "H5"], rows={2: ["H6"]})
    assert said(six, ANSWER_YES, ANSWER_NO) == {"en": "", "ja": ""}


def test_few_of_the_kind_in_sight_make_the_claim_possibly_true() -> None:
    state = offered_to_you("clubs", "C1", ["C2", "C3", "H1"], rows={2: ["S1"]})
    words = said(state, ANSWER_NO, ANSWER_YES)
    assert words["en"] == "Only 2 of the 13 clubs had shown up, so “clubs” could well be true."
    assert words["ja"] == "クラブは13枚中2枚しか見えていなかったので、「クラブ」は本当でもおかしくありませんでした。"
    four = offered_to_you("clubs", "C1", ["C2", "C3", "C4", "C5"])
    assert said(four, ANSWER_NO, ANSWER_YES) == {"en": "", "ja": ""}


def test_the_count_is_of_the_seats_own_view_only() -> None:
    """Ken's hand full of clubs is not the receiver's knowledge: it counts none of them."""
    state = trump({0: ["H1"], 1: ["C1", "C2", "C3", "C4", "C5", "C6", "C7"], 2: ["D1"]}, offerer=1)
    state.apply(state.parse_action("offer p0 clubs card=C1"))
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert words["en"] == "None of the 13 clubs had shown up, so “clubs” could well be true."
    assert words["ja"] == "クラブは13枚中1枚も見えていなかったので、「クラブ」は本当でもおかしくありませんでした。"


# ---------------------------------------------------------------------- the risk of the answer


def test_answering_no_risks_the_fourth_of_a_creature() -> None:
    state = original(
        {0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"]},
        rows={0: ["bat2", "bat3", "bat4"]},
        offerer=1,
        play=["offer p0 bat card=bat1"],
    )
    words = said(state, ANSWER_NO, ANSWER_YES)
    assert words["en"].startswith(
        "Answering “false” risked your fourth bat face up: had the claim been true, you would have lost."
    )
    assert words["ja"].startswith(
        "「嘘」と答えると、宣言が本当だった場合に4枚目のコウモリが表向きになり、負けるところでした。"
    )
    two = original(
        {0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"]},
        rows={0: ["bat2", "bat3"]},
        offerer=1,
        play=["offer p0 bat card=bat1"],
    )
    assert "risked" not in said(two, ANSWER_NO, ANSWER_YES)["en"]
    # Wrong after "true", the card is no bat: no risk.
    assert "risked" not in said(state, ANSWER_YES, ANSWER_NO)["en"]


def test_answering_no_risks_the_four_suits_from_the_threshold_on() -> None:
    row = ["S1", "S2", "C1", "C2", "D1"]  # 5 face-up cards, no heart
    state = offered_to_you("hearts", "H9", ["S9"], rows={0: row})
    words = said(state, ANSWER_NO, ANSWER_YES)
    assert (
        "Answering “no” risked the game: had the claim been true, a heart would have completed all four suits "
        "among your 6 face-up cards." in words["en"]
    )
    assert "4種類のマークがそろい" in words["ja"] and "「ノー」" in words["ja"]
    below = offered_to_you("hearts", "H9", ["S9"], rows={0: row[:4]})
    assert "risked" not in said(below, ANSWER_NO, ANSWER_YES)["en"]


def test_answering_no_risks_all_eight_creatures() -> None:
    row = ["cockroach1", "rat1", "bat1", "fly1", "toad1", "spider1", "scorpion1"]
    state = original(
        {0: ["rat2"], 1: ["stinkbug1", "rat3"], 2: ["rat4"]},
        rows={0: row},
        offerer=1,
        play=["offer p0 stinkbug card=stinkbug1"],
    )
    words = said(state, ANSWER_NO, ANSWER_YES)
    assert "a stink bug would have made all eight creatures face up in front of you" in words["en"]
    assert "8種類の生き物がそろい" in words["ja"]
    without = original(
        {0: ["rat2"], 1: ["stinkbug1", "rat3"], 2: ["rat4"]},
        rows={0: row},
        offerer=1,
        play=["offer p0 stinkbug card=stinkbug1"],
        eight_kinds=False,
    )
    assert "eight" not in said(without, ANSWER_NO, ANSWER_YES)["en"]


def test_answering_yes_risks_the_fourth_of_the_one_dangerous_kind() -> None:
    """ "Calling 'true' risked your fourth stink bug face up"."""
    state = original(
        {0: ["rat1"], 1: ["cockroach1", "rat2"], 2: ["rat3"]},
        rows={0: ["stinkbug1", "stinkbug2", "stinkbug3"]},
        offerer=1,
        play=["offer p0 bat card=cockroach1"],
    )
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert words["en"].startswith(
        "Answering “true” risked your fourth stink bug face up: had the claim been a lie, the card could have been one."
    )
    assert words["ja"].startswith(
        "「本当」と答えると、宣言が嘘でカードがカメムシだった場合に4枚目のカメムシが表向きになり"
    )
    # Every other stink bug in sight: the lie cannot be one.
    sure = original(
        {0: ["stinkbug4", "stinkbug5", "stinkbug6", "stinkbug7", "stinkbug8"], 1: ["cockroach1", "rat2"], 2: ["rat3"]},
        rows={0: ["stinkbug1", "stinkbug2", "stinkbug3"]},
        offerer=1,
        play=["offer p0 bat card=cockroach1"],
    )
    assert "risked" not in said(sure, ANSWER_YES, ANSWER_NO)["en"]


def test_answering_yes_names_every_dangerous_kind() -> None:
    state = original(
        {0: ["bat1"], 1: ["cockroach1", "bat2"], 2: ["bat3"]},
        rows={0: ["rat1", "rat2", "rat3", "fly1", "fly2", "fly3"]},
        offerer=1,
        play=["offer p0 toad card=cockroach1"],
    )
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert "a card of rats, flies face up in front of you would have lost it" in words["en"]
    assert "ネズミ、ハエのどれか" in words["ja"]


def test_answering_yes_risks_the_one_suit_a_row_lacks() -> None:
    row = ["S1", "S2", "C1", "C2", "H1"]  # 5 face-up cards, no diamond: a sixth, a diamond, loses
    state = offered_to_you("hearts", "H9", ["S9"], rows={0: row})
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert (
        "Answering “yes” risked the game: had the claim been a lie, the card could have been a diamond, and a "
        "diamond face up in front of you would have lost it." in words["en"]
    )
    assert (
        "「イエス」と答えると、宣言が嘘でカードがダイヤだった場合に、表向きになって負けるところでした。" in words["ja"]
    )
    # Answering "no" risks a heart, which completes nothing.
    assert "risked" not in said(state, ANSWER_NO, ANSWER_YES)["en"]


def test_answering_yes_with_a_losing_row_risks_any_card() -> None:
    row = ["S1", "C1", "H1", "D1", "S2"]  # 5 cards, all four suits: any sixth loses
    state = offered_to_you("hearts", "H9", ["S9"], rows={0: row})
    words = said(state, ANSWER_YES, ANSWER_NO)
    assert "had the claim been a lie, any card face up in front of you would have lost it" in words["en"]
    assert "どのカードが表向きになっても負ける" in words["ja"]


def test_a_move_as_good_as_any_is_explained_by_the_risk_it_avoided() -> None:
    state = original(
        {0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"]},
        rows={0: ["bat2", "bat3", "bat4"]},
        offerer=1,
        play=["offer p0 bat card=bat1"],
    )
    assert "Answering “false” risked your fourth bat" in said(state, ANSWER_YES, None)["en"]


def test_a_move_as_good_as_any_is_explained_first_by_what_speaks_for_it() -> None:
    """A one-line verdict: the first sentence speaks for the move played; a count against it comes last."""
    state = original(
        {0: ["rat1"], 1: ["cockroach1", "rat2"], 2: ["rat3"]},
        rows={0: ["stinkbug1", "stinkbug2", "stinkbug3"], 1: ["bat1", "bat2"], 2: ["bat3", "bat4"]},
        offerer=1,
        play=["offer p0 bat card=cockroach1"],
    )
    count = "You had seen 4 of the 8 bats, so “bat” was likely a lie."
    risk = (
        "Answering “true” risked your fourth stink bug face up: had the claim been a lie, the card could have been one."
    )
    assert reasons(state, ANSWER_NO, None, "en") == [count, risk]
    # "True" as good as any (the coach found no better): its risk first, the count against it last.
    assert reasons(state, ANSWER_YES, None, "en") == [risk, count]
    assert reasons(state, ANSWER_YES, ANSWER_NO, "en") == [risk, count]
    # "True" with three bats of your own face up: what it avoided first, the count against it last.
    bats = original(
        {0: ["bat4"], 1: ["cockroach1", "rat2"], 2: ["rat3"]},
        rows={0: ["bat1", "bat2", "bat3"]},
        offerer=1,
        play=["offer p0 bat card=cockroach1"],
    )
    assert reasons(bats, ANSWER_YES, None, "en") == [
        "Answering “false” risked your fourth bat face up: had the claim been true, you would have lost.",
        count,
    ]


# ---------------------------------------------------------------------- jokers and passing on


def test_a_joker_could_have_made_another_player_answer() -> None:
    state = offered_to_you("hearts", "H9", ["J1", "S9"])
    assert "Your joker could have made Mio answer instead, taking the risk off you." in reasons(
        state, ANSWER_YES, Redirect(2), "en"
    )
    assert "ジョーカーを使えば、あなたの代わりにミオに答えさせて危険を避けられました。" in reasons(
        state, ANSWER_YES, Redirect(2), "ja"
    )
    assert "joker" not in said(state, ANSWER_YES, ANSWER_NO)["en"]


def test_a_joker_used_on_a_sure_lie_could_have_been_kept() -> None:
    spades = [f"S{rank}" for rank in range(1, 14)]
    state = offered_to_you("spades", "C1", ["J1", *spades])
    words = said(state, Redirect(2), ANSWER_NO)["en"]
    assert words.startswith("You could see all 13 spades yourself")
    assert "Answering yourself would have kept your joker for a more dangerous claim." in words
    assert said(state, Redirect(2), None)["en"].endswith("Your joker made Mio answer instead, taking the risk off you.")


def test_passing_the_card_on_spares_a_guess_and_costs_a_claim() -> None:
    state = original({0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"]}, offerer=1, play=["offer p0 bat card=bat1"])
    assert "would have spared you the guess" in said(state, ANSWER_YES, PEEK)["en"]
    assert "当て推量" in said(state, ANSWER_YES, PEEK)["ja"]
    assert "if the next player judges it right, the card comes face up to you" in said(state, PEEK, ANSWER_NO)["en"]
    assert "spared" not in said(state, ANSWER_YES, ANSWER_NO)["en"]


# ---------------------------------------------------------------------- a card given


def test_a_card_that_would_lose_you_the_game_coming_back() -> None:
    state = original({0: ["bat1", "rat1"], 1: ["rat2"], 2: ["rat3"]}, rows={0: ["bat2", "bat3", "bat4"]})
    words = said(state, Offer(1, "rat", "bat1"), Offer(1, "bat", "rat1"))
    assert words["en"].startswith(
        "If Ken judged right, the bat would come back face up in front of you, and you would lose."
    )
    assert words["ja"].startswith(
        "ケンが正しく判断すると、コウモリがあなたの前に表向きで戻り、あなたの負けになるところでした。"
    )
    assert "come back" not in said(state, Offer(1, "bat", "rat1"), None)["en"]


def test_a_receiver_whom_the_card_would_make_lose() -> None:
    state = original(
        {0: ["stinkbug1", "rat1"], 1: ["rat2"], 2: ["rat3"]}, rows={2: ["stinkbug2", "stinkbug3", "stinkbug4"]}
    )
    better = Offer(2, "rat", "stinkbug1")
    words = said(state, Offer(1, "rat", "stinkbug1"), better)
    assert words["en"] == "Mio would lose with the stink bug face up: a wrong answer from Mio would end the game."
    assert words["ja"] == "カメムシが表向きになればミオの負けです。ミオが判断を誤れば、ゲームが終わるところでした。"
    # Played to her: the same reason says why the move was good.
    assert "Mio would lose" in said(state, better, None)["en"]
    # A rat would not make her lose; she is only closer to losing than Ken.
    assert said(state, Offer(1, "bat", "rat1"), Offer(2, "bat", "rat1"))["en"] == "Mio was closer to losing than Ken."


def test_a_receiver_closer_to_losing() -> None:
    hands = {0: ["S9", "D9"], 1: ["H9"], 2: ["H10"]}
    state = trump(hands, rows={2: ["S1", "C1", "H1", "S2", "C2"]})  # a diamond would be her sixth, with 4 suits
    words = said(state, Offer(1, "spades", "D9"), Offer(2, "spades", "D9"))
    assert words["en"] == "Mio would lose with the 9 of diamonds face up: a wrong answer from Mio would end the game."
    assert words["ja"] == "ダイヤの9が表向きになればミオの負けです。ミオが判断を誤れば、ゲームが終わるところでした。"
    words = said(state, Offer(1, "spades", "S9"), Offer(2, "spades", "S9"))
    assert words["en"] == "Mio was closer to losing than Ken."
    assert words["ja"] == "ミオのほうがケンより負けに近い状態でした。"
    # Nobody closer: nothing said of the receiver.
    even = trump(hands, rows={1: ["S3", "C3", "H3", "S4", "C4"], 2: ["S1", "C1", "H1", "S2", "C2"]})
    assert said(even, Offer(1, "spades", "S9"), Offer(2, "spades", "S9"))["en"] == ""


def test_a_joker_given_away_face_down() -> None:
    state = trump({0: ["J1", "S9"], 1: ["D9"], 2: ["D10"]})
    words = said(state, Offer(1, "hearts", "J1"), Offer(1, "hearts", "S9"))
    assert "Offered face down, your joker was a lie whatever you claimed" in words["en"]
    assert "裏向きで出したジョーカー" in words["ja"]
    assert "joker" not in said(state, Offer(1, "hearts", "S9"), None)["en"]
    wild = trump({0: ["J1", "S9"], 1: ["D9"], 2: ["D10"]}, jokers="wild")
    assert "joker" not in said(wild, Offer(1, "hearts", "J1"), None)["en"]


def test_a_claim_of_a_kind_mostly_face_up_sounds_like_a_lie() -> None:
    rows = {1: ["H1", "H2", "H3", "H4"], 2: ["H5", "H6", "H7"]}
    state = trump({0: ["H9", "S9"], 1: ["D9"], 2: ["D10"]}, rows)
    words = said(state, Offer(1, "hearts", "H9"), None)
    assert words["en"] == "7 of the 13 hearts already lay face up, so a claim of “hearts” sounded like a lie."
    assert words["ja"] == "ハートは13枚中7枚がすでに表向きだったので、「ハート」という宣言は嘘に聞こえました。"
    fewer = trump({0: ["H9", "S9"], 1: ["D9"], 2: ["D10"]}, {1: ["H1", "H2", "H3"], 2: ["H5", "H6", "H7"]})
    assert said(fewer, Offer(1, "hearts", "H9"), None)["en"] == ""


def test_a_pass_is_explained_from_the_card_looked_at() -> None:
    state = original(
        {0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"]},
        rows={0: ["bat2", "bat3", "bat4"]},
        offerer=1,
        play=["offer p0 rat card=bat1", "peek"],
    )
    words = said(state, Pass(2, "rat"), None)
    assert words["en"].startswith(
        "If Mio judged right, the bat would come back face up in front of you, and you would lose."
    )
    assert words["en"].endswith("Mio could not pass the card on — everybody else had seen it — and had to judge it.")
    assert words["ja"].endswith("ほかの全員がカードを見ていたので、ミオは回せず、判断するしかありませんでした。")


def test_a_pass_to_a_player_who_may_pass_it_on_again() -> None:
    state = position(
        4,
        {0: ["rat1"], 1: ["bat1", "rat2"], 2: ["rat3"], 3: ["rat4"]},
        rules="original",
        offerer=1,
        play=["offer p0 rat card=bat1", "peek"],
    )
    names = {"en": ("You", "Ken", "Mio", "Aki"), "ja": ("あなた", "ケン", "ミオ", "アキ")}
    for lang in ("en", "ja"):
        sentences = explain(MoveToExplain(state.observe(0), Pass(2, "rat"), None, names[lang], lang))
        assert not any("pass the card on" in sentence or "回せず" in sentence for sentence in sentences)


# ---------------------------------------------------------------------- the tutorials' counts, and no ids


@pytest.mark.parametrize(
    ("name", "step", "expected"),
    [
        ("trump", 10, "You had seen 7 of the 13 diamonds, so “diamonds” was likely a lie."),
        ("trump", 14, "Only 2 of the 13 clubs had shown up, so “clubs” could well be true."),
        ("original", 7, "Only 1 of the 8 stink bugs had shown up, so “stink bug” could well be true."),
        ("original", 11, "You had seen 5 of the 8 scorpions, so “scorpion” was likely a lie."),
    ],
)
def test_the_hook_agrees_with_the_tutorials_teacher(name: str, step: int, expected: str) -> None:
    tutorial = next(found for found in declaration("cockroach-poker").tutorials() if found.name == name)
    run = TutorialRun(tutorial, step)
    assert run.step is not None
    played = run.state.parse_action(run.step.do[0])
    assert expected in reasons(run.state, played, None, "en")


@pytest.mark.parametrize("rules", ["trump", "original"])
def test_every_decision_of_whole_games_is_explained_without_ids(rules: str) -> None:
    """Random games, every decision of every seat against another legal move: the hook never fails, and
    no sentence names a seat by its number or a card by its notation."""
    rng = random.Random(7)
    heard = 0
    for seed in range(6):
        state = asobiba.new_game("cockroach-poker", players=4, seed=seed, rules=rules)
        names = {"en": ("You", "Ken", "Mio", "Aki"), "ja": ("あなた", "ケン", "ミオ", "アキ")}
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = list(state.legal_actions())
            played = rng.choice(legal)
            better = rng.choice([*legal, None])
            for lang in ("en", "ja"):
                decision = MoveToExplain(state.observe(seat), played, better, names[lang], lang)
                for sentence in explain(decision):
                    heard += 1
                    assert not IDS.search(sentence), sentence
            state.apply(played)
    assert heard > 50
