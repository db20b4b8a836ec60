"""Accounts in the browser: a guest plays a seat, creates an account in the middle of the game and
keeps the seat; on another browser (another device) the player signs in, finds the game in "My
games" (/me) and takes the seat back without its link. The session cookie is not readable by scripts."""

from __future__ import annotations

import random

import httpx
from playwright.sync_api import Browser, Page
from web_testing import (
    ConsoleWatch,
    WebServer,
    create_room_from_lobby,
    new_context,
    play_until_over,
    serious_accessibility_violations,
    table,
)

PASSWORD = "a long secret phrase"


def test_a_guest_signs_up_mid_game_keeps_the_seat_and_takes_it_back_on_another_device(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    laptop = new_context(browser, "en")
    page = console.watch(laptop.new_page())
    room = create_room_from_lobby(page, base, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"})
    play_until_over(page, random.Random(3), stop_after=2)
    assert table(page)["seat"] == "0"
    # mid-game: create an account from the header
    page.click("#create-account")
    page.fill("#account-username", "mid_game_ken")
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name")
    assert page.inner_text("#account-name") == "mid_game_ken"
    assert "asobiba_session" not in page.evaluate("() => document.cookie")  # HttpOnly: scripts never see it
    assert table(page)["seat"] == "0"  # still playing the same seat
    play_until_over(page, random.Random(4), stop_after=1)
    # another device: sign in, find the game in "My games", take the seat back without its link
    phone = new_context(browser, "ja")
    other = console.watch(phone.new_page())
    other.goto(base + "/me")
    other.wait_for_selector("#my-games")
    assert other.locator(f"[data-room='{room}']").count() == 0  # a guest here: this browser holds nothing
    other.click("#sign-in")
    other.fill("#account-username", "MID_GAME_KEN")
    other.fill("#account-password", PASSWORD)
    other.click("#account-submit")
    other.wait_for_selector("#account-name")
    other.wait_for_selector(f"[data-open-room='{room}']")
    assert "マイゲーム" in other.inner_text("#my-games")
    other.click(f"[data-open-room='{room}']")
    other.wait_for_url(f"**/r/{room}")
    other.wait_for_selector("#table[data-seat='0']")
    assert other.evaluate(f"() => localStorage.getItem('asobiba.token.{room}')")  # the new token, kept here
    # the lobby counts the games where it is this player's turn, in its badge and its title
    with httpx.Client(base_url=base, cookies=dict(cookie_pair(phone))) as api:
        waiting_for_me = len(api.post("/api/me/games", json={"tokens": []}).json()["your_turn"])
    other.goto(base + "/")
    other.wait_for_selector("#create-room")
    if waiting_for_me:
        other.wait_for_selector("#your-turn-badge")
        other.wait_for_function("() => document.title.startsWith('(')")
    # a third device opens the room's own link (as an emailed one): signed in, the seat comes back to it too
    tablet = new_context(browser, "en")
    third = console.watch(tablet.new_page())
    third.goto(base + "/")
    third.wait_for_selector("#sign-in")
    third.click("#sign-in")
    third.fill("#account-username", "mid_game_ken")
    third.fill("#account-password", PASSWORD)
    third.click("#account-submit")
    third.wait_for_selector("#account-name")
    third.goto(f"{base}/r/{room}")
    third.wait_for_selector("#table[data-seat='0']")
    console.errors[:] = [error for error in console.errors if "WebSocket" not in error]  # the others', sent away
    for context in (laptop, phone, tablet):
        context.close()


def cookie_pair(context: object) -> list[tuple[str, str]]:
    cookies = context.cookies()  # type: ignore[attr-defined]
    assert all(
        cookie["httpOnly"] and cookie["sameSite"] == "Lax" for cookie in cookies if cookie["name"] == "asobiba_session"
    )
    return [(cookie["name"], cookie["value"]) for cookie in cookies]


def sign_up_in(page: Page, username: str) -> None:
    page.click("#create-account")
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_selector("#account-name")


def test_a_friend_invited_by_username_accepts_from_my_games_and_sits_down(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    friend_context, host_context = new_context(browser, "en"), new_context(browser, "ja")
    friend = console.watch(friend_context.new_page())
    friend.goto(base + "/me")
    sign_up_in(friend, "invited_mio")
    host = console.watch(host_context.new_page())
    host.goto(base + "/")
    host.click("[data-game=cockroach-poker]")
    host.select_option("#players", "3")
    host.select_option("#seat-1", "user:")
    host.fill("#seat-1-username", "nobody_at_all")
    host.select_option("#seat-2", "bot:random")
    host.click("#create-room")
    host.wait_for_selector(".create-bar .error")
    assert "nobody_at_all" in host.inner_text(".create-bar .error")  # 404, in Japanese
    assert "プレイヤーはいません" in host.inner_text(".create-bar .error")
    host.fill("#seat-1-username", "Invited_Mio")
    host.click("#create-room")
    host.wait_for_url("**/r/*")
    room = host.url.rsplit("/", 1)[1].split("#")[0]
    friend.reload()
    friend.wait_for_selector(f"[data-accept='{room}']")
    assert serious_accessibility_violations(friend) == []
    friend.click(f"[data-accept='{room}']")
    friend.wait_for_url(f"**/r/{room}")
    friend.wait_for_selector("#table[data-seat='1']")
    host.wait_for_function("() => document.querySelector('#table') && !document.querySelector('#waiting-room')")
    console.errors[:] = [error for error in console.errors if "404" not in error]  # the refused room, reported
    for context in (friend_context, host_context):
        context.close()
