"""Contract v2, on every registered game: the seams the server, the browser and RL read.

- the view envelope (``phase``, ``to_move``, ``seq``, ``pending``) and the typed views (JSON Schema);
- legality without side effects (``check``, ``is_legal``), ``seq``, setup events from ``start``;
- actions and errors as data; secret options redacted by core in views and samples.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import CHANCE, GameOver, IllegalAction, NotYourTurn, State
from asobiba.core import ENVELOPE_KEYS, Event
from asobiba.core.schema import view_schema

GAMES = asobiba.game_names()
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=5)
MAX_STEPS = 5000


def table_size(game: str, seed: int) -> int:
    from asobiba.core.options import resolve_options

    rules = asobiba.get_game(game)
    low, high = rules.player_range(resolve_options(rules.name, rules.options, {}))
    return random.Random(seed).randint(low, high)


def playout(game: str, seed: int, **options: Any) -> Iterator[tuple[State, list[Event]]]:
    state, events = asobiba.start_game(game, table_size(game, seed), seed=seed, **options)
    rng = random.Random(seed)
    yield state, events
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        events = state.apply(rng.choice(state.legal_actions()))
        yield state, events
    raise AssertionError(f"{game} did not end")


@cache
def schema_validator(game: str) -> jsonschema.Draft202012Validator:
    schema = view_schema(asobiba.get_game(game))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# ---------------------------------------------------------------------------------------- the envelope


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_every_view_starts_with_the_envelope_and_validates_against_the_games_schema(game: str, seed: int) -> None:
    rng = random.Random(seed)
    for state, _ in playout(game, seed):
        viewers: list[int | None] = [None, *range(state.players)]
        if not state.is_over and rng.random() > 0.3:
            viewers = [rng.choice(viewers)]  # every view at a third of the steps, one at the others
        for viewer in viewers:
            view = state.view(viewer)
            assert tuple(view)[: len(ENVELOPE_KEYS)] == ENVELOPE_KEYS
            assert view["seq"] == state.seq == len(state.record()["actions"])
            assert view["to_move"] == state.to_move
            errors = sorted(schema_validator(game).iter_errors(view), key=str)
            assert not errors, f"{game} view of {viewer} at seq {state.seq}: {errors[0].message} at {errors[0].path}"


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_pending_names_who_decides_and_is_there_exactly_while_a_player_is_to_move(game: str, seed: int) -> None:
    for state, _ in playout(game, seed):
        view = state.view(state.to_move if state.to_move not in (None, CHANCE) else None)
        pending = view["pending"]
        if state.is_over:
            assert pending is None and view["phase"] == "over"
            continue
        assert pending is not None and pending["player"] == state.to_move
        assert isinstance(pending["kind"], str) and pending["kind"]
        assert isinstance(pending["steps"], list)
        assert isinstance(view["phase"], str) and view["phase"] and view["phase"] != "over"


@pytest.mark.parametrize("game", GAMES)
def test_a_games_own_view_keys_never_shadow_the_envelope(game: str) -> None:
    for state, _ in playout(game, 3):
        for viewer in (None, *range(state.players)):
            own = state._view(viewer)
            assert not set(own) & set(ENVELOPE_KEYS), f"{game}'s _view returns {set(own) & set(ENVELOPE_KEYS)}"
        if state.seq > 40:
            break


def test_the_schema_command_prints_the_json_schema_of_a_games_views() -> None:
    from typer.testing import CliRunner

    from asobiba.cli.main import app

    result = CliRunner().invoke(app, ["schema", "survive"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.output)
    assert schema["title"] == "survive view"
    assert {"phase", "to_move", "seq", "pending"} <= set(schema["properties"])
    unknown = CliRunner().invoke(app, ["schema", "chess"])
    assert unknown.exit_code == 2 and "unknown game" in unknown.output


# ---------------------------------------------------------------------------------------- legality and seq


def snapshot(state: State) -> str:
    return json.dumps([state.record(), state.view(None), state.seq], sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_check_and_is_legal_agree_with_the_legal_actions_and_change_nothing(game: str, seed: int) -> None:
    rng = random.Random(seed)
    seen: list[asobiba.Action] = []
    for state, _ in playout(game, seed):
        if state.is_over and not seen:  # a short game may end before a position was sampled
            break
        if state.is_over:
            before = snapshot(state)
            with pytest.raises(GameOver):
                state.check(seen[-1])
            assert not state.is_legal(seen[-1])
            assert snapshot(state) == before
            break
        if rng.random() > 0.25:
            continue
        legal = state.legal_actions()
        before = snapshot(state)
        for action in legal:
            state.check(action)
            assert state.is_legal(action) and state.is_legal(action, player=state.to_move)
        other = (state.to_move + 1) % state.players
        with pytest.raises(NotYourTurn, match=f"p{state.to_move}'s turn"):
            state.check(legal[0], player=other)
        for action in seen[-20:]:
            assert state.is_legal(action) == (action in legal)
        assert snapshot(state) == before, "check changed the game"
        seen.extend(legal[:5])


@pytest.mark.parametrize("game", GAMES)
def test_seq_counts_every_record_entry_and_survives_determinize_and_clone(game: str) -> None:
    for state, _ in playout(game, 11):
        assert state.seq == len(state.record()["actions"])
        if not state.is_over and state.seq % 7 == 0:
            assert state.clone().seq == state.seq
            assert state.determinize(0, seed=1).seq == state.seq
            assert state.determinize(0, seed=1).view(0)["seq"] == state.seq


@pytest.mark.parametrize("game", GAMES)
def test_start_returns_the_setup_events_of_the_same_game_new_game_starts(game: str) -> None:
    players = table_size(game, 5)
    state, events = asobiba.start_game(game, players, seed=5)
    assert state.record() == asobiba.new_game(game, players, seed=5).record()
    assert events, "the deal produces events"
    replayed: list[dict[str, Any]] = []
    for _, action, step_events in asobiba.core.replay_steps(state.record()):
        if action is not None:
            replayed.extend(event.to_dict() for event in step_events)
    assert [event.to_dict() for event in events] == replayed
    for player in range(players):
        for event in state.events_for(events, player):
            assert event.seen_by(player) == event
    scripted, none_yet = asobiba.start_game(game, players, seed=5, chance="scripted")
    assert none_yet == [] and scripted.seq == 0 and scripted.to_move == CHANCE


# ---------------------------------------------------------------------------------------- data


@pytest.mark.parametrize("game", GAMES)
def test_every_action_is_data_with_a_kind_and_json_fields(game: str) -> None:
    rules = asobiba.get_game(game)
    kinds = set()
    for state, _ in playout(game, 2):
        for action in state.legal_actions():
            data = action.to_json()
            assert data["kind"] == action.kind and isinstance(data["kind"], str)
            assert json.loads(json.dumps(data)) == data
            assert isinstance(rules.describe_action(action, "ja"), str)
            kinds.add(data["kind"])
        if state.seq > 200:
            break
    assert kinds
    assert all(action_type in rules.action_types for action_type in {type(a) for a in state.history})


def test_errors_are_data_with_a_stable_code_and_the_message_in_each_language() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=1, first_player=0)
    with pytest.raises(NotYourTurn) as refused:
        state.check(state.legal_actions()[0], player=2)
    data = refused.value.to_json()
    assert data == {
        "code": "not_your_turn",
        "template": "it is p{to_move}'s turn, not p{player}'s",
        "domain": "core",
        "fields": {"to_move": 0, "player": 2},
        "message": "it is p0's turn, not p2's",
    }
    assert refused.value.to_json("ja")["message"] == "今は p0 の番です（p2 ではありません）"
    codes = {
        asobiba.AsobibaError: "error",
        asobiba.IllegalAction: "illegal",
        asobiba.NotYourTurn: "not_your_turn",
        asobiba.GameOver: "game_over",
        asobiba.NoSuchPlayer: "no_such_player",
        asobiba.NotationError: "notation",
        asobiba.InvalidOption: "invalid_option",
        asobiba.CorruptRecord: "corrupt_record",
        asobiba.UnknownGame: "unknown_game",
    }
    assert {kind: kind.code for kind in codes} == codes
    with pytest.raises(asobiba.NotationError) as unreadable:
        asobiba.parse_action(state, "offer p²")
    assert unreadable.value.to_json()["code"] == "notation"


def test_translatable_words_are_values_not_exceptions() -> None:
    from asobiba.core.i18n import Term

    assert not issubclass(Term, BaseException)
    error = IllegalAction("{what} is not here", what=Term("the game is over; no more actions are accepted"))
    assert error.translated("ja") == "ゲームは終わりました。これ以上の手は受け付けません is not here"


# ---------------------------------------------------------------------------------------- secret options


def secret_setup(game: str, players: int) -> dict[str, Any]:
    """Values for every secret option of ``game``, taken from the deal of another game."""
    history = [str(action) for action in asobiba.new_game(game, players, seed=99).history]
    if game == "cockroach-poker":
        deal = next(text for text in history if text.startswith("deal "))
        return {"card_order": [card for card in deal.split()[1:] if "=" not in card][:12]}
    if game == "paper-safari":
        deal = next(text for text in history if text.startswith("deal "))
        return {"card_order": deal.split()[1:]}
    if game == "survive":
        tiles = next(text for text in history if text.startswith("tiles "))
        values = next(text for text in history if text.startswith("values "))
        return {"tile_layout": tiles.split()[1:], "explorer_values": values.split()[1:]}
    if game == "goofspiel":  # the plug-in example (examples/plugin_game)
        return {"prize_order": [5, 2, 6, 1]}
    raise AssertionError(f"no secret setup known for {game}")


@pytest.mark.parametrize("game", GAMES)
def test_secret_options_show_as_fixed_in_every_view_and_are_forgotten_by_samples(game: str) -> None:
    rules = asobiba.get_game(game)
    secrets = [option.name for option in rules.options if option.secret]
    assert secrets, f"{game} declares no secret option"
    players = table_size(game, 0)
    setup = secret_setup(game, players)
    state = rules.new_game(players, seed=4, **setup)
    secret_texts = {json.dumps(value) for value in setup.values()}
    rng = random.Random(4)
    for _ in range(30):
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            assert all(view["options"][name] == "fixed" for name in secrets)
            assert not any(text in json.dumps(view) for text in secret_texts)
            if viewer is not None:
                observed = state.observe(viewer)
                sample = observed.sample(rng.getrandbits(32))
                assert all(sample.options[name] is None for name in secrets)
                assert sample.view(viewer) == view, "a sample must look the same to its player, options included"
                assert all(sample.record()["options"][name] is None for name in secrets)
                assert not any(text in json.dumps(sample.record()) for text in secret_texts)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))


def test_an_observation_shows_nothing_of_the_true_state() -> None:
    """Lazy (issue 18): it reads from the observed position, but none of its public attributes is
    that position and a sample is a fresh determinization, never the state itself."""
    state = asobiba.new_game("cockroach-poker", players=4, seed=8)
    observation = state.observe(state.to_move)
    public = [getattr(observation, name) for name in dir(observation) if not name.startswith("_")]
    assert not any(value is state for value in public)
    sample = observation.sample(1)
    assert sample is not state and sample.history == []
    assert sample.view(observation.player) == state.view(observation.player)
    others = [player for player in range(4) if player != observation.player]
    assert [sample.hands[p] for p in others] != [state.hands[p] for p in others]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- the registry


def test_importing_core_loads_no_game_and_no_bot() -> None:
    import subprocess
    import sys

    probe = (
        "import sys, asobiba.core; "
        "loaded = [m for m in sys.modules if m.startswith(('asobiba.bots', 'asobiba.games.', 'asobiba.cli'))]; "
        "print(loaded); sys.exit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_game_is_found_through_its_entry_point_declaration() -> None:
    from importlib.metadata import entry_points

    from asobiba.cli.screens.terminal import TerminalScreen
    from asobiba.core.hard_settings import HardSettings
    from asobiba.core.registry import ENTRY_POINT_GROUP, GameDeclaration, declaration

    points = {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}
    assert set(GAMES) <= set(points)
    for name in GAMES:
        declared = declaration(name)
        assert isinstance(declared, GameDeclaration) and declared.name == name
        assert declared.game() is asobiba.get_game(name)
        # every part a game declares loads, of its type (a game may declare none: the generic tables draw it)
        assert not declared.declares("evaluator") or callable(declared.evaluator()), name
        assert isinstance(declared.screen(), TerminalScreen), name
        assert isinstance(declared.hard_settings(), HardSettings), name
        for part, fields in (
            ("web_renderer", {}),
            ("web_style", {}),
            ("rules", {"lang": "en"}),
            ("rules", {"lang": "ja"}),
        ):
            assert getattr(declared, part) is None or declared.resource(part, **fields) is not None, f"{name}: {part}"
    with pytest.raises(asobiba.UnknownGame, match="unknown game"):
        declaration("chess")


@pytest.mark.parametrize("game", GAMES)
def test_a_view_at_a_scripted_chance_node_validates_too(game: str) -> None:
    state = asobiba.new_game(game, table_size(game, 1), seed=1, chance="scripted")
    for viewer in (None, *range(state.players)):
        view = state.view(viewer)
        assert view["pending"] == {"player": CHANCE, "kind": "chance", "steps": []}
        errors = list(schema_validator(game).iter_errors(view))
        assert not errors, f"{game}: {errors[0].message} at {list(errors[0].path)}"
