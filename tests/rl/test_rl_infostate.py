"""Information states that determine the decision, through the resampler as IS-MCTS uses it.

OpenSpiel's IS-MCTS keys its tree by ``(current_player, information_state_string())`` and expects
every state of one key to have the same legal actions. It searches from samples of the root
(``resample_from_infostate(player)``) and plays moves in them, so every player's information state
is asked in sampled worlds, not only the searcher's. The property (hypothesis, every named setup):
from a random position, the real game and several samples of it for the player to move, each
played on at random, never give one player's information-state string — nor one player's tensor of
a perfect-recall observer — with two different sets of legal actions or two different players to
move.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install open_spiel")

import asobiba.rl  # noqa: E402
from asobiba.rl.named import all_setups  # noqa: E402
from asobiba.rl.openspiel import determinize_resampler  # noqa: E402

#: hypothesis examples per setup (33 setups: about 20 s in all on the shared 2-core machine)
EXAMPLES = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_GAMES: dict[str, Any] = {}


def _game(name: str) -> Any:
    if name not in _GAMES:
        _GAMES[name] = asobiba.rl.make(name, api="openspiel")
    return _GAMES[name]


def _chance(state: Any, rng: np.random.Generator) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


def _walk(state: Any, rng: np.random.Generator, path: list[float], seen: Any) -> None:
    """Play a decision for each number of ``path`` from ``state`` (the number's share of the legal
    actions: walks along one path choose alike where their legal actions agree, as IS-MCTS goes down
    one branch of its tree in sample after sample), showing every position to ``seen``."""
    _chance(state, rng)
    for share in path:
        if state.is_terminal():
            return
        seen(state)
        legal = state.legal_actions()
        state.apply_action(legal[int(share * len(legal))])
        _chance(state, rng)


def _inconsistencies(name: str, seed: int, root: int, samples: int = 6, depth: int = 10) -> list[str]:
    game = _game(name)
    observer = pyspiel_observer(game)
    rng = np.random.default_rng(seed)
    by_key: dict[tuple[str, Any], tuple[int, tuple[int, ...]]] = {}
    found: list[str] = []

    def seen(state: Any) -> None:
        current = state.current_player()
        for player in range(game.num_players()):
            decision = (current, tuple(state.legal_actions(player)))
            observer.set_from(state, player)
            keys = (("string", state.information_state_string(player)), (f"tensor {player}", observer.tensor.tobytes()))
            for key in keys:
                first = by_key.setdefault(key, decision)
                if first != decision:
                    found.append(f"player {player}'s {key[0][:6]} {str(key[1])[:60]!r}: {first} and {decision}")

    state = game.new_initial_state()
    _walk(state, rng, list(rng.random(root)), lambda state: None)
    if state.is_terminal():
        return found
    seen(state)
    player = state.current_player()
    paths = [list(rng.random(depth)) for _ in range(2)]
    for number in range(samples):
        _walk(determinize_resampler(state, player), rng, paths[number % 2], seen)
    _walk(state, rng, paths[0], seen)
    return found


def pyspiel_observer(game: Any) -> Any:
    """OpenSpiel's perfect-recall observer of ``game`` (its tensor is what a learner keys on)."""
    from open_spiel.python.observation import make_observation

    return make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))


@pytest.mark.parametrize("name", sorted(all_setups()))
def test_an_information_state_determines_the_legal_actions_and_the_player_to_move(name: str) -> None:
    @EXAMPLES
    @given(seed=st.integers(0, 2**32 - 1), root=st.integers(0, 60))
    def check(seed: int, root: int) -> None:
        assert _inconsistencies(name, seed, root) == []

    check()


def test_an_opponents_information_state_in_a_sample_holds_his_own_hand() -> None:
    """The defect IS-MCTS met (KeyError in ``expand_if_necessary``): two samples for player 0 gave
    player 1 one string but different hands, so different legal actions. Now each sample gives
    player 1 the string of his own sampled hand."""
    game = _game("cockroach_poker_original_2p_v1")
    state = game.new_initial_state()
    _chance(state, np.random.default_rng(0))
    player = state.current_player()
    other = 1 - player
    hands: dict[str, str] = {}
    for _ in range(20):
        sample = determinize_resampler(state, player)
        assert sample.information_state_string(player) == state.information_state_string(player)
        hand = repr(sorted(sample.asobiba_state.view(other)["hand"]))
        assert hands.setdefault(sample.information_state_string(other), hand) == hand
    assert len(hands) > 1  # the samples did give player 1 different hands


def test_the_fixed_seed_cases_hold_on_every_kind_of_setup() -> None:
    """The positions where the old resampler broke the property (found by the probe this test keeps)."""
    assert _inconsistencies("cockroach_poker_original_2p_v1", 0, 20, samples=6, depth=15) == []
    assert _inconsistencies("survive_compact_horizon60_2p_v1", 3, 40, samples=6, depth=15) == []


def test_a_sample_after_a_move_has_the_searchers_information_state_of_now() -> None:
    """The samples of one position share its events and recalls: a move must not leave them stale."""
    game = _game("cockroach_poker_trump_3p_v1")
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    _chance(state, rng)
    for _ in range(6):
        player = state.current_player()
        for _ in range(2):
            sample = determinize_resampler(state, player)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
        _chance(state, rng)
