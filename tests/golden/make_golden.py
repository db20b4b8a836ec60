"""Write the golden records: a few games per game, played by the heuristic bots from fixed seeds.

Each file ``tests/golden/<game>-<n>.json`` holds the record, the game's version, and at chosen
steps the SHA-256 of every player's and the spectator's view (canonical JSON), plus the whole
spectator view at the end for a readable difference. ``test_golden.py`` replays them.

Run it only when a change is *meant* to alter old games — and bump that game's ``version`` first::

    python tests/golden/make_golden.py
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import asobiba

HERE = Path(__file__).resolve().parent
#: (game, players, seed, options) of every golden game.
GOLDEN_GAMES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("cockroach-poker", 4, 101, {"rules": "trump"}),
    ("cockroach-poker", 3, 102, {"rules": "original"}),
    ("paper-safari", 3, 201, {"tokens_to_win": 1}),
    ("paper-safari", 2, 202, {"tokens_to_win": 2, "final_turns": True}),
    ("survive", 3, 301, {}),
    ("survive", 2, 302, {"two_colours": True}),
]
#: How many steps apart the checked positions lie (plus the start and the end).
EVERY = 40


def view_digest(view: dict[str, Any]) -> str:
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digests(state: asobiba.State) -> dict[str, str]:
    return {str(viewer): view_digest(state.view(viewer)) for viewer in (None, *range(state.players))}


def play(game: str, players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    state = asobiba.new_game(game, players, seed=seed, **options)
    bots = [asobiba.bot("normal", seed=seed + seat) for seat in range(players)]
    rng = random.Random(seed)
    while not state.is_over:
        player = state.to_move
        assert player is not None and player >= 0
        action = bots[player].choose(state.observe(player)) if rng.random() < 0.8 else rng.choice(state.legal_actions())
        state.apply(action)
    record = state.record()
    checkpoints: dict[str, dict[str, str]] = {}
    final: dict[str, Any] = {}
    for replayed, _, _ in asobiba.core.replay_steps(record):
        if replayed.seq % EVERY == 0 or replayed.seq == len(record["actions"]):
            checkpoints[str(replayed.seq)] = digests(replayed)
        if replayed.seq == len(record["actions"]):
            final = replayed.view(None)
    return {
        "game": game,
        "version": asobiba.get_game(game).version,
        "record": record,
        "views": checkpoints,
        "final_spectator_view": final,
    }


def main() -> None:
    for number, (game, players, seed, options) in enumerate(GOLDEN_GAMES):
        golden = play(game, players, seed, options)
        path = HERE / f"{game}-{number}.json"
        path.write_text(json.dumps(golden, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(golden['record']['actions'])} actions, {len(golden['views'])} positions")


if __name__ == "__main__":
    main()
