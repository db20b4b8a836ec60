"""The Survive! heuristic player (placeholder until the real one lands)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from asobiba.core.state import Action


def choose(view: dict[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal_actions))
