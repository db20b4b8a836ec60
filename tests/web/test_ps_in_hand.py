"""Paper Safari's table speaks to the reader and draws each slot's name once (issue 21).

The card in hand: while our seat holds it (every "place the card" decision of ours) the page says
"in your hand" (あなたの手にある); while a bot holds one it says "in the hand of Bot" (ボットの手にある),
and only the seat to move ever holds a card. The bot waits a second per decision, so its holding
position stays on the page long enough to be read; every reading below is of one current position.

The slots: a grid slot's name (a1 … b3) is written once, under its card, never over the card's face
(it covered a face-up card's number) and never a second time inside a face-down card."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page
from web_testing import (
    WAIT_MS,
    ConsoleWatch,
    WebServer,
    click_one,
    create_room_from_lobby,
    new_context,
    table,
)

IN_YOUR_HAND = {"en": "in your hand", "ja": "あなたの手にある"}
IN_THE_BOTS_HAND = {"en": "in the hand of Bot", "ja": "ボットの手にある"}
#: Our clicks at most before both were seen (a turn is two or three of them).
CLICKS = 40

#: At one moment: the table's data, the mover, and the words under the card in hand (or null).
READING = """() => { const t = document.querySelector('#table');
  const hand = document.querySelector('#in-hand span');
  return { ...(t ? t.dataset : {}), hand: hand ? hand.textContent.trim() : null,
           ours: document.querySelector('.play [data-action]:not([data-list])') !== null }; }"""


def wait_for_change(page: Page, seq: str | None) -> None:
    page.wait_for_function(
        "(seq) => { const t = document.querySelector('#table'); return t && (t.dataset.phase === 'over'"
        " || (t.dataset.current === 'yes' && t.dataset.seq !== seq)); }",
        arg=seq,
        timeout=WAIT_MS,
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_card_in_hand_is_yours_or_the_named_movers(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    context.add_init_script("localStorage.setItem('asobiba.name', 'Aki')")
    page = console.watch(context.new_page())
    create_room_from_lobby(
        page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"}, {"tokens_to_win": "1"}, bot_delay="1"
    )
    rng = random.Random(5)
    ours_in_hand = bots_in_hand = 0
    seq: str | None = None
    for _ in range(CLICKS * 4):
        wait_for_change(page, seq)
        reading = page.evaluate(READING)
        if reading.get("current") != "yes" and reading.get("phase") != "over":
            seq = None  # the page went back to show a move just made: wait for the current position again
            continue
        seq = reading.get("seq")
        if reading.get("phase") == "over" or (ours_in_hand >= 2 and bots_in_hand >= 2):
            break
        if reading["ours"] and reading.get("phase") == "hand":
            assert reading["hand"] == IN_YOUR_HAND[lang], reading
            ours_in_hand += 1
        elif reading["hand"] is not None and not reading["ours"]:
            assert reading["hand"] == IN_THE_BOTS_HAND[lang], reading
            bots_in_hand += 1
        elif reading["ours"]:
            # our other decisions (draw or take, a power): a card held is ours, never another's
            assert reading["hand"] in (None, IN_YOUR_HAND[lang]), reading
        if reading["ours"] and click_one(page, rng):
            seq = None  # a step of the choice keeps the seq: look again at once
    assert ours_in_hand >= 2 and bots_in_hand >= 2, (ours_in_hand, bots_in_hand)
    context.close()


#: Per grid slot on the table: the slot's name as drawn under the card, whether that name's box
#: overlaps the card's drawing, and every text drawn inside the card.
SLOTS = """() => [...document.querySelectorAll('#table .slot[data-slot]')].map(slot => {
  const card = slot.querySelector('svg').getBoundingClientRect();
  const names = [...slot.querySelectorAll('.pos')];
  const box = names.length ? names[0].getBoundingClientRect() : null;
  const overlaps = box !== null && box.left < card.right && box.right > card.left
    && box.top < card.bottom && box.bottom > card.top;
  return { slot: slot.dataset.slot, names: names.map(n => n.textContent), overlaps,
    inside: [...slot.querySelectorAll('svg text')].map(text => text.textContent),
    label: slot.querySelector('svg').getAttribute('aria-label'),
    pickable: slot.querySelector('svg').hasAttribute('data-action') };
})"""


@pytest.mark.parametrize(("width", "height"), [(1200, 900), (390, 844)])
def test_each_slot_is_named_once_under_its_card(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, width: int, height: int
) -> None:
    context = new_context(browser, "en", width=width, height=height)
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"})
    page.wait_for_function(
        "() => { const t = document.querySelector('#table'); return t && t.dataset.current === 'yes'"
        " && document.querySelectorAll('#table .slot[data-slot] svg').length === 12; }",
        timeout=WAIT_MS,
    )
    assert table(page).get("phase") != "over"
    slots = page.evaluate(SLOTS)
    assert len(slots) == 12, slots  # two grids of 2×3
    for slot in slots:
        assert slot["names"] == [slot["slot"]], slot
        assert not slot["overlaps"], slot
        assert slot["slot"] not in slot["inside"], slot
        # the name is still read out (a card one may pick reads as its move instead)
        assert slot["label"].startswith(slot["slot"]) or (slot["pickable"] and slot["label"]), slot
    context.close()
