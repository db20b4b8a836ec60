"""The core contract at every step of random play-outs: views and events, notation, records, clones."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Mapping
from typing import Any

from asobiba.core.actions import Action, wrong_field
from asobiba.core.record import replay, replay_steps
from asobiba.core.registry import get_game
from asobiba.core.state import CHANCE, State
from asobiba.testing.capabilities import capabilities
from asobiba.testing.errors import expect
from asobiba.testing.playing import all_views, random_playout, table_size, viewers


def same_types(first: object, second: object) -> bool:
    """The two values have the same Python types all the way down (tuples and frozensets item by item)."""
    if type(first) is not type(second):
        return False
    if isinstance(first, tuple) and isinstance(second, tuple):
        return len(first) == len(second) and all(same_types(a, b) for a, b in zip(first, second, strict=True))
    if isinstance(first, frozenset) and isinstance(second, frozenset):
        return sorted(map(repr, first)) == sorted(map(repr, second))
    return True


def check_round_trip(state: State, action: Action) -> None:
    """``action``, legal (or played) at ``state``, reads back from its notation as exactly itself: equal,
    of the same class, every field of the same Python type (``True`` is not ``1``), the same
    ``to_json()``; and its fields have their declared types."""
    text = str(action)
    parsed = state.game.parse_action(text, state)
    expect(parsed == action, f"{text!r} reads back as {parsed!r}, not {action!r}")
    expect(type(parsed) is type(action), f"{text!r} reads back as a {type(parsed).__name__}")
    expect(str(parsed) == text, f"{text!r} reads back as {parsed!r}, written {str(parsed)!r}")
    expect(parsed.to_json() == action.to_json(), f"{text!r}: to_json() differs once read back")
    expect(wrong_field(action) is None, f"{action!r}: field {wrong_field(action)} is not of its declared type")
    if dataclasses.is_dataclass(action):
        for field in dataclasses.fields(action):
            mine, theirs = getattr(action, field.name), getattr(parsed, field.name)
            expect(same_types(mine, theirs), f"{text!r}: field {field.name} reads back as {theirs!r}, not {mine!r}")


def check_playout(name: str, seed: int) -> None:
    """A random play-out ends, and at every step: views and events are JSON-ready and never hold the
    seed; each player reads the events exactly as ``seen_by`` gives them; every legal action and every
    action played reads back from its notation exactly; the result names winners among the players."""
    state: State | None = None
    for state, events in random_playout(name, seed):
        where = f"{name} (seed {seed}, seq {state.seq})"
        for viewer in viewers(state):
            expect(str(state.seed) not in json.dumps(state.view(viewer)), f"{where}: {viewer}'s view holds the seed")
        for event in events:
            expect(str(state.seed) not in json.dumps(event.to_dict()), f"{where}: {event!r} holds the seed")
        for viewer in viewers(state):
            expected = [seen for seen in (event.seen_by(viewer) for event in events) if seen is not None]
            shown = state.events_for(events, viewer)
            expect(shown == expected, f"{where}: the events shown to {viewer} are not those seen_by gives")
            for event in shown:
                expect(event.seen_by(viewer) == event, f"{where}: {event!r} is shown to {viewer} but hidden from him")
                json.dumps(event.to_dict())
        for action in state.legal_actions():
            check_round_trip(state, action)
        if not state.is_over:
            expect(state.to_move in range(state.players), f"{where}: to_move is {state.to_move!r}")
    assert state is not None
    result = state.result()
    expect({"winners", "losers", "scores"} <= set(result), f"{name}: the result lacks winners, losers or scores")
    expect(set(result["winners"]) <= set(range(state.players)), f"{name}: winners {result['winners']} are not players")
    expect(sum(state.returns()) <= 1.0 + 1e-9, f"{name}: the returns add up to more than 1")
    json.dumps(state.view(None))
    # A chance outcome reads back at its own node: replay the game in scripted mode beside it.
    options = state.record()["options"]
    scripted = get_game(name).new_game(state.players, seed=state.seed, chance="scripted", **options)
    for action in state.history:
        check_round_trip(scripted, action)
        scripted.apply(action)


def check_replay(name: str, seed: int) -> None:
    """The record of a random game replays every view of every player and the spectator, and every
    event, at every step."""
    played: dict[int, dict[int | None, Mapping[str, Any]]] = {}
    played_events: dict[int, list[dict[str, Any]]] = {}
    state: State | None = None
    for state, events in random_playout(name, seed):
        played[len(state.history)] = all_views(state)
        played_events[len(state.history)] = [event.to_dict() for event in events]
    assert state is not None
    record = json.loads(json.dumps(state.record()))
    replayed_events: list[dict[str, Any]] = []
    last_checked = min(played)
    checked = 0
    for step, (replayed, _, events) in enumerate(replay_steps(record)):
        replayed_events.extend(event.to_dict() for event in events)
        if step in played:
            expect(
                all_views(replayed) == played[step], f"{name} (seed {seed}): the replay's views differ at step {step}"
            )
            if step != last_checked:
                expect(
                    replayed_events == played_events[step],
                    f"{name} (seed {seed}): the replay's events differ up to step {step}",
                )
            replayed_events = []
            last_checked = step
            checked += 1
    expect(checked == len(played), f"{name} (seed {seed}): the replay stopped before the end")
    expect(replay(record).view(None) == state.view(None), f"{name} (seed {seed}): the replayed game ends elsewhere")


def check_start(name: str, seed: int) -> None:
    """``start`` returns the game ``new_game`` starts with the events of its setup (as the record
    replays them, each in a form its reader may see); ``chance="scripted"`` leaves the setup to the
    caller. A game that starts at a chance node (its capability) has setup events."""
    game = get_game(name)
    players = table_size(name, seed)
    state, events = game.start(players, seed=seed)
    expect(state.record() == game.new_game(players, seed=seed).record(), f"{name}: start and new_game differ")
    if capabilities(name).chance:
        expect(events, f"{name}: the game starts at a chance node but its setup has no events")
    replayed: list[dict[str, Any]] = []
    for _, action, step_events in replay_steps(state.record()):
        if action is not None:
            replayed.extend(event.to_dict() for event in step_events)
    expect([event.to_dict() for event in events] == replayed, f"{name}: the setup events differ from the record's")
    for player in range(players):
        for event in state.events_for(events, player):
            expect(event.seen_by(player) == event, f"{name}: {event!r} is shown to p{player} but hidden from him")
    scripted, none_yet = game.start(players, seed=seed, chance="scripted")
    expect(none_yet == [] and scripted.seq == 0, f"{name}: a scripted start has events or actions")
    expect((scripted.to_move == CHANCE) == capabilities(name).chance, f"{name}: a scripted start is not at chance")


#: Core's attributes that hold containers it replaces and never changes in place (``history`` is copied).
CORE_SHARED = frozenset({"options", "_legal", "_known", "_fixed_secrets"})
MUTABLE = (list, dict, set, bytearray)


def undeclared_containers(state: State) -> list[str]:
    """The state's attributes holding a mutable container that ``clone()`` would share."""
    declared = {"history", *state.copied_lists, *state.copied_nested_lists}
    return sorted(
        name
        for name, value in vars(state).items()
        if isinstance(value, MUTABLE) and name not in declared and name not in CORE_SHARED
    )


