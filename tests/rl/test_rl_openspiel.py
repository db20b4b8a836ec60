"""The games as OpenSpiel Python games: random simulation, IS-MCTS over asobiba's determinize,
outcome-sampling MCCFR."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install open_spiel (part of asobiba[rl] where it has a wheel)"
)

import asobiba  # noqa: E402
import asobiba.rl  # noqa: E402
import asobiba.rl.openspiel as asobiba_spiel  # noqa: E402
from asobiba.rl.named import all_setups  # noqa: E402
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


@pytest.mark.parametrize("game", ["cockroach-poker", "paper-safari", "survive"])
def test_openspiel_is_told_the_games_capabilities(game: str) -> None:
    """The longest game and the game's type come from the game's declared capabilities (a game whose
    rules set no bound, Paper Safari, gets a length no game reaches)."""
    declared = asobiba.get_game(game).capabilities
    loaded = pyspiel.load_game(asobiba_spiel.spiel_names()[game], {"players": 3})
    assert loaded.max_game_length() == (declared.max_decisions or asobiba_spiel.MAX_GAME_LENGTH)
    kind = loaded.get_type()
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == declared.chance
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == declared.hidden_information
    assert loaded.get_parameters()["horizon"] == 0
    cut = pyspiel.load_game(asobiba_spiel.spiel_names()[game], {"players": 3, "horizon": 10})
    assert cut.max_game_length() == 10


def test_a_deal_is_drawn_kind_by_kind_with_the_engines_probabilities() -> None:
    """A card's rank never matters: each draw is a suit, with probability its cards left / cards left."""
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3, "jokers": "none"})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert outcomes == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    state.apply_action(0)
    assert state.chance_outcomes() == [(0, 12 / 51), (1, 13 / 51), (2, 13 / 51), (3, 13 / 51)]
    for _ in range(12):
        state.apply_action(0)
    assert [action for action, _ in state.chance_outcomes()] == [1, 2, 3]  # the spades are all drawn
    with pytest.raises(pyspiel.SpielError, match="not left to draw"):
        state.apply_action(0)


def test_the_deal_by_kind_gives_each_kinds_cards_in_the_decks_order() -> None:
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3, "rules": "original"})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    _deal(state, rng)
    hands = [state.asobiba_state.view(player)["hand"] for player in range(3)]
    cards = sorted(card for hand in hands for card in hand)
    assert len(cards) == len(set(cards)) and state.current_player() in (0, 1, 2)
    assert pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3}).max_chance_outcomes() == 8


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


@pytest.mark.parametrize(
    "name",
    [
        "cockroach_poker_trump_3p_v1",
        "cockroach_poker_original_2p_v1",
        "paper_safari_2p_v1",
        "paper_safari_one_round_2p_v1",
        "survive_2p_v1",
        "survive_compact_horizon60_2p_v1",
    ],
)
def test_openspiels_ismcts_plays_with_asobibas_determinize_as_its_resampler(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = asobiba.rl.make(name, api="openspiel")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    bot.set_resampler(determinize_resampler)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    _deal(state, rng)
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        _deal(state, rng)


@pytest.mark.parametrize("name", ["paper_safari_one_round_3p_v1", "survive_horizon60_3p_v1"])
def test_the_shorter_setups_pass_openspiels_random_simulation_test(name: str) -> None:
    pyspiel.random_sim_test(asobiba.rl.make(name, api="openspiel"), num_sims=1, serialize=True, verbose=False)


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


def _play(state: Any, rng: np.random.Generator, decisions: int, on_decision: Any = None) -> None:
    while not state.is_terminal() and decisions > 0:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        if on_decision is not None:
            on_decision(state)
        state.apply_action(int(rng.choice(state.legal_actions())))
        decisions -= 1


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_asobiba_cockroach_poker", {"players": 4}),
        ("python_asobiba_paper_safari", {"players": 3}),
        ("python_asobiba_survive", {"players": 2}),
    ],
)
def test_information_state_strings_are_short_canonical_keys(name: str, params: dict[str, Any]) -> None:
    """Every decision's key is under 1 KB (it was the 1–12 KB view), and a state and its clone agree."""
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    keys: set[str] = set()
    decisions: list[int] = []

    def check(state: Any) -> None:
        decisions.append(1)
        player = state.current_player()
        key = state.information_state_string(player)
        assert len(key.encode()) < 1024
        assert state.clone().information_state_string(player) == key
        keys.add(key)

    _play(state, np.random.default_rng(5), 120, check)
    assert len(keys) == len(decisions) > 10  # each decision of one game is a distinct information state


def test_the_recall_is_digested_only_when_an_information_state_is_asked() -> None:
    game = pyspiel.load_game("python_asobiba_survive", {"players": 2})
    state = game.new_initial_state()
    _play(state, np.random.default_rng(1), 30)
    assert state._position.recall == [None, None]  # no player's history was built while playing
    player = state.current_player()
    state.information_state_string(player)
    assert [recall is not None for recall in state._position.recall] == [player == 0, player == 1]


