"""Survive! events: what happened, in public names (cells ``r5c4``, explorers ``red#4``).

Secret events (explorer values, a held tile's back) name their audience and redact the secret
for everybody else: an event about one explorer carries its value for its owner only.

>>> TileRemoved(1, "r5c4", "beach", "dolphin", "held").seen_by(0)
TileRemoved(player=1, cell='r5c4', terrain='beach', effect=None, tile_kind=None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from mypy_extensions import mypyc_attr

from asobiba.core.events import Event


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class TilesLaid(Event):
    """The shuffled tiles lie terrain side up: everybody sees ``terrains`` (cell -> terrain)."""

    terrains: tuple[tuple[str, str], ...]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ValuesAssigned(Event):
    """A colour's explorers get their hidden values; only the colour's player sees them."""

    player: int
    colour: str
    values: tuple[tuple[str, int], ...] | None

    def audience(self) -> frozenset[int] | None:
        return frozenset((self.player,))

    def redacted(self) -> Event | None:
        return ValuesAssigned(self.player, self.colour, None)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    player: int


@mypyc_attr(native_class=False)
class OwnedExplorerEvent(Event):
    """An event about one explorer of ``player``: its ``value`` (``None``: hidden) is seen by its owner
    only, everybody else reads the event without it."""

    __slots__ = ()
    player: int
    value: int | None

    def audience(self) -> frozenset[int] | None:
        return None if self.value is None else frozenset((self.player,))

    def redacted(self) -> Event | None:
        hidden: Event = replace(cast("Any", self), value=None)  # each subclass is a dataclass with a value
        return hidden


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ExplorerPlaced(OwnedExplorerEvent):
    player: int
    explorer: str
    cell: str
    value: int | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class BoatPlaced(Event):
    player: int | None
    cell: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    player: int
    turn: int


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class TilePlayed(Event):
    player: int
    effect: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ExplorerMoved(OwnedExplorerEvent):
    """``how``: ``walks`` (land), ``boards``, ``swims`` or ``dolphin``."""

    player: int
    explorer: str
    source: str
    target: str
    how: str
    value: int | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class BoatMoved(Event):
    player: int
    source: str
    target: str
    passengers: tuple[str, ...]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ExplorerEscaped(OwnedExplorerEvent):
    """Rescued: the value stays hidden (but from its owner) until the game ends."""

    player: int
    explorer: str
    cell: str
    value: int | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ExplorerLost(OwnedExplorerEvent):
    """``cause``: ``serpent``, ``shark``, ``whirlpool``."""

    player: int
    explorer: str
    cell: str
    cause: str
    value: int | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class BoatLost(Event):
    """A boat removed (``serpent``, ``whale`` capsizing it, ``whirlpool``)."""

    cell: str
    cause: str
    passengers: tuple[str, ...]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class MovesEnded(Event):
    player: int
    unused: int


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class TileRemoved(Event):
    """A land tile removed; a held or counter tile's back is seen by its taker only."""

    player: int
    cell: str
    terrain: str
    effect: str | None
    tile_kind: str | None

    def audience(self) -> frozenset[int] | None:
        return None if self.tile_kind == "immediate" else frozenset((self.player,))

    def redacted(self) -> Event | None:
        return TileRemoved(self.player, self.cell, self.terrain, None, None)


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CreatureAppeared(Event):
    creature: str
    cell: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Whirlpool(Event):
    cell: str
    cells: tuple[str, ...]


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    player: int
    creature: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CreatureMoved(Event):
    player: int
    creature: str
    source: str
    target: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CreatureRemoved(Event):
    """A creature taken off the board (a counter tile or a whirlpool)."""

    creature: str
    cell: str
    cause: str


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class CounterDeclined(Event):
    player: int


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """``reason``: ``volcano`` or ``no explorers``; rescued values are shown to all now."""

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rescued_values: tuple[tuple[str, int], ...]
