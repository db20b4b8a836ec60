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
import weakref
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, NotRequired, Protocol, Self, cast

# pydantic reads TypedDicts (for the JSON Schema) only from typing_extensions before Python 3.12.
from typing_extensions import TypedDict, TypeVar

from asobiba.core.actions import Action, wrong_field
from asobiba.core.errors import AsobibaError, GameOver, IllegalAction, NoSuchPlayer, NotYourTurn, short_repr
from asobiba.core.events import Event, events_seen_by

#: ``to_move`` at a chance node awaiting a scripted outcome.
CHANCE: Final = -1

#: The keys core puts in every view, in this order, before the game's own keys.
ENVELOPE_KEYS: Final = ("game", "players", "viewer", "phase", "to_move", "seq", "pending", "is_over", "options")

__all__ = [
    "CHANCE",
    "ENVELOPE_KEYS",
    "Action",
    "FullViewT",
    "GameRules",
    "Observation",
    "PendingPlayer",
    "State",
    "ViewEnvelope",
    "ViewT",
]

#: The type of a game's own view keys (its ``Game.view_type`` TypedDict): ``State[CockroachPokerView]``;
#: a plain ``State`` (a state of any game) builds a mapping of them.
ViewT = TypeVar("ViewT", bound=Mapping[str, object], covariant=True, default=Mapping[str, Any])
#: The type of a game's whole view, the envelope and its own keys (what :meth:`State.view` returns and
#: :attr:`Observation.view` holds): ``State[CockroachPokerView, CockroachPokerFullView]``. A plain
#: ``State`` or ``Observation`` is a position of some game, not named: its view is that game's, so
#: code serving every game reads it as ``Mapping[str, object]`` (the generic table) or hands it to
#: the game's own reader (its bot, screen, encoder), which declares the game's type.
FullViewT = TypeVar("FullViewT", bound=Mapping[str, object], covariant=True, default=Mapping[str, Any])
#: The type of the ``pending`` decision of a game's whole view (:class:`ViewEnvelope`).
PendingT = TypeVar("PendingT", bound=Mapping[str, object])


class PendingPlayer(TypedDict):
    """Core's part of ``pending``: who decides (:data:`CHANCE` at a scripted chance node). A game's
    whole ``pending`` type is this and its ``Game.pending_type``:
    ``class CockroachPokerDecision(PendingPlayer, CockroachPokerPending)``."""

    player: int


class ViewEnvelope(TypedDict, Generic[PendingT]):
    """The keys core puts in every view (:data:`ENVELOPE_KEYS`), ``pending`` of the game's type. A game's
    whole view type is this and its own view type:
    ``class CockroachPokerFullView(ViewEnvelope[CockroachPokerDecision], CockroachPokerView)``."""

    game: str
    players: int
    #: The player whose view this is; ``None`` for a spectator.
    viewer: int | None
    phase: str
    to_move: int | None
    seq: int
    #: The decision the player to move faces; ``None`` when the game is over.
    pending: PendingT | None
    is_over: bool
    options: dict[str, Any]
    #: When the game is over: ``winners``, ``losers``, ``scores`` and the game's own details.
    result: NotRequired[dict[str, Any]]


class GameRules(Protocol):
    """What a position uses of its game (:class:`asobiba.core.game.Game` is one): its name, version,
    action classes, notation and options. A state is given its game when it is made, so this module
    imports no game module and :mod:`asobiba.core.game` imports this one, not the other way."""

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def title(self) -> Mapping[str, str]: ...

    @property
    def action_types(self) -> tuple[type[Action], ...]: ...

    def parse_action(self, text: str, state: State) -> Action: ...

    def explicit_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...

    def view_options(self, options: Mapping[str, Any], fixed: Collection[str] = ()) -> dict[str, Any]: ...

    def fixed_secrets(self, options: Mapping[str, Any]) -> frozenset[str]: ...

    def sample_options(self, options: Mapping[str, Any]) -> dict[str, Any]: ...

    def heuristic_action(self, observation: Observation[Any], rng: random.Random) -> Action: ...

    def describe_action(self, action: Action, lang: str) -> str: ...

    def describe_event(self, event: Event, lang: str) -> str: ...

    def rematch(self, options: Mapping[str, Any], players: int, first_mover: int) -> tuple[dict[str, Any], int]: ...


