"""The levels: easy, normal, hard; per-game hard settings; bot specs."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import asobiba
from asobiba.bots import BOTS, bot, parse_spec
from asobiba.bots.levels import HARD_ITERATIONS, HARD_TIME_LIMIT, LEVELS, EasyBot, HardBot
from asobiba.core import registry
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.hard_settings import HardSettings
from asobiba.core.state import Action, State
from asobiba.games.paper_safari.bots import round_over


def opening(game: Game) -> State:
    state = game.new_game(2, seed=3, chance="scripted")
    state.apply(game.parse_action("deal 2 0 1", state))
    return state


def test_every_level_is_a_registered_bot() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert all(level in BOTS for level in LEVELS)
    assert "ismcts" in BOTS


def test_hard_searches_within_a_second_by_default() -> None:
    hard = bot("hard", seed=1)
    assert isinstance(hard, HardBot)
    assert hard.time_limit == HARD_TIME_LIMIT < 1.0
    assert hard.iterations == HARD_ITERATIONS
    assert (hard.rollout, hard.opponents) == ("heuristic", "heuristic")


def test_a_games_hard_settings_apply_unless_given_explicitly(kuhn: Game) -> None:
    registry.register(
        registry.GameDeclaration(
            name="kuhn-poker", game="kuhn_poker:GAME", hard_settings=HardSettings(rollout="random")
        )
    )
    state = opening(kuhn)
    adjusted = bot("hard:iterations=20,time_limit=none", seed=1)
    adjusted.choose(state.observe(0))
    assert isinstance(adjusted, HardBot) and adjusted.rollout == "random"
    explicit = bot("hard:iterations=20,time_limit=none,rollout=heuristic", seed=1)
    explicit.choose(state.observe(0))
    assert isinstance(explicit, HardBot) and explicit.rollout == "heuristic"


def test_easy_plays_the_heuristic_only_as_often_as_its_skill(kuhn: Game) -> None:
    state = opening(kuhn)  # p0 holds the top card: the heuristic always bets
    always = EasyBot(seed=1, skill=1.0)
    assert all(str(always.choose(state.observe(0))) == "bet" for _ in range(20))
    never = EasyBot(seed=1, skill=0.0)
    assert {str(never.choose(state.observe(0))) for _ in range(40)} == {"bet", "check"}
    with pytest.raises(InvalidOption, match="probability"):
        EasyBot(skill=2)


def test_bot_specs_read_numbers_booleans_and_none() -> None:
    assert parse_spec("hard") == ("hard", {})
    assert parse_spec("ismcts:time_limit=none,exploration=1.5,iterations=10,rollout=random") == (
        "ismcts",
        {"time_limit": None, "exploration": 1.5, "iterations": 10, "rollout": "random"},
    )
    with pytest.raises(InvalidOption, match="key=value"):
        parse_spec("ismcts:fast")
    with pytest.raises(InvalidOption, match="bot spec 'easy:speed=3'"):
        bot("easy:speed=3")


def test_one_hard_bot_takes_each_games_own_settings_whatever_it_played_before() -> None:
    hard = bot("hard:iterations=30,time_limit=none", seed=2)
    assert isinstance(hard, HardBot)
    safari = asobiba.new_game("paper-safari", players=2, seed=4)
    assert safari.to_move is not None
    hard.choose(safari.observe(safari.to_move))
    assert hard.settings_for("paper-safari")["cut"] is round_over  # play-outs end with the round
    poker = asobiba.new_game("cockroach-poker", players=3, seed=4)
    assert poker.to_move is not None
    hard.choose(poker.observe(poker.to_move))
    assert (hard.prior, hard.rollout) == (0.0, "heuristic")
    # PIMC searched in Cockroach Poker: 30 samples at most (its budget of play-out moves may stop it first).
    assert hard.last_pimc is not None and 1 < hard.last_iterations <= 30


def always_check(view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    return next(action for action in legal if str(action) == "check")


def test_search_policy_plays_the_games_own_stronger_player(kuhn: Game) -> None:
    registry.register(
        registry.GameDeclaration(
            name="kuhn-poker", game="kuhn_poker:GAME", hard_settings=HardSettings(search="policy", policy=always_check)
        )
    )
    state = opening(kuhn)  # p0 holds the top card: the heuristic always bets
    hard = bot("hard", seed=1)
    assert str(hard.choose(state.observe(0))) == "check"
    assert isinstance(hard, HardBot) and hard.last_iterations == 0 and hard.last_pimc is None


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"search": "policy"}, "needs a policy"),
        ({"search": "policy", "policy": "no_colon"}, "module:function"),
        ({"search": "policy", "policy": "kuhn_poker:GAME"}, "names KuhnPoker, not a function"),
    ],
)
def test_a_policy_search_without_a_policy_is_refused(kuhn: Game, settings: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        HardBot(seed=1, **settings).choose(opening(kuhn).observe(0))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"search": "policy", "policy": "kuhn_poker:always_check"}, "policy is a function"),
        ({"cut": "asobiba.games.paper_safari.bots:round_over"}, "cut is a function"),
        ({"search": "best"}, "search is one of ismcts, pimc, policy"),
    ],
)
def test_a_games_settings_are_functions_not_texts(settings: dict[str, Any], message: str) -> None:
    with pytest.raises((TypeError, ValueError), match=message):
        HardSettings(**settings)
