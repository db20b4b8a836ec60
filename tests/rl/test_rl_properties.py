"""Properties (hypothesis) of Survive!'s compact action space and of the rewards.

Compact space: at any position reached by random play, the mask is exact — every number it lets
in stands for a legal engine action and comes back from it, every legal action has its own
number, a number it leaves out is refused. Rewards: ``win``, ``rank`` and ``score`` of any
finished game of every game lie in [0, 1] and sum to what they must; a game cut by a horizon
gives the evaluator's shares.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import asobiba
import asobiba.rl
from asobiba.core.errors import IllegalAction
from asobiba.core.state import State
from asobiba.rl.rewards import cut_rewards, rewards

SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _played(game: str, players: int, options: dict[str, Any], seed: int, steps: int) -> State:
    """A position after up to ``steps`` random decisions (chance by the engine, from ``seed``)."""
    state = asobiba.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply_trusted(rng.choice(state.legal_actions()))
    return state


#: (players, options) of Survive!'s compact space.
COMPACT = [(2, {}), (3, {}), (4, {}), (2, {"two_colours": True})]


@SLOW
@given(
    setup=st.sampled_from(COMPACT),
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 320),
    probe=st.integers(0, 2**31 - 1),
)
def test_the_compact_mask_is_exact_and_round_trips(
    setup: tuple[int, dict[str, Any]], seed: int, steps: int, probe: int
) -> None:
    players, options = setup
    codec = asobiba.rl.codec("survive", players=players, action_space="compact", **options)
    state = _played("survive", players, options, seed, steps)
    mask = codec.mask(state)
    assert mask.shape == (codec.size,) and codec.size <= 4096
    if state.is_over:
        assert not mask.any()
        return
    actions = state.legal_actions()
    allowed = np.flatnonzero(mask)
    assert len(allowed) == len(actions)  # every legal action has a number, no two share one
    for number in allowed:
        action = codec.action(int(number), state)
        assert action in actions  # a masked-in number is a legal engine action
        assert codec.index_in(action, state) == number  # and comes back to its number
    assert {codec.index_in(action, state) for action in actions} == set(allowed.tolist())
    refused = np.flatnonzero(mask == 0)
    number = int(refused[probe % len(refused)])
    with pytest.raises(IllegalAction, match="not legal here"):
        codec.action(number, state)


#: (game, players, options) finished games are drawn from: every game, both Cockroach Poker rule sets.
FINISHED = [
    ("cockroach-poker", 3, {}),
    ("cockroach-poker", 4, {"rules": "original"}),
    ("paper-safari", 3, {"tokens_to_win": 1}),
    ("paper-safari", 2, {}),
    ("survive", 2, {}),
    ("survive", 4, {}),
]


@SLOW
@given(setup=st.sampled_from(FINISHED), seed=st.integers(0, 2**31 - 1))
def test_every_reward_of_a_finished_game_lies_in_0_1_and_sums_right(
    setup: tuple[str, int, dict[str, Any]], seed: int
) -> None:
    game, players, options = setup
    state = _played(game, players, options, seed, 10_000)
    assert state.is_over
    win, rank, score = (rewards(state, reward) for reward in ("win", "rank", "score"))
    for values in (win, rank, score):
        assert len(values) == players and all(0.0 <= value <= 1.0 for value in values)
    assert sum(win) == pytest.approx(1.0)
    assert sum(score) == pytest.approx(1.0)
    assert sum(rank) == pytest.approx(players / 2)  # each pair of players shares one point
    shares = {round(value, 12) for value in win if value > 0}
    assert len(shares) == 1  # the winners share alike
    scores = state.result()["scores"]
    best = max(scores)
    for player, value in enumerate(rank):
        if scores.count(best) == 1 and scores[player] == best:
            assert value == 1.0  # a sole first is above everyone
    if game == "cockroach-poker":
        (loser,) = state.result()["losers"]
        assert win[loser] == 0.0 and score[loser] == 0.0 and rank[loser] == 0.0


@SLOW
@given(setup=st.sampled_from(FINISHED), seed=st.integers(0, 2**31 - 1), steps=st.integers(1, 120))
def test_a_cut_game_gives_the_evaluators_shares(setup: tuple[str, int, dict[str, Any]], seed: int, steps: int) -> None:
    game, players, options = setup
    state = _played(game, players, options, seed, steps)
    if state.is_over:
        return
    values = cut_rewards(state)
    assert len(values) == players and all(0.0 <= value <= 1.0 for value in values)
    assert sum(values) == pytest.approx(1.0)
