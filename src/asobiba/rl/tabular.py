"""A small setup's whole game tree as a C++ OpenSpiel game, for exact exploitability and full-width CFR.

OpenSpiel's solvers run on asobiba's Python games as they are, but every node is the engine's
position behind Python calls: on the tiny Cockroach Poker setup (2,563 nodes) one CFR iteration takes
seconds and one exact ``exploitability`` some ten seconds (``docs/research.md``, "Small setups where
learning is measurable"). :func:`tree_game` walks the tree once with OpenSpiel's own Gambit
exporter (``open_spiel.python.algorithms.gambit.export_gambit``: every node, each player's
information-state string as his information set, the chance probabilities, the returns) and loads
it with ``pyspiel.load_efg_game``: the same game with the same information sets, whose
exploitability, CFR, CFR+ and MCCFR run in C++. Its actions are numbered per information set in the
order of the Python game's legal actions.

>>> import asobiba.rl
>>> tree = tree_game(asobiba.rl.make("cockroach_poker_tiny_2x2_2p_v1", api="openspiel"))
>>> round(pyspiel.exploitability(tree, pyspiel.UniformRandomPolicy(tree)), 4)
0.2083
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyspiel

from asobiba.core.errors import InvalidOption

__all__ = ["TREE_NODE_LIMIT", "TreeSize", "tree_game", "tree_size"]

#: The most nodes :func:`tree_game` walks (a larger tree is refused before its text outgrows memory).
TREE_NODE_LIMIT = 200_000


@dataclass(frozen=True)
class TreeSize:
    """A game tree's size: every node (chance and terminal ones too) and each player's information sets."""

    nodes: int
    infostates: tuple[int, ...]


def tree_size(game: Any, limit: int = TREE_NODE_LIMIT) -> TreeSize:
    """The nodes and information sets of ``game``'s whole tree (:class:`InvalidOption` past ``limit`` nodes)."""
    infostates: list[set[str]] = [set() for _ in range(game.num_players())]
    nodes = 0
    pending = [game.new_initial_state()]
    while pending:
        state = pending.pop()
        nodes += 1
        if nodes > limit:
            raise InvalidOption(
                "{game} has more than {limit} nodes: too large for its whole tree",
                domain="rl",
                game=str(game),
                limit=limit,
            )
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            infostates[state.current_player()].add(state.information_state_string())
        pending.extend(state.child(action) for action in state.legal_actions())
    return TreeSize(nodes, tuple(len(found) for found in infostates))


def tree_game(game: Any, limit: int = TREE_NODE_LIMIT) -> Any:
    """``game``'s whole tree as a C++ OpenSpiel game (see the module); refused past ``limit`` nodes."""
    from open_spiel.python.algorithms import gambit

    tree_size(game, limit)
    return pyspiel.load_efg_game(gambit.export_gambit(game))
