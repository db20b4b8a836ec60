"""A game: its name, player range, options, notation, and how to start one."""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Generic

from typing_extensions import TypeVar

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import AsobibaError, InvalidOption, NotationError, short_repr
from asobiba.core.events import Event
from asobiba.core.options import Option, resolve_options, without_research_defaults
from asobiba.core.state import Action, Observation, State

#: The longest notation accepted (a deal of the largest deck is a few thousand characters).
MAX_NOTATION_LENGTH = 100_000
#: A seed is a 63-bit whole number (it fits a BIGINT column).
MAX_SEED = 2**63 - 1


#: The state class a game starts (``Game[CockroachPokerState]``); a ``Game`` of any game starts a ``State``.
StateT = TypeVar("StateT", bound=State, default=State, covariant=True)


class Game(ABC, Generic[StateT]):
    """Everything about a game that is not a position.

    Generic over the state it starts, so that ``GAME.new_game(3).observe(0).view`` has the game's own
    view type. Subclasses set the class attributes and implement :meth:`_new_state`,
    :meth:`_parse_action`, :meth:`heuristic_action`, :meth:`describe_action` and
    :meth:`describe_event`.
    """

    name: ClassVar[str]
    #: The game's title per language code ("en", "ja").
    title: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[Option]] = ()
    #: Raised when a change makes old records replay differently.
    version: ClassVar[int] = 1
    #: Every action class of the game, chance outcomes included; ``check`` refuses any other object.
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: The TypedDict of the game's own view keys, and of its ``pending`` decision (for the JSON Schema).
    view_type: ClassVar[type | None] = None
    pending_type: ClassVar[type | None] = None
    #: What kind of game it is (hidden information, chance, the longest game, the players per
    #: option value), as data: every game declares it.
    capabilities: ClassVar[GameCapabilities]

    @property
    def text_domain(self) -> str:
        """The catalog of this game's texts (``<lang>/LC_MESSAGES/<domain>.po`` in the folder its
        declaration's ``locale`` part names, in the game's own package), option docs and error
        messages included."""
        return self.name.replace("-", "_")

    def new_game(
        self,
        players: int,
        seed: int | None = None,
        chance: str = "auto",
        **options: Any,
    ) -> StateT:
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
        state, _ = self.start(players, seed=seed, chance=chance, **options)
        return state

    def start(
        self,
        players: int,
        seed: int | None = None,
        chance: str = "auto",
        **options: Any,
    ) -> tuple[StateT, list[Event]]:
        """Start a game and return it with the events of its setup (the deal), as :meth:`apply`
        returns events: show each player ``event.seen_by(player)``. With ``chance="scripted"`` the
        setup is the caller's to apply, so there are no events yet.

        >>> from asobiba.games.cockroach_poker import GAME
        >>> state, events = GAME.start(3, seed=1)
        >>> [event.kind for event in events][:1]
        ['HandDealt']
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOption(
                "{game}: players must be a whole number, not {value}", game=self.name, value=short_repr(players)
            )
        if not isinstance(chance, str) or chance not in ("auto", "scripted"):
            raise InvalidOption(
                "{game}: chance={value} is not accepted; it takes 'auto' or 'scripted'",
                game=self.name,
                value=short_repr(chance),
            )
        if seed is None:
            seed = secrets.randbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOption(
                "{game}: seed must be a whole number from 0 to 2**63-1, not {value}",
                game=self.name,
                value=short_repr(seed),
            )
        resolved = self.resolve_options(players, options)
        state = self._new_state(players, seed, resolved, chance)
        events = state.resolve_chance() if chance == "auto" else []
        return state, events

    def resolve_options(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate the options and fill in every default (including those that depend on the
        number of players or on other options)."""
        resolved = resolve_options(self.name, self.options, options)
        low, high = self.player_range(resolved)
        if not low <= players <= high:
            raise InvalidOption(
                "{game}: {players} players is not possible; it takes {low} to {high}",
                game=self.name,
                players=players if isinstance(players, int) and players.bit_length() < 32 else short_repr(players),
                low=low,
                high=high,
            )
        self.check_applies_when(resolved)
        return self._complete_options(players, resolved)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """How many players the game takes with these options."""
        return self.min_players, self.max_players

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Decide the defaults that depend on the players or other options; check combinations."""
        return options

    def explicit_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options as a record stores them (all of them, resolved; a research option only when it is not
        at its default)."""
        return without_research_defaults(self.options, options)

    def view_options(self, options: Mapping[str, Any], fixed: Collection[str] = ()) -> dict[str, Any]:
        """The options as every player may see them: a secret option that is set (or named in
        ``fixed``: set in the game a sample was drawn from) shows as ``"fixed"``."""
        from asobiba.core.jsonable import to_json

        shown = self.explicit_options(options)
        for option in self.options:
            if option.secret and (shown.get(option.name) is not None or option.name in fixed):
                shown[option.name] = "fixed"
        visible: dict[str, Any] = to_json(shown)
        return visible

    def fixed_secrets(self, options: Mapping[str, Any]) -> frozenset[str]:
        """The names of the secret options that ``options`` sets."""
        return frozenset(
            option.name for option in self.options if option.secret and options.get(option.name) is not None
        )

    def sample_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a determinized sample keeps: every secret option forgotten (``None``)."""
        kept = dict(options)
        for option in self.options:
            if option.secret:
                kept[option.name] = None
        return kept

    def player_counts(self, option: Option, value: Any) -> tuple[int, ...]:
        """The numbers of players the game takes with ``option`` set to ``value`` (the other options
        at their defaults, or at the value ``option`` applies with), found by the game's own checks.

        >>> import asobiba
        >>> game = asobiba.get_game("cockroach-poker")
        >>> game.player_counts(game.options[0], "trump")
        (3, 4, 5)
        """
        given: dict[str, Any] = {option.name: value}
        if option.applies_when is not None:
            other, other_value = option.applies_when
            given[other] = other_value
        counts = []
        for players in range(self.min_players, self.max_players + 1):
            try:
                self.resolve_options(players, given)
            except InvalidOption:
                continue
            counts.append(players)
        return tuple(counts)

    def options_in_force(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` without those that do not apply to the others (``Option.applies_when``)."""
        inapplicable = {
            option.name
            for option in self.options
            if option.applies_when is not None and options.get(option.applies_when[0]) != option.applies_when[1]
        }
        return {name: value for name, value in options.items() if name not in inapplicable}

    def check_applies_when(self, options: Mapping[str, Any]) -> None:
        """Refuse an option set away from its default while the option it depends on
        (``Option.applies_when``) has another value: it would silently change nothing."""
        for option in self.options:
            if option.applies_when is None or options.get(option.name) == option.default:
                continue
            other, needed = option.applies_when
            if options.get(other) != needed:
                raise InvalidOption(
                    "{game}: option {name}={value} applies only to {other}={needed}, not to {other}={actual}; "
                    "leave it out",
                    game=self.name,
                    name=option.name,
                    value=short_repr(options.get(option.name)),
                    other=other,
                    needed=short_repr(needed),
                    actual=short_repr(options.get(other)),
                )

    def option_docs(self) -> list[tuple[str, Any, str]]:
        """(name, default, documentation) of every option, for help screens."""
        return [(option.name, option.default, option.doc) for option in self.options]

    def rematch(self, options: Mapping[str, Any], players: int, first_mover: int) -> tuple[dict[str, Any], int]:
        """The next match of a series after a game that ``first_mover`` began: its options, and how many
        seats every player moves down (``(seat - shift) % players``) so that someone else begins.

        By default a game with a ``first_player`` option moves that option on by one and nobody
        changes seat; any other game keeps its options and rotates the seats by one. A game whose
        start is decided otherwise overrides this.

        >>> import asobiba
        >>> asobiba.get_game("cockroach-poker").rematch({"first_player": 2}, players=3, first_mover=2)
        ({'first_player': 0}, 0)
        """
        next_options = dict(options)
        if "first_player" in next_options:
            next_options["first_player"] = (first_mover + 1) % players
            return next_options, 0
        return next_options, 1

    @abstractmethod
    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> StateT:
        """The state before the first chance outcome (the deal) has been applied."""

    def parse_action(self, text: str, state: State) -> Action:
        """Read ``text`` in this game's notation; raise :class:`NotationError` saying what is wrong.

        Notation is ASCII text of bounded length; anything else is refused before the game reads it.
        """
        if not isinstance(text, str):
            raise NotationError("an action is written as text, not {kind}", kind=type(text).__name__)
        if len(text) > MAX_NOTATION_LENGTH:
            raise NotationError(
                "that text is {length} characters long; no action of {game} is longer than {limit}",
                length=len(text),
                game=self.name,
                limit=MAX_NOTATION_LENGTH,
            )
        if not text.isascii():
            raise NotationError(
                "{text} is not the notation of {game}: it is written in ASCII letters and digits",
                text=repr(text[:40]),
                game=self.name,
            )
        try:
            return self._parse_action(text, state)
        except AsobibaError:
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError):
            raise NotationError(
                "{text} is not the notation of an action of {game}", text=repr(text[:40]), game=self.name
            ) from None

    @abstractmethod
    def _parse_action(self, text: str, state: State) -> Action:
        """The game's reader of its notation (ASCII text already checked by :meth:`parse_action`)."""

    @abstractmethod
    def heuristic_action(self, observation: Observation[Any], rng: random.Random) -> Action:
        """The game's own heuristic player: choose from ``observation`` only (an observation of a
        position of this game: a game declares it with its whole view type,
        ``Observation[CockroachPokerFullView]``)."""

    @abstractmethod
    def describe_action(self, action: Action, lang: str) -> str:
        """A sentence for a person choosing or reading an action, in ``lang`` ("en" or "ja")."""

    @abstractmethod
    def describe_event(self, event: Event, lang: str) -> str:
        """A log line for an event (already in the form its reader may see), in ``lang``."""

    def same_move_key(self, action: Action, view: Mapping[str, Any]) -> Hashable:
        """What ``action`` is as far as the rules care, for the player whose ``view`` it is: two legal
        moves with equal keys are the same move (they differ only in what the game ignores, such as a
        card's rank where only its suit counts). The coach weighs them once and says them as one line.
        Default: the action itself (no two moves are the same).
        """
        return action
