"""The guided first games of Cockroach Poker (``tutorials/trump.toml`` and ``tutorials/original.toml``).

Each tutorial teaches every rule of its rule set's how-to-play sections of the rules page
(``src/asobiba/rules/cockroach_poker.en.md``, house rules included): :data:`RULES` lists them, by
section, under the names the steps' ``teaches`` use; :data:`SEED_ORDER` lists the rules the
tutorial introduces in the order of the seed's (``/work/shared/seeds/cockroach_poker_ja.txt``)
how-to-play text.
"""

from __future__ import annotations

import re

import pytest

from asobiba.core.i18n import LANGUAGES
from asobiba.core.registry import declaration
from asobiba.core.tutorial import Tutorial, TutorialRun

#: The places a step may point at: the generic ones and Cockroach Poker's own (``row:N``, ``in-play``).
PLACES = {"hand", "actions", "log", "result", "in-play"}
NUMBERED_PLACES = re.compile(r"(seat|row):([0-9]+)")

#: Per rule set, the rules page's sections and the rules each states (the house rules among them).
RULES: dict[str, dict[str, dict[str, str]]] = {
    "trump": {
        "Rule sets": {
            "players": "3–5 players",
        },
        "Goal": {
            "goal": "do not be the player who loses",
            "others-win": "as soon as one player loses, everybody else wins together",
        },
        "Components": {
            "deck": "54 cards: four suits, Ace to King, and 2 jokers",
            "suit-only": "only the suit of a card matters, never its rank",
        },
        "Setup": {
            "deal": "everybody gets the same number of cards (54 ÷ players)",
            "set-aside": "the cards left over are put aside face down, never shown",
            "first-offerer": "the first offerer is drawn at random",
        },
        "A round": {
            "offer": "the offerer gives another player a card face down",
            "claim": "naming one of the four suits",
            "lie": "the claim may be true or a lie",
            "no-same-target": "not the same player twice in a row",
            "retaliation": "retaliation is always allowed, against whoever pushed the card on you",
            "no-retaliation-own-card": "a card coming back to its own offerer gives no right to retaliate",
            "three-players": "with 3 players this can leave only one player to target",
            "answer": "the receiver says yes or no",
            "no-passing": "the receiver may not pass the card on (except with a joker)",
            "reveal-right": "a right answer puts the card in the offerer's row",
            "reveal-wrong": "a wrong answer puts the card in the receiver's row",
            "next-offerer": "whoever just got the card face up is the next offerer",
        },
        "Jokers": {
            "joker-redirect": "a joker thrown away makes another player answer the same claim",
            "redirect-limits": "not the offerer, not yourself, nobody who already redirected",
            "redirect-again": "the new receiver may redirect again with a joker of his own",
            "redirect-judged": "the answer is judged for whoever finally answers",
            "joker-offered": "a joker offered face down is no suit: every claim about it is false",
            "joker-counts": "a face-up joker counts towards the face-up cards, towards no suit",
            "joker-options": "jokers may be wild (any suit claimed) or left out",
        },
        "End of the game": {
            "loss-threshold": "a loss needs at least 6 face-up cards",
            "four-suits": "all four suits in the row lose",
            "four-of-a-suit": "four cards of one suit in the row lose",
            "safe-below-threshold": "with fewer face-up cards a row is safe, whatever it holds",
            "threshold-option": "the face-up count is an option, 5 to 7",
            "loss-first": "the loss is checked before an empty hand",
            "empty-hand-wins": "a player with no cards left in hand wins alone",
            "two-empty-hands": "two hands emptied at once: the round's offerer wins (house rule)",
        },
    },
    "original": {
        "Rule sets": {
            "players": "2–6 players",
        },
        "Goal": {
            "goal": "do not be the player who loses",
            "others-win": "as soon as one player loses, everybody else wins",
        },
        "Components": {
            "deck": "64 cards: 8 creatures, 8 of each",
        },
        "Setup": {
            "deal": "everybody gets the same number of cards (64 ÷ players)",
            "set-aside": "the rest is put aside unseen",
            "deal-all": "the option to deal every card",
            "two-players": "with 2 players 10 cards are put aside and five of one creature lose",
            "first-offerer": "the first offerer is drawn at random",
        },
        "A round": {
            "offer": "the offerer gives any other player a card face down",
            "claim": "naming a creature",
            "lie": "the claim may be true or a lie",
            "receiver-choices": "the receiver answers true or false, or passes the card on",
            "answer": "answering “true” or “false” reveals the card",
            "reveal-right": "right: the card goes to the player who made the last claim",
            "reveal-wrong": "wrong: the card goes to the receiver",
            "pass-look": "passing: he looks at the card in secret",
            "must-pass": "once he has looked, he must pass it",
            "pass-unseen": "only to a player who has not seen it this round",
            "pass-claim": "with a claim of his own, the same creature or another",
            "last-must-answer": "when every other player has seen the card, he must answer",
            "next-offerer": "whoever got the card face up starts the next round",
        },
        "End of the game": {
            "of-a-kind": "4 cards of one creature in a row lose",
            "eight-kinds": "all 8 creatures in a row lose",
            "empty-hand-loss": "a player who has to start a round with an empty hand loses",
            "empty-hand-not-loss": "an empty hand alone is not a loss",
        },
    },
}

