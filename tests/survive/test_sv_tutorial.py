"""The Island's guided first game (issue 34): ``tutorials/basic.toml``, declared as the ``tutorial`` part.

The tutorial must play (every scripted move legal), say every step in English and Japanese, point only
at places of the table the browser knows, teach every rule of the rules page's sections (in the seed's
order where it claims to), keep a wrong move from changing anything, and tell the truth about the game.
"""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from asobiba.core.registry import declaration
from asobiba.core.tutorial import Tutorial, TutorialRun
from asobiba.games.survive.board import CELL_NAMES

#: The places a tutorial step may point at: the generic ones, The Island's own, and its cells.
GENERIC_PLACES = {"hand", "actions", "log", "result"}
SURVIVE_PLACES = {"tiles", "die"}
CELLS = set(CELL_NAMES)

#: Every section of rules/survive.en.md (its ## and ### headings) and the rules of it a newcomer must
#: be taught: a new section of the page fails the test until it is classified here.
RULES_BY_SECTION: dict[str, tuple[str, ...]] = {
    "Goal": ("goal", "hidden-values", "scoring"),
    "Components": ("terrains", "hidden-values", "creature-die"),
    "The board": ("safe-islands", "escape-spaces", "serpents-start"),
    "The tiles": (
        "tile-immediate",
        "tile-kept",
        "tile-counter",
        "shark-tile",
        "whale-tile",
        "boat-tile",
        "whirlpool",
        "volcano",
        "dolphin",
        "winds",
        "move-creature-tile",
        "counter-tiles",
        "kill-whale",
    ),
    "Setup": ("serpents-start", "first-player", "place-explorers", "placement-rule", "place-boats", "own-values"),
    "A turn": ("turn-order",),
    "1. Play a kept tile (if you like)": ("play-kept-tile",),
    "2. Move (up to 3 points)": (
        "move-points",
        "walk",
        "board",
        "boat-capacity",
        "swim",
        "swim-once",
        "no-return",
        "sail",
        "boat-control",
        "danger-at-sea",
        "escape",
        "no-explorers-left",
    ),
    "3. Remove a land tile (you must)": ("remove-tile", "terrain-order", "washed-off", "tile-immediate", "tile-kept"),
    "4. Roll the creature die": ("creature-die", "no-creature", "serpent", "shark", "whale"),
    "Kill a shark, kill a whale": ("counter-tiles", "counter-question", "kill-whale"),
    "End of the game": ("volcano", "no-explorers-left", "scoring", "tie"),
    # Each house rule is a point of a rule above; those a first game meets are taught with it.
    "House rules": (
        "shark-tile",
        "swim-once",
        "danger-at-sea",
        "counter-question",
        "winds",
        "dolphin",
        "tie",
        "no-explorers-left",
    ),
    "Who may know what": ("hidden-info", "own-values"),
}
#: Sections about the program, not the game: nothing to teach at the table.
NOT_RULES_OF_PLAY = {"Options", "Typing moves"}

#: The seed's order (its sections 2, 3, 4 ①–④ with the creatures as it lists them, and 6, 7): each
#: rule is first taught no earlier than the one before it. The moves (its section 5) and the tiles'
#: kinds (6) are taught where they first happen, inside the turn.
SEED_ORDER = (
    "goal",
    "serpents-start",
    "place-explorers",
    "own-values",
    "place-boats",
    "turn-order",
    "play-kept-tile",
    "move-points",
    "remove-tile",
    "tile-immediate",
    "tile-kept",
    "tile-counter",
    "creature-die",
    "serpent",
    "shark",
    "whale",
    "volcano",
)

#: Words a newcomer must never read: cells in notation, explorer ids, seat numbers.
NOTATION = re.compile(r"\br\d+c\d+\b|#\d|\bp\d\b|(red|blue|赤|青)#")


@pytest.fixture(scope="module")
def tutorial() -> Tutorial:
    found = declaration("survive").tutorials()
    assert [t.key for t in found] == ["survive/basic"]
    return found[0]


