"""Retaliation in the `trump` rules (issue 35), the seed's sentence 「「出題者」は同じ相手に続けて攻撃
できないものとする。ただし、カードを押しつけられた後、その相手にやり返すことはできる。」: "that
opponent" is the one player who pushed the card on you — who handed it to you: its offerer, or the
player whose joker sent it on to you, never the offerer of a card a joker redirected (he had targeted
somebody else). The engine and both rules pages say exactly this."""

from __future__ import annotations

import re

import pytest

import asobiba
from asobiba import IllegalAction
from asobiba.cli.rules import rules_text
from asobiba.games.cockroach_poker.actions import Offer
from asobiba.games.cockroach_poker.positions import position


def play(state: asobiba.State, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))


def offer_targets(state: asobiba.State) -> set[int]:
    return {action.target for action in state.legal_actions() if isinstance(action, Offer)}


# ---------------------------------------------------------------------------------------- the engine


def test_the_offerer_who_pushed_the_card_on_you_may_be_hit_back_though_you_targeted_him_last() -> None:
    # p1 -> p0 first (p0 takes it); p0 -> p1 (p1 takes it); p1 -> p0, p0 takes it: p0 targeted p1
    # with his own preceding offer, and p1 pushed this card on him.
    state = position(4, {0: ["H1", "H2", "S1"], 1: ["C1", "C2", "C3"]}, offerer=1)
    play(state, "offer p0 clubs card=C1", "answer no", "offer p1 hearts card=H1", "answer no")
    play(state, "offer p0 clubs card=C2", "answer no")
    assert state.to_move == 0 and state.view()["last_target"][0] == 1 and state.view()["pushed_by"] == 1
    assert offer_targets(state) == {1, 2, 3}
    assert state.view(0)["pending"]["barred"] is None


def test_a_redirected_card_lets_you_hit_back_at_the_redirector_not_at_its_offerer() -> None:
    # p3 targeted p0 with his preceding offer; then p0 -> p1, p1's joker sends it to p3, who takes
    # it. p1 pushed it on p3: p1 is open to him; p0 targeted p1, not p3, and stays barred.
    state = position(4, {0: ["H1", "H2", "S1"], 1: ["J1", "C1", "C2"], 3: ["D1", "D2", "D3"]}, offerer=3)
    play(state, "offer p0 diamonds card=D1", "answer no")  # p0 takes D1 and offers next
    play(state, "offer p1 hearts card=H1", "redirect p3", "answer no")  # p3 takes H1
    assert state.to_move == 3 and state.view()["last_target"][3] == 0 and state.view()["pushed_by"] == 1
    assert offer_targets(state) == {1, 2}
    assert state.view(3)["pending"]["barred"] == 0
    with pytest.raises(IllegalAction, match="twice in a row"):
        state.apply(state.parse_action("offer p0 diamonds card=D2"))


def test_after_two_redirects_only_the_last_redirector_pushed_the_card_on_you() -> None:
    # p3 targeted p1; then p0 -> p1, p1 redirects to p2, p2 redirects to p3, who takes it: p2
    # pushed it on him, so p1 (who only passed it to p2) stays barred.
    hands = {0: ["H1", "H2", "S1"], 1: ["J1", "C1", "C2"], 2: ["J2", "S2", "S3"], 3: ["D1", "D2", "D3"]}
    state = position(4, hands, offerer=3)
    play(state, "offer p1 diamonds card=D1", "answer no")  # p1 takes D1 and offers next
    play(state, "offer p0 clubs card=C1", "answer no")  # p0 takes C1 and offers next
    play(state, "offer p1 hearts card=H1", "redirect p2", "redirect p3", "answer no")  # p3 takes H1
    assert state.to_move == 3 and state.view()["last_target"][3] == 1 and state.view()["pushed_by"] == 2
    assert offer_targets(state) == {0, 2}


def test_a_card_sent_back_by_a_right_answer_was_pushed_on_its_offerer_by_nobody() -> None:
    # p0 -> p1 and p1 answers right: the card is back in p0's row, and p0 may not target p1 again.
    state = position(4, {0: ["H1", "H2", "S1"]})
    play(state, "offer p1 hearts card=H1", "answer yes")
    assert state.to_move == 0 and state.view()["pushed_by"] is None
    assert offer_targets(state) == {2, 3}


def test_a_redirected_card_answered_right_goes_back_to_its_offerer_with_no_right_to_retaliate() -> None:
    # p0 -> p1, p1's joker sends it to p2, who answers right: it goes to p0, and p1 stays barred.
    state = position(4, {0: ["H1", "H2", "S1"], 1: ["J1", "C1", "C2"]})
    play(state, "offer p1 hearts card=H1", "redirect p2", "answer yes")
    assert state.to_move == 0 and state.view()["pushed_by"] is None
    assert offer_targets(state) == {2, 3}


# ---------------------------------------------------------------------------------------- the pages


def retaliation_rule(lang: str) -> str:
    """The retaliation bullet of "A round" 1 of the `trump` rules, as one line."""
    text, _ = rules_text("cockroach-poker", lang)
    start = "- **Retaliation" if lang == "en" else "- **ただし、やり返す"
    found = re.search(re.escape(start) + r".*?(?=\n   - |\n\d\. )", text, re.DOTALL)
    assert found, f"{lang}: no retaliation rule"
    return " ".join(found.group(0).split())


def retaliation_house_rule(lang: str) -> str:
    text, _ = rules_text("cockroach-poker", lang)
    start = "| `trump`: retaliation |" if lang == "en" else "| `trump`：やり返し |"
    line = next((line for line in text.splitlines() if line.startswith(start)), None)
    assert line, f"{lang}: no house rule on retaliation"
    return line


def test_the_english_page_says_the_redirector_not_the_offerer_of_a_redirected_card_may_be_hit_back() -> None:
    rule = retaliation_rule("en")
    assert "the one player who handed the card to you" in rule
    assert "the player whose joker did — **not** the card's offerer" in rule
    assert "the one who offered it, or the player whose joker sent it to you" not in rule
    assert "the player whose joker did (not the offerer)" in retaliation_house_rule("en")


def test_the_japanese_page_says_the_redirector_not_the_offerer_of_a_redirected_card_may_be_hit_back() -> None:
    rule = retaliation_rule("ja")
    assert "そのカードを自分に渡した1人" in rule
    assert "ジョーカーを使って回してきた人" in rule
    assert "その場合の出題者はやり返しの相手**ではありません**" in rule
    assert "そのカードを出題した人、またはジョーカーで自分に回してきた人" not in rule
    assert "ジョーカーで回してきた人（出題者ではない）" in retaliation_house_rule("ja")
