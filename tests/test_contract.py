"""The core contract, checked on every registered game by random play, with the conformance kit's
checks (``asobiba.testing``: the same a plug-in runs with ``check_game``), hypothesis choosing the seeds.

Random play-outs end and keep the contract at every step; the record replays every view of every
player and the spectator at every step; determinization keeps the player's view and depends only on
it, and samples play on to the end; illegal actions and garbage are refused without changing
anything; corrupt records and unknown options are refused with the right error.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import testing

GAMES = asobiba.game_names()
SEEDS = st.integers(min_value=0, max_value=2**32)
FEW = settings(max_examples=6, deadline=None)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_random_playouts_end_and_keep_the_contract_at_every_step(game: str, seed: int) -> None:
    testing.check_playout(game, seed)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_the_record_replays_every_view_and_event_at_every_step(game: str, seed: int) -> None:
    testing.check_replay(game, seed)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_determinize_keeps_the_view_and_depends_only_on_it(game: str, seed: int) -> None:
    testing.check_determinization(game, seed)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_a_determinized_state_is_a_real_position_that_plays_on_to_the_end(game: str, seed: int) -> None:
    """Search plays whole games from samples: a sample must be a position the rules can finish."""
    testing.check_samples_play_on(game, seed)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=SEEDS)
def test_illegal_actions_and_garbage_are_refused_and_change_nothing(game: str, seed: int) -> None:
    testing.check_refusals(game, seed)


@pytest.mark.parametrize("game", GAMES)
def test_corrupt_records_are_refused(game: str) -> None:
    testing.check_corrupt_records(game, 7)


@pytest.mark.parametrize("game", GAMES)
def test_unknown_options_and_bad_values_raise_invalid_option_naming_them(game: str) -> None:
    testing.check_bad_options(game, 0)
