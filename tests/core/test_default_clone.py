"""Core's default ``clone()``: a game declares which of its state's lists are copied
(``copied_lists``, ``copied_nested_lists``) and writes no ``clone`` of its own.

Checked on every registered game (the plug-in's too) by random play: at every position, every
attribute that holds a mutable container is declared (or is one of core's own, which are replaced
and never changed in place), a declared list holds no list unless declared nested, and a
move played on a clone changes nothing of the original.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import asobiba
from asobiba import State
from asobiba.core.options import resolve_options
from asobiba.core.registry import declaration

GAMES = asobiba.game_names()
#: Core's attributes that hold containers it replaces and never changes in place (``history`` is copied).
CORE_SHARED = frozenset({"options", "_legal", "_known", "_fixed_secrets"})
MUTABLE = (list, dict, set, bytearray)
MAX_STEPS = 3000


def positions(game: str, seed: int) -> list[State]:
    rules = asobiba.get_game(game)
    low, high = rules.player_range(resolve_options(rules.name, rules.options, {}))
    state = asobiba.new_game(game, random.Random(seed).randint(low, high), seed=seed)
    rng = random.Random(seed)
    found = [state.clone()]
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.clone())
    return found


def undeclared_containers(state: State) -> list[str]:
    declared = {"history", *state.copied_lists, *state.copied_nested_lists}
    return sorted(
        name
        for name, value in vars(state).items()
        if isinstance(value, MUTABLE) and name not in declared and name not in CORE_SHARED
    )


def lists_in_lists(state: State) -> list[str]:
    """Declared lists that hold lists one level deeper than declared (records appended and never
    changed, such as a round's summary, may be dicts)."""
    found = [name for name in state.copied_lists if any(isinstance(item, list) for item in getattr(state, name))]
    found += [
        name
        for name in state.copied_nested_lists
        for inner in getattr(state, name)
        if any(isinstance(item, list) for item in inner)
    ]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_game_writes_its_own_clone(game: str) -> None:
    state = positions(game, 1)[0]
    owner = next(klass for klass in type(state).__mro__ if "clone" in vars(klass))
    assert owner is State, f"{declaration(game).name}'s state writes clone() in {owner.__qualname__}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_mutable_attribute_is_declared(game: str, seed: int) -> None:
    for state in positions(game, seed):
        assert undeclared_containers(state) == [], f"seq {state.seq}: clone() would share these"
        assert lists_in_lists(state) == [], f"seq {state.seq}: these lists hold lists"


def snapshot(state: State) -> dict[str, Any]:
    """The state's attributes, its containers deep-copied (other objects are compared by identity)."""
    return {
        name: copy.deepcopy(value) if isinstance(value, (*MUTABLE, tuple)) else value
        for name, value in vars(state).items()
        if name != "_observers"
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_move_on_a_clone_leaves_the_original_alone(game: str) -> None:
    rng = random.Random(7)
    for state in positions(game, 7)[::5]:
        if state.is_over:
            continue
        before = snapshot(state)
        twin = state.clone()
        twin.apply(rng.choice(twin.legal_actions()))
        after = snapshot(state)
        assert after.keys() == before.keys()
        for name in before:
            assert after[name] == before[name], f"seq {state.seq}: {name} changed by a move on the clone"


def test_a_forgotten_declaration_is_caught() -> None:
    """The check above fails on a state that keeps a list it does not declare."""
    state = asobiba.new_game("cockroach-poker", 3, seed=1)
    state.__dict__["undeclared"] = [1, 2]
    assert undeclared_containers(state) == ["undeclared"]
