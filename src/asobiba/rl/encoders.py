"""The observation encoder's frame: a flat ``float32`` tensor made of named pieces.

An encoder is made for one (game, players, options) and reads nothing but a view
(``state.view(player)``): whatever reaches the tensor is something that player may know. Each
piece has a shape and an upper bound (every value lies in ``[0, high]``), in the spirit of
OpenSpiel's observers: ``encoder.pieces`` lists them in order, ``encoder.split(tensor)`` gives
each as an array of its shape.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

import numpy as np
from typing_extensions import TypeVar

if TYPE_CHECKING:
    from asobiba.core.game import Game

__all__ = ["Encoder", "Piece", "ViewIn"]

#: The type of the views an encoder reads: a game's whole view type (``Encoder[CockroachPokerFullView]``).
#: A plain ``Encoder`` is the encoder of some game, the one whose views it is given (``state.view(p)`` of
#: that game): its view type is that game's, which code serving every game cannot name.
ViewIn = TypeVar("ViewIn", bound=Mapping[str, object], contravariant=True, default=Any)


@dataclass(frozen=True)
class Piece:
    """One named part of the tensor: its shape, where it starts, its bound and what it holds."""

    name: str
    shape: tuple[int, ...]
    start: int
    high: float
    doc: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size


class Encoder(ABC, Generic[ViewIn]):
    """Turns a player's view into a flat ``float32`` tensor of :attr:`shape`."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self._pieces: list[Piece] = []
        self._size = 0
        self._declare()
        self.pieces: dict[str, Piece] = {piece.name: piece for piece in self._pieces}
        self.shape: tuple[int] = (self._size,)
        self._slices = [(piece.name, slice(piece.start, piece.stop), piece.shape) for piece in self._pieces]
        # One zeroed tensor and its pieces, filled again for every view (copied out).
        self._buffer = np.zeros(self._size, dtype=np.float32)
        self._buffer_pieces = self.split(self._buffer)
        self.high = np.zeros(self._size, dtype=np.float32)
        for piece in self._pieces:
            self.high[piece.start : piece.stop] = piece.high

    # ------------------------------------------------------------------ what a game's encoder writes

    @abstractmethod
    def _declare(self) -> None:
        """Declare the pieces, in order, with :meth:`piece`."""

    @abstractmethod
    def _fill(self, view: ViewIn, out: dict[str, np.ndarray]) -> None:
        """Write ``view`` into the zeroed pieces ``out`` (each an array of its piece's shape)."""

    def piece(self, name: str, shape: tuple[int, ...] | int, high: float, doc: str) -> None:
        """Add a piece of ``shape`` whose values lie in ``[0, high]``."""
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        piece = Piece(name, shape, self._size, float(high), doc)
        self._pieces.append(piece)
        self._size += piece.size

    # ------------------------------------------------------------------ the public side

    def encode(self, view: ViewIn) -> np.ndarray:
        """The tensor of ``view`` (a player's or a spectator's view of this game)."""
        buffer = self._buffer
        buffer.fill(0.0)
        self._fill(view, self._buffer_pieces)
        return buffer.copy()

    def split(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The pieces of ``tensor`` by name, each an array (a view, not a copy) of its shape."""
        return {name: tensor[where].reshape(shape) for name, where, shape in self._slices}

    def describe(self) -> list[tuple[str, tuple[int, ...], int, float, str]]:
        """``(name, shape, start, high, doc)`` of every piece, for documentation."""
        return [(piece.name, piece.shape, piece.start, piece.high, piece.doc) for piece in self._pieces]


def one_hot(out: np.ndarray, index: int | None) -> None:
    """Set ``out[index]`` to 1 (nothing for ``None`` or a negative index)."""
    if index is not None and index >= 0:
        out[index] = 1.0
