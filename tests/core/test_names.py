"""Players by their names: a seat named "You" (a tutorial's learner, the terminal's player) read in the
second person, as the browser's ``second_person.js`` reads it (tests/js/table_words.test.mjs: the same cases)."""

from __future__ import annotations

import pytest

from asobiba.core.names import base_form, with_names

TUTORIAL = ("You", "Ken", "Mio")


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("p0 answers: “No, it is not spades”", "You answer: “No, it is not spades”"),
        ("p1 offers p0 a card face down: “It is clubs”", "Ken offers you a card face down: “It is clubs”"),
        ("p0 passes the card to p2: “It is bat”", "You pass the card to Mio: “It is bat”"),
        ("p0 discards joker 1 and makes p1 answer", "You discard joker 1 and make Ken answer"),
        ("p0 exchanges his top middle and bottom right cards", "You exchange your top middle and bottom right cards"),
        ("p0's red explorer worth 5 walks from r3c4 to r3c5.", "Your red explorer worth 5 walks from r3c4 to r3c5."),
        ("Zapdos: Pikachu passes from p2 to p0's top left", "Zapdos: Pikachu passes from Mio to your top left"),
        ("Pikachu of p0 goes to the discard pile", "Pikachu of yours goes to the discard pile"),
        (
            "Round 1 scores: p0 -3, p1 27; p0 takes a Poké Ball token",
            "Round 1 scores: You -3, Ken 27; you take a Poké Ball token",
        ),
        ("Turn 2: p0 to play.", "Turn 2: You to play."),
        ("p0 is the first player.", "You are the first player."),
        ("p0 carries the day", "You carry the day"),
        ("p1 answers: “Yes”", "Ken answers: “Yes”"),
    ],
)
def test_a_seat_named_you_is_read_in_the_second_person(text: str, read: str) -> None:
    assert with_names(text, TUTORIAL) == read


def test_other_names_and_languages_are_left_as_they_are() -> None:
    assert with_names("p0 answers", ("Aki", "Ken")) == "Aki answers"
    assert with_names("p0が答えた", ("あなた", "ケン")) == "あなたが答えた"
    assert [base_form(verb) for verb in ("wins", "watches", "has", "pass")] == ["win", "watch", "have", "pass"]
