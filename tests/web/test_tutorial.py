"""The tutorial player in a real browser: every tutorial of the installed games (and one of the tests' own,
``lesson-poker/first``) played to its end from the lobby's "Learn to play", in English and Japanese, on a
desktop and on a phone, by clicking what the teacher lights — never by sending notation; and, once per
tutorial, a wrong move answered by the teacher's words (the step stays), Skip and Back, and a reload
that offers to resume at the same step.

Each tutorial is played in the four ways (a few seconds each: the five tutorials of the three games and
the example plug-in take about two minutes in all)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from tutorial_play import LIT_MOVE, activate, open_tutorial, play_to_the_end, position, step_of, wait_for_step
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from tutorial_testing import KEY, lesson_plugin, plugin_environment

from asobiba.core.registry import declaration, game_names

#: Every installed game's tutorials, the tests' own first.
INSTALLED = [tutorial.key for name in game_names() for tutorial in declaration(name).tutorials()]
WAYS = [("en", "desktop"), ("ja", "desktop"), ("en", "phone"), ("ja", "phone")]
RUNS = [(key, lang, device) for key in [KEY, *INSTALLED] for lang, device in WAYS]
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
#: A pickable element that is not the one lit for the move asked (a wrong move starts with it).
OTHER_PICKABLE = ".play [data-action]:not([data-tut-move]), .play [data-choice]:not([data-tut-move])"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    folder = lesson_plugin(tmp_path_factory.mktemp("site"))
    directory = tmp_path_factory.mktemp("tutorial-web")
    process = WebServer(directory / "asobiba.db", directory / "server.log", environment=plugin_environment(folder))
    process.start()
    try:
        yield process
    finally:
        process.stop()


def learner_page(browser: Browser, lang: str, device: str = "desktop") -> Page:
    width, height = SIZES[device]
    return new_context(browser, lang, width=width, height=height).new_page()


def from_the_lobby(page: Page, server: WebServer, key: str) -> None:
    page.goto(server.base_url + "/")
    page.click(f"[data-tutorial='{key}']")
    page.wait_for_url(f"**/learn/{key}")
    wait_for_step(page, 0)


def assert_teacher_and_table_in_view(page: Page) -> None:
    """On a phone the teacher's panel is docked at the bottom and the table is on screen above it."""
    viewport = page.viewport_size
    assert viewport is not None
    teacher = page.locator("#teacher").bounding_box()
    table = page.locator("#table").bounding_box()
    assert teacher is not None and table is not None
    assert abs(teacher["y"] + teacher["height"] - viewport["height"]) < 2, teacher
    assert teacher["height"] < viewport["height"] / 2, teacher
    assert table["y"] < teacher["y"], (table, teacher)


@pytest.mark.parametrize(("key", "lang", "device"), RUNS)
def test_a_tutorial_is_played_to_its_end_by_clicking_what_the_teacher_lights(
    browser: Browser, server: WebServer, console: ConsoleWatch, key: str, lang: str, device: str
) -> None:
    page = console.watch(learner_page(browser, lang, device))
    from_the_lobby(page, server, key)
    first = position(page, server.base_url, key, 0, lang)
    assert page.inner_text("#teacher-say") == first["step"]["say"].replace("p1", first["tutorial"]["names"][1])
    if device == "phone":
        assert_teacher_and_table_in_view(page)
    if (lang, device) == ("en", "desktop"):
        assert not serious_accessibility_violations(page)
    problems = play_to_the_end(page, server.base_url, key, lang)
    assert not problems, problems
    page.wait_for_selector("[data-tutorial-end] #tutorial-play")
    assert page.locator("#teacher-why").count() == 0
    assert page.inner_text("[data-tutorial-end] .teacher-say") == first["last_say"]
    page.context.close()


def wrong_move(page: Page) -> bool:
    """Start a move with another element than the one lit, then finish it with whatever can be picked
    (the confirming click first); False if the step leaves no other choice or the move made was the one
    asked after all."""
    if page.locator(OTHER_PICKABLE).count() == 0:
        return False
    step = step_of(page)
    activate(page, page.locator(OTHER_PICKABLE).first)
    for _ in range(8):
        page.wait_for_timeout(150)
        if page.locator("#teacher-why").count() or step_of(page) != step:
            break
        confirm = page.locator(".action-bar .confirm")
        pickable = confirm if confirm.count() else page.locator(".play [data-action], .play [data-choice]")
        if pickable.count() == 0:
            break
        activate(page, pickable.first)
    return page.locator("#teacher-why").count() > 0


