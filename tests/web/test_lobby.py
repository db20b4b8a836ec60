"""The lobby in a real browser: option labels (never option names) in Japanese, only the player counts
the chosen rules allow, only the options that apply, an error cleared by the next edit, "Create" in
view on a phone, the rendered rules one click away, and no serious accessibility violation."""

from __future__ import annotations

from playwright.sync_api import Browser, Page
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

#: What the Japanese lobby must never show: the options' own names (the labels stand for them).
OPTION_NAMES = ("loss_threshold", "eight_kinds", "first_player", "card_order", "two_colours", "one_per_tile")


def open_lobby(browser: Browser, server: WebServer, lang: str, width: int = 1200, height: int = 900) -> Page:
    page = new_context(browser, lang, width=width, height=height).new_page()
    page.goto(server.base_url + "/")
    page.wait_for_selector("#create-room")
    return page


def player_counts(page: Page) -> list[str]:
    return page.eval_on_selector_all("#players option", "options => options.map(o => o.value)")


def shown_options(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".new-room [data-option]", "fields => fields.filter(f => f.offsetParent !== null).map(f => f.dataset.option)"
    )


def test_the_japanese_lobby_shows_labels_never_option_names(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    page = console.watch(open_lobby(browser, shared_web_server, "ja"))
    for game in ("cockroach-poker", "paper-safari", "survive"):
        page.click(f"[data-game={game}]")
        if page.locator(".new-room details").count():
            page.click(".new-room details summary")
        text = page.inner_text(".new-room")
        assert not [name for name in OPTION_NAMES if name in text], text
        labels = page.eval_on_selector_all(".new-room [data-option] label", "ls => ls.map(l => l.textContent)")
        assert labels and all(not label.isascii() for label in labels), labels
    page.click("[data-game=cockroach-poker]")
    assert page.inner_text("label[for=option-rules]") == "ルール"
    assert page.eval_on_selector_all("#option-rules option", "os => os.map(o => o.textContent)") == [
        "トランプ版（3～5人）",
        "本家版：8種類の動物（2～6人）",
    ]
    page.context.close()


def test_the_lobby_offers_only_the_player_counts_and_options_of_the_chosen_rules(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    page = console.watch(open_lobby(browser, shared_web_server, "en"))
    page.click("[data-game=cockroach-poker]")
    assert player_counts(page) == ["3", "4", "5"]
    assert {"jokers", "loss_threshold"} <= set(shown_options(page))
    assert not {"deal", "eight_kinds"} & set(shown_options(page))
    page.select_option("#option-rules", "original")
    assert player_counts(page) == ["2", "3", "4", "5", "6"]
    assert {"deal", "eight_kinds"} <= set(shown_options(page))
    assert not {"jokers", "loss_threshold"} & set(shown_options(page))
    page.select_option("#players", "2")
    page.select_option("#option-rules", "trump")
    assert page.input_value("#players") == "3", "the player count moves to the nearest one the rules allow"
    page.click("[data-game=survive]")
    page.select_option("#players", "3")
    assert "two_colours" not in shown_options(page)
    page.select_option("#players", "2")
    assert "two_colours" in shown_options(page)
    page.check("#option-two_colours")
    assert player_counts(page) == ["2"]
    page.click("[data-game=paper-safari]")
    assert page.eval_on_selector_all("#option-deck option", "os => os.map(o => o.value)") == ["pokemon56"]
    page.context.close()


def test_an_error_clears_when_the_input_changes(browser: Browser, shared_web_server: WebServer) -> None:
    page = open_lobby(browser, shared_web_server, "en")
    page.click("[data-game=cockroach-poker]")
    page.click(".new-room details summary")
    page.fill("#option-first_player", "p9")
    page.click("#create-room")
    page.wait_for_selector(".new-room .error")
    assert "first_player" in page.inner_text(".new-room .error")
    page.fill("#option-first_player", "p1")
    assert page.locator(".new-room .error").count() == 0
    page.context.close()


def test_create_stays_in_view_on_a_phone(browser: Browser, shared_web_server: WebServer) -> None:
    page = open_lobby(browser, shared_web_server, "ja", width=390, height=844)
    for game in ("cockroach-poker", "paper-safari", "survive"):
        page.click(f"[data-game={game}]")
        page.evaluate("window.scrollTo(0, 0)")
        box = page.locator("#create-room").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, f"{game}: Create is below the fold"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.close()


def test_the_lobby_links_the_rendered_rules_in_the_readers_language(
    browser: Browser, shared_web_server: WebServer
) -> None:
    page = open_lobby(browser, shared_web_server, "ja")
    page.click("[data-game=survive]")
    link = page.locator("[data-rules-link]")
    assert link.get_attribute("href") == "/rules/survive?lang=ja"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector("main.rules h1")
    assert rules.evaluate("document.documentElement.lang") == "ja"
    assert rules.locator("main.rules table").count() > 0
    assert not serious_accessibility_violations(rules)
    page.context.close()


def test_the_lobby_has_no_serious_accessibility_violation(browser: Browser, shared_web_server: WebServer) -> None:
    for lang in ("en", "ja"):
        page = open_lobby(browser, shared_web_server, lang)
        for game in ("cockroach-poker", "paper-safari", "survive"):
            page.click(f"[data-game={game}]")
            assert not serious_accessibility_violations(page), (lang, game)
        page.context.close()


def seat_choices(page: Page, seat: int) -> list[str]:
    return page.eval_on_selector_all(f"#seat-{seat} option", "options => options.map(o => o.value)")


def test_a_trained_bot_seat_falls_back_to_normal_at_a_count_it_does_not_play(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    """Cockroach Poker's network plays four: ppo is offered at four only, and a seat given ppo turns
    (visibly, and in what Create sends) to the normal bot when the count changes, staying so after."""
    page = console.watch(open_lobby(browser, shared_web_server, "en"))
    page.click("[data-game=cockroach-poker]")
    page.select_option("#players", "4")
    assert "bot:ppo" in seat_choices(page, 1)
    page.select_option("#seat-1", "bot:ppo")
    page.select_option("#players", "3")
    assert "bot:ppo" not in seat_choices(page, 1)
    assert page.input_value("#seat-1") == "bot:normal"
    assert page.eval_on_selector("#seat-1", "s => s.options[s.selectedIndex].textContent") == "bot (normal)"
    page.select_option("#players", "4")
    assert page.input_value("#seat-1") == "bot:normal", "the fallback stays: the seat is not ppo again unasked"
    page.select_option("#players", "5")
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#table")
    assert page.locator(".new-room .error").count() == 0
    page.context.close()
