"""Errors a user of asobiba can meet. Each one says what was wrong, in words a person reads."""

from __future__ import annotations


class AsobibaError(Exception):
    """Base of every error asobiba raises on purpose."""


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
