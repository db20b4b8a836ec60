"""The final rewards an environment may give: ``"win"``, ``"rank"`` or ``"score"``.

Each is a list of one number per player, in ``[0, 1]``, read from the engine's ``result()``:

- ``win`` — ``state.returns()``: 1 shared among the winners, 0 for the others;
- ``rank`` — the share of the other players this one finished above (a tie counts half):
  1 for a sole first, 0 for a sole last;
- ``score`` — the player's share of the scores, ``scores[p] / sum(scores)`` (an equal share when
  nobody scored): Survive!'s score is the value of the explorers rescued, Paper Safari's the
  Poké Ball tokens, Cockroach Poker's 1 for every player but the loser.

A game cut by a ``horizon`` (that many player decisions, in every environment) ends there;
:func:`cut_rewards` then gives each player the game's evaluator's chance of winning from the
position reached (equal shares for a game without an evaluator), whatever ``reward`` says.

>>> import asobiba, random
>>> state = asobiba.new_game("paper-safari", players=3, seed=1)
>>> rng = random.Random(1)
>>> while not state.is_over:
...     _ = state.apply_trusted(rng.choice(state.legal_actions()))
>>> state.result()["scores"], rewards(state, "win"), rewards(state, "rank"), rewards(state, "score")
([1, 2, 3], [0.0, 0.0, 1.0], [0.0, 0.5, 1.0], [0.16666666666666666, 0.3333333333333333, 0.5])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobiba.core.errors import InvalidOption
from asobiba.core.registry import declaration

if TYPE_CHECKING:
    from asobiba.core.state import State

__all__ = ["REWARDS", "check_horizon", "check_reward", "cut_rewards", "rewards"]

REWARDS = ("win", "rank", "score")


def check_reward(reward: object) -> str:
    """``reward`` if it names a reward; :class:`InvalidOption` saying which do otherwise."""
    if reward not in REWARDS:
        raise InvalidOption(
            "reward must be one of {choices}, not {value}", domain="rl", choices=", ".join(REWARDS), value=repr(reward)
        )
    return str(reward)


def check_horizon(horizon: object) -> int:
    """``horizon`` if it is a number of decisions (0: no cut); :class:`InvalidOption` otherwise."""
    if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0:
        raise InvalidOption(
            "horizon must be 0 (no cut) or a number of decisions, not {value}", domain="rl", value=repr(horizon)[:40]
        )
    return horizon


def cut_rewards(state: State) -> list[float]:
    """Every player's reward where a ``horizon`` cut the unfinished game ``state``: the game's
    evaluator's chance of winning, or equal shares where the game declares no evaluator."""
    evaluator = declaration(state.game.name).evaluator()
    if evaluator is None:
        return [1.0 / state.players] * state.players
    return [float(value) for value in evaluator(state)]


def rewards(state: State, reward: str) -> list[float]:
    """Every player's final reward of the finished game ``state`` (see the module)."""
    if reward == "win":
        return [float(value) for value in state.returns()]
    scores = [float(score) for score in state.result()["scores"]]
    players = len(scores)
    if reward == "rank":
        if players < 2:
            return [1.0] * players
        return [
            sum(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0 for theirs in scores) / (players - 1)
            - 0.5 / (players - 1)
            for mine in scores
        ]
    total = sum(scores)
    return [score / total if total > 0 else 1.0 / players for score in scores]
