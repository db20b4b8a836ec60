"""The parts of the command: choosing from long lists, reading options and bots, the screens."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

import asobiba
from asobiba.cli.chooser import FLAT_LIMIT, Choice, filter_choices, group_choices
from asobiba.cli.common import (
    UserError,
    coerce_option,
    detect_language,
    parse_options,
    seat_bots,
    split_bot_specs,
)
from asobiba.cli.screens import render_view, view_tree
from asobiba.core import Action, Option

GAMES = asobiba.game_names()


def choices(*notations: str) -> list[Choice]:
    return [Choice(Action(), notation, f"label of {notation}") for notation in notations]


def printed(renderable: object, width: int = 100) -> str:
    screen = io.StringIO()
    Console(file=screen, width=width, color_system=None).print(renderable)
    return screen.getvalue()


# ---------------------------------------------------------------------------------------- long lists


def test_a_short_list_is_shown_whole() -> None:
    assert group_choices(choices(*(f"answer {n}" for n in range(FLAT_LIMIT)))) is None


def test_an_offer_is_chosen_card_first_then_from_a_short_list() -> None:
    offers = choices(
        *(
            f"offer p{t} {c} card={k}"
            for t in (1, 2, 3)
            for c in ("spades", "clubs", "hearts", "diamonds")
            for k in "ABCDE"
        )
    )
    groups = group_choices(offers)
    assert groups is not None
    assert [group.key for group in groups] == [f"offer … card={card}" for card in "ABCDE"]
    assert all(len(group.choices) == 12 <= FLAT_LIMIT for group in groups)


def test_when_no_word_splits_the_list_the_heads_of_words_do() -> None:
    places = choices(*(f"place r{row}c{column}" for row in range(1, 6) for column in range(1, 6)))
    groups = group_choices(places)
    assert groups is not None
    assert [group.key for group in groups] == [f"place … r{row}…" for row in range(1, 6)]


def test_different_kinds_of_move_are_grouped_by_their_first_word() -> None:
    moves = choices(*(f"move e{n} r1c{n}" for n in range(20)), "end turn", "play tile=dolphin")
    groups = group_choices(moves)
    assert groups is not None
    assert [(group.key, len(group.choices)) for group in groups] == [("move", 20), ("end", 1), ("play", 1)]


def test_a_filter_word_that_is_a_notation_word_matches_exactly() -> None:
    cards = choices("offer p1 hearts card=H1", "offer p1 hearts card=H12", "offer p2 spades card=H1")
    assert [choice.notation for choice in filter_choices(cards, "H1")] == [
        "offer p1 hearts card=H1",
        "offer p2 spades card=H1",
    ]
    assert [choice.notation for choice in filter_choices(cards, "h1 P2")] == ["offer p2 spades card=H1"]


def test_other_filter_words_match_anywhere_in_the_notation_or_the_description() -> None:
    cards = [Choice(Action(), "offer p1 hearts card=H1", "p1にハートのAを渡す"), *choices("answer yes")]
    assert len(filter_choices(cards, "hear")) == 1
    assert len(filter_choices(cards, "ハート")) == 1
    assert filter_choices(cards, "nothing-like-this") == []


# ---------------------------------------------------------------------------------------- command line


@pytest.mark.parametrize(
    ("explicit", "environment", "expected"),
    [
        (None, {"LANG": "ja_JP.UTF-8"}, "ja"),
        (None, {"LANG": "en_GB.UTF-8"}, "en"),
        (None, {}, "en"),
        (None, {"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
        ("EN", {"LANG": "ja_JP.UTF-8"}, "en"),
        ("ja", {}, "ja"),
    ],
)
def test_the_language_comes_from_the_flag_then_the_locale(
    explicit: str | None, environment: dict[str, str], expected: str
) -> None:
    assert detect_language(explicit, environment) == expected


def test_an_unknown_language_is_a_user_error() -> None:
    with pytest.raises(UserError, match="'fr'"):
        detect_language("fr", {})


def test_bot_specs_keep_their_parameters() -> None:
    assert split_bot_specs("hard, ismcts:iterations=50,rollout=random, random") == [
        "hard",
        "ismcts:iterations=50,rollout=random",
        "random",
    ]
    assert split_bot_specs(None) == []


def test_bots_fill_every_seat_but_the_humans() -> None:
    assert seat_bots(["hard", "easy"], 4, 1, "en") == {0: "hard", 2: "easy", 3: "easy"}
    with pytest.raises(UserError):
        seat_bots(["a", "b", "c"], 3, 0, "en")


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        (Option("rules", "trump", "", choices=("trump", "original")), "Original", "original"),
        (Option("threshold", 6, "", choices=(5, 6, 7)), "7", 7),
        (Option("tokens", 3, "", bounds=(1, 10)), "4", 4),
        (Option("final_turns", False, "", check=bool), "yes", True),
        (Option("final_turns", False, "", check=bool), "off", False),
        (Option("first_player", None, ""), "auto", None),
        (Option("first_player", None, ""), "p2", "p2"),
    ],
)
def test_option_texts_are_read_as_the_options_type(option: Option, text: str, value: object) -> None:
    assert coerce_option(option, text) == value


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_and_malformed_pairs_are_refused(game: str) -> None:
    rules = asobiba.get_game(game)
    with pytest.raises(asobiba.InvalidOption, match="nonsense"):
        parse_options(rules, ["nonsense=1"], "en")
    with pytest.raises(UserError, match="key=value"):
        parse_options(rules, ["nonsense"], "en")
    for option in rules.options:
        if option.choices:
            assert parse_options(rules, [f"{option.name}={option.choices[-1]}"], "en") == {
                option.name: option.choices[-1]
            }


# ---------------------------------------------------------------------------------------- screens


def test_a_game_without_a_screen_is_shown_as_the_generic_table_and_a_failing_screen_as_a_tree() -> None:
    view = {"game": "no-screen-game", "players": 2, "viewer": 1, "to_move": 0, "hand": ["H7"], "rows": [[], ["S3"]]}
    text = printed(render_view(view, "en"))
    assert "Players" in text and "p1 (you)" in text and "rows" in text and "S3" in text  # per player
    assert "hand" in text and "H7" in text  # a panel of its own
    tree = printed(view_tree({**view, "viewer": None}))
    assert tree.startswith("no-screen-game (spectator)") and "hand: H7" in tree and "1: S3" in tree


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_games_screen_draws_every_view_of_a_random_game(game: str, lang: str) -> None:
    from asobiba.cli.common import player_range

    state = asobiba.new_game(game, player_range(asobiba.get_game(game), {})[0], seed=11)
    rng = random.Random(11)
    step = 0
    while True:
        if step % 7 == 0 or state.is_over:
            for viewer in [None, *range(state.players)]:
                view = json.loads(json.dumps(state.view(viewer)))  # exactly what a client receives
                assert printed(render_view(view, lang)).strip()
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1
