"""The tiny research setups: Cockroach Poker's research options (``creatures``, ``copies``) and Paper Safari's
(``columns``, ``turn_limit``, ``rounds``, the deck ``research6``), the named setups they make, the frameworks'
checks on them, and exploitability falling under CFR."""

from __future__ import annotations

import random
from typing import Any

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import asobiba
import asobiba.rl
from asobiba.core.errors import InvalidOption
from asobiba.games.cockroach_poker.actions import Offer, Pass
from asobiba.rl.named import all_setups
from asobiba.server.option_menu import option_entries

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install open_spiel")

from asobiba.rl.tabular import tree_game, tree_size  # noqa: E402

TINY = ["cockroach_poker_tiny_2x2_2p_v1", "cockroach_poker_tiny_2x3_2p_v1", "paper_safari_tiny_2x1_2p_v1"]
#: The Paper Safari research options of its tiny setup.
SAFARI_TINY: dict[str, Any] = {
    "deck": "research6",
    "columns": 1,
    "turn_limit": 2,
    "rounds": 1,
    "tokens_to_win": 1,
    "first_player": 0,
}


def test_the_tiny_setups_are_registered_with_their_research_options() -> None:
    setups = all_setups()
    assert setups[TINY[0]].options == {"rules": "original", "creatures": 2, "copies": 2}
    assert setups[TINY[1]].options == {"rules": "original", "creatures": 2, "copies": 3, "first_player": 0}
    assert setups[TINY[2]].options == SAFARI_TINY
    assert all(setups[name].players == 2 for name in TINY)


def test_a_tiny_deck_holds_only_its_creatures_and_copies_and_claims_only_them() -> None:
    state = asobiba.new_game("cockroach-poker", players=2, seed=3, rules="original", creatures=2, copies=2)
    view = state.view(0)
    assert view["kinds"] == ["cockroach", "rat"]
    assert {kind: count for kind, count in view["deck"].items() if count} == {"cockroach": 2, "rat": 2}
    assert view["hand_sizes"] == [2, 2] and view["set_aside"] == 0
    assert view["loss"] == {"of_a_kind": 2, "eight_kinds": True}
    offers = state.legal_actions()
    assert offers and all(isinstance(offer, Offer) and offer.claim in ("cockroach", "rat") for offer in offers)
    offerer = state.to_move
    assert offerer is not None
    hand = state.view(offerer)["hand"]
    assert hand is not None
    with pytest.raises(asobiba.IllegalAction, match="claims are: cockroach, rat"):
        state.apply(Offer(1 - offerer, "bat", hand[0]))


def test_a_pass_in_a_tiny_deck_claims_only_its_creatures() -> None:
    state = asobiba.new_game(
        "cockroach-poker", players=3, seed=2, rules="original", creatures=2, copies=3, first_player=0
    )
    state.apply(state.parse_action(f"offer p1 rat card={state.view(0)['hand'][0]}"))
    state.apply(state.parse_action("peek"))
    passes = state.legal_actions()
    assert sorted((move.target, move.claim) for move in passes if isinstance(move, Pass)) == [
        (2, "cockroach"),
        (2, "rat"),
    ]