#: The rules in the order the seed's how-to-play text gives them (a tutorial first teaches each no
#: earlier than the one before it). Trump: the seed's playing-card rules, then its 遊び方; original:
#: its description of the published game.
SEED_ORDER: dict[str, list[str]] = {
    "trump": [
        "deck",
        "deal",
        "first-offerer",
        "offer",
        "answer",
        "reveal-wrong",
        "next-offerer",
        "no-same-target",
        "retaliation",
        "joker-redirect",
        "loss-threshold",
        "empty-hand-wins",
    ],
    "original": [
        "deck",
        "deal",
        "offer",
        "lie",
        "receiver-choices",
        "reveal-wrong",
        "next-offerer",
        "reveal-right",
        "of-a-kind",
        "eight-kinds",
        "empty-hand-loss",
    ],
}

#: Player ids, the notation's cards and kinds: never in the teacher's words.
NOT_WORDS = re.compile(
    r"\bp[0-9]\b|\b[SCHDJ][0-9]{1,2}\b|\b(cockroach|rat|bat|fly|toad|spider|scorpion|stinkbug)[0-9]\b|stinkbug"
)


def tutorials() -> tuple[Tutorial, ...]:
    return declaration("cockroach-poker").tutorials()


def tutorial(name: str) -> Tutorial:
    return next(found for found in tutorials() if found.name == name)


def test_both_tutorials_load_through_the_declaration_the_default_rules_first() -> None:
    found = tutorials()
    assert [(found.name, dict(found.options)) for found in found] == [
        ("trump", {"rules": "trump"}),
        ("original", {"rules": "original"}),
    ]
    assert all(found.game == "cockroach-poker" and found.learner == 0 for found in found)
    assert found[0].title == {"en": "Cockroach Poker (playing cards)", "ja": "ごきぶりポーカー（トランプ）"}


@pytest.mark.parametrize("name", ["trump", "original"])
def test_the_script_plays_to_the_end_of_the_game_and_a_bot_loses(name: str) -> None:
    found = tutorial(name)
    found.validate()
    run = TutorialRun(found)
    while not run.finished:
        run.skip()
    result = run.state.result()
    assert run.state.is_over and found.play_on == ""
    assert result["losers"] == [2] and result["winners"] == [0, 1]
    assert found.steps[-1].point[0] == "result"


@pytest.mark.parametrize("name", ["trump", "original"])
def test_every_step_speaks_english_and_japanese_without_ids_or_notation(name: str) -> None:
    found = tutorial(name)
    assert found.names == {"en": ("You", "Ken", "Mio"), "ja": ("あなた", "ケン", "ミオ")}
    for index, step in enumerate(found.steps):
        texts = [step.say, *([step.wrong] if step.wrong else [])]
        for words in texts:
            assert set(words) == set(LANGUAGES)
            for lang in LANGUAGES:
                assert words[lang].strip(), (index, lang)
                assert not NOT_WORDS.search(words[lang]), (index, lang, NOT_WORDS.search(words[lang]))
            # Japanese words are Japanese: no English sentence slipped in.
            assert not re.search(r"[A-Za-z]{4,}", words["ja"]), (index, words["ja"])
        if step.asks_a_move:
            assert step.wrong is not None, f"step {index} asks a move: say why another is not it"


@pytest.mark.parametrize("name", ["trump", "original"])
def test_steps_point_only_at_the_places_the_players_know(name: str) -> None:
    found = tutorial(name)
    for index, step in enumerate(found.steps):
        assert step.point, f"step {index} points at nothing"
        for place in step.point:
            numbered = NUMBERED_PLACES.fullmatch(place)
            assert place in PLACES or (numbered and int(numbered.group(2)) < found.players), (index, place)


@pytest.mark.parametrize(("name", "section"), [(name, section) for name in RULES for section in RULES[name]])
def test_the_tutorial_teaches_every_rule_of_each_section(name: str, section: str) -> None:
    missing = [rule for rule in RULES[name][section] if rule not in tutorial(name).teaches]
    assert not missing, f"{name}: section {section!r} has rules no step teaches: {missing}"


