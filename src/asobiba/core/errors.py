"""Errors a user of asobiba can meet. Each one says what was wrong, in words a person reads.

A message is an English template with ``str.format`` fields, and names the catalog (``domain``)
that holds its Japanese text, so a screen can show it in the player's language::

    raise IllegalAction("{card} is not in your hand", domain="cockroach_poker", card="H7")

``str(error)`` is the English sentence; ``error.translated("ja")`` the Japanese one.
``tests/test_i18n.py`` extracts these templates like ``tr("…")`` messages.
"""

from __future__ import annotations

from typing import Any


class AsobibaError(Exception):
    """Base of every error asobiba raises on purpose."""

    def __init__(self, message: str = "", /, *, domain: str = "core", **fields: Any) -> None:
        self.template = message
        self.domain = domain
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def translated(self, lang: str) -> str:
        """The message in ``lang`` ("en" or "ja")."""
        if lang == "en" or not self.template:
            return str(self)
        from asobiba.i18n import Catalog

        fields = {
            name: value.translated(lang) if isinstance(value, AsobibaError) else value
            for name, value in self.fields.items()
        }
        return Catalog(self.domain)(self.template, lang, **fields)


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


class NotationError(IllegalAction):
    """A text could not be read as an action of this game."""


class InvalidOption(AsobibaError, ValueError):
    """An option name is unknown or its value is not one it accepts."""


class UnknownGame(AsobibaError, KeyError):
    """No game of that name is registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class CorruptRecord(AsobibaError, ValueError):
    """A game record is malformed or does not replay."""
