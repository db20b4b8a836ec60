"""The room page in a real browser: two people in one room, a spectator, a reload, a server that
is killed and restarted, the phone width."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

from playwright.sync_api import Browser, Error, Page
from web_testing import (
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    play_until_over,
    table,
    wait_for_turn_or_end,
)


def room_summary(base_url: str, room: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/api/rooms/{room}", timeout=10) as response:
        summary: dict[str, Any] = json.loads(response.read())
    return summary


def hand_cards(page: Page) -> set[str]:
    return set(page.eval_on_selector_all(".hand [data-card]", "cards => cards.map(c => c.dataset.card)"))


def every_card_shown(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "cards => cards.map(c => c.dataset.card)"))


def test_two_people_play_one_room_from_two_browsers(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    first_context, second_context = new_context(browser, "en"), new_context(browser, "ja")
    first = console.watch(first_context.new_page())
    room = create_room_from_lobby(first, shared_web_server.base_url, "cockroach-poker", 3, {2: "bot:random"})
    invite = first.locator("[data-copy=seat-1]").locator("xpath=..").locator("input").input_value()
    assert f"/r/{room}?seat=1&invite=" in invite  # each free seat its own link, with its own code
    second = console.watch(second_context.new_page())
    second.goto(invite)
    second.fill("#join-name", "Ken")
    second.click("#take-seat")
    second.wait_for_function("() => document.querySelector('#table')?.dataset.seat === '1'")
    rngs = {0: random.Random(1), 1: random.Random(2)}
    pages = {0: first, 1: second}
    for _ in range(3000):
        if all(table(page)["phase"] == "over" for page in pages.values()):
            break
        for seat, page in pages.items():
            state = table(page)
            if state["phase"] != "over" and state["current"] == "yes":
                click_one(page, rngs[seat])
        first.wait_for_timeout(20)
    assert table(first)["phase"] == table(second)["phase"] == "over"
    assert "ゲーム終了" in second.inner_text("main")
    first_context.close()
    second_context.close()


def test_a_spectator_sees_no_card_of_any_hand(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    player_context, watcher_context = new_context(browser, "en"), new_context(browser, "en")
    player = console.watch(player_context.new_page())
    room = create_room_from_lobby(
        player, shared_web_server.base_url, "cockroach-poker", 3, {1: "bot:random", 2: "bot:random"}
    )
    watcher = console.watch(watcher_context.new_page())
    watcher.goto(f"{shared_web_server.base_url}/r/{room}#watch")
    watcher.wait_for_selector("#table")
    player.bring_to_front()
    assert table(watcher)["seat"] == "spectator"
    rng = random.Random(7)
    checked = 0
    for _ in range(6):
        play_until_over(player, rng, stop_after=1)
        # On our turn at the room's latest position nothing moves until we do, so both pages can be
        # compared there. A click may still be in flight (the room then moves on without us): a
        # position counts only if the room is still at it once the spectator shows it.
        seq = None
        for _ in range(100):
            player.wait_for_function(
                "() => { const t = document.querySelector('#table'); return t && (t.dataset.phase === 'over' ||"
                " (t.dataset.current === 'yes' && document.querySelector('[data-action]') !== null)); }"
            )
            if table(player)["phase"] == "over":
                break
            latest = str(room_summary(shared_web_server.base_url, room)["seq"])
            if table(player)["seq"] != latest:
                player.wait_for_timeout(100)
                continue
            # the watcher's window may be in the background, where animation frames (Playwright's
            # default polling) do not run: bring it forward and poll on a timer
            watcher.bring_to_front()
            try:
                watcher.wait_for_function(
                    f"() => document.querySelector('#table')?.dataset.seq === '{latest}'", polling=100, timeout=10_000
                )
            except Error as error:
                room_now = room_summary(shared_web_server.base_url, room)
                if str(room_now["seq"]) == latest:
                    raise AssertionError(
                        f"the spectator never showed seq {latest}, where the room stayed: spectator {table(watcher)}, "
                        f"player {table(player)}, room {room_now}"
                    ) from error
                player.bring_to_front()
                continue
            if str(room_summary(shared_web_server.base_url, room)["seq"]) == latest == table(player)["seq"]:
                seq = latest
                break
            player.bring_to_front()
        if table(player)["phase"] == "over":
            break
        assert seq is not None, "the player's page and the spectator's never met at the room's latest position"
        player.bring_to_front()
        hidden = hand_cards(player)
        assert hidden, "the player sees his own hand"
        assert watcher.locator(".hand").count() == 0
        assert not hidden & every_card_shown(watcher), "a spectator saw a card of a hand"
        assert watcher.locator("[data-action]").count() == 0
        checked += 1
    assert checked > 0
    player_context.close()
    watcher_context.close()


def test_a_reload_in_the_middle_resumes_the_same_seat(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"})
    play_until_over(page, random.Random(4), stop_after=4)
    before = table(page)
    page.reload()
    page.wait_for_function(f"() => Number(document.querySelector('#table')?.dataset.seq) >= {before['seq']}")
    after = table(page)
    assert after["seat"] == "0"
    assert page.locator(".log li").count() > 0, "the log of the whole game is back"
    context.close()


def test_the_page_reconnects_when_the_server_is_killed_and_restarted(
    browser: Browser, own_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, own_server.base_url, "survive", 2, {1: "bot:random"})
    rng = random.Random(11)
    play_until_over(page, rng, stop_after=12)
    seq = table(page)["seq"]
    own_server.kill()
    page.wait_for_selector("#offline")
    assert table(page)["current"] == "no", "an offline page does not offer moves on a position that may be stale"
    assert page.locator("[data-action]").count() == 0
    own_server.start()
    page.wait_for_selector("#offline", state="detached")
    wait_for_turn_or_end(page, None)
    assert int(table(page)["seq"]) >= int(seq)
    clicks = play_until_over(page, rng, stop_after=8)
    assert clicks == 8 or table(page)["phase"] == "over", "the game goes on after the restart"
    # the browser reports the refused connections while the server was down; nothing else
    console.errors[:] = [error for error in console.errors if "WebSocket connection" not in error]
    context.close()


def test_the_pages_fit_a_phone_360_pixels_wide(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "ja", width=360, height=740)
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.wait_for_selector("#create-room")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for game, players in (("survive", 2), ("paper-safari", 2), ("cockroach-poker", 3)):
        create_room_from_lobby(
            page, shared_web_server.base_url, game, players, dict.fromkeys(range(1, players), "bot:random")
        )
        play_until_over(page, random.Random(game), stop_after=2)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, f"{game} is wider than the phone"
    context.close()


#: Every state frame's seq as it arrives, and every data-seq the table root takes, in order.
RECORD_SEQS = """
window.__received = [];
window.__shown = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "state") window.__received.push(String(frame.seq));
    });
  }
};
new MutationObserver(() => {
  const table = document.querySelector("#table");
  if (table && window.__shown[window.__shown.length - 1] !== table.dataset.seq) window.__shown.push(table.dataset.seq);
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-seq"] });
"""


def test_bots_moves_are_shown_one_position_at_a_time(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    context.add_init_script(RECORD_SEQS)
    page = console.watch(context.new_page())
    # every seat a bot: the creator watches; the bots move every half second and the page shows each
    # position for 0.9 s, so moves queue up and a page that jumped to the newest would skip some
    create_room_from_lobby(
        page,
        shared_web_server.base_url,
        "cockroach-poker",
        3,
        {1: "bot:random", 2: "bot:random"},
        seat_zero="bot:random",
        bot_delay="0.5",
    )
    page.select_option("#speed", "0.9")
    page.wait_for_function("() => window.__shown.length >= 6", timeout=30_000)
    received, shown = page.evaluate("[window.__received.slice(), window.__shown.slice()]")
    distinct = [seq for index, seq in enumerate(received) if index == 0 or received[index - 1] != seq]
    assert shown == distinct[: len(shown)], "a position was skipped"
    assert [int(seq) for seq in shown] == sorted({int(seq) for seq in shown})
    assert len(distinct) > len(shown), "the moves queued up while the page showed them one by one"
    context.close()


def test_a_turn_clock_counts_down_for_the_player_to_move(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.click("[data-game=paper-safari]")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:random")
    page.select_option("#clock", "60")
    page.select_option("#bot-delay", "0")
    page.click("#create-room")
    page.wait_for_selector("#table")
    wait_for_turn_or_end(page, None)
    timer = page.locator("[data-seat-info='0'] [role=timer]")
    timer.wait_for()
    seconds = int(timer.inner_text().split()[0])  # the clock icon is drawn, not a glyph of the text
    assert 0 < seconds <= 60
    assert timer.locator("svg.icon-clock").count() == 1
    context.close()
