"""The bot interface and the game-agnostic simple bots."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from asobiba.core.state import Action, Observation


class Bot(ABC):
    """A player that chooses from an :class:`Observation` only.

    A bot built with the same ``seed`` makes the same choices for the same observations.
    """

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, observation: Observation) -> Action:
        if not observation.legal_actions:
            raise ValueError("the random bot was asked to move with no legal action")
        return self.rng.choice(observation.legal_actions)


class HeuristicBot(Bot):
    """The game's own heuristic player (card counting, beliefs, risk), whatever the game."""

    name = "heuristic"

    def choose(self, observation: Observation) -> Action:
        if len(observation.legal_actions) == 1:
            return observation.legal_actions[0]
        return observation.game.heuristic_action(observation, self.rng)
