"""Determinized play-outs of a few candidate moves (perfect-information Monte Carlo, "PIMC").

Where IS-MCTS is thin — a few dozen iterations a second over a hundred offers — a flat search
of a handful of sensible moves learns more per play-out:

1. the candidates: the game's heuristic move first, then other moves the heuristic makes with
   other random draws (another claim, another victim), then, up to ``max_candidates``, legal moves
   in a seeded random order (or a game's own ``candidates`` function, given in its ``hard_settings``);
2. each round draws one determinization of the observation (``observation.sample``, never the
   true state) and plays every candidate out from it with the same generator seed (common random
   numbers): everybody then plays the game's heuristic (or a lighter ``rollout_policy``) on his
   own view of the sample, to the end, or for ``rollout_depth`` moves or up to a game's ``cut``
   ("the round is over"), scored by the game's evaluator;
3. the move played is the heuristic's unless another candidate did better by more than
   ``margin`` paired standard errors (the results of the two on the same samples): search
   overrides the heuristic only where it has evidence.

The same play-outs give the post-game analysis its chances (:mod:`asobiba.bots.analysis`).

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=4)
>>> searcher = PIMCBot(seed=1, time_limit=None, samples=3)
>>> searcher.choose(state.observe(state.to_move)) in state.legal_actions()
True
>>> searcher.last_samples
3
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, overload

from asobiba.bots.base import Bot
from asobiba.bots.evaluators import evaluator as game_evaluator
from asobiba.core.errors import InvalidOption
from asobiba.core.hard_settings import CandidateFunction, Cut, Evaluator, Policy
from asobiba.core.state import Action, Observation, State

#: Extra heuristic calls (with other random draws) when gathering candidates.
HEURISTIC_DRAWS = 8


def play_out(
    state: State,
    player: int,
    rng: random.Random,
    depth: int | None = None,
    score: Evaluator | None = None,
    deadline: float | None = None,
    policy: Policy | None = None,
    cut: Cut | None = None,
    tally: list[int] | None = None,
) -> float | None:
    """Play ``state`` on with the game's heuristic (or ``policy``) for everybody, each on his own
    view of it, and return ``player``'s result: 1 if among the winners, else 0 — or, after
    ``depth`` moves or where ``cut(start, state)`` says so, the evaluator's value for him (an even
    share without an evaluator). ``state`` is changed. ``None`` if the clock passed ``deadline``
    (``time.perf_counter()``) first. The moves played are added to ``tally[0]`` if given (the
    search's work, for a budget counted in moves)."""
    game = state.game
    state.scripted_chance = False
    start = state.clone() if cut is not None else state
    moves = 0
    while True:
        if deadline is not None and time.perf_counter() >= deadline:
            return None
        if cut is not None and moves > 0 and cut(start, state):
            return _scored(state, player, score)
        if state.is_chance_node:
            state.resolve_chance()
            continue
        mover = state.to_move
        if mover is None:
            return 1.0 if player in state.result()["winners"] else 0.0
        if depth is not None and moves >= depth:
            return _scored(state, player, score)
        legal = state.legal_actions()
        if len(legal) == 1:
            move = legal[0]
        elif policy is not None:
            move = policy(state.view(mover), legal, rng)  # the view observe_in_search(mover) would give
        else:
            move = game.heuristic_action(state.observe_in_search(mover), rng)
        state.apply_trusted(move)
        moves += 1
        if tally is not None:
            tally[0] += 1


def _scored(state: State, player: int, score: Evaluator | None) -> float:
    """The evaluator's value of ``state`` for ``player`` (an even share without an evaluator)."""
    values = score(state) if score is not None else [1.0 / state.players] * state.players
    return min(1.0, max(0.0, values[player]))


def candidate_moves(
    observation: Observation,
    heuristic: Action,
    limit: int,
    rng: random.Random,
    function: CandidateFunction | None = None,
) -> list[Action]:
    """Up to ``limit`` distinct legal moves, the heuristic's first (see the module docstring)."""
    legal = list(observation.legal_actions)
    if function is not None:
        chosen = [heuristic] + [move for move in function(observation, heuristic, limit, rng) if move != heuristic]
        return _distinct(chosen)[:limit]
    if len(legal) <= limit:
        return [heuristic] + [move for move in legal if move != heuristic]
    chosen = [heuristic]
    for _ in range(HEURISTIC_DRAWS):
        if len(chosen) >= limit:
            break
        move = observation.game.heuristic_action(observation, random.Random(rng.getrandbits(32)))
        if move not in chosen:
            chosen.append(move)
    others = [move for move in legal if move not in chosen]
    rng.shuffle(others)
    return chosen + others[: limit - len(chosen)]


def _distinct(moves: Sequence[Action]) -> list[Action]:
    seen: list[Action] = []
    for move in moves:
        if move not in seen:
            seen.append(move)
    return seen


def paired_advantage(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """Mean of ``better[i] - worse[i]`` and its standard error.

    >>> paired_advantage([1.0, 1.0, 0.0, 1.0], [0.0, 1.0, 0.0, 0.0])
    (0.5, 0.28867513459481287)
    """
    count = len(better)
    if count < 2:
        return 0.0, math.inf
    differences = [b - w for b, w in zip(better, worse, strict=True)]
    mean = sum(differences) / count
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return mean, math.sqrt(variance / count)


@overload
def load_function(path: None) -> None: ...
@overload
def load_function(path: str | Callable[..., Any]) -> Callable[..., Any]: ...
def load_function(path: str | Callable[..., Any] | None) -> Callable[..., Any] | None:
    """The function a ``"module:function"`` path given by hand names (a bot's parameter on the command
    line), or the function itself, or ``None``; what it names must be callable. The caller's
    annotation says which signature it expects (a ``Policy``, a ``Cut``…): a path is text, so no
    checker can know it sooner (a game's own settings are functions:
    :class:`~asobiba.core.hard_settings.HardSettings`)."""
    if path is None or callable(path):
        return path
    module, _, name = str(path).partition(":")
    if not module or not name:
        raise InvalidOption("{value} is not a 'module:function' path", value=repr(path))
    found: object = getattr(importlib.import_module(module), name)
    if not callable(found):
        raise InvalidOption("{value} names {kind}, not a function", value=repr(path), kind=type(found).__name__)
    return found


class PIMCBot(Bot):
    """Flat determinized search over a few candidates; falls back on the heuristic without evidence.

    ``time_limit`` (seconds), ``samples`` (determinizations, each played out for every
    candidate) and ``moves`` (play-out moves in all, counted after each whole sample: a budget of
    work that, unlike the clock, gives the same choice on a loaded machine, and more samples where
    play-outs are short) cap the work; give any of them. ``rollout_depth`` cuts play-outs (``None``: to
    the end) and scores them with ``evaluator`` (default: the game's). ``margin`` is how many
    paired standard errors a candidate must beat the heuristic's move by to be played. ``base``
    (a ``"module:function"`` player with the heuristic's signature) replaces the game's heuristic
    as the move searched against and the fallback (a game's own stronger player).
    """

    name = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        time_limit: float | None = 0.8,
        samples: int | None = None,
        max_candidates: int = 4,
        rollout_depth: int | None = None,
        margin: float = 1.0,
        evaluator: Evaluator | None = None,
        candidates: str | CandidateFunction | None = None,
        rollout_policy: str | Policy | None = None,
        cut: str | Cut | None = None,
        moves: int | None = None,
        base: str | Policy | None = None,
    ) -> None:
        super().__init__(seed)
        if time_limit is None and samples is None and moves is None:
            raise InvalidOption("PIMC needs a budget: time_limit (seconds), samples, moves, or some of them")
        if time_limit is not None and time_limit <= 0:
            raise InvalidOption("time_limit must be a positive number of seconds, not {value}", value=time_limit)
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
            raise InvalidOption("samples must be a whole number of at least 1, not {value}", value=repr(samples))
        if moves is not None and (isinstance(moves, bool) or not isinstance(moves, int) or moves < 1):
            raise InvalidOption("moves must be a whole number of at least 1, not {value}", value=repr(moves))
        if isinstance(max_candidates, bool) or not isinstance(max_candidates, int) or max_candidates < 1:
            raise InvalidOption(
                "max_candidates must be a whole number of at least 1, not {value}", value=repr(max_candidates)
            )
        if rollout_depth is not None and rollout_depth < 0:
            raise InvalidOption("rollout_depth must be at least 0, not {value}", value=rollout_depth)
        self.time_limit = time_limit
        self.samples = samples
        self.max_candidates = max_candidates
        self.rollout_depth = rollout_depth
        self.margin = margin
        self.evaluator = evaluator
        self.candidates = candidates
        self.rollout_policy = rollout_policy
        self.cut = cut
        self.moves = moves
        self.base = base
        #: Samples, seconds and per-candidate results of the last decision (benchmarks, analysis).
        self.last_samples = 0
        self.last_moves = 0
        self.last_seconds = 0.0
        self.last_results: dict[Action, list[float]] = {}

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("PIMC was asked to move with no legal action")
        self.last_samples, self.last_moves, self.last_seconds, self.last_results = 0, 0, 0.0, {}
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        base: Policy | None = load_function(self.base)
        if base is None:
            heuristic = observation.game.heuristic_action(observation, self.rng)
        else:
            heuristic = base(observation.view, legal, self.rng)
        moves = candidate_moves(observation, heuristic, self.max_candidates, self.rng, load_function(self.candidates))
        if len(moves) == 1:
            return heuristic
        score = self.evaluator
        if score is None and (self.rollout_depth is not None or self.cut is not None):
            score = game_evaluator(observation.game.name)
        results: dict[Action, list[float]] = {move: [] for move in moves}
        deadline = None if self.time_limit is None else started + self.time_limit
        policy: Policy | None = load_function(self.rollout_policy)
        cut: Cut | None = load_function(self.cut)
        done = 0
        tally = [0]
        while self.samples is None or done < self.samples:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            if self.moves is not None and tally[0] >= self.moves:
                break
            sample = observation.sample(self.rng.getrandbits(63))
            rollout_seed = self.rng.getrandbits(63)
            outcomes: list[float] = []
            stop = deadline if done > 0 else None  # the first sample is always finished
            for move in moves:
                state = sample.clone()
                state.apply_trusted(move)
                outcome = play_out(
                    state,
                    observation.player,
                    random.Random(rollout_seed),
                    self.rollout_depth,
                    score,
                    stop,
                    policy,
                    cut,
                    tally,
                )
                if outcome is None:
                    break
                outcomes.append(outcome)
            if len(outcomes) < len(moves):
                break  # an unfinished sample is dropped: every candidate keeps the same samples
            for move, outcome in zip(moves, outcomes, strict=True):
                results[move].append(outcome)
            done += 1
        self.last_samples, self.last_moves = done, tally[0]
        self.last_seconds, self.last_results = time.perf_counter() - started, results
        best = max(moves, key=lambda move: sum(results[move]))
        if best == heuristic:
            return heuristic
        advantage, error = paired_advantage(results[best], results[heuristic])
        return best if advantage > self.margin * error else heuristic

    def __repr__(self) -> str:
        return (
            f"PIMCBot(seed={self.seed!r}, time_limit={self.time_limit!r}, samples={self.samples!r}, "
            f"max_candidates={self.max_candidates!r}, rollout_depth={self.rollout_depth!r}, moves={self.moves!r})"
        )
