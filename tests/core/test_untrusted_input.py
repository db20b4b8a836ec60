"""Untrusted input at every public entry: only AsobibaError, and nothing changes.

The server passes text and JSON from the network straight into this API. For every game, the
conformance kit's check (``asobiba.testing.check_odd_inputs``, hypothesis choosing its seeds) throws at
it: arbitrary texts and non-texts as notation, directly built actions of every action class with
fields of every type, bad player arguments, bad option values, and mutated records. Each call either
works or raises an :class:`~asobiba.AsobibaError` (with a code), and the game (its record and its
spectator view) is unchanged. A value nested a million deep is the kit's ``check_bad_options``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import testing

GAMES = asobiba.game_names()


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_odd_notation_built_actions_players_options_and_records_are_refused_cleanly(game: str, seed: int) -> None:
    testing.check_odd_inputs(game, seed)


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
