"""Errors a user of asobiba can meet. Each one says what was wrong, in words a person reads.

A message is an English template with ``str.format`` fields, and names the catalog (``domain``)
that holds its Japanese text, so a screen can show it in the player's language::

    raise IllegalAction("{card} is not in your hand", domain="cockroach_poker", card="H7")

``str(error)`` is the English sentence; ``error.translated("ja")`` the Japanese one. Every error
has a stable :attr:`~AsobibaError.code` and serialises with :meth:`~AsobibaError.to_json`, so a
server can send it and a browser show it in the reader's language. ``tests/test_i18n.py``
extracts these templates like ``tr("…")`` messages.

>>> error = IllegalAction("{card} is not in your hand", domain="cockroach_poker", card="H7")
>>> error.to_json()["code"], error.to_json()["message"]
('illegal', 'H7 is not in your hand')
"""

from __future__ import annotations

from typing import Any, ClassVar

from asobiba.core.i18n import Catalog, Term
from asobiba.core.jsonable import to_json


class AsobibaError(Exception):
    """Base of every error asobiba raises on purpose."""

    #: A stable, machine-readable name of the kind of error (``illegal``, ``notation``, …).
    code: ClassVar[str] = "error"

    def __init__(self, message: str = "", /, *, domain: str = "core", **fields: Any) -> None:
        self.template = message
        self.domain = domain
        # A number too long to print (Python refuses past 4,300 digits) is quoted by its size.
        self.fields = {name: _printable(value) for name, value in fields.items()}
        super().__init__(message.format(**self.fields) if fields else message)

    def translated(self, lang: str) -> str:
        """The message in ``lang`` ("en" or "ja")."""
        if lang == "en" or not self.template:
            return str(self)
        fields = {
            name: value.translated(lang) if isinstance(value, (AsobibaError, Term)) else value
            for name, value in self.fields.items()
        }
        return Catalog(self.domain)(self.template, lang, **fields)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{code, template, domain, fields, message}``: enough for a client to show the message
        in any language (``message`` is in ``lang``)."""
        return {
            "code": self.code,
            "template": self.template,
            "domain": self.domain,
            "fields": {name: _field_json(value) for name, value in self.fields.items()},
            "message": self.translated(lang),
        }


def _printable(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return short_repr(value)
    return value


def short_repr(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters, for quoting a bad input in a message; never raises
    (a 5,000-digit number has no ``repr`` in Python 3.11)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"a {value.bit_length()}-bit number"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _field_json(value: Any) -> Any:
    if isinstance(value, AsobibaError):
        return value.to_json()
    if isinstance(value, Term):
        return {"term": value.text, "domain": value.domain}
    try:
        return to_json(value)
    except TypeError:
        return str(value)


class IllegalAction(AsobibaError):
    """The action is not allowed now; the state is unchanged.

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=3, seed=1)
    >>> try:
    ...     state.apply(asobiba.parse_action(state, "answer yes"))
    ... except asobiba.IllegalAction as error:
    ...     print("refused")
    refused
    """

    code = "illegal"


class NotYourTurn(IllegalAction):
    """Somebody other than the player to move tried to act."""

    code = "not_your_turn"


class GameOver(IllegalAction):
    """The game is over; it takes no more actions."""

    code = "game_over"


class NoSuchPlayer(IllegalAction):
    """A player argument is not a player of this game (not a whole number, or out of range)."""

    code = "no_such_player"


class NotationError(IllegalAction):
    """A text could not be read as an action of this game."""

    code = "notation"


class InvalidOption(AsobibaError, ValueError):
    """An option name is unknown or its value is not one it accepts."""

    code = "invalid_option"


class UnknownGame(AsobibaError, KeyError):
    """No game of that name is registered."""

    code = "unknown_game"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class CorruptRecord(AsobibaError, ValueError):
    """A game record is malformed or does not replay."""

    code = "corrupt_record"
