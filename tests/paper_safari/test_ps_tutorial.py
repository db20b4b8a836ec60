"""Paper Safari's tutorial (issue 34): it loads from the declaration, its script plays to the end of
the game, every step speaks English and Japanese, points only at places the players know, teaches
every rule of the rules page's how-to-play sections (in the seed's order where it claims it), its
words about the cards are true, and a wrong move is answered in words and changes nothing."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest

from asobiba.core.registry import declaration
from asobiba.core.tutorial import Tutorial, TutorialRun
from asobiba.games.paper_safari.data import POKEMON56

#: The rules each how-to-play section of the rules page (rules/paper_safari.en.md, its house rules
#: marked there) states, by the names the tutorial's steps teach them under.
SECTIONS: dict[str, tuple[str, ...]] = {
    # The lowest total wins a round and a token; 3 tokens win.
    "Goal": ("lowest-total", "three-tokens"),
    # 2 × 3 face down, not looked at; the first discard; one card turned up each; who starts, clockwise.
    "Setup": ("grid", "discard-start", "flip-one", "first-player"),
    # Draw and swap; draw and discard; take the discard (it must be used); ★ cards must be used; a
    # face-down card swapped out (its place face up from then on); the pile remade when it runs out.
    "A turn": (
        "draw-swap",
        "draw-discard",
        "take-discard",
        "take-must-use",
        "star-must-use",
        "face-down-swap",
        "reshuffle",
    ),
    # Specials work only when brought into play (house rule); each card's effect; effects never chain.
    "Special cards": (
        "special-in-play",
        "charizard",
        "snorlax",
        "ditto",
        "mew",
        "zapdos",
        "team-rocket",
        "no-chain",
    ),
    # Six face up ends the round at once; the totals; a column pair counts 0; the lowest takes a token;
    # a tie goes to the highest single card (house rule beyond it); 3 tokens win.
    "End of a round and scoring": ("round-end", "scoring", "column-pair", "lowest-wins", "tie", "three-tokens"),
}

#: Where the tutorial claims the seed's order: each list's rules are first taught in this order.
SEED_ORDER: tuple[tuple[str, ...], ...] = (
    # 配置: the discard pile and the face-down grid, then ① one card turned face up.
    ("grid", "flip-one"),
    # ② the three things a turn may do, in the seed's order.
    ("draw-swap", "draw-discard", "take-discard"),
    # 特殊カード: リザードン, カビゴン, メタモン, ミュウ, サンダー, ロケット団.
    ("charizard", "snorlax", "ditto", "mew", "zapdos", "team-rocket"),
    # ③ one player's six face up ends it, ④ the lowest takes a token, ⑤ three tokens win.
    ("round-end", "lowest-wins", "three-tokens"),
)

#: The places a step may point at: core's, and Paper Safari's renderer's.
PLACE = re.compile(r"hand|actions|log|result|discard|deck|(seat|grid|tokens):(\d)")


@pytest.fixture(scope="module")
def tutorial() -> Tutorial:
    tutorials = declaration("paper-safari").tutorials()
    assert [found.name for found in tutorials] == ["basic"]
    return tutorials[0]


def test_it_loads_from_the_declaration_and_plays_to_the_end_of_the_game(tutorial: Tutorial) -> None:
    assert tutorial.game == "paper-safari" and tutorial.key == "paper-safari/basic"
    tutorial.validate()
    run = TutorialRun(tutorial)
    while not run.finished:
        run.skip()
    assert run.state.is_over
    # The learner won the round, the game's only one, as the last steps say: −3 against 27 and 27.
    assert run.state.result()["winners"] == [tutorial.learner]
    assert run.state.view(None)["rounds"][0]["scores"] == [-3, 27, 27]
    assert tutorial.play_on == ""


def test_a_newcomer_finishes_it_in_three_to_six_minutes(tutorial: Tutorial) -> None:
    """Its minutes, and the time its words take to read (230 English words or 500 Japanese characters
    a minute) with 4 seconds a move, are 3–6 minutes."""
    assert 3 <= tutorial.minutes <= 6
    assert 15 <= len(tutorial.steps) <= 30
    moves = sum(1 for step in tutorial.steps if step.asks_a_move) * 4 / 60
    english = sum(len(step.say["en"].split()) for step in tutorial.steps) / 230 + moves
    japanese = sum(len(step.say["ja"]) for step in tutorial.steps) / 500 + moves
    for estimate in (english, japanese):
        assert 3 <= estimate <= 6 and abs(estimate - tutorial.minutes) <= 1, estimate


def test_every_step_speaks_both_languages_in_words_without_notation(tutorial: Tutorial) -> None:
    assert tutorial.names["en"] == ("You", "Ken", "Mio")
    assert tutorial.names["ja"] == ("あなた", "ケン", "ミオ")
    assert tutorial.title["en"] and tutorial.title["ja"]
    notation = re.compile(r"\bp\d\b|\b[ab][123]\b|\bmew-|\bsnorlax [ab]|\bpeek\b")
    for index, step in enumerate(tutorial.steps):
        texts = [step.say] + ([step.wrong] if step.wrong else [])
        for words in texts:
            assert words["en"].strip() and words["ja"].strip(), index
            assert re.search(r"[\u3040-\u30ff]", words["ja"]), (index, words["ja"])
            for lang in ("en", "ja"):
                assert not notation.search(words[lang]), (index, lang, words[lang])
        if step.asks_a_move:
            assert step.wrong is not None, f"step {index} asks a move: it says what is wrong with another"


def test_steps_point_only_at_the_places_the_players_know(tutorial: Tutorial) -> None:
    for index, step in enumerate(tutorial.steps):
        assert step.point, f"step {index} points at nothing"
        for place in step.point:
            found = PLACE.fullmatch(place)
            assert found, (index, place)
            if found.group(2) is not None:
                assert int(found.group(2)) < tutorial.players, (index, place)


def test_the_rules_page_has_the_sections_the_table_lists() -> None:
    page = files("asobiba").joinpath("rules/paper_safari.en.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", page, flags=re.MULTILINE)
    assert [heading for heading in headings if heading in SECTIONS] == list(SECTIONS)


@pytest.mark.parametrize("section", list(SECTIONS))
def test_it_teaches_every_rule_of_each_section(tutorial: Tutorial, section: str) -> None:
    missing = [rule for rule in SECTIONS[section] if rule not in tutorial.teaches]
    assert not missing, f"{section}: not taught: {missing}"


def test_it_teaches_no_rule_the_table_does_not_list(tutorial: Tutorial) -> None:
    listed = {rule for rules in SECTIONS.values() for rule in rules}
    assert set(tutorial.teaches) <= listed


def test_it_teaches_in_the_seed_order_where_it_claims_it(tutorial: Tutorial) -> None:
    first = tutorial.first_taught()
    for rules in SEED_ORDER:
        steps = [first[rule] for rule in rules]
        assert steps == sorted(steps), dict(zip(rules, steps, strict=True))


def test_the_words_name_the_card_in_hand(tutorial: Tutorial) -> None:
    """Where the learner holds a card, the teacher names it truly, in both languages."""
    names = {kind.id: kind for kind in POKEMON56}
    run = TutorialRun(tutorial)
    checked = 0
    while not run.finished:
        step = run.step
        assert step is not None
        hand = run.state.view(tutorial.learner)["hand"]
        if step.asks_a_move and hand:
            assert names[hand].en in step.say["en"], (run.index, hand)
            assert names[hand].ja in step.say["ja"], (run.index, hand)
            checked += 1
        run.skip()
    assert checked >= 6


def test_a_wrong_legal_move_gets_the_steps_words_and_changes_nothing(tutorial: Tutorial) -> None:
    run = TutorialRun(tutorial)
    tried = 0
    while not run.finished:
        step = run.step
        assert step is not None
        if step.asks_a_move:
            game = run.state.game
            expected = {game.parse_action(notation, run.state) for notation in step.do}
            before = run.state.view(None)
            for action in run.state.legal_actions():
                if action in expected:
                    continue
                attempt = run.attempt(action)
                assert not attempt.accepted
                assert step.wrong is not None
                assert attempt.text("en") == step.wrong["en"] and attempt.text("ja") == step.wrong["ja"]
                assert run.state.view(None) == before and run.step is step
                tried += 1
        run.skip()
    assert tried > 30


def test_an_illegal_move_is_refused_with_the_reason_in_words(tutorial: Tutorial) -> None:
    run = TutorialRun(tutorial, 7)  # the Jigglypuff taken from the discard pile is in hand
    step = run.step
    assert step is not None and step.do == ("swap b2",)
    before = run.state.view(None)
    attempt = run.attempt("discard")
    assert not attempt.accepted
    assert "must be used" in attempt.text("en")
    assert attempt.text("ja") and attempt.text("ja") != attempt.text("en")
    assert run.state.view(None) == before and run.index == 7
    assert run.attempt("swap b2").accepted and run.index == 8


def test_the_learner_is_asked_for_every_kind_of_move_the_lesson_names(tutorial: Tutorial) -> None:
    kinds = {notation.split()[0] for step in tutorial.steps for notation in step.do}
    assert kinds == {"flip", "draw", "swap", "discard", "take", "peek", "snorlax", "mew", "mew-take", "mew-place"}
