"""The browser client's budget: bytes of the first load and milliseconds to render a state update.

Starts a real ``asobiba serve`` and Debian's Chromium; loads the lobby and a room and adds up every
response (no fonts are served); then, for each game, records the state frames of a game played by
clicking, and renders the table of each frame after the one before it (``preact.render`` into a
page element, synchronous), timing each update with ``performance.now()``::

    python benchmarks/web_budget.py
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from playwright.sync_api import Response, sync_playwright  # noqa: E402
from web_testing import CHROMIUM, CHROMIUM_ARGS, create_room_from_lobby, new_context, play_until_over  # noqa: E402
from web_testing import web_server as start_server  # noqa: E402

#: Every state frame the page receives, kept for the render timing.
RECORD_FRAMES = """
const NativeWebSocket = window.WebSocket;
window.__frames = [];
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "state") window.__frames.push(frame);
    });
  }
};
"""

#: Render every recorded frame's table after the previous one; the milliseconds of each update.
TIME_UPDATES = """async () => {
  const { render, h } = await import("preact");
  const { Table } = await import("/room.js");
  const { loadRenderer } = await import("/games.js");
  const { makePicker } = await import("/picker.js");
  const box = document.createElement("div");
  document.body.append(box);
  const times = [];
  const frames = window.__frames;
  for (let round = 0; round < 3; round++) {
    for (const frame of frames) {
      const game = await loadRenderer(frame.view.game);
      const picker = makePicker(frame.legal, game, [], () => {}, () => {}, frame.view);
      const started = performance.now();
      render(h(Table, { game, frame, picker, presence: null, recent: frame.events, current: true }), box);
      const elapsed = performance.now() - started;
      if (round > 0 || frame !== frames[0]) times.push(elapsed); // the first is a mount, not an update
    }
  }
  render(null, box);
  return times;
}"""

GAMES = {
    "cockroach-poker": (4, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, {}),
    "paper-safari": (4, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, {}),
    "survive": (4, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, {}),
}


def main() -> None:
    with tempfile.TemporaryDirectory() as directory, start_server(Path(directory)) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = new_context(browser, "ja")
        context.add_init_script(RECORD_FRAMES)
        page = context.new_page()
        loaded: dict[str, int] = {}

        def count(response: Response) -> None:
            length = response.headers.get("content-length")
            if response.request.resource_type != "websocket" and length is not None:
                loaded[response.url] = int(length)

        page.on("response", count)
        page.goto(server.base_url + "/")
        page.wait_for_selector("#create-room")
        lobby_bytes = sum(loaded.values())
        print(f"first load, lobby: {lobby_bytes / 1024:.1f} KiB in {len(loaded)} files (budget 300 KiB)")
        print("| game | updates | median ms | p95 ms | max ms |")
        print("|---|---|---|---|---|")
        for game, (players, bots, options) in GAMES.items():
            loaded.clear()
            page.evaluate("window.__frames = []")
            create_room_from_lobby(page, server.base_url, game, players, bots, options)
            if game == "cockroach-poker":
                fonts = [url for url in loaded if url.endswith((".woff", ".woff2", ".ttf"))]
                print(f"first load, room page: {sum(loaded.values()) / 1024:.1f} KiB; fonts: {len(fonts)}")
            play_until_over(page, random.Random(game), stop_after=60)
            times = sorted(page.evaluate(TIME_UPDATES))
            p95 = times[int(len(times) * 0.95) - 1]
            print(f"| {game} | {len(times)} | {statistics.median(times):.2f} | {p95:.2f} | {times[-1]:.2f} |")
        browser.close()


if __name__ == "__main__":
    main()
