"""The lobby's help lines speak a player's words (issue 35): no option names, no option values, no
notation such as 'p0' or a table's field list — in Japanese and in English."""

from __future__ import annotations

import re

import pytest

import asobiba
from asobiba.core.registry import game_names
from asobiba.server.option_menu import option_entry

BUILT_IN = ["cockroach-poker", "paper-safari", "survive"]
#: What a help line must not show: a quoted value, a field list, a seat as p0.
NOTATION = re.compile(r"'[^']*'|\{|\}|\bp\d\b")


def _values(option: asobiba.Option) -> set[str]:
    return {str(value) for value in option.menu_values() or () if not isinstance(value, bool)}


@pytest.mark.parametrize("name", BUILT_IN)
def test_help_lines_name_no_option_and_no_notation(name: str) -> None:
    assert name in game_names()
    game = asobiba.get_game(name)
    names = {option.name for option in game.options}
    for option in game.options:
        help_text = option_entry(game, option)["help"]
        for lang in ("en", "ja"):
            text = help_text[lang]
            assert not NOTATION.search(text), (name, option.name, lang, text)
            assert not any(re.search(rf"\b{re.escape(other)}\b", text) for other in names if "_" in other), text
        # In Japanese a value in Latin letters is an option's word, not the reader's (trump, redirect, pokemon56).
        for value in _values(option):
            assert not re.search(rf"(?<![A-Za-z]){re.escape(value)}(?![A-Za-z])", help_text["ja"]), (
                name,
                option.name,
                value,
                help_text["ja"],
            )


def test_the_doc_line_for_typed_options_is_kept() -> None:
    """``asobiba games`` and the API's ``doc`` keep the typed form (values by name)."""
    game = asobiba.get_game("cockroach-poker")
    rules = next(option for option in game.options if option.name == "rules")
    assert "trump" in option_entry(game, rules)["doc"]["en"]
