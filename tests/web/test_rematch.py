"""The rematch in the browser: the friends of the game before follow the "rematch room is ready" link
(or open the rematch's page, their token of the game before stored) and sit in the seats kept for
them; the rematch waits for them in its waiting room and starts once everybody is back."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext
from web_testing import ConsoleWatch, WebServer, new_context

from asobiba.server.client import RoomClient, create_room, follow_invite, room_summary

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))

from server_testing import play_first_legal, run


def finished_game(base: str) -> tuple[str, dict[str, str]]:
    """Aki, Ken and Mio play Cockroach Poker to the end (through the protocol): the room and each
    one's token."""
    made = create_room(base, "cockroach-poker", 3, seats={"1": "human", "2": "human"}, name="Aki")
    tokens = {"Aki": made["token"]}
    for seat, name in (("1", "Ken"), ("2", "Mio")):
        tokens[name] = follow_invite(made["invites"][seat], name)["token"]

    async def play() -> None:
        clients = [RoomClient(base, made["room"], token) for token in tokens.values()]
        for client in clients:
            await client.connect()
        await asyncio.gather(*(play_first_legal(client) for client in clients))
        for client in clients:
            await client.close()

    with ThreadPoolExecutor(max_workers=1) as thread:  # Playwright's loop runs in this one
        thread.submit(run, play()).result()
    return made["room"], tokens


def holding(browser: Browser, base: str, room: str, token: str, lang: str) -> BrowserContext:
    """A browser profile that played ``room`` with ``token`` (as the room page keeps it)."""
    context = new_context(browser, lang)
    context.add_init_script(f"localStorage.setItem('asobiba.token.{room}', '{token}');")
    return context


def test_the_friends_follow_the_rematch_link_into_their_kept_seats(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    base = shared_web_server.base_url
    room, tokens = finished_game(base)
    contexts = {
        "Aki": holding(browser, base, room, tokens["Aki"], "en"),
        "Ken": holding(browser, base, room, tokens["Ken"], "ja"),
        "Mio": holding(browser, base, room, tokens["Mio"], "en"),
    }
    pages = {name: console.watch(context.new_page()) for name, context in contexts.items()}
    for page in pages.values():
        page.goto(f"{base}/r/{room}")
        page.wait_for_selector("#result")
    aki, ken, mio = pages["Aki"], pages["Ken"], pages["Mio"]
    aki.click("#rematch")
    aki.wait_for_function(f"() => !location.pathname.endsWith('{room}')")
    rematch_room = aki.url.rsplit("/", 1)[1].split("#")[0]
    aki.wait_for_selector("#waiting-room")  # the others are not back yet: it waits
    assert aki.locator("#start-game").is_visible()  # Aki asked for it: she may start it
    seats: dict[str, Any] = {seat["name"]: seat for seat in room_summary(base, rematch_room)["seats"]}
    assert seats["Ken"]["kept"] and seats["Mio"]["kept"]
    ken.wait_for_selector("#rematch-link")
    ken.click("#rematch-link")  # the "rematch room is ready" link
    ken.wait_for_selector(f"#table[data-seat='{seats['Ken']['seat']}']")
    assert ken.locator("#waiting-room").is_visible() and ken.locator("#start-game").count() == 0
    aki.wait_for_function(
        f"() => document.querySelector(\"[data-waiting-seat='{seats['Ken']['seat']}']\").dataset.status === 'seated'"
    )
    assert room_summary(base, rematch_room)["started"] is False  # Mio is not back yet
    mio.goto(f"{base}/r/{rematch_room}")  # the rematch's page itself: her token of the game before
    mio.wait_for_selector(f"#table[data-seat='{seats['Mio']['seat']}']")
    for page in pages.values():  # everybody is back: the game starts
        page.wait_for_selector("#waiting-room", state="detached")
    assert room_summary(base, rematch_room)["started"] is True
    for context in contexts.values():
        context.close()
