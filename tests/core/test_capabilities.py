"""Every game's declared capabilities (``Game.capabilities``) hold in play: random games at every
number of players never pass the declared longest game, meet chance and hidden information exactly
when the game says so, and the player range per option value is what the game's own checks accept."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import asobiba
from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.state import ENVELOPE_KEYS, State

#: Random games per number of players (and per option set below).
GAMES = 3
#: Option sets played besides the defaults: those that change the rules' shape.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "cockroach-poker": [{"rules": "original"}, {"rules": "original", "deal": "all"}, {"jokers": "redirect"}],
    "survive": [{"two_colours": True}],
    "paper-safari": [{"tokens_to_win": 1}],
}
#: Paper Safari sets no bound: its games are cut after this many decisions (still a chance and a view test).
CUT = 400


def games() -> list[str]:
    return asobiba.game_names()


def seat_views(state: State) -> list[dict[str, object]]:
    """Every seat's view without what names the viewer (the envelope)."""
    views = []
    for seat in range(state.players):
        view = state.view(seat)
        views.append({key: value for key, value in view.items() if key not in ENVELOPE_KEYS})
    return views


def played(game: Game, seed: int, players: int, options: dict[str, Any]) -> Iterator[tuple[State, int, bool]]:
    """Each position of a random game from its first (chance scripted: the chance nodes are met):
    the state, the decisions so far, whether it is a chance node."""
    state = game.new_game(players, seed=seed, chance="scripted", **options)
    rng = random.Random(seed)
    decisions = 0
    limit = game.capabilities.max_decisions or CUT
    while not state.is_over and decisions <= limit:
        chance = state.is_chance_node
        yield state, decisions, chance
        if chance:
            state.resolve_chance()
            continue
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    yield state, decisions, False


@pytest.mark.parametrize("name", games())
def test_every_game_declares_its_capabilities(name: str) -> None:
    game = asobiba.get_game(name)
    assert isinstance(game.capabilities, GameCapabilities)
    assert game.capabilities.secret_options == any(option.secret for option in game.options)
    assert game.capabilities.max_decisions is None or game.capabilities.max_decisions > 0


@pytest.mark.parametrize("name", games())
def test_random_games_keep_to_the_declared_length_chance_and_information(name: str) -> None:
    game = asobiba.get_game(name)
    declared = game.capabilities
    met_chance = differing_views = False
    for options in [{}, *VARIANTS.get(name, [])]:
        for players in range(game.min_players, game.max_players + 1):
            try:
                game.resolve_options(players, options)
            except InvalidOption:
                continue
            for seed in range(GAMES):
                for state, decisions, chance in played(game, seed, players, options):
                    met_chance |= chance
                    if declared.max_decisions is not None:
                        assert decisions <= declared.max_decisions, (name, players, options, seed)
                    if not chance and decisions % 5 == 0:
                        views = seat_views(state)
                        if any(view != views[0] for view in views[1:]):
                            differing_views = True
                            assert declared.hidden_information, (name, "seats see different views", views)
    assert met_chance == declared.chance, f"{name}: chance declared {declared.chance}, met {met_chance}"
    assert differing_views == declared.hidden_information, f"{name}: hidden information never shown"


@pytest.mark.parametrize("name", games())
def test_the_player_range_per_option_value_is_what_the_game_accepts(name: str) -> None:
    game = asobiba.get_game(name)
    declared = game.capabilities
    for option in game.options:
        values: tuple[Any, ...] = option.choices or ((True, False) if isinstance(option.default, bool) else ())
        values = tuple(dict.fromkeys((*values, *declared.player_range.get(option.name, {}))))
        for value in values:
            low, high = declared.players_with(option.name, value) or (game.min_players, game.max_players)
            if option.applies_when is not None:
                other, needed = option.applies_when
                low_other, high_other = declared.players_with(other, needed) or (low, high)
                low, high = max(low, low_other), min(high, high_other)
            assert game.player_counts(option, value) == tuple(range(low, high + 1)), (name, option.name, value)
    assert set(declared.player_range) <= {option.name for option in game.options}
