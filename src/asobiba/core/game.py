"""A game: its name, player range, options, notation, and how to start one."""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from asobiba.core.errors import InvalidOption
from asobiba.core.events import Event
from asobiba.core.options import Option, resolve_options
from asobiba.core.state import Action, State

if TYPE_CHECKING:
    from asobiba.core.state import Observation


class Game(ABC):
    """Everything about a game that is not a position.

    Subclasses set the class attributes and implement :meth:`_new_state`,
    :meth:`parse_action` and :meth:`heuristic_action`.
    """

    name: ClassVar[str]
    #: The game's title per language code ("en", "ja").
    title: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[Option]] = ()
    #: Raised when a change makes old records replay differently.
    version: ClassVar[int] = 1

    @property
    def text_domain(self) -> str:
        """The catalog of this game's texts (``locale/ja/LC_MESSAGES/<domain>.po``), option docs
        and error messages included."""
        return self.name.replace("-", "_")

    def new_game(
        self,
        players: int,
        seed: int | None = None,
        chance: str = "auto",
        **options: Any,
    ) -> State:
        """Start a game. Options not given take their documented defaults."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(
                "{game}: players must be a whole number, not {value}", game=self.name, value=repr(players)
            )
        if chance not in ("auto", "scripted"):
            raise InvalidOption(
                "{game}: chance={value} is not accepted; it takes 'auto' or 'scripted'",
                game=self.name,
                value=repr(chance),
            )
        resolved = self.resolve_options(players, options)
        if seed is None:
            seed = secrets.randbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOption("{game}: seed must be a whole number, not {value}", game=self.name, value=repr(seed))
        state = self._new_state(players, seed, resolved, chance)
        if chance == "auto":
            state.resolve_chance()
        return state

    def resolve_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate the options and fill in every default (including those that depend on the
        number of players or on other options)."""
        resolved = resolve_options(self.name, self.options, options)
        low, high = self.player_range(resolved)
        if not low <= players <= high:
            raise InvalidOption(
                "{game}: {players} players is not possible; it takes {low} to {high}",
                game=self.name,
                players=players,
                low=low,
                high=high,
            )
        return self._complete_options(players, resolved)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """How many players the game takes with these options."""
        return self.min_players, self.max_players

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Decide the defaults that depend on the players or other options; check combinations."""
        return options

    def explicit_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options as a record stores them (all of them, resolved)."""
        return dict(options)

    def option_docs(self) -> list[tuple[str, Any, str]]:
        """(name, default, documentation) of every option, for help screens."""
        return [(option.name, option.default, option.doc) for option in self.options]

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> State:
        """The state before the first chance outcome (the deal) has been applied."""

    @abstractmethod
    def parse_action(self, text: str, state: State) -> Action:
        """Read ``text`` in this game's notation; raise :class:`NotationError` saying what is wrong."""

    @abstractmethod
    def heuristic_action(self, observation: Observation, rng: random.Random) -> Action:
        """The game's own heuristic player: choose from ``observation`` only."""

    @abstractmethod
    def describe_action(self, action: Action, lang: str) -> str:
        """A sentence for a person choosing or reading an action, in ``lang`` ("en" or "ja")."""

    @abstractmethod
    def describe_event(self, event: Event, lang: str) -> str:
        """A log line for an event (already in the form its reader may see), in ``lang``."""
