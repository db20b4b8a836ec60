"""The turn's sound and notification (issue 21): off by default, a toggle labelled in English and
Japanese (on a line of its own among the settings) that the keyboard reaches and the page remembers
(localStorage), and, once on, one chime
per turn that comes to the player — not one per position of that turn — with a notification while
the page is hidden.

What is announced is observed through Chromium's own APIs: an init script records each
``Notification`` constructed and each oscillator started (the chime's two notes, 660 and 880 Hz) into
``window.__announced`` and calls through to the real constructor and ``start``; the permission is
granted with ``context.grant_permissions``. A headless page is never hidden, and the notification is
sent only while the page is hidden, so for that branch the init script makes ``document.hidden``
and ``document.visibilityState`` say so (the page still renders: only those two properties lie).

The turns that came are counted from the room's own list of seats (the seat to move is marked there
for every game), position by position, with a MutationObserver: the player's turn arrives when it
becomes the seat to move after another seat was (a chance node, where nobody is marked, continues
the turn before it; the position the page opens on is not an arrival). Paper Safari is played: each
of its turns is two decisions in a row (take a card, then place or discard it)."""

from __future__ import annotations

import itertools
import random

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from web_testing import (
    ConsoleWatch,
    WebServer,
    create_room_from_lobby,
    new_context,
    play_until_over,
    wait_for_turn_or_end,
)

GAME = "paper-safari"
TOGGLE = "#turn-alerts"
LABEL = {"en": "Sound and notification on my turn", "ja": "自分の番を音と通知で知らせる"}
#: Our clicks in a room: enough for several turns of two decisions each.
CLICKS = 12

RECORD = """(() => {
  window.__announced = [];
  window.__movers = [];
  const where = () => {
    const table = document.querySelector('#table');
    const marked = document.querySelector('.seats li.to-move[data-seat-info]');
    const over = table && table.dataset.phase === 'over';
    return { seq: table ? Number(table.dataset.seq) : null,
             mover: marked && !over ? Number(marked.dataset.seatInfo) : null };
  };
  const RealNotification = window.Notification;
  if (RealNotification) {
    const Recorded = function Notification(title, options) {
      window.__announced.push({ kind: 'notification', title, body: options ? options.body : null, ...where() });
      return new RealNotification(title, options);
    };
    Recorded.prototype = RealNotification.prototype;
    Object.defineProperty(Recorded, 'permission', { get: () => RealNotification.permission });
    Recorded.requestPermission = (...args) => RealNotification.requestPermission(...args);
    window.Notification = Recorded;
  }
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.__announced.push({ kind: 'tone', frequency: this.frequency.value, ...where() });
    return start.apply(this, args);
  };
  let last = null;
  new MutationObserver(() => {
    const now = where();
    if (now.seq === null || (last && now.seq === last.seq && now.mover === last.mover)) return;
    window.__movers.push(now);
    last = now;
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq', 'class'] });
})();"""

HIDDEN = """Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });"""

#: The turns that came to seat 0 in the positions shown, and what was announced.
SNAPSHOT = """() => {
  let before, arrivals = 0, ours = 0;
  for (const { mover } of window.__movers) {
    if (mover === null) continue;
    if (mover === 0) ours += 1;
    if (before !== undefined && mover === 0 && before !== 0) arrivals += 1;
    before = mover;
  }
  const announced = window.__announced;
  return { arrivals, ours, announced,
           chimes: announced.filter((a) => a.kind === 'tone' && a.frequency === 660).length,
           tones: announced.filter((a) => a.kind === 'tone').length,
           notifications: announced.filter((a) => a.kind === 'notification') };
}"""


def recording_context(browser: Browser, lang: str, *, alerts: bool | None, hidden: bool = False) -> BrowserContext:
    context = new_context(browser, lang)
    context.grant_permissions(["notifications"])
    context.add_init_script(RECORD)
    if alerts is not None:
        context.add_init_script(f"localStorage.setItem('asobiba.alerts', '{1 if alerts else 0}');")
    if hidden:
        context.add_init_script(HIDDEN)
    return context


def play_a_few_turns(page: Page, base_url: str, *, announcing: bool) -> dict:
    """Play our seat for CLICKS clicks, until our turn is back; what the page showed and announced."""
    create_room_from_lobby(page, base_url, GAME, 2, {1: "bot:random"})
    play_until_over(page, random.Random(21), stop_after=CLICKS)
    wait_for_turn_or_end(page, None)
    # the announcement is made once the turn's position is drawn (after the paint): let it be made
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    if announcing:
        page.wait_for_function(f"() => ({SNAPSHOT})().chimes >= ({SNAPSHOT})().arrivals", timeout=10_000)
    snapshot: dict = page.evaluate(SNAPSHOT)
    return snapshot


def test_the_turn_is_not_announced_by_default(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch
) -> None:
    context = recording_context(browser, "en", alerts=None)
    page = console.watch(context.new_page())
    seen = play_a_few_turns(page, shared_web_server.base_url, announcing=False)
    assert page.is_checked(TOGGLE) is False
    assert page.evaluate("localStorage.getItem('asobiba.alerts')") is None
    assert seen["arrivals"] >= 2, seen
    assert seen["announced"] == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_toggle_is_labelled_reached_by_the_keyboard_and_remembered(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = recording_context(browser, lang, alerts=None)
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, GAME, 2, {1: "bot:random"})
    label = page.locator(f"label:has({TOGGLE})")
    assert label.inner_text().strip() == LABEL[lang]
    assert page.get_by_label(LABEL[lang]).get_attribute("id") == TOGGLE[1:]
    # each setting is a line of its own: its box and its words, not run on into the next one's
    lines = page.eval_on_selector_all(
        ".settings label", "ls => ls.map(l => { const r = l.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    assert len(lines) >= 2 and all(below[0] >= above[1] - 1 for above, below in itertools.pairwise(lines)), lines
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == TOGGLE[1:]:
            break
    else:
        raise AssertionError("Tab never reaches the turn alerts toggle")
    page.keyboard.press("Space")
    assert page.is_checked(TOGGLE)
    assert page.evaluate("localStorage.getItem('asobiba.alerts')") == "1"
    page.reload()
    page.wait_for_selector("#table")
    assert page.is_checked(TOGGLE), "the setting is forgotten on reload"
    page.focus(TOGGLE)
    page.keyboard.press("Space")
    page.reload()
    page.wait_for_selector("#table")
    assert not page.is_checked(TOGGLE)
    assert page.evaluate("localStorage.getItem('asobiba.alerts')") == "0"
    context.close()


@pytest.mark.parametrize("hidden", [False, True], ids=["visible", "hidden"])
def test_with_the_toggle_on_each_turn_that_comes_is_announced_once(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, hidden: bool
) -> None:
    context = recording_context(browser, "en", alerts=True, hidden=hidden)
    page = console.watch(context.new_page())
    seen = play_a_few_turns(page, shared_web_server.base_url, announcing=True)
    assert page.is_checked(TOGGLE)
    assert seen["arrivals"] >= 2, seen
    assert seen["ours"] > seen["arrivals"], "no turn of several positions was played"
    # once per turn: one chime (two notes) each time the turn came, none for its later positions
    assert seen["chimes"] == seen["arrivals"] and seen["tones"] == 2 * seen["arrivals"], seen
    assert all(a["mover"] == 0 for a in seen["announced"]), seen["announced"]
    if hidden:
        assert [(n["title"], n["body"]) for n in seen["notifications"]] == [
            ("Paper Safari (Pokémon edition)", "Your turn")
        ] * seen["arrivals"]
    else:
        assert seen["notifications"] == []
    context.close()
