"""Untrusted input at every public entry: only AsobibaError, and nothing changes.

The server passes text and JSON from the network straight into this API. For every game, hypothesis
throws at it: arbitrary texts and non-texts as notation, directly built actions of every action class
with fields of every type, bad player arguments, bad option values, and mutated records. Each call
either works or raises an :class:`~asobiba.AsobibaError` (with a code), and the game (its record and
its spectator view) is unchanged.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import AsobibaError, State

GAMES = asobiba.game_names()
SOME = settings(max_examples=60)

#: Values of every JSON-ish type and a few Python ones, including the classic troublemakers.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([-1, 0, 1, 2, 5, 99, 2**63, 1.5, float("nan"), float("inf")]),
    st.builds(lambda: 10**5000),  # a 5,000-digit number (hypothesis cannot print it as a literal)
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["", "p1", "p²", "①", "H7", "hearts", "b3", "yes", "\x00", "x" * 1000]),
    st.lists(st.integers(min_value=-3, max_value=60), max_size=6).map(tuple),
    st.lists(st.text(max_size=5), max_size=6).map(tuple),
)


@cache
def positions(game: str) -> tuple[State, ...]:
    """A few positions of a game (the start, the middle, near the end, the end), built once."""
    rules = asobiba.get_game(game)
    from asobiba.core.options import resolve_options

    low, _ = rules.player_range(resolve_options(rules.name, rules.options, {}))
    state = rules.new_game(low + 1 if game != "survive" else 3, seed=21)
    rng = random.Random(21)
    kept = [state.clone()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if len(kept) < 4 and rng.random() < 0.05:
            kept.append(state.clone())
    kept.append(state.clone())
    return tuple(kept)


def snapshot(state: State) -> str:
    return json.dumps([state.record(), state.view(None), state.seq], sort_keys=True, default=str)


def only_asobiba_errors(call: Any, *arguments: Any, **keywords: Any) -> Any:
    try:
        return call(*arguments, **keywords)
    except AsobibaError as error:
        assert isinstance(error.code, str) and error.code
        assert isinstance(error.to_json()["message"], str)
        return None


@pytest.mark.parametrize("game", GAMES)
@SOME
@given(text=st.one_of(st.text(max_size=60), ODD_VALUES, st.binary(max_size=20)), which=st.integers(0, 4))
def test_any_text_or_object_as_notation_is_an_action_or_a_notation_error(game: str, text: Any, which: int) -> None:
    state = positions(game)[which % len(positions(game))].clone()
    before = snapshot(state)
    action = only_asobiba_errors(asobiba.parse_action, state, text)
    if action is not None:
        only_asobiba_errors(state.apply, action)
    else:
        assert snapshot(state) == before


@pytest.mark.parametrize("game", GAMES)
@SOME
@given(data=st.data(), which=st.integers(0, 4))
def test_directly_built_actions_with_any_field_values_are_checked_not_trusted(
    game: str, data: st.DataObject, which: int
) -> None:
    rules = asobiba.get_game(game)
    state = positions(game)[which % len(positions(game))].clone()
    action_type = data.draw(st.sampled_from(rules.action_types))
    fields = dataclasses.fields(action_type)
    values = [data.draw(ODD_VALUES, label=field.name) for field in fields]
    try:
        action = action_type(*values)
    except Exception:  # building the object is not an entry point of the API
        return
    before = snapshot(state)
    legal = state.legal_actions()
    try:
        state.apply(action)
    except AsobibaError:
        assert snapshot(state) == before, f"refusing {action!r} changed the game"
        return
    assert action in legal, f"{action!r} was accepted but is not a legal action"
    assert asobiba.replay(state.record()).view(None) == state.view(None), "the record does not replay it"


@pytest.mark.parametrize("game", GAMES)
@SOME
@given(player=ODD_VALUES, seed=ODD_VALUES)
def test_any_player_or_seed_argument_is_refused_with_an_asobiba_error(game: str, player: Any, seed: Any) -> None:
    state = positions(game)[1].clone()
    before = snapshot(state)
    only_asobiba_errors(state.view, player)
    only_asobiba_errors(state.observe, player)
    only_asobiba_errors(state.determinize, player, seed)
    only_asobiba_errors(state.determinize, 0, seed)
    if state.legal_actions():
        only_asobiba_errors(state.check, state.legal_actions()[0], player)
    assert snapshot(state) == before
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        with pytest.raises(asobiba.NoSuchPlayer):
            state.view(player)


@pytest.mark.parametrize("game", GAMES)
@SOME
@given(data=st.data())
def test_any_option_value_is_accepted_or_an_invalid_option(game: str, data: st.DataObject) -> None:
    rules = asobiba.get_game(game)
    names = [option.name for option in rules.options] + ["no_such_option"]
    name = data.draw(st.sampled_from(names))
    nested = st.recursive(ODD_VALUES, lambda inner: st.lists(inner, max_size=4), max_leaves=20)
    value = data.draw(st.one_of(nested, st.just("--5"), st.just("²"), st.just([[[[[[[[[[[]]]]]]]]]]])))
    players = data.draw(st.one_of(st.integers(1, 7), ODD_VALUES))
    only_asobiba_errors(rules.new_game, players, 1, **{name: value})
    only_asobiba_errors(rules.start, players, seed=data.draw(ODD_VALUES), chance=data.draw(ODD_VALUES))


def test_a_value_nested_a_million_deep_is_refused_not_a_crash() -> None:
    deep: list[Any] = []
    for _ in range(1_000_000):
        deep = [deep]
    for game in GAMES:
        rules = asobiba.get_game(game)
        with pytest.raises(asobiba.InvalidOption, match="too large"):
            rules.new_game(rules.min_players + 1, seed=1, **{rules.options[0].name: deep})


RECORD_KEYS = ["game", "version", "players", "options", "seed", "chance", "actions"]


@pytest.mark.parametrize("game", GAMES)
@SOME
@given(data=st.data())
def test_a_mutated_record_replays_or_is_a_corrupt_record(game: str, data: st.DataObject) -> None:
    record = positions(game)[-1].record()
    key = data.draw(st.sampled_from(RECORD_KEYS))
    mutated = dict(record)
    choice = data.draw(st.integers(0, 3))
    if choice == 0:
        mutated[key] = data.draw(ODD_VALUES)
    elif choice == 1:
        mutated.pop(key)
    elif choice == 2 and record["actions"]:
        actions = list(record["actions"])
        index = data.draw(st.integers(0, len(actions) - 1))
        actions[index] = data.draw(st.one_of(st.text(max_size=40), st.just(actions[index][:-1])))
        mutated["actions"] = actions
    else:
        mutated["options"] = {**record["options"], data.draw(st.sampled_from(["seed", "chance", "players"])): 1}
    with contextlib.suppress(asobiba.CorruptRecord):
        asobiba.replay(mutated)


def test_the_exact_inputs_the_audit_found_are_refused() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1)
    for text in ["redirect p²", "offer p" + "9" * 5000 + " hearts card=H7", "values ²²²"]:
        with pytest.raises(asobiba.NotationError):
            asobiba.parse_action(state, text)
    with pytest.raises(asobiba.NotationError):
        asobiba.parse_action(state, 17)  # type: ignore[arg-type]
    record = state.record()
    for bad in (
        {**record, "seed": None},
        {**record, "seed": 10**5000},
        {**record, "version": True},
        {**record, "version": 1.0},
        {**record, "version": "1"},
        {**record, "chance": "garbage"},
        {**record, "game": []},
        {**record, "options": {**record["options"], "seed": 3}},
    ):
        with pytest.raises(asobiba.CorruptRecord):
            asobiba.replay(bad)
    for player in (1.0, "0", True, 0.5):
        with pytest.raises(asobiba.NoSuchPlayer):
            state.view(player)  # type: ignore[arg-type]
        with pytest.raises(asobiba.NoSuchPlayer):
            state.determinize(player, 1)  # type: ignore[arg-type]
    with pytest.raises(asobiba.InvalidOption):
        asobiba.new_game("cockroach-poker", players=3, seed=1, loss_threshold="--6")
    with pytest.raises(asobiba.InvalidOption):
        asobiba.new_game("paper-safari", players=2, seed=1, tokens_to_win="²")
