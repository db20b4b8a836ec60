"""Friends by name: the room shows one invite link per free person seat, carrying that seat's invite
code (and one for spectators); a friend opening the link for seat N gives a name and sits in seat N,
and the name shows on the seats. A plain link without the code takes no invited seat; a stranger in a
listed room's open seat is freed by the creator, and the seat gets a new link."""

from __future__ import annotations

from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, create_room_from_lobby, new_context

from asobiba.server.client import create_room, room_summary


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
    for seat, link in zip((1, 2), links, strict=True):  # each link carries its own seat's invite code
        assert link.startswith(f"{shared_web_server.base_url}/r/{room}?seat={seat}&invite=")
    assert links[0].split("invite=")[1] != links[1].split("invite=")[1]
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


def test_a_link_without_the_code_takes_no_invited_seat(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    made = create_room(shared_web_server.base_url, "cockroach-poker", 3, seats={"1": "human", "2": "human"}, name="Aki")
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    page.goto(f"{shared_web_server.base_url}/r/{made['room']}?seat=1")  # the room id and a seat, no code
    page.fill("#join-name", "Squatter")
    page.click("#take-seat")
    page.wait_for_selector("#join-seat .error")
    assert "kept for an invited friend" in page.inner_text("#join-seat .error")
    assert page.locator("#join").count() == 0  # no open seat: no "Take a free seat" either
    console.errors[:] = [error for error in console.errors if "403" not in error]  # the refused join, reported
    assert room_summary(shared_web_server.base_url, made["room"])["seats"][1]["occupied"] is False
    context.close()


def test_the_creator_frees_a_strangers_open_seat_and_sends_the_friend_its_new_link(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    host, stranger_context, friend_context = (new_context(browser, lang) for lang in ("en", "ja", "en"))
    page = console.watch(host.new_page())
    page.goto(base + "/")
    page.click("[data-game=cockroach-poker]")
    page.fill("#your-name", "Aki")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "human")
    page.check("#listed")
    page.select_option("#open-seats", "1")  # seat 1 for a friend (invited), seat 2 open to the lobby
    page.click("#create-room")
    page.wait_for_selector("#waiting-room")
    room = page.url.rsplit("/", 1)[1].split("#")[0]
    invited = page.input_value("#waiting-room [data-invite='1'] input")
    assert "invite=" in invited and "invite=" not in page.input_value("#waiting-room [data-invite='2'] input")
    stranger = console.watch(stranger_context.new_page())
    stranger.goto(base + "/")
    stranger.click(f".open-rooms [data-room='{room}']")  # from the lobby: the open seat
    stranger.fill("#join-name", "Sam")
    stranger.click("#take-seat")
    stranger.wait_for_selector("#table[data-seat='2']")
    page.click("[data-free-seat='2']")
    stranger.wait_for_selector("p.error[role=alert]")
    assert "空けました" in stranger.inner_text("p.error[role=alert]")  # told why, in their language
    page.wait_for_selector("#waiting-room [data-invite='2'] input")
    new_link = page.input_value("#waiting-room [data-invite='2'] input")
    assert "invite=" in new_link  # the freed seat is kept for whoever gets its new link
    friend = console.watch(friend_context.new_page())
    friend.goto(new_link)
    friend.fill("#join-name", "Ken")
    friend.click("#take-seat")
    friend.wait_for_selector("#table[data-seat='2']")
    assert "Ken" in page.inner_text("[data-seat-info='2']")
    for context in (host, stranger_context, friend_context):
        context.close()
