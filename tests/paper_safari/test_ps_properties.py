"""Properties over many random games (hypothesis): conservation, termination, replay, notation,
determinization, hidden information, and bots that see only their view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.record import replay_steps
from asobiba.core.state import CHANCE
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.state import PaperSafariState

games = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "seed": st.integers(0, 2**32),
        "final_turns": st.booleans(),
        "tokens_to_win": st.integers(1, 2),
    }
)


def random_game(players: int, seed: int, final_turns: bool, tokens_to_win: int = 1) -> Iterator[Any]:
    """Yield ``(state, events)`` after every player action of a random match."""
    state = GAME.new_game(players, seed=seed, tokens_to_win=tokens_to_win, final_turns=final_turns)
    assert isinstance(state, PaperSafariState)
    rng = random.Random(seed)
    yield state, []
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 5000, "a random match did not end"
        events = state.apply(rng.choice(state.legal_actions()))
        yield state, events


def all_cards(state: PaperSafariState) -> list[int]:
    in_hand = [state.hand] if state.hand >= 0 else []
    return sorted([card for card in state.cards if card >= 0] + state.pile + state.discard + in_hand)


@settings(max_examples=150)
@given(games)
def test_the_56_cards_are_always_accounted_for_and_matches_end(game: dict[str, Any]) -> None:
    for state, _ in random_game(**game):
        assert all_cards(state) == list(state.deck.cards)
    assert state.is_over and len(state.result()["winners"]) == 1


@settings(max_examples=30)
@given(games)
def test_replaying_the_record_reproduces_every_view(game: dict[str, Any]) -> None:
    views: dict[int, list[dict[str, Any]]] = {}
    for state, _ in random_game(**game):
        views[len(state.history)] = [state.view(player) for player in (*range(state.players), None)]
    record = state.record()
    for replayed, _, _ in replay_steps(record):
        if len(replayed.history) in views and replayed.to_move != CHANCE:
            seen = [replayed.view(player) for player in (*range(replayed.players), None)]
            assert seen == views[len(replayed.history)]


@settings(max_examples=80)
@given(games)
def test_every_legal_action_reads_back_from_its_notation(game: dict[str, Any]) -> None:
    for state, _ in random_game(**game):
        for action in state.legal_actions():
            assert GAME.parse_action(str(action), state) == action
    for action in state.history:
        assert GAME.parse_action(str(action), state) == action  # deals, coins, reshuffles


@settings(max_examples=50)
@given(games)
def test_determinize_keeps_the_view_and_resamples_the_hidden_cards(game: dict[str, Any]) -> None:
    resampled = 0
    for number, (state, _) in enumerate(random_game(**game)):
        if number % 5 or state.is_over:
            continue
        player = number % state.players
        view = state.view(player)
        hidden_before = [card for where, card in enumerate(state.cards) if not state.face_up[where]] + state.pile
        for seed in range(3):
            sample = state.determinize(player, seed)
            assert isinstance(sample, PaperSafariState)
            assert sample.view(player) == view
            assert all_cards(sample) == list(state.deck.cards)
            hidden_after = [card for where, card in enumerate(sample.cards) if not sample.face_up[where]] + sample.pile
            resampled += hidden_after != hidden_before
            # Equal views and the same seed give the same sample.
            assert sample.cards == state.determinize(player, seed).cards
    assert resampled > 0


@settings(max_examples=60)
@given(games)
def test_views_and_events_never_show_a_player_what_he_may_not_know(game: dict[str, Any]) -> None:
    for state, events in random_game(**game):
        for player in range(state.players):
            view = state.view(player)
            for owner in range(state.players):
                for position in range(6):
                    where = owner * 6 + position
                    if not state.face_up[where] and state.cards[where] >= 0:
                        assert view["grids"][owner][position] is None
            peeked = {state.view(None)["positions"][p] for p in range(6) if state.peeked[player] >> p & 1}
            assert set(view["known"]) == peeked
            if view["hand"] is not None:
                assert state.player == player or state.hand_public
            assert view["pile_cards"] is None or view["pile_cards"] == sorted(
                view["pile_cards"], key=list(view["cards"]).index
            )
            for event in state.events_for(events, player):
                if isinstance(event, ev.CardDrawn) and event.card is not None:
                    assert event.player == player or event.public
                if isinstance(event, ev.CardPeeked) and event.card is not None:
                    assert event.player == player


@settings(max_examples=20)
@given(games)
def test_a_bots_choice_depends_only_on_what_it_sees(game: dict[str, Any]) -> None:
    for number, (state, _) in enumerate(random_game(**game)):
        if number % 3 or state.is_over or state.to_move == CHANCE:
            continue
        player = state.to_move
        assert player is not None
        twin = state.determinize(player, number)
        chosen = GAME.heuristic_action(state.observe(player), random.Random(number))
        twin_chosen = GAME.heuristic_action(twin.observe(player), random.Random(number))
        assert chosen == twin_chosen
        assert chosen in state.legal_actions()