def test_two_histories_a_player_cannot_tell_apart_give_him_one_key() -> None:
    """Cockroach Poker: the others' hands differ, the player's own does not — one information state."""
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3})
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(8))
    player = state.current_player()
    other = (player + 1) % 3
    sample = state.resample_from_infostate(player)
    assert sample.asobiba_state.view(other)["hand"] != state.asobiba_state.view(other)["hand"]
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.information_state_string(other) != state.information_state_string(other)


#: The named setups outcome sampling refuses: a whole Paper Safari match, a whole Survive! game
#: (their random play-outs' sample reach falls under float64's range).
OUTCOME_SAMPLING_REFUSED = sorted(
    name
    for name in all_setups()
    if (name.startswith("paper_safari_") and "one_round" not in name and "tiny" not in name)
    or (name.startswith("survive_") and "horizon" not in name)
)
#: One setup of each kind outcome sampling runs: both Cockroach Poker rule sets, a Paper Safari
#: round, the first 60 decisions of Survive! (benchmarks/rl_solvers.py times the longest
#: Cockroach Poker, 6 players original, too: minutes).
OUTCOME_SAMPLING_SETUPS = [
    "cockroach_poker_trump_3p_v1",
    "cockroach_poker_original_2p_v1",
    "paper_safari_one_round_2p_v1",
    "survive_compact_horizon60_2p_v1",
]


def _finite(solver: Any) -> bool:
    tables = list(solver._infostates.values())
    return bool(tables) and all(
        np.isfinite(regrets).all() and np.isfinite(average).all() for regrets, average in tables
    )


@pytest.mark.filterwarnings("error::RuntimeWarning")  # a division by a reach of 0 fails the test
@pytest.mark.parametrize("name", sorted(all_setups()))
def test_outcome_sampling_on_every_named_setup_runs_or_says_plainly_why_not(name: str) -> None:
    game = asobiba.rl.make(name, api="openspiel")
    if name in OUTCOME_SAMPLING_REFUSED:
        with pytest.raises(asobiba_spiel.UnsupportedAlgorithm, match=r"float64 ends at 1e-308.*set a horizon"):
            asobiba_spiel.outcome_sampling_solver(game)
        with pytest.raises(asobiba_spiel.UnsupportedAlgorithm, match="not supported"):
            asobiba_spiel.outcome_sampling_solver(game, cpp=True)
        return
    np.random.seed(1)
    solver = asobiba_spiel.outcome_sampling_solver(game)
    for _ in range(3):
        solver.iteration()
    assert _finite(solver)


@pytest.mark.filterwarnings("error::RuntimeWarning")
@pytest.mark.parametrize("name", OUTCOME_SAMPLING_SETUPS)
def test_outcome_sampling_mccfr_runs_200_iterations_with_finite_regrets(name: str) -> None:
    game = asobiba.rl.make(name, api="openspiel")
    np.random.seed(0)
    solver = asobiba_spiel.outcome_sampling_solver(game)
    for _ in range(200):
        solver.iteration()
    assert _finite(solver)


@pytest.mark.parametrize("name", OUTCOME_SAMPLING_SETUPS)
def test_openspiels_cpp_outcome_sampling_runs_200_iterations(name: str) -> None:
    game = asobiba.rl.make(name, api="openspiel")
    solver = asobiba_spiel.outcome_sampling_solver(game, cpp=True)
    for _ in range(200):
        solver.run_iteration()  # the C++ solver aborts the process on a NaN regret
    state = game.new_initial_state()
    _deal(state, np.random.default_rng(2))
    probabilities = solver.average_policy().action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_a_refusal_stops_the_probe_where_the_reach_leaves_float64() -> None:
    """Survive!'s play-out is cut once under the floor: the refusal names a reach just past it."""
    game = asobiba.rl.make("survive_2p_v1", api="openspiel")
    floor = asobiba_spiel.sample_reach_floor(game, stop_below=asobiba_spiel.REACH_FLOOR)
    assert asobiba_spiel.REACH_FLOOR - 3 < floor < asobiba_spiel.REACH_FLOOR
    assert asobiba_spiel.sample_reach_floor(game, probes=1) < -380  # a whole game: about 1e-410


def test_external_sampling_on_cockroach_poker_3p_is_refused_saying_why() -> None:
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3})
    with pytest.raises(asobiba_spiel.UnsupportedAlgorithm, match="one iteration would visit about"):
        asobiba_spiel.external_sampling_solver(game)


def test_external_sampling_completes_iterations_within_a_horizon() -> None:
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3, "horizon": 3})
    solver = asobiba_spiel.external_sampling_solver(game)
    for _ in range(2):
        solver.iteration()
    assert solver._infostates


def test_a_cut_game_is_terminal_with_the_evaluators_shares() -> None:
    game = pyspiel.load_game("python_asobiba_survive", {"players": 2, "horizon": 10})
    state = game.new_initial_state()
    _play(state, np.random.default_rng(3), 1000)
    assert state.is_terminal() and not state.asobiba_state.is_over
    assert sum(state.returns()) == pytest.approx(1.0) and all(0 <= value <= 1 for value in state.returns())


def test_a_horizon_must_not_be_negative() -> None:
    with pytest.raises(pyspiel.SpielError, match="horizon"):
        pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 3, "horizon": -1})