def test_the_tutorial_is_declared_and_plays_to_its_end(tutorial: Tutorial) -> None:
    tutorial.validate()
    assert (tutorial.players, tutorial.learner, tutorial.play_on) == (2, 0, "easy")
    assert tutorial.names == {"en": ("You", "Ken"), "ja": ("あなた", "ケン")}
    assert 3 <= tutorial.minutes <= 6
    assert 20 <= len(tutorial.steps) <= 35


#: How fast a newcomer reads the teacher's words (words or characters a minute), and how long a move
#: the teacher points at takes to find and click.
READING_SPEED = {"en": 250, "ja": 600}
SECONDS_A_MOVE = 3


def test_a_newcomer_finishes_it_in_the_minutes_it_claims(tutorial: Tutorial) -> None:
    moves = sum(1 for step in tutorial.steps if step.asks_a_move)
    for lang in ("en", "ja"):
        amount = sum(len(step.say[lang].split()) if lang == "en" else len(step.say[lang]) for step in tutorial.steps)
        minutes = amount / READING_SPEED[lang] + moves * SECONDS_A_MOVE / 60
        assert 3 <= minutes <= tutorial.minutes, (lang, round(minutes, 1))


def test_the_file_is_package_data_next_to_the_game() -> None:
    assert files("asobiba.games.survive").joinpath("tutorials/basic.toml").is_file()


def test_every_step_speaks_english_and_japanese_without_notation(tutorial: Tutorial) -> None:
    for index, step in enumerate(tutorial.steps):
        for lang in ("en", "ja"):
            words = [step.say[lang]] + ([step.wrong[lang]] if step.wrong else [])
            for text in words:
                assert text.strip(), (index, lang)
                assert NOTATION.search(text) is None, (index, lang, text)
        assert re.search(r"[ぁ-んァ-ン一-龥]", step.say["ja"]), index
        assert not re.search(r"[ぁ-んァ-ン一-龥]", step.say["en"]), index
    assert "探検家" not in "".join(step.say["ja"] for step in tutorial.steps)


def test_points_are_only_places_the_browser_knows(tutorial: Tutorial) -> None:
    allowed = GENERIC_PLACES | SURVIVE_PLACES | CELLS | {f"seat:{seat}" for seat in range(tutorial.players)}
    for index, step in enumerate(tutorial.steps):
        assert set(step.point) <= allowed, (index, step.point)
        # a move's cells are pointed at (the browser highlights where to click)
        for notation in step.do:
            for cell in re.findall(r"r\d+c\d+", notation):
                assert cell in step.point, (index, notation, step.point)


