"""The terminal screen draws a view: grids, discard, tokens, the drawn card, the pending decision."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari.screen import render

A = ["squirtle", "bulbasaur", "charmander", "psyduck", "eevee", "clefairy"]
B = ["gengar", "machamp", "gyarados", "onix", "jigglypuff", "squirtle"]


def screen(view: dict[str, Any], lang: str) -> str:
    console = Console(width=110, record=True, color_system=None, file=io.StringIO())
    console.print(render(view, lang))
    return console.export_text()


def test_the_screen_shows_the_drawn_card_to_the_drawer_only(ps: Any) -> None:
    state = ps.deal([A, B], discard="onix", pile=["pikachu"], flips=["a1", "a2"])
    ps.play(state, "draw")
    mine = screen(state.view(0), "en")
    assert "You hold" in mine and "Pikachu -2" in mine and "Or discard it." in mine
    theirs = screen(state.view(1), "en")
    assert "Pikachu" not in theirs and "p0 holds a card drawn from the pile" in theirs
    assert "p1 (you)" in theirs and "Machamp 8" in theirs and "Onix 10" in theirs


def test_the_screen_marks_a_peeked_card_as_known_to_the_viewer_only(ps: Any) -> None:
    state = ps.deal([A, B], pile=["charizard"], flips=["a1", "a1"])
    ps.play(state, "draw", "swap a2")
    assert "Charizard: look at one of your face-down cards" in screen(state.view(0), "en")
    ps.play(state, "peek b3")
    assert "(known) Clefairy 6" in screen(state.view(0), "en")
    assert "Clefairy" not in screen(state.view(1), "en")


def test_the_screen_explains_special_cards_and_the_pending_step_in_japanese(ps: Any) -> None:
    state = ps.deal([A, B], pile=["mew"], flips=["a1", "a1"])
    ps.play(state, "draw", "mew p1")
    text = screen(state.view(0), "ja")
    assert "ミュウ：p1のカードを１枚選んでください。" in text
    assert "ミュウ★（必ず発動）" in text and "ゼニガメ" in text
    assert "Squirtle" not in text  # a Japanese screen shows no English (issue 22)
    assert "Squirtle" in screen(state.view(0), "en") and "ゼニガメ" in screen(state.view(0), "en")


def test_the_screen_draws_every_step_and_the_round_table() -> None:
    rng = random.Random(5)
    for players in (2, 5):
        state = GAME.new_game(players, seed=players, tokens_to_win=2)
        steps = set()
        while not state.is_over:
            view = state.view(state.to_move)
            if view["phase"] not in steps:
                steps.add(view["phase"])
                for lang in ("en", "ja"):
                    assert screen(view, lang)
            state.apply(rng.choice(state.legal_actions()))
        final = screen(state.view(None), "en")
        assert "The match is over." in final and "Rounds" in final


def test_the_small_screen_calls_a_round_what_the_rules_call_it_in_japanese(ps: Any) -> None:
    """The seed calls a round 試合 (１試合勝利したプレイヤーが…); the small terminal's table line and the
    round's summary say 第1試合, as the log and the browser do — never ラウンド."""
    from asobiba.games.paper_safari.screen_fit import compact, round_summary

    state = ps.deal([A, B], discard="onix", pile=["pikachu"], flips=["a1", "a2"])
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(compact(state.view(0), "ja"))
    text = console.export_text()
    assert "第1試合" in text and "3勝で優勝" in text and "ラウンド" not in text, text
    rng = random.Random(1)
    for _ in range(2000):  # a round ends long before
        if state.rounds:
            break
        state.apply(rng.choice(state.legal_actions()))
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    summary = round_summary(state.view(0), "ja", 0)
    assert summary is not None
    console.print(summary)
    text = console.export_text()
    assert "第1試合終了" in text and "ラウンド" not in text, text
