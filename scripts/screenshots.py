"""Screenshots of the browser client for the README: each game mid-play and at the end, in English
and Japanese, plus the lobby and a phone-width table (docs/screenshots/*.png).

Runs a real ``asobiba serve`` on a temporary database and Debian's Chromium, and plays our seat by
clicking as the browser tests do::

    python scripts/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from web_testing import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    create_room_from_lobby,
    new_context,
    play_until_over,
    table,
)
from web_testing import web_server as start_server  # noqa: E402

#: game -> (players, bots, lobby options, clicks before the mid-play picture)
GAMES = {
    "cockroach-poker": (4, {1: "bot:normal", 2: "bot:normal", 3: "bot:normal"}, {}, 3),
    "paper-safari": (3, {1: "bot:normal", 2: "bot:normal"}, {"tokens_to_win": "1"}, 9),
    "survive": (3, {1: "bot:random", 2: "bot:random"}, {}, 40),
}


def shoot(page: Page, path: Path) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    arguments = parser.parse_args()
    out: Path = arguments.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as directory, start_server(Path(directory)) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for lang in ("en", "ja"):
            context = new_context(browser, lang, width=1280, height=900)
            page = context.new_page()
            page.goto(server.base_url + "/")
            page.wait_for_selector("#create-room")
            shoot(page, out / f"lobby.{lang}.png")
            for game, (players, bots, options, mid) in GAMES.items():
                rng = random.Random(f"{game}-{lang}")
                create_room_from_lobby(page, server.base_url, game, players, bots, options)
                play_until_over(page, rng, stop_after=mid)
                if table(page).get("phase") != "over":
                    shoot(page, out / f"{game}.mid.{lang}.png")
                play_until_over(page, rng)
                shoot(page, out / f"{game}.end.{lang}.png")
            context.close()
        phone = new_context(browser, "ja", width=360, height=780)
        page = phone.new_page()
        create_room_from_lobby(page, server.base_url, "survive", 2, {1: "bot:random"})
        play_until_over(page, random.Random(1), stop_after=25)
        shoot(page, out / "survive.phone.ja.png")
        browser.close()


if __name__ == "__main__":
    main()
