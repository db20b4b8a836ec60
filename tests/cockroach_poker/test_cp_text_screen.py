"""Cockroach Poker in words (en/ja) and on the terminal screen."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

import asobiba
from asobiba.games.cockroach_poker import GAME
from asobiba.games.cockroach_poker.actions import ANSWER_NO, ANSWER_YES, PEEK, Deal, Offer, Pass, Redirect
from asobiba.games.cockroach_poker.screen import render
from asobiba.games.cockroach_poker.text import card_name, kind_name

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_suit_and_creature_names_in_both_languages() -> None:
    assert [kind_name(kind, "ja") for kind in ("spades", "clubs", "hearts", "diamonds", "joker")] == [
        "スペード",
        "クラブ",
        "ハート",
        "ダイヤ",
        "ジョーカー",
    ]
    creatures = ("cockroach", "rat", "bat", "fly", "toad", "spider", "scorpion", "stinkbug")
    assert [kind_name(kind, "ja") for kind in creatures] == [
        "ゴキブリ",
        "ネズミ",
        "コウモリ",
        "ハエ",
        "カエル",
        "クモ",
        "サソリ",
        "カメムシ",
    ]
    assert kind_name("stinkbug", "en") == "stink bug"


def test_card_names_in_both_languages() -> None:
    assert card_name("S1", "en") == "A of spades" and card_name("D10", "ja") == "ダイヤの10"
    assert card_name("J2", "en") == "joker 2" and card_name("J2", "ja") == "ジョーカー2"
    assert card_name("bat3", "en") == "bat#3" and card_name("bat3", "ja") == "コウモリ#3"


@pytest.mark.parametrize(
    "action",
    [Offer(2, "hearts", "H7"), ANSWER_YES, ANSWER_NO, Redirect(3), PEEK, Pass(4, "bat"), Deal(("S1",), 1)],
)
def test_every_action_is_described_in_english_and_japanese(action: asobiba.Action) -> None:
    english, japanese = GAME.describe_action(action, "en"), GAME.describe_action(action, "ja")
    assert english and "{" not in english
    assert JAPANESE.search(japanese) and "{" not in japanese


def test_every_event_is_described_in_both_languages_in_every_form() -> None:
    for options in ({"players": 4}, {"players": 4, "rules": "original"}, {"players": 5, "jokers": "wild"}):
        for seed in range(5):
            state = asobiba.new_game("cockroach-poker", seed=seed, chance="scripted", **options)
            rng = random.Random(seed)
            events = state.resolve_chance()
            while True:
                for player in (None, *range(state.players)):
                    for event in state.events_for(events, player):
                        english = GAME.describe_event(event, "en")
                        japanese = GAME.describe_event(event, "ja")
                        assert english and "{" not in english and not english.startswith(type(event).__name__)
                        assert JAPANESE.search(japanese) and "{" not in japanese
                if state.is_over:
                    break
                events = state.apply(rng.choice(state.legal_actions()))
                events += state.resolve_chance()


def text_of(view: dict[str, object], lang: str) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view, lang))
    return console.export_text()


def test_the_screen_draws_any_view_in_both_languages() -> None:
    for options in ({"players": 3}, {"players": 5, "rules": "original"}, {"players": 4, "jokers": "wild"}):
        state = asobiba.new_game("cockroach-poker", seed=4, **options)
        rng = random.Random(4)
        step = 0
        while True:
            viewers = (None, *range(state.players)) if state.is_over else (step % (state.players + 1) - 1,)
            for player in viewers:
                text_of(state.view(None if player == -1 else player), "en" if step % 2 else "ja")
            step += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert "Game over" in text_of(state.view(0), "en") and "ゲーム終了" in text_of(state.view(0), "ja")


def test_the_screen_shows_the_claim_in_play_its_chain_and_who_has_seen_it() -> None:
    state = asobiba.new_game("cockroach-poker", players=4, seed=7, first_player=0, card_order=["S1", "J1", "H1", "H2"])
    state.apply(state.parse_action("offer p1 hearts card=S1"))
    state.apply(state.parse_action("redirect p2"))
    mine = text_of(state.view(0), "en")
    assert "p0 (you) claims to p2: “It is hearts”" in mine
    assert "discards joker 1: p2 must answer" in mine
    assert "Seen by: p0 (you)" in mine and "A of spades" in mine
    theirs = text_of(state.view(2), "en")
    assert "The card: face down" in theirs and "A of spades" not in theirs
    assert "Joker heap: J1" in theirs
    japanese = text_of(state.view(2), "ja")
    assert "「これはハートです」" in japanese and "あなたの手札" in japanese


def test_the_screen_groups_the_hand_and_rows_by_kind_and_marks_danger() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=7, first_player=0, card_order=["H1", "C1", "S1"])
    screen = text_of(state.view(0), "en")
    assert re.search(r"♥hearts ×\d+: .*H1", screen)
    spectator = text_of(state.view(None), "en")
    assert "Spectator: no hand" in spectator
