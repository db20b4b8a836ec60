"""The heuristic: bid as high in your hand as the prize is among the prizes left ("matching"),
and the evaluator: the points so far, as shares of what was won."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from asobiba.core.state import Action, State
from asobiba_goofspiel.actions import Bid
from asobiba_goofspiel.view import GoofspielFullView


def choose(view: GoofspielFullView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The card whose place in the hand matches the prize's place among the prizes not yet won
    (the prize up included); a tie for the place goes to the lower card."""
    prize = view["prize"]
    hand = sorted(action.value for action in legal if isinstance(action, Bid))
    if not hand or prize is None:
        return rng.choice(list(legal))
    prizes = sorted([*view["prizes_left"], prize])
    place = prizes.index(prize) / max(1, len(prizes) - 1)
    return Bid(hand[round(place * (len(hand) - 1))])


def evaluate(state: State[Mapping[str, object], GoofspielFullView]) -> list[float]:
    """Each player's share of the points won so far (equal shares before any point)."""
    scores = state.view(None)["scores"]
    total = sum(scores)
    if total == 0:
        return [1.0 / state.players] * state.players
    return [score / total for score in scores]
