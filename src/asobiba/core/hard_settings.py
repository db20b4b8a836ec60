"""The ``hard`` bot's search settings a game declares (``GameDeclaration(hard_settings=…)``), and the
signatures of the functions they hold.

A game's settings are one typed object, its functions the functions themselves (not
``"module:function"`` texts): a type checker sees each one's signature where it is declared. The
declaration names the object lazily (``hard_settings="my_game.bots:HARD"``), so listing the games
imports no bot module.

>>> settings = HardSettings(search="pimc", moves=3000)
>>> settings.search, settings.max_candidates
('pimc', 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, Literal

from typing_extensions import TypeVar

from asobiba.core.state import Action, Observation, State

__all__ = ["CandidateFunction", "Cut", "Evaluator", "HardSettings", "Policy", "Search"]

#: The state a game's functions read (``PaperSafariState``), and its player's view (``PaperSafariFullView``).
SettingsStateT = TypeVar("SettingsStateT", bound=State, default=State)
SettingsViewT = TypeVar("SettingsViewT", bound=Mapping[str, object], default=Mapping[str, Any])

#: Scores a non-final state for every player; values in [0, 1] (an estimate of each one's chance of winning).
Evaluator = Callable[[SettingsStateT], list[float]]
#: A game's own candidate moves: ``candidates(observation, heuristic_move, limit, rng)``.
CandidateFunction = Callable[[Observation[SettingsViewT], Action, int, random.Random], list[Action]]
#: A player, ``policy(view, legal_actions, rng)`` (the heuristic's signature): a light one for
#: play-outs, or a game's own stronger player for ``hard`` (``search="policy"``).
Policy = Callable[[SettingsViewT, Sequence[Action], random.Random], Action]
#: Where a play-out stops to be scored by the evaluator: ``cut(start, now)`` (the sample it began
#: from, and the state it has reached), e.g. "the round is over".
Cut = Callable[[SettingsStateT, SettingsStateT], bool]
#: The searches ``hard`` plays: IS-MCTS, PIMC, or the game's own stronger player.
Search = Literal["ismcts", "pimc", "policy"]
SEARCHES: tuple[Search, ...] = ("ismcts", "pimc", "policy")
#: The settings that are functions.
FUNCTIONS = ("evaluator", "candidates", "rollout_policy", "cut", "base", "policy")


@dataclass(frozen=True)
class HardSettings(Generic[SettingsStateT, SettingsViewT]):
    """How the ``hard`` level searches a game; every field at its default is what a game that
    declares nothing gets. Generic in the game's state and view, the types its functions read
    (``HardSettings[PaperSafariState, PaperSafariFullView]``).

    - ``search``: ``"ismcts"`` (IS-MCTS with heuristic rollouts), ``"pimc"`` (a few candidates
      played out on common samples: the heuristic's move unless another is better by ``margin``
      paired standard errors) or ``"policy"`` (``policy``, the game's own stronger player);
    - IS-MCTS: ``rollout``, ``opponents``, ``prior``, ``heuristic_rate``, ``exploration``,
      ``observers``;
    - both searches: ``rollout_depth`` (play-out moves before ``evaluator`` scores them; ``None``: to
      the end) and ``evaluator`` (``None``: the declaration's);
    - PIMC: ``max_candidates``, ``margin``, ``candidates`` (the game's own candidate moves),
      ``rollout_policy`` (a light player for the play-outs), ``cut`` (where a play-out stops),
      ``base`` (the player searched against, instead of the heuristic) and its budget: ``samples``
      (``None``: the bot's iteration cap) and ``moves`` (play-out moves in all: the same choice on
      any machine).
    """

    search: Search = "ismcts"
    rollout: str = "heuristic"
    opponents: str = "heuristic"
    prior: float = 0.0
    rollout_depth: int | None = None
    heuristic_rate: float = 1.0
    exploration: float = 0.7
    observers: str = "single"
    evaluator: Evaluator[SettingsStateT] | None = None
    max_candidates: int = 4
    margin: float = 1.0
    candidates: CandidateFunction[SettingsViewT] | None = None
    rollout_policy: Policy[SettingsViewT] | None = None
    cut: Cut[SettingsStateT] | None = None
    base: Policy[SettingsViewT] | None = None
    samples: int | None = None
    moves: int | None = None
    policy: Policy[SettingsViewT] | None = None

    def __post_init__(self) -> None:
        if self.search not in SEARCHES:
            raise ValueError(f"HardSettings: search is one of {', '.join(SEARCHES)}, not {self.search!r}")
        for name in FUNCTIONS:
            value = getattr(self, name)
            if value is not None and not callable(value):
                raise TypeError(f"HardSettings: {name} is a function (the function itself), not {value!r}")

    def as_dict(self) -> dict[str, Any]:
        """Every setting by name (the functions as they are, not copied)."""
        return {field.name: getattr(self, field.name) for field in fields(self)}
