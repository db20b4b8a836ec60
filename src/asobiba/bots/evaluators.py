"""Static evaluations for IS-MCTS rollouts cut short, per game.

An evaluator scores a (determinized) state for every player, values in [0, 1] — an estimate of
each player's chance of winning — reading only the game's public API on that state. The games'
functions live in their ``bots.py``, named by each game's declaration, and are imported when
first asked for.

>>> import asobiba
>>> state = asobiba.new_game("paper-safari", 2, seed=1)
>>> values = evaluator("paper-safari")(state)
>>> len(values)
2
>>> evaluator("cockroach-poker") is None
True
"""

from __future__ import annotations

from asobiba.core.hard_settings import Evaluator
from asobiba.core.registry import declaration


def evaluator(game: str) -> Evaluator | None:
    """The evaluator of ``game`` (named in its declaration), or ``None`` if it has none."""
    return declaration(game).evaluator()
