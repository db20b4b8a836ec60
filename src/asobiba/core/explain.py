"""Why a move was better, in words: the game's explanation hook (its declaration's ``explain`` part).

The coach (:mod:`asobiba.bots.analysis`), the hints and the learning verdicts give a game's hook one
decision of a player — what that player knew then (its observation, never the true state), the move
played and the move found better — and the hook answers in sentences of the reader's language, from
that knowledge only: "you had seen three of the four bats, so 'bat' was likely a lie". The numbers
(the chance of winning with each move and its interval) are said by the coach beside them; a hook
speaks of the game, not of samples.

A hook names players by ``names`` (never ``p1``), cards by their names and pieces by what the player
sees of them (colour and place, or value once known). It returns the strongest reason first, and
an empty list when it has nothing to say of this decision (the coach then says the numbers alone).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from asobiba.core.state import Action, Observation

__all__ = ["Explainer", "MoveToExplain", "MoveWords"]


@dataclass(frozen=True)
class MoveToExplain:
    """One decision of a player, as the explanation hook receives it."""

    #: What the player knew before the move: its view (``observation.view``) and legal moves.
    observation: Observation[Any]
    #: The move the player made.
    played: Action
    #: The move found better (``None``: the move played was as good as any the coach tried).
    better: Action | None
    #: Every seat's name, by seat, in the reader's language (the player's own included).
    names: Sequence[str]
    #: The reader's language ("en" or "ja").
    lang: str
    #: The estimated chances of winning (0–1) after the move played and after the better one, if known.
    chance_played: float | None = None
    chance_better: float | None = None

    @property
    def player(self) -> int:
        return self.observation.player


#: A game's explanation hook: the reasons, strongest first, in ``decision.lang`` (empty: nothing to say).
Explainer = Callable[[MoveToExplain], list[str]]


#: A game's words for a move where its own description names pieces by number or notation: given the
#: player's observation, the move, the game's description of it, the reader's language and whether the
#: move stands for several that differ only in what the game ignores (``Game.same_move_key``), the
#: move as the player saw it ("a spades card", "your red explorer worth 5 on r3c4", "Swap Pikachu (in
#: hand) with your top left card"). The declaration's ``move_words`` part.
MoveWords = Callable[[Observation[Any], Action, str, str, bool], str]
