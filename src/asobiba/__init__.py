"""asobiba (遊び場): Paper Safari, Cockroach Poker and The Island / Survive! — to play and to study.

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=7, rules="trump")
>>> state.to_move in range(4)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core import (
    CHANCE,
    Action,
    AsobibaError,
    CorruptRecord,
    Event,
    Game,
    GameOver,
    IllegalAction,
    InvalidOption,
    NoSuchPlayer,
    NotationError,
    NotYourTurn,
    Observation,
    State,
    UnknownGame,
    game_names,
    get_game,
    replay,
)
from asobiba.core.compiled import install as _install_core_finder

if TYPE_CHECKING:
    from asobiba.bots import Bot, bot

__version__ = "0.1.0"

# The games' compiled modules load from their .py files where the pure path is in use (ASOBIBA_PURE=1, no
# build, or sources changed since the build): asobiba.core.compiled.
_install_core_finder()


def __getattr__(name: str) -> Any:
    # The bots are imported on first use, so that `import asobiba.core` (or a game) loads none.
    if name in ("Bot", "bot"):
        import asobiba.bots

        return getattr(asobiba.bots, name)
    raise AttributeError(f"module 'asobiba' has no attribute {name!r}")


def new_game(name: str, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> State:
    """Start a game of ``name`` for ``players`` players; see ``get_game(name).options``."""
    return get_game(name).new_game(players, seed=seed, chance=chance, **options)


def start_game(
    name: str, players: int, seed: int | None = None, chance: str = "auto", **options: Any
) -> tuple[State, list[Event]]:
    """Start a game of ``name`` and return it with the events of its setup (the deal); show each
    player ``event.seen_by(player)``.

    >>> import asobiba
    >>> state, events = asobiba.start_game("paper-safari", players=2, seed=3)
    >>> state.seq == len(state.record()["actions"])
    True
    """
    return get_game(name).start(players, seed=seed, chance=chance, **options)


def parse_action(state: State, text: str) -> Action:
    """Read ``text`` as an action in ``state``'s game; ``str(action)`` round-trips."""
    return state.game.parse_action(text, state)


__all__ = [
    "CHANCE",
    "Action",
    "AsobibaError",
    "Bot",
    "CorruptRecord",
    "Event",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidOption",
    "NoSuchPlayer",
    "NotYourTurn",
    "NotationError",
    "Observation",
    "State",
    "UnknownGame",
    "__version__",
    "bot",
    "game_names",
    "get_game",
    "new_game",
    "parse_action",
    "replay",
    "start_game",
]
