"""Every tutorial of every installed game (its declaration's ``tutorial`` part) holds to the format:
it loads and plays to its end, its words are in English and Japanese and name no seat id nor any move
in notation, it points only at places the players' screens have, it takes a newcomer 3–6 minutes (the
built-in games), a run resumed from a step's number is the run stepped there, and a move that is not
the one asked for changes nothing.

The tutorials are found, not listed: a game's new tutorial file is tested here once it is declared.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobiba.core.i18n import LANGUAGES
from asobiba.core.names import PLAYER_WORD, with_names
from asobiba.core.registry import declaration, game_names
from asobiba.core.state import Action
from asobiba.core.tutorial import Tutorial, TutorialRun

#: The games asobiba ships: their tutorials take 3 to 6 minutes.
BUILT_IN = ("cockroach-poker", "paper-safari", "survive")
MINUTES = range(3, 7)
#: The places every game's screens have (``seat:N``: player N's panel).
GENERIC_PLACES = frozenset({"hand", "actions", "log", "result"})
#: Each game's own places, by the names its renderer gives its parts (``row:N``: of player N).
GAME_PLACES: dict[str, frozenset[str]] = {
    "cockroach-poker": frozenset({"row:", "in-play"}),
    "paper-safari": frozenset({"grid:", "discard", "deck", "tokens:"}),
    "survive": frozenset({"tiles", "die"}),
}
#: An explorer's or a piece's id (``red#10``, ``赤#10``): a tutorial names pieces by colour and place.
PIECE_ID = re.compile(r"#[0-9]")
#: The learner's "You" read in the third person, as the game's lines speak of p0: "You answers", "You
#: is", "You's explorer", "Pikachu of You" (the second person: "You answer", "your explorer", "of yours").
THIRD_PERSON_YOU = re.compile(r"\b[Yy]ou(?:'s\b| [a-z]*[^s]s\b)|\bof [Yy]ou\b")
#: A notation's ``key=value`` word (``card=S3``).
KEY_VALUE = re.compile(r"\b[a-z_]+=[A-Za-z0-9]")


def every_tutorial() -> list[Tutorial]:
    return [tutorial for name in game_names() for tutorial in declaration(name).tutorials()]


TUTORIALS = every_tutorial()
KEYS = [tutorial.key for tutorial in TUTORIALS]


def survive_cells() -> frozenset[str]:
    from asobiba.games.survive.board import CELL_NAMES

    return frozenset(CELL_NAMES)


def snapshot(run: TutorialRun) -> str:
    """Everything a run is: its step, its position (every move), every seat's view."""
    state = run.state
    views = [state.view(viewer) for viewer in [None, *range(state.players)]]
    return json.dumps([run.index, state.record()["actions"], views], sort_keys=True, ensure_ascii=False)


