"""The rules pages mark what the seed leaves open (issue 35): a ★ card taken from the discard pile
works like one drawn (the seed: 「★…カードを引いたら必ず発動」, drawing only), and Mew on a face-down
card fills the seed's unfinished sentence 「裏向きのカードを選んだ場合」. The engine's side is tested in
test_ps_specials.py (``test_mew_must_be_used_when_taken_from_the_discard``,
``test_mew_reveals_a_face_down_card_it_takes``)."""

from __future__ import annotations

from asobiba.cli.rules import rules_text


def page(lang: str) -> str:
    text, shown = rules_text("paper-safari", lang)
    assert shown == lang
    return text


def house_rule(lang: str, point: str) -> str:
    """The row of the house-rule table whose first cell is ``point``."""
    row = next((line for line in page(lang).splitlines() if line.startswith(f"| {point} |")), None)
    assert row, f"{lang}: no house rule on {point!r}"
    return row


def paragraph(lang: str, start: str) -> str:
    """The paragraph or list item of the page that starts with ``start``, as one line."""
    text = page(lang)
    begin = text.index(start)
    ends = [end for end in (text.find("\n\n", begin), text.find("\n- ", begin)) if end >= 0]
    return " ".join(text[begin : min(ends)].split())


def test_a_star_card_from_the_discard_pile_is_a_house_rule_in_english() -> None:
    special = paragraph("en", "A special card works when")
    assert "A ★ card taken from the discard pile works and must be used just like one drawn" in special
    assert "*(house rule: the original rulebook says only that a ★ card must be used when you draw it)*" in special
    assert "works and must be used, as one drawn" in house_rule("en", "a ★ card taken from the discard pile")


def test_a_star_card_from_the_discard_pile_is_a_house_rule_in_japanese() -> None:
    special = paragraph("ja", "特殊カードの効果は")
    assert "捨札から取った★のカードも、山札から引いたときと同じく効果が発動し、必ず使います" in special
    assert "（ハウスルール：記事は★のカードを「引いたら必ず発動」とだけ書いています）" in special
    assert "山札から引いたときと同じく効果が発動し、必ず使う" in house_rule("ja", "捨札から取った★のカード")


def test_mew_on_a_face_down_card_is_said_to_complete_the_seeds_unfinished_sentence_in_english() -> None:
    mew = paragraph("en", "- **Mew ★**")
    assert "A face-down card taken this way is turned face up for everybody to see" in mew
    assert (
        '*(house rule: the original rulebook\'s sentence "if you choose a face-down card" breaks off unfinished' in mew
    )
    assert "breaks off unfinished" in house_rule("en", "Mew taking a face-down card")


def test_mew_on_a_face_down_card_is_said_to_complete_the_seeds_unfinished_sentence_in_japanese() -> None:
    mew = paragraph("ja", "- **ミュウ ★**")
    assert "裏向きのカードを奪った場合は、表向きにして全員に見せます" in mew
    assert "（ハウスルール：記事の「裏向きのカードを選んだ場合」という文は途中で終わっていて" in mew
    assert "「裏向きのカードを選んだ場合」という文は途中で終わっている" in house_rule(
        "ja", "ミュウで裏向きのカードを奪う"
    )
