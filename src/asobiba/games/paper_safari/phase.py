"""The phases of a Paper Safari match: where it stands, whose decision of which kind, or which
chance outcome is due (``state.phase``; its value is the view's ``phase``)."""

from __future__ import annotations

from enum import StrEnum

from asobiba.games.paper_safari.view import PendingKind


class Phase(StrEnum):
    """Where the game stands: whose decision of which kind, or which chance outcome is due.
    Its value is the view's ``phase``."""

    START = "start"  # chance: the first round's starter
    DEAL = "deal"  # chance: a round's deal
    FLIP = "flip"  # setup: each player turns one card face up
    TURN = "turn"  # draw or take the discard
    HAND = "hand"  # place the card in hand (or discard a drawn one)
    PEEK = "peek"  # Charizard: look at a face-down card, or skip
    SNORLAX = "snorlax"  # Snorlax: exchange two positions, or skip
    MEW_OPPONENT = "mew_opponent"  # Mew: choose the opponent …
    MEW_TAKE = "mew_take"  # … the card of his Mew takes the place of …
    MEW_PLACE = "mew_place"  # … and where that card goes
    COIN = "coin"  # chance: Team Rocket's coin
    ROCKET = "rocket"  # Team Rocket, Pikachu face: the position everybody discards
    MEOWTH = "meowth"  # Team Rocket, Meowth face: where Team Rocket goes
    RESHUFFLE = "reshuffle"  # chance: the new pile
    OVER = "over"


#: The kind of decision a player faces at each of his steps (the view's ``pending["kind"]``).
PENDING_KINDS: dict[Phase, PendingKind] = {
    Phase.FLIP: "flip",
    Phase.TURN: "turn",
    Phase.HAND: "place",
    Phase.PEEK: "peek",
    Phase.SNORLAX: "snorlax",
    Phase.MEW_OPPONENT: "mew_opponent",
    Phase.MEW_TAKE: "mew_take",
    Phase.MEW_PLACE: "mew_place",
    Phase.ROCKET: "rocket",
    Phase.MEOWTH: "meowth",
}
