"""Contract v2, on every registered game: the seams the server, the browser and RL read.

- the view envelope (``phase``, ``to_move``, ``seq``, ``pending``) and the typed views (JSON Schema);
- legality without side effects (``check``, ``is_legal``), ``seq``, setup events from ``start``;
- actions and errors as data; secret options redacted by core in views and samples.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import IllegalAction, NotYourTurn, testing

GAMES = asobiba.game_names()
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=5, deadline=None)


# ---------------------------------------------------------------------------------------- the envelope


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_every_view_has_the_envelope_and_the_games_schema_and_pending_names_who_decides(game: str, seed: int) -> None:
    """Every view starts with the envelope, its own keys never shadow it, it validates against the
    game's JSON Schema (at a scripted chance node too), and ``pending`` is there exactly while a
    player is to move, naming him."""
    testing.check_views(game, seed)


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


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_check_and_is_legal_agree_with_the_legal_actions_change_nothing_and_actions_are_data(
    game: str, seed: int
) -> None:
    """``check`` and ``is_legal`` agree with the legal actions and change nothing, ``seq`` survives
    clone and determinize, and every legal action is data (its ``kind``, JSON fields, a description)."""
    testing.check_legality(game, seed)


@pytest.mark.parametrize("game", GAMES)
def test_start_returns_the_setup_events_of_the_same_game_new_game_starts(game: str) -> None:
    testing.check_start(game, 5)


# ---------------------------------------------------------------------------------------- data


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


@pytest.mark.parametrize("game", [game for game in GAMES if testing.capabilities(game).secret_options])
def test_secret_options_show_as_fixed_in_every_view_and_are_forgotten_by_samples(game: str) -> None:
    testing.check_secret_options(game, 4, lambda players: secret_setup(game, players))


def test_every_built_in_game_declares_secret_options() -> None:
    for game in ("cockroach-poker", "paper-safari", "survive"):
        assert testing.capabilities(game).secret_options, game


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
