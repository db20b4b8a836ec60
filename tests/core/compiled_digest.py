"""Digests of what the games do, one per part, for comparing the compiled core with the pure one.

    python tests/core/compiled_digest.py                   # the path in use (compiled where built)
    ASOBIBA_PURE=1 python tests/core/compiled_digest.py    # the pure path

tests/core/test_compiled_core.py runs it once per path, in its own process, and compares the JSON it
prints: which path it ran on, then per part (every record in tests/ replayed step by step: states,
events, legal moves and a determinization; every bot level's choices over seeded games) a SHA-256
and how many positions went into it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import asobiba
from asobiba.bots.base import Bot
from asobiba.bots.levels import HardBot
from asobiba.core.compiled import core_status
from asobiba.core.errors import AsobibaError
from asobiba.core.record import replay_steps
from asobiba.core.registry import game_names
from asobiba.core.state import State

TESTS = Path(__file__).resolve().parent.parent
#: Games played per game, bot level and player count; and the cap on decisions per game.
GAMES: dict[str, int] = {"random": 2, "easy": 1, "normal": 1, "hard": 1, "ppo": 1}
MOST_DECISIONS = 400
#: ``hard`` searches (12 samples of play-outs a decision): the first decisions of each game are enough.
MOST_DECISIONS_OF: dict[str, int] = {"hard": 40}


def records() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record kept in tests/ (a golden file holds one under ``record``)."""
    for path in sorted(TESTS.rglob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        record = data.get("record", data) if isinstance(data, dict) else None
        if isinstance(record, dict) and "game" in record and "actions" in record:
            yield str(path.relative_to(TESTS)), record


def position_text(state: State) -> str:
    """Everything the players and a spectator may see, the legal moves, and a determinization."""
    parts: list[Any] = [state.view(None)]
    parts += [state.view(player) for player in range(state.players)]
    if not state.is_over:
        parts.append([str(action) for action in state.legal_actions()])
        if state.to_move is not None and state.to_move >= 0:  # a player (not chance) to move
            parts.append(state.determinize(state.to_move, 17).view(None))
    return json.dumps(parts, sort_keys=True, default=str)


def record_digest() -> tuple[str, int]:
    digest = hashlib.sha256()
    positions = 0
    for name, record in records():
        digest.update(name.encode())
        for state, action, events in replay_steps(record):
            digest.update(str(action).encode())
            digest.update(json.dumps([event.to_dict() for event in events], sort_keys=True, default=str).encode())
            digest.update(position_text(state).encode())
            positions += 1
    return digest.hexdigest(), positions


def level_bot(level: str, seed: int) -> Bot:
    if level == "hard":  # a budget of work, no clock: the same choices on any machine and path
        return HardBot(seed=seed, iterations=12, time_limit=None)
    return asobiba.bot(level, seed=seed)


def player_counts(game: str) -> list[int]:
    from asobiba.bots.arena import player_range

    low, high = player_range(game)
    return sorted({low, high})


def play(state: State, bots: list[Bot], digest: Any, most: int = MOST_DECISIONS) -> int:
    """Plays ``state`` with ``bots`` (at most ``most`` decisions), digesting each choice and position."""
    decisions = 0
    while not state.is_over and decisions < most:
        player = state.to_move
        assert player is not None
        action = bots[player].choose(state.observe(player))
        digest.update(f"{player}|{action}".encode())
        digest.update(json.dumps(state.view(None), sort_keys=True, default=str).encode())
        state.apply(action)
        decisions += 1
    return decisions


def bot_digest(level: str) -> tuple[str, int]:
    """Seeded games of ``level`` bots in every seat: their choices and the positions they met."""
    digest = hashlib.sha256()
    positions = 0
    for game in game_names():
        for players in player_counts(game):
            for index in range(GAMES[level]):
                seed = 1000 * players + index
                bots = [level_bot(level, seed * 10 + seat) for seat in range(players)]
                state = asobiba.new_game(game, players, seed=seed)
                try:
                    positions += play(state, bots, digest, MOST_DECISIONS_OF.get(level, MOST_DECISIONS))
                except AsobibaError as error:  # the ppo level has networks for some tables only
                    if level != "ppo":
                        raise
                    digest.update(f"{game} {players}: {error.__class__.__name__}".encode())
    return digest.hexdigest(), positions


PARTS: dict[str, Callable[[], tuple[str, int]]] = {
    "records": record_digest,
    **{f"bots {level}": (lambda level=level: bot_digest(level)) for level in GAMES},  # type: ignore[misc]
}


def main(parts: list[str]) -> None:
    result: dict[str, Any] = {"path": core_status().path}
    for part in parts or list(PARTS):
        result[part] = PARTS[part]()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
