"""A game's options as a menu shows them (``GET /api/games``): labels and help in every language, each
choice's label, and the numbers of players each choice allows.

Everything comes from the game's own declaration (:class:`asobiba.core.options.Option`) and its
catalog; the player counts are found by the game's own option checks
(:meth:`asobiba.core.game.Game.player_counts`), so a menu never offers a setup the game refuses.

>>> entry = option_entries("survive")[0]
>>> entry["label"], [(choice["value"], choice["players"]) for choice in entry["choices"]]
({'en': 'Two colours each', 'ja': '2人で2色ずつ'}, [(False, [2, 3, 4]), (True, [2])])
"""

from __future__ import annotations

from functools import cache
from typing import Any

from asobiba.core.game import Game
from asobiba.core.i18n import LANGUAGES, Catalog
from asobiba.core.jsonable import to_json
from asobiba.core.options import Option
from asobiba.core.registry import get_game

#: The words a menu shows for a yes/no option's two values (core catalog).
BOOLEAN_LABELS = {False: "off", True: "on"}

tr = Catalog("core")


def in_every_language(catalog: Catalog, text: str) -> dict[str, str]:
    """``text`` (English) and its translations, one per language asobiba speaks."""
    return {lang: catalog(text, lang) for lang in LANGUAGES}


def choice_label(game_catalog: Catalog, option: Option, value: Any) -> dict[str, str]:
    """How a menu names one value of ``option``: its declared label, on/off for a yes/no option,
    else the value itself."""
    if value in option.choice_labels:
        return in_every_language(game_catalog, option.choice_labels[value])
    if isinstance(value, bool):
        return {lang: tr(BOOLEAN_LABELS[value], lang) for lang in LANGUAGES}
    return {lang: str(value) for lang in LANGUAGES}


def option_entry(game: Game, option: Option) -> dict[str, Any]:
    """One option as ``GET /api/games`` lists it (see docs/protocol.md)."""
    catalog = Catalog(game.text_domain)
    values = option.menu_values()
    help_text = in_every_language(catalog, option.help or option.doc)
    choices = (
        [
            {
                "value": to_json(value),
                "label": choice_label(catalog, option, value),
                "players": list(game.player_counts(option, value)),
            }
            for value in values
        ]
        if values is not None
        else None
    )
    applies_when = (
        {"option": option.applies_when[0], "value": to_json(option.applies_when[1])}
        if option.applies_when is not None
        else None
    )
    return {
        "name": option.name,
        "default": to_json(option.default),
        "label": in_every_language(catalog, option.label or option.name),
        "help": help_text,
        "doc": in_every_language(catalog, option.doc),
        "choices": choices,
        # A choice-less check (a deck table) takes values a menu does not list: the API still accepts them.
        "other_values": option.choices is None and option.check is not None,
        "bounds": list(option.bounds) if option.bounds is not None else None,
        "applies_when": applies_when,
        "secret": option.secret,
    }


@cache
def option_entries(name: str) -> list[dict[str, Any]]:
    """Every option of the game called ``name`` but its research options (``Option.research``: a research
    variant, not a way to play), in declaration order (computed once per game)."""
    game = get_game(name)
    return [option_entry(game, option) for option in game.options if not option.research]
