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
from collections.abc import Callable, Sequence
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
    said = _PIECE_WORDS.get(observation.game.name)
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


def _cockroach_card(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """A card offered, by its name; by its kind where the copy or the rank does not count ("a spades
    card": several moves in one, or the original game's creatures, whose copies are all alike)."""
    from asobiba.games.cockroach_poker.actions import Offer
    from asobiba.games.cockroach_poker.data import TRUMP
    from asobiba.games.cockroach_poker.text import card_name, kind_name

    if not isinstance(action, Offer):
        return text
    card = action.card
    trump = card in TRUMP.cards
    if trump and not merged:
        return text
    if trump and card.startswith("J"):
        kind = tr("a joker", lang)
    else:
        deck_kind = TRUMP.kinds[TRUMP.kind_of[TRUMP.cards.index(card)]] if trump else card.rstrip("0123456789")
        kind = tr("a {kind} card", lang, kind=kind_name(deck_kind, lang))
    return text.replace(card_name(card, lang), kind)


def _survive_explorers(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """An explorer by its colour and where it stands, and its value where the player knows it ("your red
    explorer worth 5 on r3c4"), never its number (``red#4``)."""
    from asobiba.games.survive.data import explorer_name
    from asobiba.games.survive.text import explorer_text, term

    number = getattr(action, "explorer", None)
    if not isinstance(number, int):
        return text
    name = explorer_name(number)
    seen = next((explorer for explorer in observation.view["explorers"] if explorer.get("id") == name), None)
    if seen is None:
        return text
    colour = term(str(seen.get("colour")), lang)
    cell, value = seen.get("cell"), seen.get("value")
    if cell and value is not None:
        words = tr("your {colour} explorer worth {value} on {cell}", lang, colour=colour, value=value, cell=cell)
    elif cell:
        words = tr("your {colour} explorer on {cell}", lang, colour=colour, cell=cell)
    elif value is not None:
        words = tr("your {colour} explorer worth {value}", lang, colour=colour, value=value)
    else:
        words = tr("one of your {colour} explorers", lang, colour=colour)
    return text.replace(explorer_text(name, lang), words)


def _paper_safari_cards(observation: Observation[Any], action: Action, text: str, lang: str, merged: bool) -> str:
    """The cards of a move by their names where the player saw them: the card in hand, the top of the
    discard pile, a face-up card of the grid ("Swap Pikachu (in hand) with your top left card, Onix")."""
    from asobiba.games.paper_safari import actions
    from asobiba.games.paper_safari.text import position_name

    view = observation.view
    cards = view.get("cards") or {}

    def named(card: object) -> str | None:
        if not isinstance(card, str):
            return None
        found = cards.get(card)
        return str(found.get(lang) or found.get("en")) if isinstance(found, dict) else card

    hand = named(view.get("hand")) if view.get("hand_holder") == observation.player else None
    if isinstance(action, actions.Swap) and hand is not None:
        where = position_name(action.position, lang)
        grid = view.get("grids") or []
        mine = grid[observation.player] if observation.player < len(grid) else []
        other = named(mine[action.position]) if action.position < len(mine) else None
        if other is not None:
            return tr(
                "Swap {card} (in hand) with your {position} card, {other}", lang, card=hand, position=where, other=other
            )
        return tr("Swap {card} (in hand) with your {position} card", lang, card=hand, position=where)
    if isinstance(action, actions.Discard) and hand is not None:
        return tr("Discard {card}, the card drawn", lang, card=hand)
    top = named(view.get("discard_top"))
    if isinstance(action, actions.TakeDiscard) and top is not None:
        return tr("Take {card} from the top of the discard pile", lang, card=top)
    return text


#: Per game, how the coach says the pieces of a move where the game's own words name them by number.
_PIECE_WORDS: dict[str, Callable[[Observation[Any], Action, str, str, bool], str]] = {
    "cockroach-poker": _cockroach_card,
    "survive": _survive_explorers,
    "paper-safari": _paper_safari_cards,
}


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
