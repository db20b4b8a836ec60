"""No English on a Japanese screen, and Japanese lines broken the Japanese way (kinsoku, phrases)
at 80 columns: the card games' screens (Survive's are in test_cli_survive.py)."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from tests.cli.kinsoku import bad_breaks

import asobiba
from asobiba.cli.screens import screen_forms

#: A text cut short: a word ending in "…".
CUT = re.compile(r"\S…")
#: A word of ASCII letters that is not a card code (S3, J1, H12), a player (p2) or a number.
ENGLISH = re.compile(r"\b(?![SCHDJ]\d+\b|p\d\b)[A-Za-z]{2,}\b")


def screens(game: str, options: dict[str, str], seeds: int = 3, steps: int = 120) -> list[str]:
    """p0's screen, full and compact, at 80 columns, through random games."""
    shown = []
    for seed in range(seeds):
        state = asobiba.new_game(game, 3, seed=seed, **options)
        rng = random.Random(seed)
        for step in range(steps):
            if state.is_over:
                break
            if step % 7 == 0:
                for form in screen_forms(state.view(0), "ja"):
                    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
                    console.print(form)
                    shown.append(console.export_text())
            state.apply(rng.choice(state.legal_actions()))
    return shown


@pytest.mark.parametrize(
    ("game", "options"),
    [("cockroach-poker", {"rules": "original"}), ("cockroach-poker", {"rules": "trump"}), ("paper-safari", {})],
    ids=["cp-original", "cp-trump", "paper-safari"],
)
def test_a_japanese_card_game_screen_has_no_english_and_breaks_lines_right(game: str, options: dict[str, str]) -> None:
    for text in screens(game, options):
        assert ENGLISH.findall(text) == [], text
        assert bad_breaks(text) == [], text


def test_the_original_cockroach_poker_hand_names_its_cards_in_japanese() -> None:
    state = asobiba.new_game("cockroach-poker", 3, seed=1, rules="original")
    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    console.print(screen_forms(state.view(0), "ja")[0])
    text = console.export_text()
    hand = state.view(0)["hand"]
    assert not any(card in text for card in hand)
    assert "ゴキブリ" in text or "ネズミ" in text
    assert "#" not in text  # the animals of a kind are alike: no card ids (issue 35)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(
    ("game", "options"),
    [("cockroach-poker", {"rules": "original"}), ("cockroach-poker", {}), ("paper-safari", {}), ("survive", {})],
    ids=["cp-original", "cp-trump", "paper-safari", "survive"],
)
def test_no_screen_text_is_cut_at_80_columns(game: str, options: dict[str, str], lang: str) -> None:
    """Piles, special-card effects, explorers: wrapped, never cut short with "…"."""
    for seed in range(3):
        state = asobiba.new_game(game, 4 if game != "survive" else 3, seed=seed, **options)
        rng = random.Random(seed)
        for step in range(150):
            if state.is_over:
                break
            if step % 9 == 0:
                for form in screen_forms(state.view(0), lang):
                    console = Console(file=io.StringIO(), width=80, color_system=None, record=True)
                    console.print(form)
                    cut = [line for line in console.export_text().splitlines() if CUT.search(line)]
                    assert cut == []
            state.apply(rng.choice(state.legal_actions()))