def test_a_tiny_deck_of_nine_cards_sets_the_odd_card_aside_in_the_deal() -> None:
    state = asobiba.new_game("cockroach-poker", players=2, seed=1, rules="original", creatures=3, copies=3)
    view = state.view(0)
    assert view["hand_sizes"] == [4, 4] and view["set_aside"] == 1 and view["loss"]["of_a_kind"] == 3


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {"rules": "original", "creatures": 1}, "creatures=1 is out of range; it takes a whole number from 2 to 8"),
        (2, {"rules": "original", "copies": 9}, "copies=9 is out of range; it takes a whole number from 2 to 8"),
        (2, {"rules": "original", "copies": "two"}, "copies='two' is not accepted; it takes a whole number"),
        (3, {"creatures": 2}, "creatures=2 applies only to rules='original'"),
        (6, {"rules": "original", "creatures": 2, "copies": 2}, "make 4 cards; 6 players need at least 6"),
        (2, {"rules": "original", "creatures": 2, "card_order": ["bat1"]}, "bat1 is not in play with these creatures"),
    ],
)
def test_bad_research_options_are_refused_saying_why(players: int, options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        asobiba.new_game("cockroach-poker", players=players, seed=1, **options)


def test_research_options_at_their_defaults_leave_records_and_views_unchanged() -> None:
    state = asobiba.new_game("cockroach-poker", players=2, seed=5, rules="original")
    assert set(state.record()["options"]) == {"rules", "deal", "eight_kinds", "first_player", "card_order"}
    assert "creatures" not in state.view(0)["options"] and "copies" not in state.view(0)["options"]
    spelt = asobiba.new_game("cockroach-poker", players=2, seed=5, rules="original", creatures=8, copies=8)
    assert spelt.record() == state.record()
    tiny = asobiba.new_game("cockroach-poker", players=2, seed=5, rules="original", creatures=2, copies=3)
    assert {"creatures": 2, "copies": 3}.items() <= tiny.record()["options"].items()


def test_research_options_are_not_offered_by_the_lobby() -> None:
    listed = {entry["name"] for entry in option_entries("cockroach-poker")}
    assert "rules" in listed and not listed & {"creatures", "copies"}
    safari = {entry["name"]: entry for entry in option_entries("paper-safari")}
    assert "deck" in safari and not set(safari) & {"columns", "turn_limit", "rounds"}
    assert "research6" not in str(safari["deck"])


def test_a_safari_grid_of_fewer_columns_deals_plays_and_scores_only_its_places() -> None:
    state = asobiba.new_game(
        "paper-safari", players=2, seed=4, deck=[{"id": "n0", "value": 0, "ja": "ゼロ", "en": "Zero", "copies": 3},
        {"id": "n5", "value": 5, "ja": "ご", "en": "Five", "copies": 7}], columns=2, first_player=0, tokens_to_win=1
    )  # fmt: skip
    grid = state.view(0)["grids"][0]
    assert [card == "" for card in grid] == [False, False, True, False, False, True] and grid[0] is None
    assert [str(action) for action in state.legal_actions()] == ["flip a1", "flip a2", "flip b1", "flip b2"]
    with pytest.raises(asobiba.IllegalAction, match="a3 is not a place of this grid; its places are a1 a2 b1 b2"):
        state.apply(state.parse_action("flip a3"))
    state.apply(state.parse_action("flip a1"))
    state.apply(state.parse_action("flip b2"))
    state.apply(state.parse_action("draw"))
    assert [str(action) for action in state.legal_actions()] == ["swap a1", "swap a2", "swap b1", "swap b2", "discard"]
    with pytest.raises(asobiba.IllegalAction, match="b3 is not a place of this grid"):
        state.apply(state.parse_action("swap b3"))
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    scored = state.view(0)["rounds"][-1]
    assert all(len(numbers) == 4 for numbers in scored["numbers"])
    assert all(grid[2] == grid[5] == "" and "" not in grid[:2] + grid[3:5] for grid in scored["grids"])


def test_a_safari_turn_limit_ends_the_round_and_a_round_limit_the_match_sharing_a_tie() -> None:
    state = asobiba.new_game("paper-safari", players=2, seed=2, **SAFARI_TINY)
    state.apply(state.parse_action("flip a1"))
    state.apply(state.parse_action("flip a1"))
    for _ in range(2):  # two turns that leave b1 face down: the limit ends the round all the same
        state.apply(state.parse_action("draw"))
        state.apply(state.parse_action("discard"))
    assert state.is_over and state.view(0)["turn"] == 2
    scored = state.view(0)["rounds"][-1]
    assert len(state.view(0)["rounds"]) == 1 and scored["grids"][0][0] and scored["grids"][0][3]
    winners = state.result()["winners"]
    assert winners == ([scored["winner"]] if scored["winner"] is not None else [0, 1])
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"columns": 0}, "columns=0 is out of range; it takes a whole number from 1 to 3"),
        ({"columns": 2}, "columns=2 takes a deck of number cards only; this deck has special cards"),
        ({"turn_limit": -1}, "turn_limit=-1 is out of range"),
        ({"rounds": "one"}, "rounds='one' is not accepted"),
        ({"deck": "research6"}, "option deck has 6 cards; 2 players need at least 14"),
    ],
)
def test_bad_safari_research_options_are_refused_saying_why(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        asobiba.new_game("paper-safari", players=2, seed=1, **options)


def test_safari_research_options_at_their_defaults_leave_records_unchanged() -> None:
    state = asobiba.new_game("paper-safari", players=2, seed=5)
    assert set(state.record()["options"]) == {"deck", "card_order", "tokens_to_win", "final_turns", "first_player"}
    spelt = asobiba.new_game("paper-safari", players=2, seed=5, columns=3, turn_limit=0, rounds=0)
    assert spelt.record() == state.record()
    tiny = asobiba.new_game("paper-safari", players=2, seed=5, **SAFARI_TINY)
    assert {"columns": 1, "turn_limit": 2, "rounds": 1}.items() <= tiny.record()["options"].items()


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("name", TINY)
def test_the_tiny_setups_pass_pettingzoo_gymnasium_and_openspiel_checks(name: str) -> None:
    api_test(asobiba.rl.make(name), num_cycles=60)
    seed_test(lambda: asobiba.rl.make(name), num_cycles=60)
    check_env(asobiba.rl.make(name, api="gymnasium", opponents="random"), skip_render_check=True)
    pyspiel.random_sim_test(asobiba.rl.make(name, api="openspiel"), num_sims=3, serialize=True, verbose=False)


def cfr_exploitability(tree: Any, iterations: int) -> list[float]:
    """The exact exploitability of CFR's average policy on ``tree`` after each of ``iterations`` iterations."""
    solver = pyspiel.CFRSolver(tree)
    values = []
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
        values.append(pyspiel.exploitability(tree, solver.average_policy()))
    return values


def test_the_smallest_tree_is_the_python_games_and_cfr_drives_its_exploitability_down() -> None:
    game = asobiba.rl.make(TINY[0], api="openspiel")
    tree = tree_game(game)
    size = tree_size(tree)
    assert (size.nodes, size.infostates) == (2563, (375, 375))
    assert tree_size(game) == size
    uniform = pyspiel.exploitability(tree, pyspiel.UniformRandomPolicy(tree))
    assert uniform == pytest.approx(pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game)), abs=1e-12)
    values = cfr_exploitability(tree, 10)
    assert values[-1] < values[2] < uniform and values[-1] < 0.2 * uniform  # (0.0208 after 10; uniform 0.2083)


def test_cfr_drives_the_tiny_safari_setups_exploitability_down() -> None:
    tree = tree_game(asobiba.rl.make(TINY[2], api="openspiel"))
    size = tree_size(tree)
    assert (size.nodes, size.infostates) == (11612, (411, 1722))
    uniform = pyspiel.exploitability(tree, pyspiel.UniformRandomPolicy(tree))
    values = cfr_exploitability(tree, 10)
    assert values[-1] < values[2] < uniform and values[-1] < 0.2 * uniform  # (0.0316 after 10; uniform 0.2495)


def test_a_tree_past_the_limit_is_refused_saying_so() -> None:
    with pytest.raises(InvalidOption, match="has more than 100 nodes"):
        tree_game(asobiba.rl.make(TINY[0], api="openspiel"), limit=100)
