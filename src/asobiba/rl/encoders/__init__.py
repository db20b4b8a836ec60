"""Each game's action codec and observation encoder (``<game>.py``), and the frame they share."""

from asobiba.rl.encoders.base import Encoder, Piece

__all__ = ["Encoder", "Piece"]
