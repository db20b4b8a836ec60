"""Paper Safari's card in hand speaks to the reader (issue 21: "Prompts speak to the reader"): the card
our seat drew or took is "in your hand" (あなたの手にある), not "in the hand of Aki"."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser
from web_testing import (
    ConsoleWatch,
    WebServer,
    create_room_from_lobby,
    new_context,
    play_until_over,
    table,
    wait_for_turn_or_end,
)

IN_YOUR_HAND = {"en": "in your hand", "ja": "あなたの手にある"}
#: How the page would name our seat's card without the rule (our name is Aki).
IN_AKIS_HAND = {"en": "in the hand of Aki", "ja": "Akiの手にある"}
#: Our clicks at most: a few turns of two decisions each.
CLICKS = 16


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_card_our_seat_holds_is_in_your_hand(
    browser: Browser, shared_web_server: WebServer, console: ConsoleWatch, lang: str
) -> None:
    context = new_context(browser, lang)
    context.add_init_script("localStorage.setItem('asobiba.name', 'Aki')")
    page = console.watch(context.new_page())
    create_room_from_lobby(page, shared_web_server.base_url, "paper-safari", 2, {1: "bot:random"})
    rng = random.Random(5)
    seen: list[str] = []
    for _ in range(CLICKS):
        wait_for_turn_or_end(page, None)
        state = table(page)
        if state.get("phase") == "over":
            break
        holding = page.locator("#in-hand span")
        if state.get("current") == "yes" and holding.count():
            seen.append(holding.inner_text().strip())
        play_until_over(page, rng, stop_after=1)
    # (while it is our decision another seat may hold a card too: that one is named)
    assert IN_YOUR_HAND[lang] in seen, seen
    assert IN_AKIS_HAND[lang] not in seen, seen
    context.close()
