"""Action codecs: every action of a game as a number of one fixed ``Discrete(size)`` space.

A codec is made for one (game, players, options): ``size`` is the number of distinct actions,
:meth:`~ActionCodec.index` the number of an action (it reads nothing but the action),
:meth:`~ActionCodec.mask` which numbers are legal in a position and
:meth:`~ActionCodec.action` the action a number stands for there.

Where the rules make actions equivalent, they share one number (in Cockroach Poker a card's rank
or copy never matters, so an offer is target × claim × kind of card); :meth:`~ActionCodec.action`
then gives the first legal action of that class, in ``legal_actions()`` order. Chance outcomes have
no number: the environments resolve chance themselves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic

import numpy as np
from typing_extensions import TypeVar

from asobiba.core.errors import IllegalAction, short_repr

if TYPE_CHECKING:
    from asobiba.core.game import Game
    from asobiba.core.state import Action, State

__all__ = ["ActionCodec"]

#: The state class of the game a codec numbers (``SurviveState``): what :meth:`ActionCodec.index_in`
#: reads where an action's number depends on the position; any state for a codec of any game.
CodecStateT = TypeVar("CodecStateT", bound="State", default=Any)

#: The most action numbers remembered per codec (the engines' precomputed actions are fewer).
_MOST_CACHED = 200_000


class ActionCodec(ABC, Generic[CodecStateT]):
    """The numbering of one game's actions for ``players`` players and these (resolved) options;
    generic in the game's state (``ActionCodec[SurviveState]``), which its position-dependent
    numbers read."""

    def _lay_out(self, blocks: list[tuple[str, int]]) -> None:
        """Number the actions block after block: ``(name, count)`` -> ``first[name]`` and ``size``."""
        self._blocks: list[tuple[str, int, int]] = []
        self.first: dict[str, int] = {}
        start = 0
        for name, count in blocks:
            self._blocks.append((name, start, count))
            self.first[name] = start
            start += count
        self.size = start

    #: The number of distinct actions (the ``Discrete`` space's size).
    size: int
    #: Action classes whose number depends on the position too (:meth:`index_in`), never cached.
    position_dependent: ClassVar[tuple[type, ...]] = ()

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        # id(action) -> (action, number): the engines hand out the same action objects again and
        # again; the entry holds the action, so its id cannot be reused while it is cached.
        self._numbers: dict[int, tuple[Action, int]] = {}

    @abstractmethod
    def index(self, action: Action) -> int:
        """The number of a player's action (from the action alone)."""

    def index_in(self, action: Action, state: CodecStateT) -> int:
        """The number of ``action``, legal in ``state`` (the same as :meth:`index` unless the action's
        class is :attr:`position_dependent`)."""
        return self.index(action)

    def layout(self) -> list[tuple[str, int, int]]:
        """The blocks of numbers: ``(what, first, count)``, in order; they tile ``range(size)``."""
        return list(self._blocks)

    def legal(self, state: CodecStateT) -> dict[int, Action]:
        """The legal numbers in ``state`` and the action each stands for (the first of its class)."""
        legal: dict[int, Action] = {}
        numbers = self._numbers
        if len(numbers) > _MOST_CACHED:
            numbers.clear()
        dependent = self.position_dependent
        for action in state.legal_actions():
            if dependent and isinstance(action, dependent):
                legal.setdefault(self.index_in(action, state), action)
                continue
            entry = numbers.get(id(action))
            if entry is None or entry[0] is not action:
                entry = numbers[id(action)] = (action, self.index(action))
            legal.setdefault(entry[1], action)
        return legal

    def mask(self, state: CodecStateT) -> np.ndarray:
        """``int8`` array of ``size``: 1 where the number is a legal action of the player to move."""
        mask = np.zeros(self.size, dtype=np.int8)
        if not state.is_over and not state.is_chance_node:
            mask[list(self.legal(state))] = 1
        return mask

    def action(self, index: int, state: CodecStateT) -> Action:
        """The legal action that ``index`` stands for in ``state``; :class:`IllegalAction` if none."""
        legal = self.legal(state)
        try:
            return legal[int(index)]
        except (KeyError, TypeError, ValueError):
            raise IllegalAction(
                "action number {index} is not legal here; the legal numbers are {legal}",
                domain="rl",
                index=short_repr(index),
                legal=short_repr(sorted(legal), 200),
            ) from None

    def first_of(self, block: str) -> int:
        """The first number of the block called ``block`` (``"offer"``, ``"answer"``, …)."""
        for what, first, _ in self.layout():
            if what == block:
                return first
        raise KeyError(block)

    def describe(self, index: int) -> str:
        """Which block a number belongs to and its place in it (for documentation and debugging)."""
        for what, first, count in self.layout():
            if first <= index < first + count:
                return f"{what}[{index - first}]"
        raise IndexError(index)
