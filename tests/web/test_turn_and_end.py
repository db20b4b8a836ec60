"""Whose turn and why it ended, in a real browser: the seat to move alone carries data-to-move="true"
in a style no other highlight uses; at the end, the winners' panels carry data-winner="true" and
nobody is framed as the one to move."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest
from playwright.sync_api import Browser, Page
from web_testing import (
    PICKABLE,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    table,
    wait_for_turn_or_end,
)

GAMES = (("cockroach-poker", 3), ("paper-safari", 2), ("survive", 2))

#: At one moment: the table root's data, whether one of our legal actions is on it, and each seat
#: panel's player, data-to-move, data-winner and top border colour.
SNAPSHOT = """() => ({
  table: {...(document.querySelector('#table') || {dataset: {}}).dataset},
  ourAction: document.querySelector('.play [data-action]:not([data-list])') !== null,
  panels: [...document.querySelectorAll('#table .seat-panel')].map(p => ({
    player: Number(p.dataset.player), toMove: p.dataset.toMove, winner: p.dataset.winner || null,
    border: getComputedStyle(p).borderTopColor }))})"""


def panels(page: Page) -> list[dict]:
    found: list[dict] = page.evaluate(SNAPSHOT)["panels"]
    return found


def final_winners(base_url: str, room: str) -> list[int]:
    with urllib.request.urlopen(f"{base_url}/api/rooms/{room}/replay", timeout=30) as response:
        frames = json.loads(response.read())
    winners: list[int] = frames[-1]["view"]["result"]["winners"]
    return winners


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_only_the_seat_to_move_carries_data_to_move_and_the_winners_are_marked_at_the_end(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, game: str, players: int
) -> None:
    context = new_context(browser, "en")
    page = console.watch(context.new_page())
    room = create_room_from_lobby(
        page, shared_web_server.base_url, game, players, dict.fromkeys(range(1, players), "bot:random")
    )
    rng = random.Random(game)
    checked_our_turn = False
    for _ in range(4000):
        snapshot = page.evaluate(SNAPSHOT)
        state, shown = snapshot["table"], snapshot["panels"]
        if state.get("phase") == "over":
            break
        moving = [panel for panel in shown if panel["toMove"] == "true"]
        assert len(moving) <= 1, moving
        assert all(panel["toMove"] in ("true", "false") for panel in shown)
        if state.get("current") == "yes" and snapshot["ourAction"]:
            assert [panel["player"] for panel in moving] == [int(state["seat"])], (moving, state)
            others = [panel for panel in shown if panel["toMove"] != "true"]
            assert all(panel["border"] != moving[0]["border"] for panel in others), "another panel looks the same"
            checked_our_turn = True
        if state.get("current") == "yes" and page.query_selector(PICKABLE) and click_one(page, rng):
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    assert table(page).get("phase") == "over"
    assert checked_our_turn
    shown = panels(page)
    assert not [panel for panel in shown if panel["toMove"] == "true"], "a panel is framed to move after the end"
    winners = sorted(panel["player"] for panel in shown if panel["winner"] == "true")
    assert winners == sorted(final_winners(shared_web_server.base_url, room))
    context.close()
