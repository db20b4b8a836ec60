"""Each game's action codec and observation encoder (``<game>.py``), and the frame they share."""

from asobiba.rl.encoders.base import Encoder, Piece

#: Where each game's encoder lives when its declaration names none (``rl_encoder``).
BUILT_IN = {
    "cockroach-poker": "asobiba.rl.encoders.cockroach_poker:CockroachPokerEncoder",
    "paper-safari": "asobiba.rl.encoders.paper_safari:PaperSafariEncoder",
    "survive": "asobiba.rl.encoders.survive:SurviveEncoder",
}

__all__ = ["BUILT_IN", "Encoder", "Piece"]
