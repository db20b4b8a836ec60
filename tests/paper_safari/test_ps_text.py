"""Every action and event has a sentence in English and in Japanese, with card names in both."""

from __future__ import annotations

import random

from asobiba.core.events import Event
from asobiba.core.state import Action
from asobiba.games.paper_safari import GAME
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.data import POKEMON56
from asobiba.games.paper_safari.text import card_name


def collect(games: int = 60) -> tuple[dict[str, Action], dict[str, Event]]:
    actions: dict[str, Action] = {}
    events: dict[str, Event] = {}
    rng = random.Random(3)
    for seed in range(games):
        state = GAME.new_game(rng.randint(2, 5), seed=seed, tokens_to_win=1)
        for action in state.history:
            actions.setdefault(type(action).__name__, action)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            actions.setdefault(type(action).__name__, action)
            for event in state.apply(action):
                events.setdefault(type(event).__name__ + str(event.seen_by(None) is event), event)
                redacted = event.seen_by(None)
                if redacted is not None:
                    events.setdefault(type(redacted).__name__ + "-redacted", redacted)
        for action in state.history:
            actions.setdefault(type(action).__name__, action)
    return actions, events


def test_every_action_and_event_is_described_in_english_and_japanese() -> None:
    actions, events = collect()
    assert len(actions) >= 15
    assert {type(event) for event in events.values()} >= {
        ev.CardDrawn,
        ev.CardPeeked,
        ev.MewTookCard,
        ev.CardPassedLeft,
        ev.CardRefilled,
        ev.RoundScored,
        ev.MatchWon,
    }
    for action in actions.values():
        english, japanese = GAME.describe_action(action, "en"), GAME.describe_action(action, "ja")
        assert english and japanese and english != japanese, action
    for event in events.values():
        english, japanese = GAME.describe_event(event, "en"), GAME.describe_event(event, "ja")
        assert english != event.kind and english != japanese, event


def test_card_names_come_from_the_deck_table_in_both_languages() -> None:
    for kind in POKEMON56:
        assert card_name(kind, "ja") == kind.ja and card_name(kind, "en") == kind.en
        assert card_name(kind.id, "ja") == kind.ja
    drawn = ev.CardDrawn(1, POKEMON56[0])
    assert GAME.describe_event(drawn, "en") == "p1 draws Pikachu"
    assert GAME.describe_event(drawn, "ja") == "p1がピカチュウを引いた"
    assert GAME.describe_event(ev.CardDrawn(1, None), "en") == "p1 draws a card"


def test_the_match_winners_tokens_are_counted_in_good_english() -> None:
    from asobiba.games.paper_safari import GAME
    from asobiba.games.paper_safari.events import MatchWon

    assert GAME.describe_event(MatchWon(player=1, tokens=1), "en") == "p1 wins the match with 1 token"
    assert GAME.describe_event(MatchWon(player=1, tokens=3), "en") == "p1 wins the match with 3 tokens"
    assert GAME.describe_event(MatchWon(player=1, tokens=1), "ja") == "p1がトークン1個で勝利"
