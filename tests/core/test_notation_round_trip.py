"""Every legal action of every game reads back from its notation as itself, exactly.

``State.apply`` no longer parses an action's notation on every call (issue 18): a player's decision
is legal when it is one of the position's legal actions, and those are proven here to round-trip —
for every action kind of every game, chance outcomes included. "Exactly" means the parsed action is
equal, of the same class, with every field of the same Python type (``True`` is not ``1``), writes
the same notation and the same ``to_json()``; and every legal action's fields have their declared
types, which the checked ``apply`` takes on trust for the position's own action objects.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import asobiba
from asobiba import State
from asobiba.bots.arena import player_range
from asobiba.testing import check_round_trip

#: The tables our games are played at here: (players, options) — both rule sets of Cockroach Poker
#: and each of its jokers, every table size. Any other registered game (a plug-in) is played at every
#: size it takes, with its default options.
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "cockroach-poker": [
        *((players, {"rules": "trump"}) for players in (3, 4, 5)),
        (4, {"rules": "trump", "jokers": "wild"}),
        (3, {"rules": "trump", "jokers": "none"}),
        *((players, {"rules": "original"}) for players in (2, 3, 4, 5, 6)),
        (3, {"rules": "original", "deal": "all"}),
    ],
    "paper-safari": [(players, {}) for players in (2, 3, 4, 5)],
    "survive": [(players, {}) for players in (2, 3, 4)],
}
GAMES = sorted(asobiba.game_names())
#: Games played per table by the sweep that must meet every action kind.
SWEEP_GAMES = 4


def playout(game: str, players: int, options: dict[str, Any], seed: int, bot: str) -> Iterator[State]:
    """Every position of a game played by ``bot`` in every seat, then the finished game (whose
    history holds the chance outcomes)."""
    state = asobiba.new_game(game, players, seed=seed, **options)
    player = asobiba.bot(bot, seed=seed)
    while not state.is_over:
        yield state
        assert state.to_move is not None
        state.apply(player.choose(state.observe(state.to_move)))
    yield state


def check_every_action(game: str, players: int, options: dict[str, Any], seed: int, bot: str = "random") -> set[type]:
    """Check every legal action and every chance outcome of one game; return the kinds met."""
    kinds: set[type] = set()
    final: State | None = None
    for state in playout(game, players, options, seed, bot):
        for action in state.legal_actions():
            check_round_trip(state, action)
            kinds.add(type(action))
        final = state
    assert final is not None
    # A chance outcome is read back at its own node: replay the game in scripted mode beside it.
    replay = asobiba.new_game(game, players, seed=seed, chance="scripted", **options)
    for action in final.history:
        check_round_trip(replay, action)
        kinds.add(type(action))
        replay.apply(action)
    return kinds


def tables(game: str) -> list[tuple[int, dict[str, Any]]]:
    if game in TABLES:
        return TABLES[game]
    low, high = player_range(game)
    return [(players, {}) for players in range(low, high + 1)]


@cache
def kinds_met(game: str) -> frozenset[type]:
    kinds: set[type] = set()
    for table, (players, options) in enumerate(tables(game)):
        for index in range(SWEEP_GAMES):
            # Random play reaches the odd corners; the heuristic the goals (Survive's escapes).
            bot = "random" if index % 2 == 0 else "normal"
            kinds |= check_every_action(game, players, options, seed=1000 * table + index, bot=bot)
    return frozenset(kinds)


@pytest.mark.parametrize("game", GAMES)
def test_random_games_meet_every_action_kind_and_each_round_trips(game: str) -> None:
    declared = set(asobiba.get_game(game).action_types)
    missing = sorted(kind.__name__ for kind in declared - kinds_met(game))
    assert not missing, f"{game}: no sweep game met {missing}; add a table or a position that does"


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**62))
def test_every_legal_action_reads_back_from_its_notation_as_itself(game: str, data: st.DataObject, seed: int) -> None:
    players, options = data.draw(st.sampled_from(tables(game)), label="table")
    check_every_action(game, players, options, seed, data.draw(st.sampled_from(["random", "easy"]), label="bot"))