class State(ABC, Generic[ViewT, FullViewT]):
    """A position of a game, with everything needed to continue it; ``ViewT`` is the TypedDict of
    the game's own view keys (what :meth:`_view` builds), ``FullViewT`` that of its whole view (what
    :meth:`view` returns: the envelope and those keys)."""

    #: The game this is a position of, given to the constructor.
    game: GameRules
    # What core has worked out about the position at a seq, shared by clones of that position and
    # replaced (never changed) when the position changes: the legal actions (at ``_legal_seq``), and
    # the views and an index of the legal actions by value (``_known``, at ``_known.seq``).
    _legal: list[Action] | None = None
    _legal_seq: int = -1
    _known: _Known[FullViewT] | None = None
    #: Weak references to the observations of this position still reading from it.
    _observers: list[weakref.ref[Observation]] | None = None
    #: The state's lists that :meth:`clone` copies (a list of numbers, texts or other immutable values)…
    copied_lists: ClassVar[tuple[str, ...]] = ()
    #: … and its lists of such lists, copied two levels deep.
    copied_nested_lists: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: GameRules, players: int, seed: int, options: dict[str, Any], chance: str = "auto") -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history: list[Action] = []
        self.scripted_chance = chance == "scripted"
        # Record entries applied so far; unlike ``history`` it survives determinize.
        self._seq = 0

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
    def _view(self, player: int | None) -> ViewT:
        """What ``player`` (``None``: a spectator) may know, JSON-ready. The base adds the keys
        ``game, players, viewer, to_move, is_over, options`` (and ``result`` when over)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """When the game is over: ``{"winners": [...], "losers": [...], "scores": [...]}``."""

    def clone(self) -> Self:
        """An independent copy: the containers named in :attr:`copied_lists` and
        :attr:`copied_nested_lists` (and ``history``) are copied, every other attribute is shared —
        it must be immutable (a number, a text, a tuple, a frozen dataclass), which the contract
        tests check after random play of every game."""
        copy = object.__new__(type(self))
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields["history"] = fields["history"][:]
        fields.pop("_observers", None)
        for name in self.copied_lists:
            fields[name] = fields[name][:]
        for name in self.copied_nested_lists:
            fields[name] = [inner[:] for inner in fields[name]]
        return copy

    @abstractmethod
    def _resample_hidden(self, player: int, rng: random.Random) -> None:
        """Replace, in this (cloned) state, everything ``player`` cannot know by a sample consistent
        with what he knows. It must depend only on what ``player`` knows and on ``rng``: collect the
        unknown items in a canonical (sorted) order before shuffling them."""

    @abstractmethod
    def _phase(self) -> str:
        """A short snake_case name of the phase (``offer``, ``flip``, ``move``, …); not called when over."""

    @abstractmethod
    def _pending(self, viewer: int | None) -> Mapping[str, object]:
        """The decision the player to move faces, as ``viewer`` may know it:
        ``{"kind": …, "steps": [steps of a multi-step decision taken so far], …}`` (core adds
        ``player``). Called only while a player, not chance, is to move."""

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

    @property
    def seq(self) -> int:
        """Record entries (actions and chance outcomes) applied so far: the position's step number.

        ``state.record()["actions"][seq]`` is the entry that the next action becomes.
        """
        return self._seq

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now; at a chance node, the enumerable outcomes.

        Worked out once per position (the list returned is the caller's own copy)."""
        legal = self._legal
        if legal is None or self._legal_seq != self._seq:
            legal = self._work_out_legal()
        return legal[:]

    def _legal_here(self) -> list[Action]:
        """The legal actions of this position (core's own list: never change it)."""
        legal = self._legal
        if legal is None or self._legal_seq != self._seq:
            legal = self._work_out_legal()
        return legal

    def _work_out_legal(self) -> list[Action]:
        player = self._current_player()
        legal: list[Action]
        if player is None:
            legal = []
        elif player == CHANCE:
            legal = [outcome for outcome, _ in self.chance_outcomes()]
        else:
            legal = self._legal_actions()  # a new list every call: core keeps it
        self._legal, self._legal_seq = legal, self._seq
        return legal

    def _known_here(self) -> _Known[FullViewT]:
        """What core knows of this position, started afresh when the position has changed."""
        known = self._known
        if known is None or known.seq != self._seq:
            known = self._known = _Known(self._seq)
        return known

    def forget_derived(self) -> None:
        """Forget what was worked out about this position (legal actions, views).

        ``apply`` does it by itself; call it only after changing a state's fields by hand (position
        builders for tests and tutorials do)."""
        self._detach_observers()
        self._legal = self._known = None

    def check(self, action: Action, player: int | None = None) -> None:
        """Raise :class:`IllegalAction` (or a subclass with its own ``code``) saying why ``action``
        may not be taken now — by ``player`` if given; change nothing.

        A player's decision must be one of :meth:`legal_actions` (worked out once per position) with
        every field of its declared type; anything else is refused with the game's specific reason.
        (That every legal action reads back from its notation as itself is proven by property
        tests over every action kind of every game.) A chance outcome is checked by the game's
        rules and must read back from its notation as itself (so the record replays it exactly).

        >>> import asobiba
        >>> state = asobiba.new_game("cockroach-poker", players=3, seed=1, first_player=0)
        >>> state.check(state.legal_actions()[0], player=1)
        Traceback (most recent call last):
        ...
        asobiba.core.errors.NotYourTurn: it is p0's turn, not p1's
        """
        self._legal_instance(action, player)

    def _legal_instance(self, action: Action, player: int | None = None) -> Action:
        """The position's own legal action equal to ``action`` (``action`` itself at a chance node),
        or :class:`IllegalAction` saying why not.

        A player's decision is legal when it is one of :meth:`legal_actions` — the very object (what
        bots and search pass: one lookup) or an equal one whose fields have their declared types (an
        action built by hand or parsed); anything else is refused with the game's own reason."""
        to_move = self._current_player()
        if player is not None:
            self._check_player(player)
        if to_move is None:
            raise GameOver("the game is over; no more actions are accepted")
        if player is not None and player != to_move:
            if to_move == CHANCE:
                raise NotYourTurn("a chance outcome is due now, not a decision of p{player}", player=player)
            raise NotYourTurn("it is p{to_move}'s turn, not p{player}'s", to_move=to_move, player=player)
        if to_move != CHANCE:
            for candidate in self._legal_here():
                if candidate is action:  # the very object: no hashing, no comparing
                    return action
            legal = self._legal_here()
            same = self._known_here().legal_equal_to(legal, action)
            if same is not None and wrong_field(action) is None:
                return same
        self._explain_illegal(action, to_move)
        if to_move != CHANCE:
            # The game's check let through an action its legal_actions does not list.
            raise IllegalAction("'{action}' is not one of the legal actions now", action=_short_text(action))
        # Chance outcomes of shuffles are not enumerated: a scripted one must replay as itself.
        self._check_notation(action)
        return action

    def _explain_illegal(self, action: Action, to_move: int) -> None:
        """Raise the specific reason why ``action`` is not legal now (its class, its side, a field
        of the wrong type, or the game's rule it breaks); return if none is found."""
        if not isinstance(action, self.game.action_types or Action):
            raise IllegalAction("{action} is not an action of {game}", action=short_repr(action), game=self.game.name)
        if action.is_chance != (to_move == CHANCE):
            if action.is_chance:
                raise IllegalAction(
                    "'{action}' is a chance outcome, but it is player p{player}'s decision now",
                    action=_short_text(action),
                    player=to_move,
                )
            raise IllegalAction(
                "'{action}' is a player's decision, but a chance outcome is due now", action=_short_text(action)
            )
        wrong = wrong_field(action)
        if wrong is not None:
            raise IllegalAction(
                "{action}: its field {field} has the value {value}, not one of its type",
                action=type(action).__name__,
                field=wrong,
                value=short_repr(getattr(action, wrong, None)),
            )
        try:
            self._check(action)
        except AsobibaError:
            raise
        except Exception as error:  # a malformed value the game's check did not foresee
            raise IllegalAction(
                "{action} is malformed: {error}", action=short_repr(action), error=_short_text(error)
            ) from None

    def _check_notation(self, action: Action) -> None:
        """The action must read back from its notation as itself, or the record would replay another."""
        try:
            text = str(action)
            same = self.game.parse_action(text, self) == action
        except AsobibaError:
            same = False
        except Exception:
            same = False
        if not same:
            raise IllegalAction("{action} does not read back from its notation", action=short_repr(action))

    def is_legal(self, action: Action, player: int | None = None) -> bool:
        """True when :meth:`check` accepts ``action`` (by ``player`` if given)."""
        try:
            self.check(action, player)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raise :class:`IllegalAction` (changing nothing) if it is not legal.

        An action equal to a legal one is carried out as the position's own instance of it."""
        legal = self._legal
        if legal is not None and self._legal_seq == self._seq:
            # One of the legal actions already worked out here, the very object (a plain loop is
            # faster than any() over map() in CPython 3.11, short lists and long).
            for candidate in legal:
                if candidate is action:
                    return self.apply_trusted(action)
        return self.apply_trusted(self._legal_instance(action))

    def apply_trusted(self, action: Action) -> list[Event]:
        """Carry out an action known to be legal here — taken from :meth:`legal_actions` of this very
        position (search and rollouts) — without checking it again. Anything else: use :meth:`apply`."""
        if self._observers is not None:
            self._detach_observers()
        self._legal = self._known = None
        events = self._apply(action)
        self.history.append(action)
        self._seq += 1
        if not self.scripted_chance and self._current_player() == CHANCE:
            events.extend(self.resolve_chance())
        return events

    def resolve_chance(self) -> list[Event]:
        """Sample and apply chance outcomes until a player decides or the game ends."""
        events: list[Event] = []
        while self._current_player() == CHANCE:
            if self._observers is not None:
                self._detach_observers()
            self._legal = self._known = None
            outcome = self._sample_chance(self.chance_rng())
            events.extend(self._apply(outcome))
            self.history.append(outcome)
            self._seq += 1
        return events

    def chance_rng(self) -> random.Random:
        """The generator for the chance node at this step: a function of the seed and the step."""
        return random.Random(f"{self.seed}:{self._seq}")

    def _check_player(self, player: object, spectator: bool = False) -> None:
        if player is None and spectator:
            return
        if isinstance(player, bool) or not isinstance(player, int):
            raise NoSuchPlayer(
                "a player is a whole number from 0 to {last}, not {value}",
                last=self.players - 1,
                value=short_repr(player),
            )
        if not 0 <= player < self.players:
            raise NoSuchPlayer(
                "there is no player p{player}; players are p0 to p{last}",
                player=player if player.bit_length() < 64 else short_repr(player),
                last=self.players - 1,
            )

    def view(self, player: int | None = None) -> FullViewT:
        """Exactly what ``player`` may know now, JSON-ready; ``None`` gives a spectator's view.

        Every view starts with the envelope :data:`ENVELOPE_KEYS` — ``phase``, ``to_move``, ``seq`` and
        ``pending`` (the decision the player to move faces, typed) among them — then the game's own keys.

        A view is built once per position and viewer and shared by whoever asks: read it, do not
        change it (``copy.deepcopy`` it first).
        """
        if player is not None and type(player) is not int:
            self._check_player(player, spectator=True)  # before it is looked up: it may not hash
        known = self._known_here()
        views = known.views
        if views is None:
            views = known.views = {}
        else:
            cached = views.get(player)
            if cached is not None:
                return cached
        self._check_player(player, spectator=True)
        view = views[player] = self._build_view(player)
        return view

    def _build_view(self, player: int | None) -> FullViewT:
        to_move = self._current_player()
        pending: dict[str, Any] | None
        if to_move is None:
            pending = None
        elif to_move == CHANCE:
            pending = {"player": CHANCE, "kind": "chance", "steps": []}
        else:
            pending = {"player": to_move, **self._pending(player)}
        view: dict[str, Any] = {
            "game": self.game.name,
            "players": self.players,
            "viewer": player,
            "phase": "over" if to_move is None else self._phase(),
            "to_move": to_move,
            "seq": self._seq,
            "pending": pending,
            "is_over": to_move is None,
            "options": self.game.view_options(self.options, self._secrets_set()),
        }
        if to_move is None:
            view["result"] = self.result()
        own = self._view(player)
        if not own.keys().isdisjoint(view):
            raise TypeError(f"{self.game.name}'s _view returns core's keys {sorted(own.keys() & view.keys())}")
        view.update(own)
        # The envelope and the game's own keys are the game's whole view (a type checker cannot
        # merge two TypedDicts by itself: this is the one place the view is taken as its type).
        return cast(FullViewT, view)

    def _secrets_set(self) -> frozenset[str]:
        """The secret options this game was started with: a sample forgets their values, not that
        they were set (the players know that much)."""
        fixed: frozenset[str] | None = self.__dict__.get("_fixed_secrets")
        if fixed is None:
            fixed = self.__dict__["_fixed_secrets"] = self.game.fixed_secrets(self.options)
        return fixed

    def observe(self, player: int) -> Observation[FullViewT]:
        """What a bot or agent playing ``player`` receives: its view, its legal actions and a way
        to sample full positions consistent with them (:meth:`Observation.sample`).

        Lazy: nothing is determinized until a bot samples, the view is built when first read, and
        both come from this position even after the game has moved on."""
        if type(player) is not int or not 0 <= player < self.players:
            self._check_player(player)
        actions = tuple(self._legal_here()) if self._current_player() == player else ()
        observation = Observation(player, self, actions)
        observers = self._observers
        if observers is None:
            observers = self._observers = []
        observers.append(weakref.ref(observation))
        return observation

    def observe_in_search(self, player: int) -> Observation[FullViewT]:
        """:meth:`observe` for search inside a position the searcher owns (a determinized sample):
        its samples are drawn from this position itself. Never call it on the true state of a game
        in which hidden things matter to the caller."""
        return self.observe(player)

    def _detach_observers(self) -> None:
        """The position is about to change: observations still reading from it get a copy of it."""
        observers = self._observers
        self._observers = None
        if not observers:
            return
        snapshot: State[ViewT, FullViewT] | None = None
        for reference in observers:
            observation = reference()
            if observation is not None and observation._source is self:
                if snapshot is None:
                    snapshot = self.clone()
                    snapshot._observers = None
                observation._source = snapshot

    def returns(self) -> list[float]:
        """Per player: 1 for a winner (shared among tied winners), 0 otherwise; all 0 before the end."""
        if not self.is_over:
            return [0.0] * self.players
        winners = self.result()["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        return [share if player in winners else 0.0 for player in range(self.players)]

    def determinize(self, player: int, seed: int) -> State[ViewT, FullViewT]:
        """A full state consistent with what ``player`` knows: every hidden thing resampled, the
        chance generator reseeded, secret options forgotten. Equal views and the same seed give
        the same result."""
        if type(player) is not int or not 0 <= player < self.players:
            self._check_player(player)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed.bit_length() > 64:
            raise IllegalAction("a sample's seed is a whole number of 64 bits, not {seed}", seed=short_repr(seed))
        secrets_set = self._secrets_set()
        sample = self.clone()
        sample._legal = sample._known = None
        sample._observers = None
        sample.__dict__["_fixed_secrets"] = secrets_set
        rng = random.Random(f"determinize:{seed}")
        sample._resample_hidden(player, rng)
        sample.seed = rng.getrandbits(63)
        # The true history holds the true deal: a sample has none (rules never read history).
        sample.history = []
        sample.options = self.game.sample_options(self.options)
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


def _short_text(value: object, limit: int = 80) -> str:
    try:
        text = str(value)
    except Exception:
        return short_repr(value, limit)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Known(Generic[FullViewT]):
    """What core has worked out about one position (one ``seq`` of one state) besides its legal
    actions, each part when first needed: an index of the legal actions by value (for actions built
    by hand) and the views."""

    __slots__ = ("_by_value", "seq", "views")

    def __init__(self, seq: int) -> None:
        self.seq = seq
        self._by_value: dict[Action, Action] | None = None
        self.views: dict[int | None, FullViewT] | None = None

    def legal_equal_to(self, legal: list[Action], action: Action) -> Action | None:
        """The one of ``legal`` (this position's legal actions) equal to ``action``, or ``None``."""
        by_value = self._by_value
        if by_value is None:
            by_value = self._by_value = {action: action for action in legal}
        try:
            return by_value.get(action)
        except Exception:  # an unhashable or odd value in a field: equal to no legal action
            return None


class Observation(Generic[FullViewT]):
    """What a bot receives: its player's view and legal actions, and a way to sample full states
    consistent with that view (for search). ``Observation[CockroachPokerFullView]`` (what a Cockroach
    Poker state's :meth:`State.observe` gives) has its view typed: ``observation.view["hand"]``.

    Lazy: :attr:`view` is built when first read and :meth:`sample` determinizes only when called,
    so a bot pays for what it reads. It reads from the observed position (a copy of it once the
    game moves on), which it never shows: ``sample`` gives a determinization, never the true state.
    Bots run in-process are trusted code all the same (Python keeps nothing from a determined
    reader); the security boundary is the process: the server sends a client only its seat's
    view, events and legal actions.
    """

    __slots__ = ("__weakref__", "_source", "_view", "legal_actions", "player")

    def __init__(
        self, player: int, source: State[Mapping[str, object], FullViewT], legal_actions: tuple[Action, ...]
    ) -> None:
        self.player = player
        #: The legal actions of ``player`` now (empty when another is to move).
        self.legal_actions = legal_actions
        self._source = source
        self._view: FullViewT | None = None

    def __repr__(self) -> str:
        return f"Observation(player={self.player!r}, legal_actions={self.legal_actions!r})"

    @property
    def view(self) -> FullViewT:
        """The player's view of the observed position (:meth:`State.view`), built when first read."""
        view = self._view
        if view is None:
            view = self._view = self._source.view(self.player)
        return view

    @property
    def game(self) -> GameRules:
        return self._source.game

    def sample(self, seed: int) -> State[Mapping[str, object], FullViewT]:
        """A full state consistent with this observation (see :meth:`State.determinize`)."""
        return self._source.determinize(self.player, seed)

    def parse_action(self, text: str) -> Action:
        return self._source.game.parse_action(text, self._source)
