"""Game options: a name, a default, what values are accepted, and a line of documentation."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobiba.core.errors import AsobibaError, InvalidOption, short_repr
from asobiba.core.i18n import LANGUAGES

#: A whole number as text: ASCII digits only, at most 18 of them (any option fits in a 63-bit integer).
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
#: How large an option's value may be: nested lists/objects at most this deep, this many items in all,
#: and texts at most this long. The largest legitimate value (a deck table or a tile layout) is far below.
MAX_OPTION_DEPTH = 8
MAX_OPTION_ITEMS = 20_000
MAX_OPTION_TEXT = 100_000


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``choices`` lists the accepted values of an enumerated option; ``bounds`` the inclusive
    range of an integer option; ``check`` validates (and may normalise) anything else, raising
    :class:`ValueError` with a sentence saying what it accepts. A default of ``None`` means
    "decided by the game from the players and the other options" (say how in ``doc``).

    A ``secret`` option (a fixed deal, a tile layout, explorer values) tells what players may not
    know: core shows it as ``"fixed"`` in every view and leaves it out of determinized samples.

    What a menu shows (the browser's lobby, ``GET /api/games``): ``label``, a few words naming the
    option, ``help``, its help line in a player's words (no option or value names: ``doc`` is the
    line for those who type options, and the menu's help when ``help`` is empty), and
    ``choice_labels``, a few words per value; all in English,
    translated by the game's catalog. ``offered`` lists the values a menu offers for an option whose
    ``check`` accepts more (a deck name, where a custom deck table stays possible). ``applies_when``
    ``(other option, value)`` says the option matters only when that other option has that value
    (a menu hides it otherwise, and the game refuses a non-default value then).

    A ``research`` option makes a research variant (a tiny deck for exact exploitability, see
    ``docs/research.md``), not a way to play: menus never offer it, and a record leaves it out
    while it has its default (so records written before it existed read the same).

    >>> Option("rules", "trump", "which rules", choices=("trump", "original"), label="Rules").label
    'Rules'
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    bounds: tuple[int, int] | None = None
    check: Callable[[Any], Any] | None = None
    secret: bool = False
    label: str = ""
    choice_labels: Mapping[Any, str] = field(default_factory=dict, hash=False, compare=False)
    offered: tuple[Any, ...] | None = None
    applies_when: tuple[str, Any] | None = None
    help: str = ""
    research: bool = False

    def menu_values(self) -> tuple[Any, ...] | None:
        """The values a menu offers: the choices, the offered values, or both booleans; ``None`` for a
        number or a free value."""
        if self.choices is not None:
            return self.choices
        if self.offered is not None:
            return self.offered
        if isinstance(self.default, bool):
            return (False, True)
        return None

    def accepts(self) -> str:
        """What values the option takes, in English."""
        if self.choices is not None:
            return "one of " + self._choices_text()
        if self.bounds is not None:
            return f"a whole number from {self.bounds[0]} to {self.bounds[1]}"
        return self.doc

    def _choices_text(self) -> str:
        return ", ".join(repr(choice) for choice in self.choices or ())

    def validate(self, game: str, value: Any) -> Any:
        if value is None and self.default is None:
            return None
        if self.choices is not None:
            if value not in self.choices:
                raise InvalidOption(
                    "{game}: option {name}={value} is not accepted; it takes one of {choices}",
                    game=game,
                    name=self.name,
                    value=short_repr(value),
                    choices=self._choices_text(),
                )
            return value
        if self.bounds is not None:
            if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
                value = int(value.strip())
            low, high = self.bounds
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(
                    "{game}: option {name}={value} is not accepted; it takes a whole number from {low} to {high}",
                    game=game,
                    name=self.name,
                    value=short_repr(value),
                    low=low,
                    high=high,
                )
            if not low <= value <= high:
                raise InvalidOption(
                    "{game}: option {name}={value} is out of range; it takes a whole number from {low} to {high}",
                    game=game,
                    name=self.name,
                    value=short_repr(value),
                    low=low,
                    high=high,
                )
            return value
        if self.check is not None:
            try:
                return self.check(value)
            except (ValueError, TypeError, AsobibaError) as error:
                raise InvalidOption(
                    "{game}: option {name}={value} is not accepted: {error}",
                    game=game,
                    name=self.name,
                    value=short_repr(value),
                    error=error,
                ) from None
        return value


def without_research_defaults(declared: Sequence[Option], options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the research options (``Option.research``) that have their default: what a
    record and a view keep.

    >>> declared = (Option("size", 8, "cards per kind", bounds=(2, 8), research=True),)
    >>> without_research_defaults(declared, {"size": 8}), without_research_defaults(declared, {"size": 3})
    ({}, {'size': 3})
    """
    defaults = {option.name: option.default for option in declared if option.research}
    return {name: value for name, value in options.items() if name not in defaults or value != defaults[name]}


