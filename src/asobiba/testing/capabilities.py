"""What a game can do, as the conformance kit reads it: which checks apply and how they play it.

:func:`capabilities` is the one place the kit learns it: from what the game declares as data
(``Game.capabilities``, :class:`~asobiba.core.capabilities.GameCapabilities`), held to what its options and
its start say — a game whose options are secret declares ``secret_options``, a game that starts with a
deal or a shuffle declares ``chance``; the numbers of players are those its default options take.
"""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.options import resolve_options
from asobiba.core.registry import get_game
from asobiba.core.state import CHANCE
from asobiba.testing.errors import expect

#: No game is expected to take more decisions than this in a random play-out.
LONGEST_GAME = 5000


@dataclass(frozen=True)
class Capabilities:
    """What the kit may expect of one game."""

    #: The names of the options that are secret (a fixed deal, a layout): shown as "fixed", forgotten by samples.
    secret_options: tuple[str, ...]
    #: Every number of players the game takes with its default options, fewest first.
    player_counts: tuple[int, ...]
    #: Whether the game starts at a chance node (a deal, a shuffle): its setup has events.
    chance: bool
    #: The most decisions (chance outcomes included) a random play-out may take before it ends.
    longest_game: int = LONGEST_GAME


def capabilities(name: str) -> Capabilities:
    """The capabilities of the game called ``name``.

    >>> capabilities("survive").player_counts
    (2, 3, 4)
    """
    game = get_game(name)
    declared = game.capabilities
    low, high = game.player_range(resolve_options(game.name, game.options, {}))
    scripted = game.new_game(low, seed=1, chance="scripted")
    secret = tuple(option.name for option in game.options if option.secret)
    expect(
        bool(secret) == declared.secret_options,
        f"capabilities ({name}): secret_options={declared.secret_options}, but its secret options are {list(secret)}",
    )
    starts_with_chance = scripted.to_move == CHANCE
    expect(
        declared.chance or not starts_with_chance,
        f"capabilities ({name}): chance=False, but the game starts at a chance node",
    )
    return Capabilities(secret_options=secret, player_counts=tuple(range(low, high + 1)), chance=starts_with_chance)
