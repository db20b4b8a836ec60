"""Game options: a name, a default, what values are accepted, and a line of documentation."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobiba.core.errors import AsobibaError, InvalidOption


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``choices`` lists the accepted values of an enumerated option; ``bounds`` the inclusive
    range of an integer option; ``check`` validates (and may normalise) anything else, raising
    :class:`ValueError` with a sentence saying what it accepts. A default of ``None`` means
    "decided by the game from the players and the other options" (say how in ``doc``).
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    bounds: tuple[int, int] | None = None
    check: Callable[[Any], Any] | None = None

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
                    value=repr(value),
                    choices=self._choices_text(),
                )
            return value
        if self.bounds is not None:
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            low, high = self.bounds
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(
                    "{game}: option {name}={value} is not accepted; it takes a whole number from {low} to {high}",
                    game=game,
                    name=self.name,
                    value=repr(value),
                    low=low,
                    high=high,
                )
            if not low <= value <= high:
                raise InvalidOption(
                    "{game}: option {name}={value} is out of range; it takes a whole number from {low} to {high}",
                    game=game,
                    name=self.name,
                    value=repr(value),
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
                    value=repr(value),
                    error=error,
                ) from None
        return value


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
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(
                "{game}: unknown option {name}; the options are: {names}", game=game, name=repr(name), names=names
            )
    return {
        option.name: option.validate(game, given[option.name]) if option.name in given else option.default
        for option in declared
    }
