"""The contract every game's state fulfils.

A :class:`State` is mutable and cheap to :meth:`~State.clone`. The player who decides now is
:attr:`~State.to_move`; :meth:`~State.legal_actions` is the complete list of what he may do;
:meth:`~State.apply` checks an action, changes the state and returns the events.

Chance is explicit. Every random outcome (a shuffle's order, a die face, a coin face) is an
action of its own in :attr:`~State.history`, applied at a *chance node* where ``to_move`` is
:data:`CHANCE`. By default (``chance="auto"``) the engine samples those outcomes itself, from a
generator seeded by the game's seed and the step number, right after the action that led there;
with ``chance="scripted"`` the caller applies them (tests, tutorials, puzzles, replays).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from asobiba.core.errors import IllegalAction
from asobiba.core.events import Event, events_seen_by

if TYPE_CHECKING:
    from asobiba.core.game import Game

#: ``to_move`` at a chance node awaiting a scripted outcome.
CHANCE: Final = -1


class Action:
    """Base of every action. Subclasses are frozen dataclasses whose ``str`` is the notation.

    ``game.parse_action(str(action), state) == action`` for every legal action.
    """

    __slots__ = ()
    __notation__ = True
    #: True for the outcomes of chance (deals, shuffles, dice, coins).
    is_chance: bool = False


class State(ABC):
    """A position of a game, with everything needed to continue it."""

    game: Game

    def __init__(self, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.scripted_chance = chance == "scripted"

    # ------------------------------------------------------------------ what a game implements

    @abstractmethod
    def _current_player(self) -> int | None:
        """The player who decides now, :data:`CHANCE` at a chance node, ``None`` when over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (not called when the game is over)."""

    @abstractmethod
    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` saying why ``action`` is not allowed now; change nothing."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already checked; return what happened."""

    @abstractmethod
    def _sample_chance(self, rng: random.Random) -> Action:
        """At a chance node: draw the outcome."""

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` (``None``: a spectator) may know, JSON-ready. The base adds the keys
        ``game, players, viewer, to_move, is_over, options`` (and ``result`` when over)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """When the game is over: ``{"winners": [...], "losers": [...], "scores": [...]}``."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Replace, in this (cloned) state, everything ``player`` cannot know by a sample consistent
        with what he knows. It must depend only on what ``player`` knows and on ``rng``: collect the
        unknown items in a canonical (sorted) order before shuffling them."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node with few outcomes (a die, a coin): each outcome and its probability.

        Games whose chance nodes are shuffles return ``[]`` there; any permutation is accepted.
        """
        return []

    # ------------------------------------------------------------------ the public contract

    @property
    def to_move(self) -> int | None:
        """The player who decides now; :data:`CHANCE` at a scripted chance node; ``None`` when over."""
        return self._current_player()

    @property
    def is_over(self) -> bool:
        return self._current_player() is None

    @property
    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now; at a chance node, the enumerable outcomes."""
        player = self._current_player()
        if player is None:
            return []
        if player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return self._legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raise :class:`IllegalAction` (changing nothing) if it is not legal."""
        player = self._current_player()
        if player is None:
            raise IllegalAction("the game is over; no more actions are accepted")
        if not isinstance(action, Action):
            raise IllegalAction("{action} is not an action of {game}", action=repr(action), game=self.game.name)
        if action.is_chance != (player == CHANCE):
            if action.is_chance:
                raise IllegalAction(
                    "'{action}' is a chance outcome, but it is player p{player}'s decision now",
                    action=str(action),
                    player=player,
                )
            raise IllegalAction(
                "'{action}' is a player's decision, but a chance outcome is due now", action=str(action)
            )
        self._check(action)
        events = self._apply(action)
        self.history.append(action)
        if not self.scripted_chance:
            events.extend(self.resolve_chance())
        return events

    def resolve_chance(self) -> list[Event]:
        """Sample and apply chance outcomes until a player decides or the game ends."""
        events: list[Event] = []
        while self._current_player() == CHANCE:
            outcome = self._sample_chance(self.chance_rng())
            events.extend(self._apply(outcome))
            self.history.append(outcome)
        return events

    def chance_rng(self) -> random.Random:
        """The generator for the chance node at this step: a function of the seed and the step."""
        return random.Random(f"{self.seed}:{len(self.history)}")

    def view(self, player: int | None = None) -> dict[str, Any]:
        """Exactly what ``player`` may know now, JSON-ready; ``None`` gives a spectator's view."""
        if player is not None and not 0 <= player < self.players:
            raise IllegalAction(
                "there is no player p{player}; players are p0 to p{last}", player=player, last=self.players - 1
            )
        to_move = self._current_player()
        common: dict[str, Any] = {
            "game": self.game.name,
            "players": self.players,
            "viewer": player,
            "to_move": to_move,
            "is_over": to_move is None,
            "options": self.game.explicit_options(self.options),
        }
        if to_move is None:
            common["result"] = self.result()
        common.update(self._view(player))
        return common

    def observe(self, player: int) -> Observation:
        """What a bot or agent playing ``player`` receives."""
        view = self.view(player)
        actions = tuple(self.legal_actions()) if self._current_player() == player else ()
        return Observation(player=player, view=view, legal_actions=actions, _state=self)

    def returns(self) -> list[float]:
        """Per player: 1 for a winner (shared among tied winners), 0 otherwise; all 0 before the end."""
        if not self.is_over:
            return [0.0] * self.players
        winners = self.result()["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        return [share if player in winners else 0.0 for player in range(self.players)]

    def determinize(self, player: int, seed: int) -> State:
        """A full state consistent with what ``player`` knows: every hidden thing resampled, the
        chance generator reseeded. Equal views and the same seed give the same result."""
        if not 0 <= player < self.players:
            raise IllegalAction(
                "there is no player p{player}; players are p0 to p{last}", player=player, last=self.players - 1
            )
        sample = self.clone()
        rng = random.Random(f"determinize:{seed}")
        sample._resample_hidden(player, rng)
        sample.seed = rng.getrandbits(63)
        # The true history holds the true deal: a sample has none (rules never read history).
        sample.history = []
        return sample

    def record(self) -> dict[str, Any]:
        """The JSON-ready record: ``replay(record)`` reproduces this game exactly."""
        from asobiba.core.jsonable import to_json

        return {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "options": to_json(self.game.explicit_options(self.options)),
            "seed": self.seed,
            "chance": "scripted" if self.scripted_chance else "auto",
            "actions": [str(action) for action in self.history],
        }

    def parse_action(self, text: str) -> Action:
        """Read an action of this game in its notation."""
        return self.game.parse_action(text, self)

    def events_for(self, events: Sequence[Event], player: int | None) -> list[Event]:
        """The events as ``player`` may see them."""
        return events_seen_by(list(events), player)


@dataclass(frozen=True)
class Observation:
    """What a bot receives: its player's view and legal actions, and a way to sample full states
    consistent with that view (for search). Nothing else of the true state is reachable."""

    player: int
    view: dict[str, Any]
    legal_actions: tuple[Action, ...]
    _state: State = field(repr=False, compare=False)

    @property
    def game(self) -> Game:
        return self._state.game

    def sample(self, seed: int) -> State:
        """A full state consistent with this observation (see :meth:`State.determinize`)."""
        return self._state.determinize(self.player, seed)

    def parse_action(self, text: str) -> Action:
        return self._state.game.parse_action(text, self._state)
