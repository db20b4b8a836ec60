"""Whose turn and why it ended, in a real browser: the seat to move alone carries data-to-move="true"
in a style no other highlight uses, the title starts with "● " on our turn, the prompt speaks to the
reader and the log names the players; at the end, the result panel (data-result) lists every seat,
the winners' rows and panels carry data-winner="true" and nobody is framed as the one to move. The
room of each game has no serious accessibility violation."""

from __future__ import annotations

import json
import random
import re
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
    serious_accessibility_violations,
    table,
    wait_for_turn_or_end,
)

GAMES = (("cockroach-poker", 3), ("paper-safari", 2), ("survive", 2))

#: Counts the acts the page sends (the seq each quotes), so that a click that sent one is followed by
#: a wait for its answer: a second click before it would land on the next position (our act there
#: made the game move on while the test believed it was still deciding — the turn mark seemed lost).
COUNT_ACTS = """(() => { const send = WebSocket.prototype.send; window.__acts = [];
  WebSocket.prototype.send = function (data) {
    try { const m = JSON.parse(data); if (m.type === 'act') window.__acts.push(m.seq); } catch (e) {}
    return send.call(this, data); }; })();"""


def acts_sent(page: Page) -> list[int]:
    sent: list[int] = page.evaluate("() => window.__acts")
    return sent


def wait_for_answer(page: Page, sent_before: int) -> None:
    """After a click: if it sent an act at seq S, until the table has moved past S (or the act was
    refused); a click that only took a step of the choice needs no wait."""
    sent = acts_sent(page)
    if len(sent) == sent_before:
        return
    page.wait_for_function(
        "(seq) => { const t = document.querySelector('#table');"
        " return (t && Number(t.dataset.seq) > seq) || document.querySelector('#rejected') !== null; }",
        arg=sent[-1],
    )


#: At one moment: the table root's data, whether one of our legal actions is on it, and each seat
#: panel's player, data-to-move, data-winner and top border colour.
SNAPSHOT = """() => ({
  table: {...(document.querySelector('#table') || {dataset: {}}).dataset},
  decision: (document.querySelector('#decision') || {}).textContent || '',
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
    context.add_init_script(COUNT_ACTS)
    page = console.watch(context.new_page())
    page.goto(shared_web_server.base_url + "/")
    page.evaluate("() => localStorage.setItem('asobiba.name', 'Aki')")  # the lobby's name field remembers it
    room = create_room_from_lobby(
        page, shared_web_server.base_url, game, players, dict.fromkeys(range(1, players), "bot:random")
    )
    wait_for_turn_or_end(page, None)
    assert not serious_accessibility_violations(page), game
    rng = random.Random(game)
    our_turns = 0
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
            assert snapshot["decision"].startswith("Your turn: "), snapshot["decision"]
            # on every one of our turns (the title is set just after the render)
            page.wait_for_function("() => document.title.startsWith('● ')", polling=50, timeout=15_000)
            assert table(page).get("seq") == state["seq"], "the position moved on while it was our decision"
            others = [panel for panel in shown if panel["toMove"] != "true"]
            assert all(panel["border"] != moving[0]["border"] for panel in others), "another panel looks the same"
            our_turns += 1
        elif moving and moving[0]["player"] != int(state["seat"]) and state.get("current") == "yes":
            assert " is deciding: " in snapshot["decision"], snapshot["decision"]
        sent_before = len(acts_sent(page))
        if state.get("current") == "yes" and page.query_selector(PICKABLE) and click_one(page, rng):
            wait_for_answer(page, sent_before)
            continue
        wait_for_turn_or_end(page, state.get("seq"))
    assert table(page).get("phase") == "over"
    assert our_turns >= 2, our_turns
    shown = panels(page)
    assert not [panel for panel in shown if panel["toMove"] == "true"], "a panel is framed to move after the end"
    winners = sorted(panel["player"] for panel in shown if panel["winner"] == "true")
    assert winners == sorted(final_winners(shared_web_server.base_url, room))
    rows = page.eval_on_selector_all(
        "[data-result] tbody tr",
        "rows => rows.map(r => [Number(r.dataset.seat), r.dataset.winner, r.cells[1].textContent])",
    )
    assert sorted(seat for seat, _, _ in rows) == list(range(players)), rows
    assert sorted(seat for seat, winner, _ in rows if winner == "true") == winners
    assert "Aki" in rows[[seat for seat, _, _ in rows].index(0)][2]
    log = page.inner_text(".log ol")
    assert "Aki" in log and not re.search(r"\bp\d\b", log), log[:400]  # nobody goes by p{n}, bots included
    bots = ["Bot"] if players == 2 else [f"Bot {number}" for number in range(1, players)]
    seats = page.inner_text(".seats")
    for name in bots:
        assert name in seats and name in log, (name, seats)
        assert any(name in text for _, _, text in rows), (name, rows)
    page.get_by_role("button", name="日本語").click()
    page.wait_for_function("() => document.querySelector('.seats').textContent.includes('ボット')", timeout=15_000)
    page.wait_for_function("() => !document.title.startsWith('● ')", polling=100, timeout=15_000)
    result = page.inner_text("#result")  # Japanese: 「Ken、ボット1」, no space before の or after 。
    assert ", " not in result and " の" not in result and "。 " not in result, result
    if len(winners) > 1:
        assert "、" in result, result
    context.close()