def parse_bool(value: Any) -> bool:
    """Accept a boolean, or its usual spellings from a command line."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in {"true", "yes", "on", "1"}:
        return True
    if isinstance(value, str) and value.lower() in {"false", "no", "off", "0"}:
        return False
    raise ValueError("it takes true or false")


def resolve_options(game: str, declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``declared`` and fill in defaults.

    Raises :class:`InvalidOption` naming an unknown option and listing the known ones.
    """
    known = {option.name: option for option in declared}
    for name in given:
        if not isinstance(name, str) or name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(
                "{game}: unknown option {name}; the options are: {names}", game=game, name=repr(name), names=names
            )
    for name, value in given.items():
        check_size(game, name, value)
    return {
        option.name: option.validate(game, given[option.name]) if option.name in given else option.default
        for option in declared
    }


def check_size(game: str, name: str, value: Any) -> None:
    """Refuse an option value that is too deep, too large or not JSON-like, before anything reads it.

    Walks the value without recursion, so a value nested a million deep is refused, not a crash.
    """
    pending: list[tuple[Any, int]] = [(value, 1)]
    items = 0
    while pending:
        item, depth = pending.pop()
        items += 1
        if depth > MAX_OPTION_DEPTH or items > MAX_OPTION_ITEMS:
            raise InvalidOption(
                "{game}: option {name} is too large (more than {depth} levels deep or {items} items)",
                game=game,
                name=name,
                depth=MAX_OPTION_DEPTH,
                items=MAX_OPTION_ITEMS,
            )
        if isinstance(item, str):
            if len(item) > MAX_OPTION_TEXT:
                raise InvalidOption(
                    "{game}: option {name} holds a text longer than {length} characters",
                    game=game,
                    name=name,
                    length=MAX_OPTION_TEXT,
                )
        elif isinstance(item, int) and not isinstance(item, bool):
            if item.bit_length() > 63:
                raise InvalidOption("{game}: option {name} holds a number too large to be meant", game=game, name=name)
        elif isinstance(item, Mapping):
            pending.extend((part, depth + 1) for pair in item.items() for part in pair)
        elif isinstance(item, (list, tuple)):
            pending.extend((part, depth + 1) for part in item)
        elif item is not None and not isinstance(item, (bool, float)):
            raise InvalidOption(
                "{game}: option {name} must be made of texts, numbers, lists and objects, not {kind}",
                game=game,
                name=name,
                kind=type(item).__name__,
            )


def check_language(lang: object) -> str:
    """``lang`` if asobiba speaks it, else :class:`InvalidOption` listing the languages."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise InvalidOption(
            "language {lang} is not available; choose one of: {languages}",
            lang=repr(lang),
            languages=", ".join(LANGUAGES),
        )
    return lang


#: A player written as an option: ``0``, ``"0"`` or ``"p0"`` (one ASCII digit).
_PLAYER_OPTION = re.compile(r"[pP]?([0-9])")


def read_player_option(value: Any, most: int) -> int:
    """``0``, ``"0"`` or ``"p0"`` -> 0, for a game of at most ``most`` players; anything else raises
    :class:`InvalidOption` saying what is accepted.

    >>> read_player_option("p2", 5), read_player_option(1, 5)
    (2, 1)
    """
    if isinstance(value, str):
        match = _PLAYER_OPTION.fullmatch(value.strip())
        if match is not None and int(match.group(1)) < most:
            return int(match.group(1))
    elif not isinstance(value, bool) and isinstance(value, int) and 0 <= value < most:
        return value
    raise InvalidOption("it takes a player, such as 0 or 'p0', up to p{last}", domain="core", last=most - 1)


def player_check(most: int) -> Callable[[Any], int]:
    """The ``check`` of a player option (``first_player``: the seeds leave who starts to the
    table) for a game of at most ``most`` players: ``Option("first_player", None, "…",
    check=player_check(5))``."""

    def check(value: Any) -> int:
        return read_player_option(value, most)

    return check


def check_first_player(game: str, first: int | None, players: int) -> None:
    """Refuse a ``first_player`` beyond the table actually sat down (``p4`` at 3 players)."""
    if first is not None and not 0 <= first < players:
        raise InvalidOption(
            "{game}: option first_player={value} is not accepted; it takes p0 to p{last}",
            domain="core",
            game=game,
            value=repr(first),
            last=players - 1,
        )
