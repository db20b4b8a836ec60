"""Playing a tutorial in the browser as a learner does (for the tutorial tests and the screenshots): at each
step, Next for words to read, else a click on what the teacher lights for the move (``data-tut-move``),
then on what it lights next, until the step moves on — never a move sent as notation. Each step is
checked on the way: every place its words speak of is lit on the page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page

#: What a step may need: clicks on the lit elements (a card, a player, a claim, a confirming click).
MAX_CLICKS_A_STEP = 12
TUTORIAL = ".tutorial"
#: The element to click next for the move asked, on the page (a stack's chooser included).
LIT_MOVE = "[data-tut-move]"
#: What holds the table for a while (Paper Safari's round scoring) is let go by its Continue.
CONTINUE = "[data-round-scoring] [data-choice=continue]"


def step_of(page: Page) -> int:
    return int(page.get_attribute(TUTORIAL, "data-step") or "-1")


def finished(page: Page) -> bool:
    return page.get_attribute(TUTORIAL, "data-finished") == "true"


def open_tutorial(page: Page, base_url: str, key: str) -> None:
    """The tutorial's page, at its first step (or the resume offer)."""
    page.goto(f"{base_url}/learn/{key}")
    page.wait_for_selector(f"{TUTORIAL}, #tutorial-resume")


def wait_for_step(page: Page, step: int) -> None:
    page.wait_for_function(
        "(step) => { const t = document.querySelector('.tutorial');"
        " return t && Number(t.dataset.step) === step && document.querySelector('#table'); }",
        arg=step,
    )


def position(page: Page, base_url: str, key: str, step: int, lang: str) -> Any:
    return page.request.get(f"{base_url}/api/tutorials/{key}", params={"step": step, "lang": lang}).json()


def unlit_places(page: Page, places: list[str]) -> list[str]:
    """The places among ``places`` that nothing on the page lights."""
    found: list[str] = page.evaluate(
        "(places) => places.filter((place) => { const name = JSON.stringify(place); return !document.querySelector("
        "`[data-place=${name}][data-tut-point], [data-cell=${name}][data-tut-point]`); })",
        places,
    )
    return found


def activate(page: Page, element: Locator) -> None:
    """Activate ``element`` as a person would: a click, or for an SVG group (a board's space, under
    pieces) the keyboard (focus, Enter)."""
    if element.evaluate("e => e instanceof SVGGElement"):
        element.focus()
        page.keyboard.press("Enter")
    else:
        element.click()


def click_lit(page: Page) -> bool:
    """Activate the first element lit for the move (a piece in an open stack's chooser before the stack
    that opened it); False if none is lit."""
    lit = page.locator(f"{LIT_MOVE}:not([data-holds])").first
    if lit.count() == 0:
        lit = page.locator(LIT_MOVE).first
    if lit.count() == 0:
        return False
    activate(page, lit)
    return True


def settle(page: Page) -> None:
    """Until the move tried (if the click completed one) is answered: the page is not busy."""
    page.wait_for_timeout(50)
    page.wait_for_selector(f"{TUTORIAL}[aria-busy=false]")


def play_step(page: Page) -> None:
    """Do what the step asks: Next, or the move by its lit elements; waits until the step moved on."""
    step = step_of(page)
    if page.locator("#tutorial-next").count():
        page.click("#tutorial-next")
        wait_for_step(page, step + 1)
        return
    for _ in range(MAX_CLICKS_A_STEP):
        page.wait_for_selector(f"{LIT_MOVE}, {CONTINUE}", timeout=10_000)
        if not click_lit(page):  # a round's scoring holds the table until Continue
            page.click(CONTINUE)
            continue
        settle(page)
        if step_of(page) != step:
            break
        assert page.locator("#teacher-why").count() == 0, page.inner_text("#teacher-why")
    wait_for_step(page, step + 1)


def play_to_the_end(page: Page, base_url: str, key: str, lang: str, *, stop_at: int | None = None) -> list[str]:
    """Play the tutorial from the step shown to its end (or to step ``stop_at``); returns what did not
    match on the way: places the words speak of that nothing lights."""
    problems: list[str] = []
    while not finished(page) and step_of(page) != stop_at:
        step = step_of(page)
        shown = position(page, base_url, key, step, lang)["step"]
        page.wait_for_function("() => document.querySelector('#table')")
        page.wait_for_timeout(30)  # the marks are set after the drawing
        missing = unlit_places(page, shown["point"])
        if missing:
            problems.append(f"{key} step {step}: nothing lit for {missing}")
        play_step(page)
    return problems
