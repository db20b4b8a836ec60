"""Difficulty levels for people: ``easy``, ``normal``, ``hard``.

- ``easy``: the game's heuristic half of the time, a random legal move otherwise.
- ``normal``: the game's heuristic.
- ``hard``: a search within 0.7 s per decision (and a cap on its iterations), named per game in
  its declaration (``hard_settings``, a :class:`~asobiba.core.hard_settings.HardSettings`): PIMC
  (:mod:`asobiba.bots.pimc`: a few candidate moves played
  out with the game's heuristic on common determinizations; the heuristic's move unless another
  is better by a paired standard error), IS-MCTS with heuristic rollouts (the other players
  modelled by the game's heuristic inside the tree: a best response to it, and nobody in the tree
  acts on a card he cannot see), or the game's own stronger player (``search="policy"``).

Each answers within a second per decision at its default budget.

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=3)
>>> asobiba.bot("easy", seed=1).choose(state.observe(state.to_move)) in state.legal_actions()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from asobiba.bots.base import Bot, HeuristicBot
from asobiba.bots.evaluators import evaluator
from asobiba.bots.ismcts import ISMCTSBot
from asobiba.bots.pimc import PIMCBot, load_function
from asobiba.core.errors import InvalidOption
from asobiba.core.hard_settings import SEARCHES, HardSettings, Policy
from asobiba.core.registry import declaration
from asobiba.core.state import Action, Observation

#: The levels, weakest first.
LEVELS = ("easy", "normal", "hard")

#: The ``hard`` level's guards: seconds per decision, and an iteration cap. Every game's ``hard``
#: has a budget of work in its settings (play-out moves or samples), so that its choice for a seed
#: is the same on any machine; the clock only stops it on a busy one, leaving room under 1.5 s for
#: the sample under way (the measurements: ``benchmarks/hard_settings.md``).
HARD_TIME_LIMIT = 0.9
HARD_ITERATIONS = 4000


class EasyBot(Bot):
    """Plays the game's heuristic move with probability ``skill``, else a random legal move."""

    name = "easy"

    def __init__(self, seed: int | None = None, skill: float = 0.5) -> None:
        super().__init__(seed)
        if not 0.0 <= skill <= 1.0:
            raise InvalidOption("skill is a probability from 0 to 1, not {value}", value=repr(skill))
        self.skill = skill

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("the easy bot was asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < self.skill:
            return observation.game.heuristic_action(observation, self.rng)
        return self.rng.choice(legal)


class NormalBot(HeuristicBot):
    """The game's heuristic player."""

    name = "normal"


#: The settings a game may tune, and their values for ``hard`` when the game says nothing (a game's
#: own are its declaration's :class:`~asobiba.core.hard_settings.HardSettings`, chosen with
#: ``benchmarks/bots.py``: ``benchmarks/hard_settings.md`` has the numbers). A ``policy`` (with
#: ``search="policy"``) is a function with the heuristic's signature ``(view, legal_actions, rng)``,
#: reading nothing but the bot's view; given to :class:`HardBot` by hand it may be a ``"module:function"``.
HARD_DEFAULTS: dict[str, Any] = HardSettings().as_dict()

#: Settings only PIMC reads (IS-MCTS does not take them).
PIMC_ONLY = ("max_candidates", "margin", "candidates", "samples", "rollout_policy", "cut", "moves", "base")
#: Settings neither search reads: ``policy`` is what ``search="policy"`` plays.
OWN_SETTINGS = ("policy",)


class HardBot(ISMCTSBot):
    """The strongest level: the search its game's declaration names, within about a second per decision.

    Settings are decided afresh for every decision, from the game being played: explicit
    parameters win over the game's ``hard_settings``, which win over :data:`HARD_DEFAULTS`. So one
    ``hard`` bot plays each game with that game's settings, whatever it played before. A rollout
    cut after ``rollout_depth`` moves is scored by the game's evaluator
    (:func:`asobiba.bots.evaluators.evaluator`) unless one is given. With ``search="pimc"``,
    ``iterations`` caps the samples (unless ``samples`` is given).
    """

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = HARD_ITERATIONS,
        time_limit: float | None = HARD_TIME_LIMIT,
        **parameters: Any,
    ) -> None:
        self._given = dict(parameters)
        unknown = sorted(set(parameters) - set(HARD_DEFAULTS))
        if unknown:
            raise TypeError(f"unexpected settings {', '.join(unknown)}")
        searching = {
            key: value
            for key, value in {**HARD_DEFAULTS, **parameters}.items()
            if key not in PIMC_ONLY and key not in OWN_SETTINGS
        }
        searching.pop("search")
        super().__init__(seed, iterations=iterations, time_limit=time_limit, **searching)
        self.search = "ismcts"
        #: The PIMC search of the last decision in a game that uses it (else ``None``).
        self.last_pimc: PIMCBot | None = None

    def settings_for(self, game: str) -> dict[str, Any]:
        """The search settings this bot uses for a decision in ``game``."""
        settings = {**declaration(game).hard_settings().as_dict(), **self._given}
        if settings.get("evaluator") is None:
            settings["evaluator"] = evaluator(game)
        elif isinstance(settings["evaluator"], str):  # a game's own evaluator for its play-outs
            settings["evaluator"] = load_function(settings["evaluator"])
        if settings["search"] not in SEARCHES:
            raise InvalidOption(
                "search={value} is not known; it takes 'ismcts', 'pimc' or 'policy'", value=settings["search"]
            )
        if settings["search"] == "policy" and settings["policy"] is None:
            raise InvalidOption("search='policy' needs a policy ('module:function')")
        return settings

    def choose(self, observation: Observation) -> Action:
        settings = self.settings_for(observation.game.name)
        for key, value in settings.items():
            if key not in PIMC_ONLY and key not in OWN_SETTINGS:
                setattr(self, key, value)
        self.last_pimc = None
        if settings["search"] == "policy":
            started = time.perf_counter()
            legal = observation.legal_actions
            player: Policy = load_function(settings["policy"])
            action = legal[0] if len(legal) == 1 else player(observation.view, legal, self.rng)
            self.last_root, self.last_iterations, self.last_seconds = None, 0, time.perf_counter() - started
            return action
        if settings["search"] == "ismcts":
            return super().choose(observation)
        searcher = PIMCBot(
            time_limit=self.time_limit,
            samples=self.iterations if settings["samples"] is None else settings["samples"],
            max_candidates=settings["max_candidates"],
            rollout_depth=settings["rollout_depth"],
            margin=settings["margin"],
            evaluator=settings["evaluator"],
            candidates=settings["candidates"],
            rollout_policy=settings["rollout_policy"],
            cut=settings["cut"],
            moves=settings["moves"],
            base=settings["base"],
        )
        searcher.rng = self.rng
        action = searcher.choose(observation)
        self.last_pimc, self.last_root = searcher, None
        self.last_iterations, self.last_seconds = searcher.last_samples, searcher.last_seconds
        return action


def register_levels(bots: dict[str, Callable[..., Bot]]) -> None:
    """Add the levels and the configurable ``ismcts`` and ``pimc`` bots to a bot table."""
    bots["easy"] = EasyBot
    bots["normal"] = NormalBot
    bots["hard"] = HardBot
    bots["ismcts"] = ISMCTSBot
    bots["pimc"] = PIMCBot
