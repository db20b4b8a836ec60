"""The chat's rules in the browser: a spectator of a room closed to spectators' chat is told why
instead of getting a field (in the reader's language); the room's creator mutes a spectator from its
chat line, and the muted spectator's next message is refused with a clear message."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser
from web_testing import ConsoleWatch, WebServer, new_context, serious_accessibility_violations

from asobiba.server.client import create_room

GAME = "cockroach-poker"
#: Aki at seat 0, two bots that take their time.
ROOM = {"seats": {"1": "bot:random", "2": "bot:random"}, "name": "Aki", "bot_delay": 30}


def test_a_spectator_of_an_unlisted_room_is_told_why_they_cannot_chat(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, tmp_path: Path
) -> None:
    made = create_room(shared_web_server.base_url, GAME, 3, **ROOM)  # unlisted: spectators may not chat
    for lang, text in [
        ("ja", "この部屋では観戦者はチャットできません。部屋の作成者が許可していません。"),
        ("en", "Spectators cannot chat in this room: its creator has not allowed it."),
    ]:
        context = new_context(browser, lang)
        page = console.watch(context.new_page())
        page.goto(made["invite"])
        page.wait_for_selector("#table[data-seat='spectator']")
        assert page.inner_text("#chat-off") == text
        assert page.locator(".chat input").count() == 0
        if lang == "ja":
            page.locator(".chat").screenshot(path=str(tmp_path / "chat-off.png"))
        context.close()
    creator = new_context(browser, "en")  # the creator, on a seat, may chat
    page = console.watch(creator.new_page())
    page.goto(made["link"])
    page.wait_for_selector("#table[data-seat='0']")
    assert page.locator(".chat input").count() == 1 and page.locator("#chat-off").count() == 0
    creator.close()


def test_the_creator_mutes_a_spectator_from_its_chat_line(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, tmp_path: Path
) -> None:
    made = create_room(shared_web_server.base_url, GAME, 3, listed=True, **ROOM)  # listed: spectators chat
    host, stands = new_context(browser, "en"), new_context(browser, "ja")
    page = console.watch(host.new_page())
    page.goto(made["link"])
    page.wait_for_selector("#table[data-seat='0']")
    spectator = console.watch(stands.new_page())
    spectator.goto(made["invite"])
    spectator.wait_for_selector("#table[data-seat='spectator']")
    spectator.fill(".chat input", "spam spam")
    spectator.click(".chat button[type=submit]")
    line = page.locator(".chat li[data-spectator]:not([data-spectator=''])")
    line.wait_for()
    who = line.get_attribute("data-spectator")
    assert who and line.inner_text().startswith(f"spectator {who}: spam spam")
    assert spectator.locator(".chat-mute").count() == 0  # only the creator sees the control
    page.locator(".chat").screenshot(path=str(tmp_path / "mute.png"))
    page.click(".chat-mute")
    page.wait_for_selector(".chat .chat-muted")
    assert page.locator(".chat-mute").count() == 0
    assert serious_accessibility_violations(page) == []
    page.locator(".chat").screenshot(path=str(tmp_path / "muted.png"))
    spectator.fill(".chat input", "more spam")
    spectator.click(".chat button[type=submit]")
    spectator.wait_for_selector("#rejected")
    assert spectator.inner_text("#rejected") == "部屋の作成者があなたをミュートしました。メッセージは送られません"
    spectator.reload()  # a reconnect: the same spectator, still muted
    spectator.wait_for_selector("#table[data-seat='spectator']")
    spectator.fill(".chat input", "again")
    spectator.click(".chat button[type=submit]")
    spectator.wait_for_selector("#rejected")
    assert page.locator(".chat li").count() == 1  # nobody saw the muted messages
    host.close()
    stands.close()
