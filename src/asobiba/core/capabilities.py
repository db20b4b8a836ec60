"""What kind of game a game is, as data: :class:`GameCapabilities` (``Game.capabilities``).

OpenSpiel declares each game's type as data beside its rules (``GameType``: its chance mode, its
information; ``GameInfo``: its longest game, its players) rather than leaving a tool to find out by
playing; asobiba does the same, and a test plays each game to hold it to its word.

>>> import asobiba
>>> capabilities = asobiba.get_game("cockroach-poker").capabilities
>>> capabilities.hidden_information, capabilities.chance
(True, True)
>>> capabilities.players_with("rules", "original")
(2, 6)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GameCapabilities"]


@dataclass(frozen=True)
class GameCapabilities:
    """What a game is: the facts a tool (a bot, an environment, a conformance check) may rely on.

    - ``secret_options``: whether an option may fix what players may not know (a deal, a layout);
      such options show as ``"fixed"`` in views and are forgotten by samples (``Option.secret``);
    - ``hidden_information``: whether a player may not know something another knows or the game
      holds (a hand, a face-down tile); without it every seat's view is the same;
    - ``chance``: whether the game has chance nodes (a deal, a die);
    - ``max_decisions``: the most decisions (player actions, chance outcomes not counted) any game
      has, at any number of players and any options; ``None`` where the rules set no bound (a round
      may be played again and again);
    - ``player_range``: by option, the numbers of players, ``(fewest, most)``, the game takes with
      that option at a value (the others at their defaults); a value not listed takes the game's
      ``min_players`` to ``max_players``, or, for an option that applies only with another's value
      (``Option.applies_when``), that value's range.
    """

    secret_options: bool
    hidden_information: bool
    chance: bool
    max_decisions: int | None
    player_range: Mapping[str, Mapping[Any, tuple[int, int]]] = field(default_factory=dict)

    def players_with(self, option: str, value: object) -> tuple[int, int] | None:
        """The ``(fewest, most)`` players the game takes with ``option`` at ``value``, if it says."""
        return self.player_range.get(option, {}).get(value)
