"""Friends by name: the room shows one invite link per free person seat (and one for spectators); a
friend opening the link for seat N gives a name and sits in seat N, and the name shows on the seats."""

from __future__ import annotations

from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context


def test_each_free_seat_has_its_own_link_and_the_friend_sits_there_by_name(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    host = new_context(browser, "ja")
    page = console.watch(host.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.evaluate("() => localStorage.setItem('asobiba.name', 'Aki')")
    room = create_room_from_lobby(page, shared_web_server.base_url, "cockroach-poker", 4, {3: "bot:random"})
    page.wait_for_selector("[data-invite]")
    links = page.eval_on_selector_all("[data-invite] input", "inputs => inputs.map(i => i.value)")
    assert links == [f"{shared_web_server.base_url}/r/{room}?seat={seat}" for seat in (1, 2)]
    assert page.locator("[data-copy=watch]").count() == 1
    friend = new_context(browser, "ja")
    other = console.watch(friend.new_page())
    other.goto(links[1])
    other.fill("#join-name", "Ken")
    other.click("#take-seat")
    other.wait_for_selector("#table[data-seat='2']")
    assert "?seat" not in other.url
    page.wait_for_function("() => document.querySelectorAll('[data-invite]').length === 1")
    assert "Ken" in page.inner_text("[data-seat-info='2']")
    assert "Aki" in other.inner_text("[data-seat-info='0']")
    third = new_context(browser, "en")
    late = console.watch(third.new_page())
    late.goto(links[1])
    late.fill("#join-name", "Mio")
    late.click("#take-seat")
    late.wait_for_selector("#join-seat .error")
    assert "seat 2 is taken" in late.inner_text("#join-seat .error")
    console.errors[:] = [error for error in console.errors if "409" not in error]  # the refused join, reported
    for context in (host, friend, third):
        context.close()
