"""The coach's words: one analysed decision said in sentences of the reader's language.

:func:`explain_decision` gives, for a :class:`~asobiba.bots.analysis.Decision` (from
:func:`~asobiba.bots.analysis.analyse` or :func:`~asobiba.bots.analysis.analyse_decision`), what the better
move was and the chances of winning behind it, in plain words (never "samples" or "play-outs"), then the
game's own reasons from its explanation hook (:mod:`asobiba.core.explain`), strongest first. Players are
named by ``names`` (never ``p1``), moves by the game's words for them. The coach in the browser, the
terminal's ``asobiba analyse`` and the hints all say these same words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from asobiba.bots.analysis import Candidate, Decision
from asobiba.core.explain import MoveToExplain
from asobiba.core.i18n import list_text
from asobiba.core.registry import declaration
from asobiba.core.state import Action, Observation
from asobiba.i18n import Catalog

__all__ = ["explain_decision", "move_words", "name_players", "percent_text"]

tr = Catalog("analysis")

#: A seat written as the notation writes it: ``p0``, ``p1``... (not inside a word or a longer number).
_SEAT = re.compile(r"(?<![A-Za-z0-9_#])p(\d+)(?![0-9])")


def name_players(text: str, names: Sequence[str]) -> str:
    """``text`` with every seat written ``p<n>`` replaced by its name.

    >>> name_players("Offer 3 of spades to p1, claiming “spades”", ["Ann", "Ken"])
    'Offer 3 of spades to Ken, claiming “spades”'
    >>> name_players("p1にスペードの3を渡す", ["Ann", "Ken"])
    'Kenにスペードの3を渡す'
    """

    def name(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return names[seat] if 0 <= seat < len(names) else found.group(0)

    return _SEAT.sub(name, text)


def percent_text(chance: float, lang: str) -> str:
    """A chance in whole percent: ``62%``."""
    return tr("{value}%", lang, value=round(chance * 100))


def _interval_text(candidate: Candidate, lang: str) -> str:
    low, high = candidate.interval
    return tr("{low}–{high}%", lang, low=round(low * 100), high=round(high * 100))


def _action(observation: Observation[Any], notation: str) -> Action | None:
    for action in observation.legal_actions:
        if str(action) == notation:
            return action
    return None


def _actions(observation: Observation[Any], notations: Sequence[str]) -> list[Action]:
    return [action for action in (_action(observation, notation) for notation in notations) if action is not None]


def move_words(
    observation: Observation[Any], notation: str, names: Sequence[str], lang: str, same: Sequence[str] = ()
) -> str:
    """A legal move of ``observation`` in the reader's words, players by their names and pieces by what
    the player saw of them (its notation if the game cannot say it). ``same``: the other legal moves
    that are the same move (``Game.same_move_key``), said with it as one move ("a spades card")."""
    action = _action(observation, notation)
    if action is None:
        return name_players(notation, names)
    text = _described(observation, action, lang)
    said = declaration(observation.game.name).move_words()
    if said is not None:
        text = said(observation, action, text, lang, bool(same))
    elif same:
        others = [_described(observation, other, lang) for other in _actions(observation, same)]
        text = tr("{move} (or the same move: {others})", lang, move=text, others=list_text(others, lang))
    return name_players(text, names)


def _described(observation: Observation[Any], action: Action, lang: str) -> str:
    try:
        return str(observation.game.describe_action(action, lang))
    except Exception:  # a description is a help: the notation is always right
        return str(action)


def _reasons(
    decision: Decision, observation: Observation[Any], names: Sequence[str], lang: str, better: str | None
) -> list[str]:
    hook = declaration(observation.game.name).explain()
    played = _action(observation, decision.played)
    if hook is None or played is None:
        return []
    better_action = _action(observation, better) if better is not None else None
    asked = MoveToExplain(
        observation=observation,
        played=played,
        better=better_action,
        names=tuple(names),
        lang=lang,
        chance_played=decision.played_candidate.chance,
        chance_better=decision.best.chance if better_action is not None else None,
    )
    return [name_players(str(reason), names) for reason in hook(asked) if str(reason).strip()]


def explain_decision(decision: Decision, observation: Observation[Any], names: Sequence[str], lang: str) -> list[str]:
    """The words for one analysed decision: first what the better move was (or that the move played was
    as good as any, or that the difference is within noise) with the chances of winning and their
    intervals, then the game's reasons (its explanation hook, given ``better=None`` unless the move
    played gave away chance for sure), strongest first.

    ``observation`` is what the player knew at that decision; ``names`` every seat's name by seat.
    """
    played = decision.played_candidate
    best = decision.best
    verdict = decision.verdict
    yours = move_words(observation, decision.played, names, lang, played.same)
    count = played.samples
    if verdict == "costly":
        head = tr(
            "Better: {better} — chance of winning {chance_better} ({interval_better}). "
            "Yours: {played} — {chance} ({interval}). From {count} imagined continuations of the game.",
            lang,
            better=move_words(observation, best.action, names, lang, best.same),
            chance_better=percent_text(best.chance, lang),
            interval_better=_interval_text(best, lang),
            played=yours,
            chance=percent_text(played.chance, lang),
            interval=_interval_text(played, lang),
            count=count,
        )
        return [head, *_reasons(decision, observation, names, lang, best.action)]
    if verdict == "best":
        head = tr(
            "Your move was as good as any: {played} — chance of winning {chance} ({interval}). "
            "From {count} imagined continuations of the game.",
            lang,
            played=yours,
            chance=percent_text(played.chance, lang),
            interval=_interval_text(played, lang),
            count=count,
        )
    elif verdict == "close":
        head = tr(
            "Your move was about as good as the best found; the difference is within noise. "
            "Yours: {played} — {chance} ({interval}). Best found: {better} — {chance_better} ({interval_better}).",
            lang,
            played=yours,
            better=move_words(observation, best.action, names, lang, best.same),
            chance=percent_text(played.chance, lang),
            interval=_interval_text(played, lang),
            chance_better=percent_text(best.chance, lang),
            interval_better=_interval_text(best, lang),
        )
    else:
        head = tr(
            "Whether another move was better is within noise: after {count} imagined continuations of the "
            "game, your move ({played}) still left a chance of winning anywhere from {interval}.",
            lang,
            played=yours,
            interval=_interval_text(played, lang),
            count=count,
        )
    return [head, *_reasons(decision, observation, names, lang, None)]
