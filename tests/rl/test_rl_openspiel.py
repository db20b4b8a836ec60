"""The games as OpenSpiel Python games: random simulation, IS-MCTS over asobiba's determinize,
outcome-sampling MCCFR."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install open_spiel (part of asobiba[rl] where it has a wheel)"
)

import asobiba.rl.openspiel as asobiba_spiel  # noqa: E402
from asobiba.rl.openspiel import determinize_resampler  # noqa: E402


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_asobiba_cockroach_poker", {"players": 3}),
        ("python_asobiba_cockroach_poker", {"players": 2, "rules": "original"}),
        ("python_asobiba_paper_safari", {"players": 2}),
        ("python_asobiba_survive", {"players": 2}),
    ],
)
def test_each_game_passes_openspiels_random_simulation_test(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_games_are_registered_under_their_python_names() -> None:
    names = set(pyspiel.registered_names())
    assert set(asobiba_spiel.spiel_names().values()) <= names
    assert asobiba_spiel.spiel_names()["cockroach-poker"] == "python_asobiba_cockroach_poker"


def test_a_shuffle_is_drawn_card_by_card_with_the_engines_probabilities() -> None:
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3, "jokers": "none"})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and all(probability == pytest.approx(1 / 52) for _, probability in outcomes)
    state.apply_action(outcomes[0][0])
    assert len(state.chance_outcomes()) == 51 and state.is_chance_node()


def _deal(state: Any, rng: np.random.Generator) -> None:
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


def test_a_resampled_state_has_the_players_information_state_and_his_view() -> None:
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    _deal(state, rng)
    for _ in range(5):
        state.apply_action(int(rng.choice(state.legal_actions())))
        _deal(state, rng)
    player = state.current_player()
    sample = determinize_resampler(state, player)
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.observation_tensor(player) == state.observation_tensor(player)
    assert sample.asobiba_state.view(player) == state.asobiba_state.view(player)


def test_openspiels_ismcts_plays_with_asobibas_determinize_as_its_resampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2))
    bot.set_resampler(determinize_resampler)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    _deal(state, rng)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        _deal(state, rng)


def test_outcome_sampling_mccfr_runs_on_cockroach_poker() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(4))
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
