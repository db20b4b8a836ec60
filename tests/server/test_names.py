"""A player's name: plain text, 1 to 24 characters after trimming; what nobody can see is refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobiba.server.names import MAX_NAME_LENGTH, InvalidName, clean_name


def test_a_name_is_trimmed_and_its_spaces_made_one() -> None:
    assert clean_name("  Aki \t Tanaka ") == "Aki Tanaka"


def test_markup_in_a_name_is_kept_as_text() -> None:
    assert clean_name("<b>Ken</b>") == "<b>Ken</b>"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "at least one character"),
        ("   ", "at least one character"),
        ("x" * (MAX_NAME_LENGTH + 1), "at most 24 characters, not 25"),
        ("Ken\u202e", "cannot be shown"),
        ("A\x07ki", "cannot be shown"),
        (7, "a text, not int"),
    ],
)
def test_a_name_nobody_could_read_is_refused_saying_why(raw: object, reason: str) -> None:
    with pytest.raises(InvalidName, match=reason) as refused:
        clean_name(raw)
    assert refused.value.code == "invalid_name"
    assert refused.value.translated("ja") != str(refused.value)


@given(st.text(max_size=40))
def test_a_kept_name_is_one_to_24_visible_characters_and_cleaning_it_again_changes_nothing(raw: str) -> None:
    try:
        name = clean_name(raw)
    except InvalidName:
        return
    assert 1 <= len(name) <= MAX_NAME_LENGTH
    assert name == name.strip() and "  " not in name
    assert clean_name(name) == name