@pytest.mark.parametrize("name", ["trump", "original"])
def test_every_rule_taught_is_a_rule_of_the_page(name: str) -> None:
    known = {rule for rules in RULES[name].values() for rule in rules}
    assert set(tutorial(name).teaches) <= known


@pytest.mark.parametrize("name", ["trump", "original"])
def test_the_rules_come_in_the_seeds_order(name: str) -> None:
    first = tutorial(name).first_taught()
    places = [first[rule] for rule in SEED_ORDER[name]]
    assert places == sorted(places), list(zip(SEED_ORDER[name], places, strict=True))


@pytest.mark.parametrize("name", ["trump", "original"])
def test_a_wrong_legal_move_gets_the_steps_words_and_changes_nothing(name: str) -> None:
    found = tutorial(name)
    run = TutorialRun(found)
    tried = 0
    while not run.finished:
        step = run.step
        assert step is not None
        if step.asks_a_move:
            state = run.state
            expected = {state.parse_action(notation) for notation in step.do}
            others = [action for action in state.legal_actions() if action not in expected]
            for action in others[:3]:
                before = (run.index, state.view(None), state.view(0), state.seq)
                attempt = run.attempt(action)
                assert not attempt.accepted
                assert step.wrong is not None
                assert {lang: attempt.text(lang) for lang in LANGUAGES} == dict(step.wrong)
                assert (run.index, state.view(None), state.view(0), state.seq) == before
                tried += 1
            assert run.attempt(step.do[-1]).accepted
        else:
            run.read()
    assert tried >= 5


@pytest.mark.parametrize("name", ["trump", "original"])
def test_every_move_a_step_accepts_is_legal_there(name: str) -> None:
    """The browser highlights the pieces of every move a step accepts: each is one the learner can make."""
    run = TutorialRun(tutorial(name))
    while not run.finished:
        step = run.step
        assert step is not None
        legal = set(run.state.legal_actions())
        assert all(run.state.parse_action(notation) in legal for notation in step.do), run.index
        run.skip()


def test_every_move_the_trump_tutorial_accepts_leads_to_the_same_game() -> None:
    """A step accepting several moves (any spade, any diamond) leaves the script playable with each."""
    found = tutorial("trump")
    for choice in (0, -1):
        run = TutorialRun(found)
        while not run.finished:
            step = run.step
            assert step is not None
            if step.asks_a_move:
                assert run.attempt(step.do[choice]).accepted
            else:
                run.read()
        assert run.state.result()["losers"] == [2]


def test_every_card_the_original_tutorial_accepts_leads_to_the_same_game() -> None:
    found = tutorial("original")
    first = found.steps[2]
    assert len(first.do) == 19
    for notation in first.do:
        run = TutorialRun(found, 2)
        assert run.attempt(notation).accepted
        while not run.finished:
            step = run.step
            assert step is not None
            if step.asks_a_move:
                assert run.attempt(step.do[-1]).accepted
            else:
                run.read()
        assert run.state.result()["losers"] == [2]


@pytest.mark.parametrize("name", ["trump", "original"])
def test_a_newcomer_finishes_in_three_to_six_minutes(name: str) -> None:
    found = tutorial(name)
    assert 3 <= found.minutes <= 6
    assert 12 <= len(found.steps) <= 30
    # Reading at about 200 English words or 500 Japanese characters a minute, plus ten seconds a
    # move: within the minutes claimed.
    words = sum(len(step.say["en"].split()) for step in found.steps)
    characters = sum(len(step.say["ja"]) for step in found.steps)
    moves = sum(step.asks_a_move for step in found.steps)
    assert words / 200 + moves * 10 / 60 <= found.minutes
    assert characters / 500 + moves * 10 / 60 <= found.minutes


def test_the_trump_teacher_counts_what_the_learner_saw() -> None:
    """The teacher's counts ("seven of the thirteen diamonds", "two of the thirteen clubs") are true."""
    found = tutorial("trump")
    run = TutorialRun(found)
    counts: dict[int, tuple[str, int]] = {10: ("diamonds", 7), 14: ("clubs", 2)}
    while not run.finished:
        if run.index in counts:
            kind, seen = counts[run.index]
            view = run.state.view(0)
            letter = kind[0].upper()
            in_hand = sum(card.startswith(letter) for card in view["hand"])
            face_up = sum(row.count(kind) for row in view["row_kinds"])
            assert in_hand + face_up == seen
        run.skip()
