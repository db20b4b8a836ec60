"""How the conformance kit fails: :class:`ConformanceError`."""

from __future__ import annotations

__all__ = ["ConformanceError", "expect"]


class ConformanceError(AssertionError):
    """A game breaks the contract: the message names the check, the game, the seed and what went wrong."""


def expect(condition: object, message: str) -> None:
    """Raise :class:`ConformanceError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise ConformanceError(message)
