"""Observation encoders read a player's view only: nothing hidden reaches the tensor."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rl.setups import SETUPS, random_positions, setup_id

import asobiba
import asobiba.rl
from asobiba.core.registry import declaration
from asobiba.rl.support import support


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_a_sample_of_what_a_player_knows_encodes_as_his_true_view(setup: tuple[str, int, dict[str, Any]]) -> None:
    """``encode(view(p)) == encode(determinize(p).view(p))``: the tensor holds only what p may know."""
    game, players, options = setup
    encoder = asobiba.rl.encoder(game, players=players, **options)
    for number, state in enumerate(random_positions(game, players, options, games=4, seed=5, steps=200)):
        if number % 7:  # every 7th position, every player
            continue
        for player in range(players):
            sample = state.determinize(player, seed=number)
            assert np.array_equal(encoder.encode(state.view(player)), encoder.encode(sample.view(player)))


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_every_tensor_has_the_shape_and_lies_within_the_bounds(setup: tuple[str, int, dict[str, Any]]) -> None:
    game, players, options = setup
    encoder = asobiba.rl.encoder(game, players=players, **options)
    assert encoder.shape == (sum(piece.size for piece in encoder.pieces.values()),)
    for number, state in enumerate(random_positions(game, players, options, games=2, seed=9, steps=300)):
        if number % 5:
            continue
        for viewer in (*range(players), None):
            tensor = encoder.encode(state.view(viewer))
            assert tensor.dtype == np.float32 and tensor.shape == encoder.shape
            assert (tensor >= 0).all() and (tensor <= encoder.high).all()


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_players_whose_views_differ_see_different_tensors(setup: tuple[str, int, dict[str, Any]]) -> None:
    """The tensor is not blind: where two players know different things, their tensors differ."""
    game, players, options = setup
    encoder = asobiba.rl.encoder(game, players=players, **options)
    compared = 0
    for number, state in enumerate(random_positions(game, players, options, games=2, seed=3, steps=200)):
        if number % 3:
            continue
        views = [{**state.view(player), "viewer": None} for player in range(players)]
        tensors = [encoder.encode(state.view(player)) for player in range(players)]
        for player in range(1, players):
            if views[player] != views[0]:
                compared += 1
                own, other = encoder.split(tensors[0]), encoder.split(tensors[player])
                assert any(not np.array_equal(own[name], other[name]) for name in own if name != "viewer")
    assert compared > 0


def test_the_pieces_of_a_cockroach_poker_tensor_say_the_hand_by_suit() -> None:
    state = asobiba.new_game("cockroach-poker", players=3, seed=2)
    encoder = asobiba.rl.encoder("cockroach-poker", players=3)
    view = state.view(1)
    hand = encoder.split(encoder.encode(view))["hand"]
    suits = [sum(card.startswith(letter) for card in view["hand"]) for letter in "SCHDJ"]
    assert hand.tolist() == suits


def test_each_games_research_support_is_the_one_its_declaration_names() -> None:
    for game in ("cockroach-poker", "paper-safari", "survive"):
        named = declaration(game).named("rl")
        assert named == f"asobiba.games.{game.replace('-', '_')}.rl:RL"
        found = support(game)
        assert type(asobiba.rl.encoder(game, players=3)) is found.encoder
        assert type(asobiba.rl.codec(game, players=3)) is found.codecs[found.default_action_space]


def test_no_module_of_the_research_api_names_a_game() -> None:
    """rl/ is game-agnostic: each game's tables live in its own package."""
    from pathlib import Path

    folder = Path(asobiba.rl.__file__).parent
    for module in folder.rglob("*.py"):
        text = module.read_text(encoding="utf-8").split('"""', 2)[-1]  # past the module docstring
        for code_name in ("games.cockroach_poker", "games.paper_safari", "games.survive", '"survive"'):
            assert code_name not in text, f"{module.name} names {code_name}"


@settings(max_examples=15)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 120), setup=st.sampled_from(SETUPS))
def test_no_hidden_thing_reaches_the_tensor_at_any_position(
    seed: int, steps: int, setup: tuple[str, int, dict[str, Any]]
) -> None:
    """A random position of a random setup: every player's sample encodes as his true view."""
    game, players, options = setup
    encoder = asobiba.rl.encoder(game, players=players, **options)
    positions = random_positions(game, players, options, games=1, seed=seed, steps=steps)
    state = next(positions)
    for _ in positions:  # one position, played on
        pass
    for player in range(players):
        sample = state.determinize(player, seed=seed)
        assert np.array_equal(encoder.encode(state.view(player)), encoder.encode(sample.view(player)))
