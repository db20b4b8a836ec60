"""A game's own style sheet (``GameDeclaration.web_style``, ``games/<game>/renderer.css``): the page
adds it once, when it loads the game's renderer, and the table the renderer draws gets its looks from
it — the page's style sheet holds no game's rules (tests/test_one_declaration.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context

#: Per game: an element its renderer draws from the start, a property and the value its own sheet gives it
#: (the browser's default without the sheet is different).
STYLED = {
    "cockroach-poker": (".cp .centre", "display", "flex"),
    "paper-safari": (".ps .grid", "display", "grid"),
    "survive": (".board-wrap svg.board", "max-width", "760px"),
}

LINKS = """() => [...document.querySelectorAll('link[rel=stylesheet][data-game-style]')]
  .map((link) => [link.dataset.gameStyle, new URL(link.href).pathname, link.sheet ? link.sheet.cssRules.length : 0])"""


@pytest.mark.parametrize("game", sorted(STYLED))
def test_the_games_own_style_sheet_is_added_once_and_styles_its_table(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, game: str
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, game, 2 if game != "cockroach-poker" else 3, {})
    selector, prop, value = STYLED[game]
    page.wait_for_selector(selector)
    links = page.evaluate(LINKS)
    assert [link[:2] for link in links] == [[game, f"/games/{game}/renderer.css"]]
    assert links[0][2] > 0, "the sheet has no rules"
    styled = page.eval_on_selector(selector, f"(e) => getComputedStyle(e).getPropertyValue({prop!r})")
    assert styled == value
    page.reload()
    page.wait_for_selector(selector)
    assert len(page.evaluate(LINKS)) == 1
    context.close()
