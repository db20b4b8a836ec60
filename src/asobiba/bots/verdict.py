"""Hints while learning: a one-line verdict of a move just made, and why the coach suggests a move.

A learning room (the room option ``learning``) tells its player, after each of their moves, what the
coach makes of it: :func:`judge` estimates the decision from what the player knew then (its
observation, never the true state) with :func:`~asobiba.bots.analysis.analyse_decision` on a small
budget — a fraction of a second of one core — and :func:`verdict_words` says it in one line of the
reader's language:

- ``"good"``: "Good move." — no move tried did better by :data:`~asobiba.bots.analysis.MARK_THRESHOLD`;
- ``"fine"``: another move looked a little better, within the noise of so few imagined continuations;
- ``"risky"``: another move looked better by more than the noise, but not for sure (95 %);
- ``"costly"``: another move was better for sure (95 %) by at least the threshold: "Costly: … (a better
  move was …)";
- ``"only"``: the player had no other move (nothing is estimated).

The words after "Risky:" and "Costly:" are the game's own reason (its explanation hook,
:mod:`asobiba.core.explain`, with the better move found), else the chance the move gave away; the
hook's other reasons follow the line. :func:`hint_reasons` gives the hook's reasons for a move the coach
suggests (``better=None``: the suggestion is the move to explain).

Players are written as ``names`` gives them (the server gives ``p0``, ``p1``… and the browser writes each
seat's name there, as it does in the log's lines).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from asobiba.bots.analysis import MARK_THRESHOLD, Z95, Decision, analyse_decision
from asobiba.bots.coach_words import move_words, name_players
from asobiba.core.explain import MoveToExplain
from asobiba.core.registry import declaration
from asobiba.core.state import Action, Observation
from asobiba.i18n import Catalog

__all__ = [
    "VERDICT_CANDIDATES",
    "VERDICT_HARD",
    "VERDICT_ROLLOUT_DEPTH",
    "VERDICT_SAMPLES",
    "Verdict",
    "VerdictKind",
    "classify",
    "hint_reasons",
    "judge",
    "verdict_words",
]

tr = Catalog("learning")

#: A verdict's budget (measured: 0.3–0.5 s of one core a move, the first six decisions of three games
#: of each of the three titles): imagined continuations a candidate, the candidates compared, the
#: coach's search that proposes one, and how far a rollout is played before the game's evaluator scores
#: it (where the game cuts rollouts at all).
VERDICT_SAMPLES = 32
VERDICT_CANDIDATES = 4
VERDICT_HARD = "hard:time_limit=none,iterations=16,samples=16"
VERDICT_ROLLOUT_DEPTH = 8
#: "Risky" once the better move found is ahead by more than this many standard errors of the
#: difference ("costly" needs :data:`~asobiba.bots.analysis.Z95`: better for sure at 95 %).
RISKY_ERRORS = 1.0

VerdictKind = Literal["good", "fine", "risky", "costly", "only"]


@dataclass(frozen=True)
class Verdict:
    """What the coach makes of one move."""

    kind: VerdictKind
    #: The move made (its notation) and the better one found (None: none was found better).
    played: str
    better: str | None
    #: The chance of winning the better move found would have added, and its standard error.
    loss: float = 0.0
    error: float = 0.0


def _noise(decision: Decision) -> float:
    """The standard error of the decision's loss: from the paired results of the two moves on the same
    imagined continuations (as the coach reads it), else — results not kept — as if the two estimates
    were independent."""
    best, played = decision.best, decision.played_candidate
    if min(len(best.outcomes), len(played.outcomes)) >= 2:
        return decision.loss_error

    def variance(chance: float, samples: int) -> float:
        return chance * (1.0 - chance) / samples if samples else 0.25

    return math.sqrt(variance(best.chance, best.samples) + variance(played.chance, played.samples))


def judge(
    observation: Observation[Any],
    played: str,
    *,
    samples: int = VERDICT_SAMPLES,
    max_candidates: int = VERDICT_CANDIDATES,
    hard: str = VERDICT_HARD,
    seed: int = 0,
) -> Verdict:
    """The verdict of ``played`` (a legal move's notation) from ``observation`` (what the player knew).

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=3, seed=5)
    >>> observation = state.observe(state.to_move)
    >>> judge(observation, str(observation.legal_actions[0]), samples=2, max_candidates=2).kind in (
    ...     "good", "fine", "risky", "costly")
    True
    """
    if len(observation.legal_actions) <= 1:
        return Verdict("only", played, None)
    game_depth = declaration(observation.game.name).analysis_rollout_depth
    depth = None if game_depth is None else min(game_depth, VERDICT_ROLLOUT_DEPTH)
    decision = analyse_decision(
        observation,
        played,
        samples=samples,
        max_candidates=max_candidates,
        rollout_depth=depth,
        hard=hard,
        seed=seed,
        max_samples=samples,  # a verdict's budget is small: within noise, it says so
    )
    return classify(decision)


def classify(decision: Decision) -> Verdict:
    """The verdict of an analysed decision (see the module): how much chance the better move found would
    have added (:attr:`~asobiba.bots.analysis.Decision.loss`) against the noise of so few samples."""
    played = decision.played
    loss, error = decision.loss, _noise(decision)
    better = decision.best.action if decision.best.action != played and loss > 0.0 else None
    if better is None or loss < MARK_THRESHOLD:
        return Verdict("good", played, better, loss, error)
    if loss > Z95 * error:
        return Verdict("costly", played, better, loss, error)
    if loss > RISKY_ERRORS * error:
        return Verdict("risky", played, better, loss, error)
    return Verdict("fine", played, better, loss, error)


def _action(observation: Observation[Any], notation: str | None) -> Action | None:
    if notation is None:
        return None
    return next((action for action in observation.legal_actions if str(action) == notation), None)


def _reasons(
    observation: Observation[Any], played: str, better: str | None, names: Sequence[str], lang: str
) -> list[str]:
    """The game's reasons for ``played`` (against ``better``, if given), strongest first (none: the game
    has no hook, or nothing to say, or it failed: a reason is a help, the verdict stands without)."""
    hook = declaration(observation.game.name).explain()
    action = _action(observation, played)
    if hook is None or action is None:
        return []
    asked = MoveToExplain(
        observation=observation, played=action, better=_action(observation, better), names=tuple(names), lang=lang
    )
    try:
        reasons = hook(asked)
    except Exception:
        return []
    return [name_players(str(reason).strip(), names) for reason in reasons if str(reason).strip()]


def verdict_words(
    verdict: Verdict, observation: Observation[Any], names: Sequence[str], lang: str
) -> tuple[str, list[str]]:
    """The verdict's line in ``lang`` and the game's further reasons (players as ``names`` gives them)."""
    if verdict.kind == "only":
        return tr("Your only move.", lang), []
    if verdict.kind in ("good", "fine") or verdict.better is None:
        reasons = _reasons(observation, verdict.played, None, names, lang)
        if verdict.kind == "fine":
            return tr("Fine: no other move was surely better.", lang), reasons
        return tr("Good move.", lang), reasons
    better = move_words(observation, verdict.better, names, lang)
    reasons = _reasons(observation, verdict.played, verdict.better, names, lang)
    points = max(1, round(verdict.loss * 100))
    if verdict.kind == "risky":
        why = reasons[0] if reasons else tr("{better} looked better, though not for sure.", lang, better=better)
        line = tr("Risky: {why}", lang, why=why)
    else:
        if reasons:
            why = reasons[0]
        else:
            why = tr("it gave away about {points} points of your chance of winning", lang, points=points)
        line = tr("Costly: {why} (a better move was {better}).", lang, why=why.rstrip("。. "), better=better)
    return line, reasons[1:]


def hint_reasons(observation: Observation[Any], suggestion: str, names: Sequence[str], lang: str) -> list[str]:
    """Why the coach suggests ``suggestion``, from what the player knows: the game's reasons for the move
    (its explanation hook), else how the coach found it."""
    reasons = _reasons(observation, suggestion, None, names, lang)
    if reasons:
        return reasons
    return [tr("Playing on from what you know, the coach found this move the likeliest to win.", lang)]
