"""Records: the save format, the replay format and the regression-test fixture.

A record is ``{game, version, players, options, seed, chance, actions: [text, ...]}``, every
chance outcome included in ``actions``. :func:`replay` rebuilds the game action by action and
checks each one, so a corrupt record is refused with the place and the reason.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from asobiba.core.errors import AsobibaError, CorruptRecord, short_repr
from asobiba.core.events import Event
from asobiba.core.registry import get_game
from asobiba.core.state import Action, State

REQUIRED_KEYS = ("game", "players", "options", "seed", "actions")


#: Keys of a record that are not game options (an ``options`` object may not hold them).
RESERVED_OPTION_KEYS = ("seed", "chance", "players")
MAX_SEED = 2**63 - 1


def replay_steps(record: Mapping[str, Any]) -> Iterator[tuple[State, Action | None, list[Event]]]:
    """Yield ``(state, action, events)`` after the start and after every action of ``record``.

    The state object is the same one, changed in place; clone it to keep a step.
    """
    if not isinstance(record, Mapping):
        raise CorruptRecord("a record is a JSON object, not {kind}", kind=type(record).__name__)
    missing = [key for key in REQUIRED_KEYS if key not in record]
    if missing:
        raise CorruptRecord("the record lacks {keys}", keys=", ".join(missing))
    if not isinstance(record["game"], str):
        raise CorruptRecord("the record's game must be a game's name, not {value}", value=short_repr(record["game"]))
    try:
        game = get_game(record["game"])
    except AsobibaError as error:
        raise CorruptRecord("the record's game: {error}", error=error) from None
    version = record.get("version", game.version)
    if isinstance(version, bool) or not isinstance(version, int):
        raise CorruptRecord("the record's version must be a whole number, not {value}", value=short_repr(version))
    if version != game.version:
        raise CorruptRecord(
            "the record is of {game} version {version}; this asobiba plays version {current}",
            game=game.name,
            version=version,
            current=game.version,
        )
    players, seed, chance = record["players"], record["seed"], record.get("chance", "auto")
    if isinstance(players, bool) or not isinstance(players, int):
        raise CorruptRecord("the record's players must be a whole number, not {value}", value=short_repr(players))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise CorruptRecord(
            "the record's seed must be a whole number from 0 to 2**63-1, not {value}", value=short_repr(seed)
        )
    if chance not in ("auto", "scripted"):
        raise CorruptRecord("the record's chance must be 'auto' or 'scripted', not {value}", value=short_repr(chance))
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(text, str) for text in actions):
        raise CorruptRecord("the record's actions must be a list of texts")
    options = record["options"]
    if not isinstance(options, Mapping) or not all(isinstance(name, str) for name in options):
        raise CorruptRecord("the record's options must be a JSON object")
    reserved = [name for name in RESERVED_OPTION_KEYS if name in options]
    if reserved:
        raise CorruptRecord("the record's options hold {names}, which are not options", names=", ".join(reserved))
    try:
        state = game.new_game(players, seed=seed, chance="scripted", **options)
    except AsobibaError as error:
        raise CorruptRecord("the record's setup is not valid: {error}", error=error) from None
    yield state, None, []
    for number, text in enumerate(actions, start=1):
        try:
            action = game.parse_action(text, state)
            events = state.apply(action)
        except AsobibaError as error:
            raise CorruptRecord(
                "action {number} of {total} ({text}) does not replay: {error}",
                number=number,
                total=len(actions),
                text=repr(text),
                error=error,
            ) from None
        yield state, action, events
    state.scripted_chance = chance == "scripted"
    if not state.scripted_chance:
        state.resolve_chance()


def replay(record: Mapping[str, Any]) -> State:
    """The state at the end of ``record``.

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=4, seed=7)
    >>> for _ in range(10):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> asobiba.replay(state.record()).view(0) == state.view(0)
    True
    """
    final: State | None = None
    for state, _, _ in replay_steps(record):
        final = state
    assert final is not None
    return final
