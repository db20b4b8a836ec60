"""Static evaluations for IS-MCTS rollouts cut short, per game.

An evaluator scores a (determinized) state for every player, values in [0, 1] — an estimate of
each player's chance of winning — reading only the game's public API on that state. The games'
functions live in their ``bots.py`` and are imported when first asked for.

>>> import asobiba
>>> state = asobiba.new_game("paper-safari", 2, seed=1)
>>> values = evaluator("paper-safari")(state)
>>> len(values)
2
>>> evaluator("cockroach-poker") is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from asobiba.core.state import State

Evaluator = Callable[[State], list[float]]

#: Game name → "module:function" of its evaluator.
EVALUATORS: dict[str, str] = {
    "paper-safari": "asobiba.games.paper_safari.bots:evaluate",
    "survive": "asobiba.games.survive.bots:evaluate",
}


def evaluator(game: str) -> Evaluator | None:
    """The evaluator of ``game``, or ``None`` if it has none."""
    where = EVALUATORS.get(game)
    if where is None:
        return None
    module, name = where.split(":")
    function: Evaluator = getattr(importlib.import_module(module), name)
    return function
