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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from asobiba.core.errors import AsobibaError, InvalidOption


class Effect(enum.StrEnum):
    """What a card does when a player brings it into play from the pile or the discard."""

    NONE = "none"
    CHARIZARD = "charizard"  # peek at one of your own face-down cards
    SNORLAX = "snorlax"  # exchange the positions of two of your cards
    DITTO = "ditto"  # at scoring: the value of a neighbour in the row
    MEW = "mew"  # ★ swap with any card of an opponent
    ZAPDOS = "zapdos"  # ★ the displaced card passes left at the same position
    TEAM_ROCKET = "team-rocket"  # ★ coin: Pikachu face discards a position everywhere; Meowth face swaps


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


class CardName(AsobibaError):
    """A card's name as a field of an error message: ``str()`` is its English name and
    ``translated(lang)`` its name in ``lang``, from the deck's own ``en``/``ja`` columns."""

    def __init__(self, kind: CardKind) -> None:
        super().__init__(kind.en)
        self.kind = kind

    def translated(self, lang: str) -> str:
        return self.kind.name(lang)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with the error it is a field of
        return (CardName, (self.kind,))


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
        self.table: dict[str, dict[str, Any]] = {
            kind.id: {
                "value": self.values[number],
                "ja": kind.ja,
                "en": kind.en,
                "copies": kind.copies,
                "effect": kind.effect.value,
                "star": kind.star,
            }
            for number, kind in enumerate(self.kinds)
        }

    def kind(self, card_id: str) -> CardKind:
        return self.kinds[self.index[card_id]]


def check_deck_option(value: Any) -> Any:
    """Validate the ``deck`` option: a deck name or a list of card lines (dicts with ``id``,
    ``value``, ``ja``, ``en``, ``copies`` and optionally ``effect``; on a command line, that list
    as JSON text). Returns it JSON-ready."""
    if isinstance(value, str) and value.lstrip().startswith("["):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as error:
            raise InvalidOption(
                "the deck's JSON text does not read: {error}", domain="paper_safari", error=str(error)
            ) from None
    if isinstance(value, str):
        if value not in DECKS:
            raise InvalidOption(
                "it takes a deck name ({names}) or a list of card lines", domain="paper_safari", names=", ".join(DECKS)
            )
        return value
    if not isinstance(value, (list, tuple)) or not value:
        raise InvalidOption("it takes a deck name or a non-empty list of card lines", domain="paper_safari")
    lines = []
    for line in value:
        kind = card_kind_from_line(line)
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
    ids = [line["id"] for line in lines]
    repeated = [card_id for number, card_id in enumerate(ids) if card_id in ids[:number]]
    if repeated:
        raise InvalidOption(
            "card ids must be unique: {card} is listed more than once", domain="paper_safari", card=repeated[0]
        )
    return lines


def card_kind_from_line(line: Any) -> CardKind:
    if isinstance(line, CardKind):
        return line
    if not isinstance(line, Mapping):
        raise InvalidOption("each card line is a dict with id, value, ja, en, copies and effect", domain="paper_safari")
    card_id = line.get("id")
    if not isinstance(card_id, str) or not card_id or any(char.isspace() for char in card_id):
        raise InvalidOption("a card id is a word without spaces, not {card}", domain="paper_safari", card=repr(card_id))
    try:
        effect = Effect(line.get("effect", "none") or "none")
    except ValueError:
        effects = ", ".join(effect.value for effect in Effect)
        raise InvalidOption(
            "card {card}: effect {effect} is not one of {effects}",
            domain="paper_safari",
            card=card_id,
            effect=repr(line.get("effect")),
            effects=effects,
        ) from None
    card_value = line.get("value")
    if effect is not Effect.DITTO and (isinstance(card_value, bool) or not isinstance(card_value, int)):
        raise InvalidOption("card {card}: value must be a whole number", domain="paper_safari", card=card_id)
    copies = line.get("copies", 1)
    if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
        raise InvalidOption(
            "card {card}: copies must be a whole number of at least 1", domain="paper_safari", card=card_id
        )
    return CardKind(
        card_id,
        None if effect is Effect.DITTO else card_value,
        str(line.get("ja", card_id)),
        str(line.get("en", card_id)),
        copies,
        effect,
    )


@cache
def _deck_from_json(text: str) -> Deck:
    value = json.loads(text)
    if isinstance(value, str):
        return Deck(DECKS[value])
    return Deck([card_kind_from_line(line) for line in value])


def deck_from_option(value: Any) -> Deck:
    """The :class:`Deck` of a (validated) ``deck`` option; built once per distinct deck."""
    return _deck_from_json(json.dumps(value, sort_keys=True, ensure_ascii=False))


#: Grid positions: a1 a2 a3 is the top row (left to right), b1 b2 b3 the bottom row.
POSITIONS: tuple[str, ...] = ("a1", "a2", "a3", "b1", "b2", "b3")
POSITION_INDEX: dict[str, int] = {name: index for index, name in enumerate(POSITIONS)}
#: The other card of a position's column.
COLUMN_PARTNER: tuple[int, ...] = (3, 4, 5, 0, 1, 2)
