"""Game-agnostic players: random, heuristic (each game's own), search; the arena."""

from __future__ import annotations

from collections.abc import Callable

from asobiba.bots.base import Bot, HeuristicBot, RandomBot

#: Bot name -> factory taking a seed. Levels and search bots add themselves here.
BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``heuristic``, or a level (``easy``, ``normal``, ``hard``).

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=3, seed=2)
    >>> action = asobiba.bot("random", seed=1).choose(state.observe(state.to_move))
    >>> action in state.legal_actions()
    True
    """
    if name not in BOTS:
        from asobiba.core.errors import InvalidOption

        raise InvalidOption(f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}")
    return BOTS[name](seed)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "bot"]
