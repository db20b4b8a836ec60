"""Fixtures of the bot tests: Kuhn poker (tests/kuhn_poker.py), registered for the test only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from asobiba.core import registry
from asobiba.core.game import Game

TESTS = Path(__file__).resolve().parent.parent


@pytest.fixture
def kuhn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """Kuhn poker, registered as ``kuhn-poker`` (importable as ``kuhn_poker``, for worker processes too)."""
    monkeypatch.syspath_prepend(str(TESTS))
    registry.register(registry.GameDeclaration(name="kuhn-poker", game="kuhn_poker:GAME"))
    game = registry.get_game("kuhn-poker")
    yield game
    registry.unregister("kuhn-poker")