def _headings() -> list[str]:
    text = files("asobiba").joinpath("rules/survive.en.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if re.match(r"#{2,3} ", line)]


def test_every_section_of_the_rules_page_is_classified() -> None:
    assert set(_headings()) == set(RULES_BY_SECTION) | NOT_RULES_OF_PLAY


@pytest.mark.parametrize("section", sorted(RULES_BY_SECTION))
def test_the_tutorial_teaches_every_rule_of_the_section(tutorial: Tutorial, section: str) -> None:
    missing = [rule for rule in RULES_BY_SECTION[section] if rule not in tutorial.teaches]
    assert not missing, f"{section}: not taught: {missing}"


def test_every_rule_taught_is_a_rule_of_the_page(tutorial: Tutorial) -> None:
    known = {rule for rules in RULES_BY_SECTION.values() for rule in rules}
    assert set(tutorial.teaches) <= known


def test_the_rules_come_in_the_seeds_order(tutorial: Tutorial) -> None:
    first = tutorial.first_taught()
    steps = [first[rule] for rule in SEED_ORDER]
    assert steps == sorted(steps), list(zip(SEED_ORDER, steps, strict=True))


def _snapshot(run: TutorialRun) -> tuple[int, object]:
    return run.index, run.state.view(None)


def test_a_wrong_legal_move_gets_the_steps_words_and_changes_nothing(tutorial: Tutorial) -> None:
    run = TutorialRun(tutorial)
    tried = 0
    while not run.finished:
        step = run.step
        assert step is not None
        if step.asks_a_move:
            game = run.state.game
            expected = {game.parse_action(notation, run.state) for notation in step.do}
            other = next((a for a in run.state.legal_actions() if a not in expected), None)
            if other is not None:
                before = _snapshot(run)
                attempt = run.attempt(other)
                assert not attempt.accepted
                assert _snapshot(run) == before
                for lang in ("en", "ja"):
                    if step.wrong is not None:
                        assert attempt.text(lang) == step.wrong[lang]
                    else:
                        assert attempt.text(lang)
                tried += 1
            assert run.attempt(step.do[0]).accepted
        else:
            run.read()
    assert tried >= 18


def test_an_illegal_move_is_refused_in_words(tutorial: Tutorial) -> None:
    run = TutorialRun(tutorial)
    while run.step is not None and run.step.do != ("remove r3c7",):
        run.skip()
    before = _snapshot(run)
    attempt = run.attempt("remove r6c7")  # a mountain, while beaches are left
    assert not attempt.accepted and _snapshot(run) == before
    assert "beach" in attempt.text("en") and "砂浜" in attempt.text("ja")


def _at(tutorial: Tutorial, do: str) -> TutorialRun:
    """The run at the step that asks for ``do``."""
    run = TutorialRun(tutorial)
    while run.step is not None and do not in run.step.do:
        run.skip()
    assert run.step is not None, do
    return run


def _explorer(run: TutorialRun, name: str) -> dict[str, object]:
    return next(dict(e) for e in run.state.view(0)["explorers"] if e["id"] == name)


def test_the_words_are_true_of_the_game(tutorial: Tutorial) -> None:
    # "your best, worth 6", "your explorer worth 5", "worth 4" (sharing the beach with the 6)
    run = _at(tutorial, "move red#1 r3c8")
    values = {name: _explorer(run, name)["value"] for name in ("red#1", "red#2", "red#3")}
    assert values == {"red#1": 6, "red#2": 5, "red#3": 4}
    assert _explorer(run, "red#3")["cell"] == _explorer(run, "red#1")["cell"] == "r3c7"
    assert "value" not in next(e for e in run.state.view(1)["explorers"] if e["id"] == "red#1")
    # the removed beach's back is "kill a shark", kept face down
    run = _at(tutorial, "serpent r2c10 r3c10")
    assert run.state.view(0)["held"] == [{"terrain": "beach", "effect": "kill-shark"}]
    assert run.state.view(1)["held"] == [] and run.state.view(1)["held_counts"] == [1, 0]
    assert _explorer(run, "red#3")["status"] == "swimming"
    # Ken's shark reached your swimmer: you are asked
    run = _at(tutorial, "play kill-shark")
    assert run.state.view(0)["phase"] == "counter" and run.state.to_move == 0
    assert run.state.view(0)["creatures"]["shark"] == ["r3c7"]
    # the die shows a whale and there is none: nothing happens, Ken plays
    run = _at(tutorial, "remove r3c6")
    run.skip()
    assert run.state.view(0)["die"] is None and run.state.to_move == 1
    assert run.state.view(0)["creatures"]["whale"] == []
    # the winds are kept; Ken's whale appeared at once and the serpent is back on the escape space
    run = _at(tutorial, "play winds")
    view = run.state.view(0)
    assert view["creatures"]["whale"] == ["r5c9"] and "r2c10" in view["creatures"]["serpent"]
    # "you still have all 3 points" after the winds
    run = _at(tutorial, "escape red#1")
    assert run.state.view(0)["moves_left"] == 3
    # the end: 15 rescued, Ken's boat capsized and his two explorers swim, Ken to play on
    run = TutorialRun(tutorial, len(tutorial.steps))
    assert run.state.view(0)["rescued"] == [3, 0]
    assert {_explorer(run, f"blue#{k}")["status"] for k in (1, 2)} == {"swimming"}
    assert run.state.to_move == 1 and not run.state.is_over


def test_a_run_resumes_at_any_step(tutorial: Tutorial) -> None:
    run = TutorialRun(tutorial)
    while not run.finished:
        resumed = TutorialRun(tutorial, run.index)
        assert _snapshot(resumed) == _snapshot(run)
        run.skip()


def test_the_browser_reads_it_in_both_languages(tutorial: Tutorial) -> None:
    for lang in ("en", "ja"):
        data = tutorial.to_json(lang)
        assert data["key"] == "survive/basic" and len(data["steps"]) == len(tutorial.steps)
        assert data["names"] == list(tutorial.names[lang])
