"""Every game writes its log lines from a table (``EVENT_TEXTS``: event class -> writer), and the
table covers every event class its ``events`` module defines, so no event reads as its ``repr``.

A random game of each built-in game is played and every event, as each player and a spectator may
see it, is described in both languages: each line is the game's own text, never the fallback.
"""

from __future__ import annotations

import importlib
import inspect
import random

import pytest

import asobiba
from asobiba.core.events import Event, EventTexts

GAMES = {
    "cockroach-poker": "asobiba.games.cockroach_poker",
    "paper-safari": "asobiba.games.paper_safari",
    "survive": "asobiba.games.survive",
    "goofspiel": "asobiba_goofspiel",
}


def _event_classes(package: str) -> set[type[Event]]:
    module = importlib.import_module(f"{package}.events")
    return {
        value
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, Event)
        and value is not Event
        and "__dataclass_fields__" in vars(value)  # a kind of event (a dataclass), not a base kinds share
        and value.__module__ == module.__name__
    }


@pytest.mark.parametrize(("game", "package"), GAMES.items(), ids=list(GAMES))
def test_every_event_class_has_a_writer_in_the_table(game: str, package: str) -> None:
    texts = importlib.import_module(f"{package}.text").EVENT_TEXTS
    assert isinstance(texts, EventTexts)
    classes = _event_classes(package)
    assert classes, f"{package}.events defines no event"
    assert classes <= texts.kinds(), sorted(kind.__name__ for kind in classes - texts.kinds())


@pytest.mark.parametrize("game", list(GAMES))
def test_every_event_of_a_played_game_reads_as_a_sentence(game: str) -> None:
    rng = random.Random(7)
    state, events = asobiba.get_game(game).start(3 if game != "goofspiel" else 2, seed=11)
    seen = 0
    while True:
        for event in events:
            for viewer in (*range(state.players), None):
                shown = event.seen_by(viewer)
                if shown is None:
                    continue
                for lang in ("en", "ja"):
                    line = state.game.describe_event(shown, lang)
                    assert line and line != repr(shown) and line != shown.kind, (game, shown)
                    seen += 1
        if state.is_over or seen > 3000:
            break
        events = state.apply(rng.choice(state.legal_actions()))
    assert seen > 0


def test_the_table_refuses_a_second_writer_for_one_class() -> None:
    texts = EventTexts()

    @texts.writes(Event)
    def _first(event: Event, lang: str) -> str:
        return "first"

    with pytest.raises(ValueError, match="already has a writer"):
        texts.writes(Event)(_first)
    assert texts.describe(Event(), "en") == "first"
