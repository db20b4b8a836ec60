"""The room's Rules panel in the reader's language, and a multi-step choice taken back one step at a time
(the Undo button and Escape) before it is sent."""

from __future__ import annotations

from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context, table, wait_for_turn_or_end


def test_the_room_has_a_rules_panel_in_the_readers_language(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "survive", 2, {1: "bot:random"})
    page.click("[data-rules-panel] summary")
    page.wait_for_selector("[data-rules-panel] .rules h1")
    assert page.get_attribute("[data-rules-panel] .rules", "lang") == "ja"
    assert "アイランド" in page.inner_text("[data-rules-panel] .rules h1")
    assert page.locator("[data-rules-panel] .rules table").count() > 0
    assert page.locator("[data-rules-panel] script").count() == 0
    context.close()


def test_a_multi_step_choice_is_undone_step_by_step_before_it_is_sent(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    for _ in range(100):  # until we offer a card (answering what we are offered meanwhile)
        state = table(page)
        if state.get("current") == "yes" and page.locator(".hand [data-choice]").count():
            break
        if state.get("current") == "yes" and page.locator(".action-bar [data-action]").count():
            page.locator(".action-bar [data-action]").first.click()
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    seq = page.get_attribute("#table", "data-seq")
    page.click(".hand [data-choice]")  # a card
    page.click(".opponents [data-choice]")  # a player
    assert page.inner_text(".action-bar .picked").count("→") == 1
    page.click("[data-undo]")
    assert page.inner_text(".action-bar .picked").count("→") == 0, "one step back: the card stays picked"
    page.keyboard.press("Escape")
    assert page.locator(".action-bar .picked").count() == 0, "Escape takes back the last step"
    assert page.get_attribute("#table", "data-seq") == seq, "nothing was sent"
    context.close()
