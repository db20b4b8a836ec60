"""The core contract, checked on every registered game by random play.

For each game and a few seeds (hypothesis), random playouts check that: the game ends; every view
and event is JSON-ready; each player reads events as ``seen_by`` gives them; notation round-trips;
the record replays every view of every player and the spectator at every step; determinization
keeps the player's view and depends only on it; illegal actions and garbage are refused without
changing anything; corrupt records and unknown options are refused with the right error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import CorruptRecord, IllegalAction, InvalidOption, State
from asobiba.core import Event, replay_steps

GAMES = asobiba.game_names()
#: No game of ours takes more decisions than this in a random playout.
MAX_STEPS = 5000
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=6)
GARBAGE = ["", "   ", "xyzzy", "🦄 🦄", "p99", "-1", "{}", "None", "deal", "\x00", "a" * 300]


def player_range(game: str) -> tuple[int, int]:
    rules = asobiba.get_game(game)
    from asobiba.core.options import resolve_options

    return rules.player_range(resolve_options(rules.name, rules.options, {}))


def table_size(game: str, seed: int) -> int:
    low, high = player_range(game)
    return random.Random(seed).randint(low, high)


def viewers(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def all_views(state: State) -> dict[int | None, dict[str, Any]]:
    return {viewer: state.view(viewer) for viewer in viewers(state)}


def game_seed(seed: int) -> int:
    """A long seed (19 digits) for the game, so that a view that leaks it is caught."""
    return 2**62 + random.Random(seed).getrandbits(62)


def random_playout(game: str, seed: int) -> Iterator[tuple[State, list[Event]]]:
    """Yield ``(state, events)`` at the start (no events) and after every random action."""
    state = asobiba.new_game(game, table_size(game, seed), seed=game_seed(seed))
    rng = random.Random(seed)
    yield state, []
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        actions = state.legal_actions()
        assert actions, f"{game}: p{state.to_move} is to move but has no legal action"
        events = state.apply(rng.choice(actions))
        yield state, events
    raise AssertionError(f"{game} (seed {seed}): not over after {MAX_STEPS} random decisions")


def finished_game(game: str, seed: int) -> State:
    final: State | None = None
    for state, _ in random_playout(game, seed):
        final = state
    assert final is not None
    return final


# ---------------------------------------------------------------------------------------- playouts


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_random_playouts_end_and_keep_the_contract_at_every_step(game: str, seed: int) -> None:
    for state, events in random_playout(game, seed):
        # Views and events are JSON-ready, and never carry the seed (it tells the future).
        for viewer in viewers(state):
            assert str(state.seed) not in json.dumps(state.view(viewer)), f"{viewer}'s view holds the seed"
        for event in events:
            assert str(state.seed) not in json.dumps(event.to_dict()), f"{event!r} holds the seed"
        # Each player reads the events exactly as seen_by gives them, in a form he may see.
        for viewer in viewers(state):
            expected = [event.seen_by(viewer) for event in events]
            shown = state.events_for(events, viewer)
            assert shown == [event for event in expected if event is not None]
            for event in shown:
                assert event.seen_by(viewer) == event, f"{event!r} is shown to {viewer} but hidden from him"
                json.dumps(event.to_dict())
        # The notation round-trips for every legal action.
        for action in state.legal_actions():
            assert asobiba.parse_action(state, str(action)) == action, str(action)
        if not state.is_over:
            assert state.to_move in range(state.players)
    assert state.is_over
    result = state.result()
    assert {"winners", "losers", "scores"} <= set(result)
    assert set(result["winners"]) <= set(range(state.players))
    assert sum(state.returns()) <= 1.0 + 1e-9
    json.dumps(state.view(None))


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_the_record_replays_every_view_and_event_at_every_step(game: str, seed: int) -> None:
    played: dict[int, dict[int | None, dict[str, Any]]] = {}
    played_events: dict[int, list[dict[str, Any]]] = {}
    state: State | None = None
    for state, events in random_playout(game, seed):
        steps = len(state.history)
        played[steps] = all_views(state)
        played_events[steps] = [event.to_dict() for event in events]
    assert state is not None
    record = json.loads(json.dumps(state.record()))
    replayed_events: list[dict[str, Any]] = []
    last_checked = min(played)
    checked = 0
    for step, (replayed, _, events) in enumerate(replay_steps(record)):
        replayed_events.extend(event.to_dict() for event in events)
        if step in played:
            assert all_views(replayed) == played[step], f"step {step}"
            if step != last_checked:
                assert replayed_events == played_events[step], f"events up to step {step}"
            replayed_events = []
            last_checked = step
            checked += 1
    assert checked == len(played)
    assert asobiba.replay(record).view(None) == state.view(None)


# ---------------------------------------------------------------------------------------- determinization


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS, sample_seed=st.integers(min_value=0, max_value=2**16))
def test_determinize_keeps_the_view_and_depends_only_on_it(game: str, seed: int, sample_seed: int) -> None:
    rng = random.Random(seed)
    checks = 0
    for state, _ in random_playout(game, seed):
        if state.is_over or rng.random() > 0.15 or checks >= 6:
            continue
        checks += 1
        for player in range(state.players):
            sample = state.determinize(player, sample_seed)
            assert sample.view(player) == state.view(player), f"p{player}'s view changed by determinize"
            again = state.determinize(player, sample_seed)
            assert all_views(again) == all_views(sample), "determinize is not a function of its seed"
            # Another state with the same view for this player gives the same sample.
            other = sample.determinize(player, sample_seed + 1)
            assert all_views(other) == all_views(state.determinize(player, sample_seed + 1)), (
                f"p{player}'s sample depends on more than his view"
            )
            if state.to_move == player:
                assert {str(action) for action in sample.legal_actions()} == {
                    str(action) for action in state.legal_actions()
                }


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS, sample_seed=st.integers(min_value=0, max_value=2**16))
def test_a_determinized_state_is_a_real_position_that_plays_on_to_the_end(
    game: str, seed: int, sample_seed: int
) -> None:
    """Search plays whole games from samples: a sample must be a position the rules can finish."""
    rng = random.Random(seed ^ sample_seed)
    samples = 0
    for state, _ in random_playout(game, seed):
        if state.is_over or rng.random() > 0.05 or samples >= 3:
            continue
        samples += 1
        sample = state.determinize(rng.randrange(state.players), sample_seed)
        for _ in range(MAX_STEPS):
            if sample.is_over:
                break
            sample.apply(rng.choice(sample.legal_actions()))
        assert sample.is_over, f"{game}: a sample did not end within {MAX_STEPS} random decisions"
        assert isinstance(sample.result()["winners"], list)


# ---------------------------------------------------------------------------------------- refusals


def snapshot(state: State) -> str:
    return json.dumps([state.record(), state.view(None)], sort_keys=True)


def foreign_actions(game: str, players: int, seed: int, per_position: int = 3) -> list[asobiba.Action]:
    """Legal actions met in other games of the same game and table (``per_position`` at each position)."""
    found: list[asobiba.Action] = []
    for other_seed in (seed + 1, seed + 2):
        other = asobiba.new_game(game, players, seed=other_seed)
        rng = random.Random(other_seed)
        for _ in range(40):
            if other.is_over:
                break
            actions = other.legal_actions()
            found.extend(rng.sample(actions, min(per_position, len(actions))))
            other.apply(rng.choice(actions))
    return found


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_illegal_actions_and_garbage_are_refused_and_change_nothing(game: str, seed: int) -> None:
    state = asobiba.new_game(game, table_size(game, seed), seed=seed)
    others = foreign_actions(game, state.players, seed)
    rng = random.Random(seed)
    for _ in range(30):
        if state.is_over:
            break
        legal = state.legal_actions()
        before = snapshot(state)
        for action in [action for action in others if action not in legal][:8]:
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert snapshot(state) == before, f"refusing '{action}' changed the game"
        for text in GARBAGE:
            with pytest.raises(IllegalAction):
                state.apply(asobiba.parse_action(state, text))
            assert snapshot(state) == before
        state.apply(rng.choice(legal))
    final = finished_game(game, seed)
    before = snapshot(final)
    with pytest.raises(IllegalAction):
        final.apply(others[0])
    assert snapshot(final) == before


@pytest.mark.parametrize("game", GAMES)
def test_corrupt_records_are_refused(game: str) -> None:
    record = finished_game(game, 7).record()
    assert asobiba.replay(record).is_over
    other_game = next((name for name in GAMES if name != game), None)
    corrupt: list[Any] = [
        [],
        "record",
        {key: value for key, value in record.items() if key != "actions"},
        {**record, "game": "no-such-game"},
        {**record, "version": 999},
        {**record, "players": "three"},
        {**record, "players": 3.5},
        {**record, "players": 99},
        {**record, "seed": "seven"},
        {**record, "options": []},
        {**record, "options": {"no_such_option": 1}},
        {**record, "actions": "deal"},
        {**record, "actions": [1, 2, 3]},
        {**record, "actions": [*record["actions"], record["actions"][-1]]},  # after the end
    ]
    if other_game is not None:
        corrupt.append({**record, "game": other_game})
    actions = record["actions"]
    for position in (0, len(actions) // 2, len(actions) - 1):
        text = actions[position]
        truncated = [*actions[:position], text[: len(text) // 2], *actions[position + 1 :]]
        corrupt.append({**record, "actions": truncated})
    for bad in corrupt:
        with pytest.raises(CorruptRecord):
            asobiba.replay(bad)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_and_bad_values_raise_invalid_option_naming_them(game: str) -> None:
    rules = asobiba.get_game(game)
    low, high = player_range(game)
    with pytest.raises(InvalidOption, match="no_such_option"):
        rules.new_game(low, seed=1, no_such_option=True)
    with pytest.raises(InvalidOption):
        rules.new_game(high + 1, seed=1)
    for option in rules.options:
        if option.choices is not None:
            with pytest.raises(InvalidOption, match=option.name):
                rules.new_game(low, seed=1, **{option.name: "not-a-choice"})
        if option.bounds is not None:
            with pytest.raises(InvalidOption, match=option.name):
                too_big: dict[str, Any] = {option.name: option.bounds[1] + 1}
                rules.new_game(low, seed=1, **too_big)