@pytest.mark.parametrize("key", [KEY, *INSTALLED])
def test_a_wrong_move_is_answered_skip_back_and_a_reload_resume(
    browser: Browser, server: WebServer, console: ConsoleWatch, key: str
) -> None:
    page = console.watch(learner_page(browser, "en"))
    open_tutorial(page, server.base_url, key)
    wait_for_step(page, 0)
    # the keyboard reaches the teacher's buttons
    if page.locator("#tutorial-next").count():
        page.focus("#tutorial-next")
        page.keyboard.press("Enter")
        wait_for_step(page, 1)
    # on to a step that asks a move with another choice than the one asked
    steps = position(page, server.base_url, key, 0, "en")["tutorial"]["steps"]
    refused = False
    while step_of(page) < steps:
        if page.locator("#tutorial-next").count() == 0:
            step = step_of(page)
            page.wait_for_selector(LIT_MOVE)
            refused = wrong_move(page)
            if refused:
                break
            if step_of(page) == step:
                page.click("#tutorial-skip")
            wait_for_step(page, step + 1)
        else:
            step = step_of(page)
            page.click("#tutorial-next")
            wait_for_step(page, step + 1)
    assert refused, f"{key}: no step asks a move with another choice to make"
    why = page.locator("#teacher-why")
    assert why.get_attribute("role") == "alert" and why.inner_text().strip()
    step = step_of(page)
    page.wait_for_timeout(300)
    assert step_of(page) == step  # nothing changed
    # Skip, then Back
    page.click("#tutorial-skip")
    wait_for_step(page, step + 1)
    page.click("#tutorial-back")
    wait_for_step(page, step)
    assert page.locator("#teacher-why").count() == 0
    # reloaded: resume at the same step, or start again
    page.reload()
    page.wait_for_selector("#tutorial-resume")
    assert str(step + 1) in page.inner_text("#tutorial-resume")
    page.click("#tutorial-resume")
    wait_for_step(page, step)
    page.reload()
    page.click("#tutorial-restart")
    wait_for_step(page, 0)
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_offers_every_tutorial_with_its_title_and_minutes(
    browser: Browser, server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    page = console.watch(learner_page(browser, lang))
    page.goto(server.base_url + "/")
    page.wait_for_selector("[data-tutorial]")
    listed = page.eval_on_selector_all("[data-tutorial]", "as => as.map((a) => [a.dataset.tutorial, a.innerText])")
    answer = page.request.get(server.base_url + f"/api/tutorials?lang={lang}").json()
    listing = {entry["key"]: entry for entry in answer}
    assert [key for key, _text in listed] == list(listing) and KEY in listing
    for key, text in listed:
        assert listing[key]["title"] in text and str(listing[key]["minutes"]) in text, text
    assert page.inner_text("#learn-title") == {"en": "Learn to play", "ja": "遊び方を学ぶ"}[lang]
    page.context.close()


def test_the_end_offers_a_game_against_easy_bots(browser: Browser, server: WebServer, console: ConsoleWatch) -> None:
    page = console.watch(learner_page(browser, "en"))
    steps = position(page, server.base_url, KEY, 0, "en")["tutorial"]["steps"]
    page.goto(server.base_url + "/")
    page.evaluate("([key, step]) => localStorage.setItem(`asobiba.tutorial.${key}`, String(step))", [KEY, steps - 1])
    open_tutorial(page, server.base_url, KEY)
    page.click("#tutorial-resume")
    wait_for_step(page, steps - 1)
    page.click("#tutorial-skip")
    page.click("#tutorial-play")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#table")
    kinds = page.eval_on_selector_all("[data-seat-info] .tag", "tags => tags.map((tag) => tag.innerText)")
    assert kinds.count("bot (easy)") == 2, kinds
    page.context.close()


def test_the_language_switch_speaks_the_same_step_in_the_other_language(
    browser: Browser, server: WebServer, console: ConsoleWatch
) -> None:
    page = console.watch(learner_page(browser, "en"))
    open_tutorial(page, server.base_url, KEY)
    wait_for_step(page, 0)
    page.click("#tutorial-next")
    wait_for_step(page, 1)
    assert page.inner_text("#teacher-say").startswith("Offer your 3 of spades")
    page.click("[data-lang=ja]")
    page.wait_for_function("() => document.querySelector('#teacher-say').innerText.startsWith('スペードの3')")
    assert step_of(page) == 1 and page.locator("[data-tut-move]").count()
    page.context.close()
