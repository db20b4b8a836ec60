"""The waiting room in the browser: a room with a free person seat holds its bots and its clock until
the friend joins (or the creator presses Start, choosing the bots' level); the chat is kept across a
reload; a person changes their name in the room and everybody sees it."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

from asobiba.server.client import room_summary

#: How long the waiting room is watched for moving (a bot without delay moves within milliseconds).
QUIET_MS = 1500


def waiting_room_from_lobby(page: Page, base_url: str, *, clock: str = "30", listed: bool = False) -> str:
    """Cockroach Poker for three from the lobby: Aki at seat 0, seat 1 left for a friend, a bot at
    seat 2 moving at once, a turn clock; the room id (the page is in its waiting room)."""
    page.goto(base_url + "/")
    page.click("[data-game=cockroach-poker]")
    page.fill("#your-name", "Aki")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "bot:random")
    page.select_option("#clock", clock)
    page.select_option("#bot-delay", "0")
    if listed:
        page.check("#listed")
    page.click("#create-room")
    page.wait_for_url("**/r/*")
    page.wait_for_selector("#waiting-room")
    return page.url.rsplit("/", 1)[1].split("#")[0]


def seq_of(page: Page) -> str:
    value: str = page.eval_on_selector("#table", "t => t.dataset.seq")
    return value


def test_the_waiting_room_holds_bots_and_clocks_until_the_friend_joins(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    host, guest = new_context(browser, "en"), new_context(browser, "ja")
    page = console.watch(host.new_page())
    room = waiting_room_from_lobby(page, shared_web_server.base_url)
    assert page.get_attribute("[data-waiting-seat='1']", "data-status") == "awaited"
    assert page.get_attribute("[data-waiting-seat='0']", "data-status") == "you"
    assert page.locator("#start-game").is_visible()  # Aki made the room: she may start it
    before = seq_of(page)
    page.wait_for_timeout(QUIET_MS)
    assert seq_of(page) == before, "something moved in the waiting room"
    assert page.locator(".play [data-action]").count() == 0
    assert page.locator("[role=timer]").count() == 0, "a clock runs in the waiting room"
    assert not page.title().startswith("● ")
    assert page.inner_text("#decision") == "Waiting for players…"
    # nobody decides yet, and the seat nobody has taken goes by its number, never by the notation's p1
    assert page.locator("[data-to-move='true']").count() == 0
    assert page.locator(".seats li.to-move").count() == 0
    assert "Seat 1" in page.inner_text("[data-seat-info='1']")
    assert "Invite for seat 1" in page.inner_text("#waiting-room [data-invite='1']")
    words = page.inner_text(".room")
    assert not re.findall(r"\bp\d\b", words), words
    assert room_summary(shared_web_server.base_url, room)["started"] is False
    assert not serious_accessibility_violations(page)
    invite = page.input_value("#waiting-room [data-invite='1'] input")
    friend = console.watch(guest.new_page())
    friend.goto(invite)
    friend.fill("#join-name", "Ken")
    friend.click("#take-seat")
    friend.wait_for_selector("#table[data-seat='1']")
    for each in (page, friend):
        each.wait_for_selector("#waiting-room", state="detached")
    assert friend.locator("#start-game").count() == 0
    # the game runs: the bot moves or a person is asked, with a clock
    page.wait_for_function(
        "(before) => document.querySelector('#table').dataset.seq !== before"
        " || document.querySelector('[role=timer]') !== null",
        arg=before,
        polling=100,
    )
    assert "Ken" in page.inner_text("[data-seat-info='1']")
    assert room_summary(shared_web_server.base_url, room)["started"] is True
    host.close()
    guest.close()


def test_the_creator_starts_with_bots_of_the_level_chosen(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja")
    page = console.watch(context.new_page())
    room = waiting_room_from_lobby(page, shared_web_server.base_url, listed=True)
    lobby = console.watch(context.new_page())
    lobby.goto(shared_web_server.base_url + "/")
    lobby.wait_for_selector(f".open-rooms [data-room='{room}']")  # listed: friends find it in the lobby
    assert lobby.get_attribute(f".open-rooms [data-room='{room}']", "href") == f"/r/{room}?seat=1"  # its invite
    assert "プレイヤーを待っています" in page.inner_text("#waiting-room")
    # a table of three: the trained bot (it plays four) is not offered for the free seats
    page.wait_for_function("() => document.querySelectorAll('#start-bots option').length === 4")
    levels = page.eval_on_selector_all("#start-bots option", "options => options.map(o => o.value)")
    assert levels == ["random", "easy", "normal", "hard"] and page.input_value("#start-bots") == "normal"
    page.select_option("#start-bots", "easy")
    page.click("#start-game")
    page.wait_for_selector("#waiting-room", state="detached")
    page.wait_for_function("() => document.querySelector(\"[data-seat-info='1']\").textContent.includes('ボット')")
    summary = room_summary(shared_web_server.base_url, room)
    assert summary["started"] is True and summary["seats"][1]["kind"] == "bot:easy"
    page.wait_for_function(
        "() => [...document.querySelectorAll('.log li')].some(li => li.textContent.includes('ボットが遊びます'))"
    )
    lobby.wait_for_selector(f".open-rooms [data-room='{room}']", state="detached", timeout=15_000)
    context.close()


def test_the_chat_is_kept_across_a_reload_once_each_and_as_text(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.click("[data-game=cockroach-poker]")
    page.fill("#your-name", "Aki")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#seat-2", "bot:random")
    page.select_option("#bot-delay", "2")
    page.click("#create-room")
    page.wait_for_selector("#table")
    for text in ("hello", "<b>bold?</b>"):
        page.fill(".chat input", text)
        page.click(".chat button[type=submit]")
        page.wait_for_function(
            "(text) => [...document.querySelectorAll('.chat li')].some(li => li.textContent.endsWith(text))", arg=text
        )
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('.chat li').length === 2")
    lines = page.eval_on_selector_all(".chat li", "items => items.map(li => li.textContent)")
    assert lines == ["Aki: hello", "Aki: <b>bold?</b>"]
    assert page.locator(".chat li b").count() == 2  # the authors only: a message is text, never markup
    context.close()


def test_a_name_changed_in_the_room_shows_for_everyone(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    host, guest = new_context(browser, "en"), new_context(browser, "en")
    page = console.watch(host.new_page())
    waiting_room_from_lobby(page, shared_web_server.base_url, clock="")
    invite = page.input_value("#waiting-room [data-invite='1'] input")
    friend = console.watch(guest.new_page())
    friend.goto(invite)
    friend.fill("#join-name", "Ken")
    friend.click("#take-seat")
    friend.wait_for_selector("#table[data-seat='1']")
    friend.fill(".chat input", "hi all")
    friend.click(".chat button[type=submit]")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.chat li')].some(li => li.textContent === 'Ken: hi all')"
    )
    assert friend.inner_text("#my-name") == "Ken"
    friend.click("#edit-name")
    friend.fill("#new-name", "Kenji")
    friend.click("#save-name")
    friend.wait_for_function("() => document.querySelector('#my-name')?.textContent === 'Kenji'")
    page.wait_for_function("() => document.querySelector(\"[data-seat-info='1']\").textContent.includes('Kenji')")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.chat li')].some(li => li.textContent === 'Kenji: hi all')"
    )
    assert friend.evaluate("() => localStorage.getItem('asobiba.name')") == "Kenji"
    friend.click("#edit-name")
    friend.fill("#new-name", "   ")
    assert friend.locator("#save-name").is_disabled()  # nothing to send
    host.close()
    guest.close()
