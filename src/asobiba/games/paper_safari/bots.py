"""The heuristic player of Paper Safari (placeholder: first legal action)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from asobiba.core.state import Action


def choose(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """Choose from the view and the legal actions only."""
    return legal[0]