def lists_in_lists(state: State) -> list[str]:
    """Declared lists that hold lists one level deeper than declared."""
    found = [name for name in state.copied_lists if any(isinstance(item, list) for item in getattr(state, name))]
    found += [
        name
        for name in state.copied_nested_lists
        for inner in getattr(state, name)
        if any(isinstance(item, list) for item in inner)
    ]
    return found


def _attributes(state: State) -> dict[str, Any]:
    """The state's attributes, its containers deep-copied (other objects are compared by identity)."""
    return {
        name: copy.deepcopy(value) if isinstance(value, (*MUTABLE, tuple)) else value
        for name, value in vars(state).items()
        if name != "_observers"
    }


def check_clone(name: str, seed: int) -> None:
    """Core's ``clone()`` is enough: the game writes none of its own, declares every list its state
    changes in place (``copied_lists``, ``copied_nested_lists``), and a move on a clone changes nothing
    of the original."""
    rng = random.Random(seed)
    for state, _ in random_playout(name, seed):
        owner = next(klass for klass in type(state).__mro__ if "clone" in vars(klass))
        expect(owner is State, f"{name}'s state writes clone() in {owner.__qualname__}; declare its lists instead")
        where = f"{name} (seed {seed}, seq {state.seq})"
        expect(not undeclared_containers(state), f"{where}: clone() would share {undeclared_containers(state)}")
        expect(not lists_in_lists(state), f"{where}: these declared lists hold lists: {lists_in_lists(state)}")
        if state.is_over or rng.random() > 0.2:
            continue
        before = _attributes(state)
        twin = state.clone()
        twin.apply(rng.choice(twin.legal_actions()))
        after = _attributes(state)
        changed = sorted(key for key in before if after.get(key) != before[key])
        expect(after.keys() == before.keys() and not changed, f"{where}: a move on a clone changed {changed}")
