"""The heuristic player of Cockroach Poker (placeholder: to be replaced)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from asobiba.core.state import Action


def choose(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))