def test_the_tutorials_are_found() -> None:
    assert "goofspiel/basic" in KEYS, KEYS  # the plug-in example's (tests/plugin needs it installed)
    assert len(set(KEYS)) == len(KEYS)


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=KEYS)
def test_it_plays_to_its_end(tutorial: Tutorial) -> None:
    tutorial.validate()
    run = TutorialRun(tutorial)
    while not run.finished:
        run.skip()
    assert run.index == len(tutorial.steps)
    assert tutorial.play_on in ("", "random", "heuristic", "easy", "normal", "hard")


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=KEYS)
def test_its_words_are_in_every_language_without_ids_or_notation(tutorial: Tutorial) -> None:
    for lang in LANGUAGES:
        assert tutorial.title[lang].strip()
        assert len(tutorial.names[lang]) == tutorial.players
        assert not any(PLAYER_WORD.fullmatch(name) for name in tutorial.names[lang])
    run = TutorialRun(tutorial)
    while not run.finished:
        step = run.step
        assert step is not None
        where = f"{tutorial.key} step {run.index}"
        notations = {str(action).casefold() for action in run.state.legal_actions()} | {
            notation.casefold() for notation in step.do
        }
        for lang in LANGUAGES:
            for words in [step.say[lang], *([step.wrong[lang]] if step.wrong else [])]:
                assert words.strip(), where
                assert not PLAYER_WORD.search(words), f"{where} ({lang}) names a seat by its id: {words}"
                assert not PIECE_ID.search(words), f"{where} ({lang}) names a piece by its id: {words}"
                assert not KEY_VALUE.search(words), f"{where} ({lang}) writes notation: {words}"
                folded = words.casefold()
                # A notation with a number, a field or a seat in it ("offer p1 spades card=S3"); a move that
                # reads as plain words ("answer yes") is English, not notation.
                said = [
                    notation
                    for notation in notations
                    if " " in notation and notation in folded and re.search(r"[0-9=_:]", notation)
                ]
                assert not said, f"{where} ({lang}) writes a move in notation ({said}): {words}"
        run.skip()


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=KEYS)
def test_its_log_speaks_to_the_learner_in_the_second_person(tutorial: Tutorial) -> None:
    """The learner is "You": the log's lines about p0 read "You answer", "your red explorer", never
    "You answers" (the terminal's and the browser's logs name the seats the same way)."""
    names = tutorial.names["en"]
    assert names[tutorial.learner] == "You"
    run, lines = TutorialRun(tutorial), []
    while not run.finished:
        run.skip()
        seen = [event.seen_by(tutorial.learner) for event in run.events]
        lines += [with_names(run.state.game.describe_event(event, "en"), names) for event in seen if event]
    assert any(line.startswith("You ") for line in lines), lines
    assert not [line for line in lines if THIRD_PERSON_YOU.search(line)]


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=KEYS)
def test_it_points_only_at_places_the_screens_have(tutorial: Tutorial) -> None:
    own = GAME_PLACES.get(tutorial.game, frozenset())
    cells = survive_cells() if tutorial.game == "survive" else frozenset()
    for number, step in enumerate(tutorial.steps):
        for place in step.point:
            kind, colon, seat = place.partition(":")
            if colon:
                assert kind == "seat" or kind + ":" in own, f"{tutorial.key} step {number}: {place}"
                assert seat.isdigit() and int(seat) < tutorial.players, f"{tutorial.key} step {number}: {place}"
            else:
                assert place in GENERIC_PLACES | own | cells, f"{tutorial.key} step {number}: {place}"


@pytest.mark.parametrize("tutorial", [t for t in TUTORIALS if t.game in BUILT_IN], ids=lambda t: t.key)
def test_a_built_in_games_tutorial_takes_three_to_six_minutes(tutorial: Tutorial) -> None:
    assert tutorial.minutes in MINUTES


@pytest.mark.parametrize("tutorial", TUTORIALS, ids=KEYS)
def test_a_run_resumed_at_a_step_is_the_run_stepped_there(tutorial: Tutorial) -> None:
    stepped = TutorialRun(tutorial)
    for index in range(len(tutorial.steps) + 1):
        assert snapshot(TutorialRun(tutorial, index)) == snapshot(stepped), f"{tutorial.key} step {index}"
        if not stepped.finished:
            stepped.skip()
    assert snapshot(TutorialRun(tutorial, 3).back()) == snapshot(TutorialRun(tutorial, 2))


def moves_asked(tutorial: Tutorial) -> list[int]:
    return [index for index, step in enumerate(tutorial.steps) if step.asks_a_move]


@pytest.mark.parametrize("tutorial", [t for t in TUTORIALS if moves_asked(t)], ids=lambda t: t.key)
@settings(max_examples=25)
@given(data=st.data())
def test_a_move_not_asked_for_changes_nothing(tutorial: Tutorial, data: st.DataObject) -> None:
    """Another legal move, an illegal one (a move of another step of the script), or any text: refused,
    with the teacher's words in every language, and the run is as it was; the move asked for goes on."""
    index = data.draw(st.sampled_from(moves_asked(tutorial)), label="step")
    run = TutorialRun(tutorial, index)
    step = run.step
    assert step is not None
    expected = {run.state.game.parse_action(notation, run.state) for notation in step.do}
    others = sorted(str(action) for action in run.state.legal_actions() if action not in expected)
    script = sorted({notation for other in tutorial.steps for notation in (*other.do, *other.then)} - set(step.do))
    candidates = [st.text(max_size=30)]
    if others:
        candidates.append(st.sampled_from(others))
    if script:
        candidates.append(st.sampled_from(script))
    move = data.draw(st.one_of(*candidates), label="move")
    if move in step.do or (move.strip() and _reads_as_expected(run, move, expected)):
        return
    before = snapshot(run)
    attempt = run.attempt(move)
    assert not attempt.accepted
    assert all(attempt.text(lang).strip() for lang in LANGUAGES)
    assert snapshot(run) == before
    assert run.attempt(step.do[0]).accepted and run.index == index + 1


def _reads_as_expected(run: TutorialRun, move: str, expected: set[Action]) -> bool:
    try:
        return run.state.game.parse_action(move, run.state) in expected
    except Exception:
        return False
