"""The actions of Paper Safari and how each is written (read back by :mod:`.notation`).

Positions are ``a1 a2 a3`` (top row, left to right) and ``b1 b2 b3`` (bottom row); a column is
``a1``/``b1``, ``a2``/``b2``, ``a3``/``b3``. Players are ``p0 … p{n-1}``.

=========================  ===================================================================
``flip a1``                setup: turn one of your own cards face up
``draw``                   draw the top card of the pile (you alone see it)
``take discard``           take the top card of the discard pile (it must be used)
``swap b2``                put the card in hand at b2; the replaced card goes onto the discard
``discard``                put the drawn card onto the discard pile (not a ★ card)
``peek b1`` / ``skip``     Charizard: look at one of your face-down cards, or not
``snorlax a1 b3``          Snorlax: exchange two of your positions (``skip`` to leave them)
``mew p2``                 Mew: choose the opponent …
``mew-take b3``            … the card of his you take (Mew takes its place) …
``mew-place a1``           … and the position where it goes (the replaced card is discarded)
``rocket b1``              Team Rocket, Pikachu face: the position everybody discards
``start p1``               chance: the first round's starting player
``deal onix pikachu …``    chance: a round's deal, the whole deck, top first
``coin pikachu``           chance: Team Rocket's coin (``coin meowth``)
``reshuffle gengar …``     chance: the new pile after a reshuffle, top first
=========================  ===================================================================

>>> str(Exchange(0, 5))
'snorlax a1 b3'
"""

from __future__ import annotations

from dataclasses import dataclass

from asobiba.core.state import Action
from asobiba.games.paper_safari.data import position_name


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Setup: turn one of your own face-down cards face up."""

    position: int

    def __str__(self) -> str:
        return f"flip {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the top card of the pile."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take the top card of the discard pile."""

    def __str__(self) -> str:
        return "take discard"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put the card in hand at ``position``; the card there goes onto the discard pile."""

    position: int

    def __str__(self) -> str:
        return f"swap {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put the drawn card straight onto the discard pile."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """Charizard: look at one of your own face-down cards."""

    position: int

    def __str__(self) -> str:
        return f"peek {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Decline an optional effect (Charizard's peek, Snorlax's exchange)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Snorlax: exchange the positions of two of your cards (``first < second``)."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"snorlax {position_name(self.first)} {position_name(self.second)}"


@dataclass(frozen=True, slots=True)
class MewChoose(Action):
    """Mew: choose the opponent."""

    opponent: int

    def __str__(self) -> str:
        return f"mew p{self.opponent}"


@dataclass(frozen=True, slots=True)
class MewTake(Action):
    """Mew: the opponent's card to take (Mew takes its place)."""

    position: int

    def __str__(self) -> str:
        return f"mew-take {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class MewPlace(Action):
    """Mew: where the taken card goes in your grid."""

    position: int

    def __str__(self) -> str:
        return f"mew-place {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class Rocket(Action):
    """Team Rocket, Pikachu face: the position every player discards."""

    position: int

    def __str__(self) -> str:
        return f"rocket {position_name(self.position)}"


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Chance: the first round's starting player."""

    player: int
    is_chance = True

    def __str__(self) -> str:
        return f"start p{self.player}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the order of the whole deck for a round, top first (see ``rules`` for who gets what)."""

    cards: tuple[str, ...]
    is_chance = True

    def __str__(self) -> str:
        return " ".join(("deal", *self.cards))


@dataclass(frozen=True, slots=True)
class Coin(Action):
    """Chance: Team Rocket's coin, ``pikachu`` or ``meowth``."""

    face: str
    is_chance = True

    def __str__(self) -> str:
        return f"coin {self.face}"


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """Chance: the new pile made of the discard pile but its top card, top first."""

    cards: tuple[str, ...]
    is_chance = True

    def __str__(self) -> str:
        return " ".join(("reshuffle", *self.cards))


#: Every action class of the game, chance outcomes included.
ACTION_TYPES: tuple[type[Action], ...] = (
    Flip,
    Draw,
    TakeDiscard,
    Swap,
    Discard,
    Peek,
    Skip,
    Exchange,
    MewChoose,
    MewTake,
    MewPlace,
    Rocket,
    Start,
    Deal,
    Coin,
    Reshuffle,
)

# Every action without a card list exists once, built here.
DRAW = Draw()
TAKE_DISCARD = TakeDiscard()
DISCARD = Discard()
SKIP = Skip()
FLIPS = tuple(Flip(position) for position in range(6))
SWAPS = tuple(Swap(position) for position in range(6))
PEEKS = tuple(Peek(position) for position in range(6))
MEW_TAKES = tuple(MewTake(position) for position in range(6))
MEW_PLACES = tuple(MewPlace(position) for position in range(6))
ROCKETS = tuple(Rocket(position) for position in range(6))
EXCHANGES = tuple(Exchange(first, second) for first in range(6) for second in range(first + 1, 6))
MAX_PLAYERS = 5
MEW_CHOICES = tuple(MewChoose(player) for player in range(MAX_PLAYERS))
STARTS = tuple(Start(player) for player in range(MAX_PLAYERS))
COIN_FACES = ("pikachu", "meowth")
COINS = tuple(Coin(face) for face in COIN_FACES)
