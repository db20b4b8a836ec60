"""A game's options and their values in the words of its terminal screen (``rules`` -> ルールの種類,
``original`` -> ``original（本家版）``), and those words read back; a game without them shows its names."""

from __future__ import annotations

from typing import Any

from asobiba.cli.common import tr
from asobiba.cli.screens import terminal_screen
from asobiba.core.game import Game
from asobiba.core.options import Option


def option_label(game: Game, option: Option, lang: str) -> str:
    """The option's name in ``lang`` as the game's terminal screen words it (its key if the
    screen has no words for it): ``rules`` -> ルールの種類."""
    return terminal_screen(game.name).option_label(option.name, lang) or option.name


def value_text(game: Game, option: Option, value: Any, lang: str) -> str:
    """A value of ``option`` as a person reads it: ``自動`` for the automatic default, yes / no,
    a choice with its words (``original（本家版）``)."""
    if value is None:
        return tr("automatic", lang)
    if isinstance(value, bool):
        return tr("yes", lang) if value else tr("no", lang)
    words = terminal_screen(game.name).value_label(option.name, value, lang)
    if not words:
        return str(value)
    return tr("{value} ({words})", lang, value=value, words=words)


def typed_value(game: Game, option: Option, text: str, lang: str) -> str:
    """What was typed for ``option``, with a choice's words or yes / no in ``lang`` read as the
    value they name (``本家版`` -> ``original``, ``はい`` -> ``true``)."""
    if isinstance(option.default, bool):
        for flag in (True, False):
            if text.casefold() == value_text(game, option, flag, lang).casefold():
                return "true" if flag else "false"
    for choice in option.choices or ():
        shown = value_text(game, option, choice, lang)
        words = shown.removeprefix(str(choice)).strip(" ()（）")
        if words and text.casefold() == words.casefold():
            return str(choice)
    return text
