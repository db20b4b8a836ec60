"""The cards of Paper Safari (Pokémon edition): the deck is a table, not code.

Every card kind has an id (used in the notation, e.g. ``deal onix pikachu …``), a value (``None``
for Ditto, whose value is decided at scoring), its Japanese and English names, how many copies
the deck holds and which effect it carries. ``pokemon56`` is the default deck of the rules page
(a reconstruction: the exact list of the edition is not public).

>>> deck = deck_from_option("pokemon56")
>>> deck.size, deck.kind("pikachu").value, deck.kind("mew").star
(56, -2, True)
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, ClassVar, get_args

from asobiba.core.errors import InvalidOption
from asobiba.core.i18n import Term
from asobiba.games.paper_safari.view import CardLine, EffectName


class Effect(enum.StrEnum):
    """What a card does when a player brings it into play from the pile or the discard."""

    NONE = "none"
    CHARIZARD = "charizard"  # peek at one of your own face-down cards
    SNORLAX = "snorlax"  # exchange the positions of two of your cards
    DITTO = "ditto"  # at scoring: the value of a neighbour in the row
    MEW = "mew"  # ★ swap with any card of an opponent
    ZAPDOS = "zapdos"  # ★ the displaced card passes left at the same position
    TEAM_ROCKET = "team-rocket"  # ★ coin: Pikachu face discards a position everywhere; Meowth face swaps


_EFFECT_NAMES = frozenset(effect.value for effect in Effect)
#: An effect's name as views type it (the same names: checked at import).
_EFFECT_VIEW_NAMES: dict[str, EffectName] = {name: name for name in get_args(EffectName)}
if set(_EFFECT_VIEW_NAMES) != _EFFECT_NAMES:
    raise AssertionError("the view's effect names differ from Effect")

#: ★ cards must be used: a drawn ★ card cannot be discarded.
STAR_EFFECTS = frozenset({Effect.MEW, Effect.ZAPDOS, Effect.TEAM_ROCKET})


@dataclass(frozen=True, slots=True)
class CardKind:
    """One line of a deck table. ``str(kind)`` is its id (its notation)."""

    id: str
    value: int | None
    ja: str
    en: str
    copies: int
    effect: Effect = Effect.NONE

    __notation__: ClassVar[bool] = True

    def __str__(self) -> str:
        return self.id

    @property
    def star(self) -> bool:
        """A ★ card: it must be used when drawn or taken."""
        return self.effect in STAR_EFFECTS

    def name(self, lang: str) -> str:
        """The card's name in ``lang`` ("ja" or "en")."""
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True, slots=True)
class CardName(Term):
    """A card's name as a field of a message (a value, not an error): ``str()`` is its English name;
    ``translated("ja")`` its Japanese name from the deck's own ``ja`` column (a client without the
    deck finds the default deck's names in the ``paper_safari`` catalog).

    >>> name = CardName.of(deck_from_option("pokemon56").kind("mew"))
    >>> str(name), name.translated("ja")
    ('Mew', 'ミュウ')
    """

    ja: str = ""

    @classmethod
    def of(cls, kind: CardKind) -> CardName:
        return cls(kind.en, "paper_safari", kind.ja)

    def translated(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else self.text


#: The default deck, as on the rules page: 50 number cards + 6 specials = 56.
POKEMON56: tuple[CardKind, ...] = (
    # id            value  ja              en             copies effect
    CardKind("pikachu", -2, "ピカチュウ", "Pikachu", 6),
    CardKind("jigglypuff", 0, "プリン", "Jigglypuff", 4),
    CardKind("squirtle", 1, "ゼニガメ", "Squirtle", 4),
    CardKind("bulbasaur", 2, "フシギダネ", "Bulbasaur", 4),
    CardKind("charmander", 3, "ヒトカゲ", "Charmander", 4),
    CardKind("psyduck", 4, "コダック", "Psyduck", 4),
    CardKind("eevee", 5, "イーブイ", "Eevee", 4),
    CardKind("clefairy", 6, "ピッピ", "Clefairy", 4),
    CardKind("gengar", 7, "ゲンガー", "Gengar", 4),
    CardKind("machamp", 8, "カイリキー", "Machamp", 4),
    CardKind("gyarados", 9, "ギャラドス", "Gyarados", 4),
    CardKind("onix", 10, "イワーク", "Onix", 4),
    CardKind("charizard", 10, "リザードン", "Charizard", 1, Effect.CHARIZARD),
    CardKind("snorlax", 10, "カビゴン", "Snorlax", 1, Effect.SNORLAX),
    CardKind("ditto", None, "メタモン", "Ditto", 1, Effect.DITTO),
    CardKind("mew", 10, "ミュウ", "Mew", 1, Effect.MEW),
    CardKind("zapdos", 10, "サンダー", "Zapdos", 1, Effect.ZAPDOS),
    CardKind("team-rocket", 10, "ロケット団", "Team Rocket", 1, Effect.TEAM_ROCKET),
)

DECKS: dict[str, tuple[CardKind, ...]] = {"pokemon56": POKEMON56}
#: Decks of research variants (docs/research.md, "Small setups where learning is measurable"), not ways to play:
#: accepted by the ``deck`` option but never offered by a menu. ``research6``: two each of Pikachu (−2), Psyduck (4)
#: and Onix (10), for the research setup ``paper_safari_tiny_2x1_2p``.
RESEARCH_DECKS: dict[str, tuple[CardKind, ...]] = {
    "research6": tuple(replace(kind, copies=2) for kind in POKEMON56 if kind.id in ("pikachu", "psyduck", "onix")),
}
#: How a menu names each shipped deck (English; Japanese in the paper_safari catalog).
DECK_LABELS: dict[str, str] = {"pokemon56": "Pokémon edition (56 cards)"}


class Deck:
    """A deck table ready for play: card kinds are numbered 0..K-1 in table order."""

    def __init__(self, kinds: Sequence[CardKind]) -> None:
        self.kinds: tuple[CardKind, ...] = tuple(kinds)
        self.index: dict[str, int] = {kind.id: number for number, kind in enumerate(self.kinds)}
        #: Value per kind (``None`` for Ditto).
        self.values: tuple[int | None, ...] = tuple(
            None if kind.effect is Effect.DITTO else kind.value for kind in self.kinds
        )
        self.effects: tuple[Effect, ...] = tuple(kind.effect for kind in self.kinds)
        self.stars: tuple[bool, ...] = tuple(kind.star for kind in self.kinds)
        #: Every card of the deck (kind numbers), in table order: the canonical order.
        self.cards: tuple[int, ...] = tuple(
            number for number, kind in enumerate(self.kinds) for _ in range(kind.copies)
        )
        self.ids: tuple[str, ...] = tuple(kind.id for kind in self.kinds)
        self.size = len(self.cards)
        self.counts: tuple[int, ...] = tuple(kind.copies for kind in self.kinds)
        self.table: dict[str, CardLine] = {
            kind.id: {
                "value": self.values[number],
                "ja": kind.ja,
                "en": kind.en,
                "copies": kind.copies,
                "effect": _EFFECT_VIEW_NAMES[kind.effect.value],
                "star": kind.star,
            }
            for number, kind in enumerate(self.kinds)
        }

    def kind(self, card_id: str) -> CardKind:
        return self.kinds[self.index[card_id]]


#: The bounds of a deck table (the default deck has 18 kinds, 56 cards, values -2 to 10).
MAX_KINDS = 100
MAX_COPIES = 100
MAX_DECK_SIZE = 1_000
MAX_VALUE = 1_000
MAX_NAME_LENGTH = 64
#: A card id is a notation word: ASCII letters, digits, ``-`` and ``_``.
CARD_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: The longest deck table accepted as JSON text (far above any table of MAX_KINDS lines).
MAX_DECK_TEXT = 100_000


def check_deck_option(value: Any) -> Any:
    """Validate the ``deck`` option: a deck name or a list of card lines (dicts with ``id``,
    ``value``, ``ja``, ``en``, ``copies`` and optionally ``effect``; on a command line, that list
    as JSON text). Returns it JSON-ready. Every size is bounded (:data:`MAX_KINDS` lines,
    :data:`MAX_COPIES` copies, :data:`MAX_DECK_SIZE` cards) and the check is linear."""
    if isinstance(value, str) and value.lstrip().startswith("["):
        value = _read_deck_json(value)
    if isinstance(value, str):
        if value not in DECKS and value not in RESEARCH_DECKS:
            raise InvalidOption(
                "it takes a deck name ({names}) or a list of card lines", domain="paper_safari", names=", ".join(DECKS)
            )
        return value
    if not isinstance(value, (list, tuple)) or not value:
        raise InvalidOption("it takes a deck name or a non-empty list of card lines", domain="paper_safari")
    if len(value) > MAX_KINDS:
        raise InvalidOption(
            "a deck lists at most {most} card lines, not {count}",
            domain="paper_safari",
            most=MAX_KINDS,
            count=len(value),
        )
    lines = []
    seen: set[str] = set()
    size = 0
    for line in value:
        kind = card_kind_from_line(line)
        if kind.id in seen:
            raise InvalidOption(
                "card ids must be unique: {card} is listed more than once", domain="paper_safari", card=kind.id
            )
        seen.add(kind.id)
        size += kind.copies
        lines.append(
            {
                "id": kind.id,
                "value": kind.value,
                "ja": kind.ja,
                "en": kind.en,
                "copies": kind.copies,
                "effect": kind.effect.value,
            }
        )
    if size > MAX_DECK_SIZE:
        raise InvalidOption(
            "a deck holds at most {most} cards, not {size}", domain="paper_safari", most=MAX_DECK_SIZE, size=size
        )
    return lines


def _read_deck_json(text: str) -> Any:
    """A deck table written as JSON text (a command line), refused if too long or too deep."""
    if len(text) > MAX_DECK_TEXT:
        raise InvalidOption(
            "the deck's JSON text is longer than {most} characters", domain="paper_safari", most=MAX_DECK_TEXT
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidOption(
            "the deck's JSON text does not read: {error}", domain="paper_safari", error=str(error)
        ) from None
    except RecursionError:
        raise InvalidOption("the deck's JSON text is nested too deeply", domain="paper_safari") from None


def card_kind_from_line(line: Any) -> CardKind:
    """One card line of a deck table, checked (see :func:`check_deck_option`)."""
    if isinstance(line, CardKind):
        line = {
            "id": line.id,
            "value": line.value,
            "ja": line.ja,
            "en": line.en,
            "copies": line.copies,
            "effect": line.effect.value,
        }
    if not isinstance(line, Mapping):
        raise InvalidOption("each card line is a dict with id, value, ja, en, copies and effect", domain="paper_safari")
    card_id = line.get("id")
    if not isinstance(card_id, str) or not CARD_ID.fullmatch(card_id):
        raise InvalidOption(
            "a card id is a word of 1 to 32 ASCII letters, digits, '-' or '_', not {card}",
            domain="paper_safari",
            card=_short_repr(card_id),
        )
    effect_name = line.get("effect", "none") or "none"
    effects = ", ".join(effect.value for effect in Effect)
    if not isinstance(effect_name, str) or effect_name not in _EFFECT_NAMES:
        raise InvalidOption(
            "card {card}: effect {effect} is not one of {effects}",
            domain="paper_safari",
            card=card_id,
            effect=_short_repr(line.get("effect")),
            effects=effects,
        )
    effect = Effect(effect_name)
    card_value = line.get("value")
    if effect is not Effect.DITTO and (
        isinstance(card_value, bool) or not isinstance(card_value, int) or not -MAX_VALUE <= card_value <= MAX_VALUE
    ):
        raise InvalidOption(
            "card {card}: value must be a whole number from {low} to {high}",
            domain="paper_safari",
            card=card_id,
            low=-MAX_VALUE,
            high=MAX_VALUE,
        )
    copies = line.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
        raise InvalidOption(
            "card {card}: copies must be a whole number from 1 to {most}",
            domain="paper_safari",
            card=card_id,
            most=MAX_COPIES,
        )
    names = {language: line.get(language, card_id) for language in ("ja", "en")}
    for language, name in names.items():
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_LENGTH:
            raise InvalidOption(
                "card {card}: its name '{language}' is a text of 1 to {most} characters",
                domain="paper_safari",
                card=card_id,
                language=language,
                most=MAX_NAME_LENGTH,
            )
    return CardKind(card_id, None if effect is Effect.DITTO else card_value, names["ja"], names["en"], copies, effect)


def _short_repr(value: Any) -> str:
    """A value as an error message quotes it: its type alone unless it is a short text or number."""
    if (isinstance(value, str) and len(value) <= 40) or (isinstance(value, int) and abs(value) < 10**18):
        return repr(value)
    return f"a {type(value).__name__}"


@cache
def _deck_from_json(text: str) -> Deck:
    value = json.loads(text)
    if isinstance(value, str):
        return Deck(DECKS[value] if value in DECKS else RESEARCH_DECKS[value])
    return Deck([card_kind_from_line(line) for line in value])


def deck_from_option(value: Any) -> Deck:
    """The :class:`Deck` of a (validated) ``deck`` option; built once per distinct deck."""
    return _deck_from_json(json.dumps(value, sort_keys=True, ensure_ascii=False))


#: Grid positions: a1 a2 a3 is the top row (left to right), b1 b2 b3 the bottom row.
POSITIONS: tuple[str, ...] = ("a1", "a2", "a3", "b1", "b2", "b3")
POSITION_INDEX: dict[str, int] = {name: index for index, name in enumerate(POSITIONS)}


def position_name(position: int) -> str:
    """A position's name (``a1`` … ``b3``); a number out of range is written as it is, so that an
    action built with it still prints (and is refused when checked).

    >>> position_name(4), position_name(9)
    ('b2', '9')
    """
    return POSITIONS[position] if 0 <= position < len(POSITIONS) else str(position)


#: The other card of a position's column.
COLUMN_PARTNER: tuple[int, ...] = (3, 4, 5, 0, 1, 2)
