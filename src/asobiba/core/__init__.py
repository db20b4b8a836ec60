"""The contract every game fulfils; records and replay; errors; the registry.

``import asobiba.core`` loads no game and no bot.
"""

from asobiba.core.actions import Action
from asobiba.core.errors import (
    AsobibaError,
    CorruptRecord,
    GameOver,
    IllegalAction,
    InvalidOption,
    NoSuchPlayer,
    NotationError,
    NotYourTurn,
    UnknownGame,
)
from asobiba.core.events import Event, events_seen_by
from asobiba.core.game import Game
from asobiba.core.i18n import Catalog, Term
from asobiba.core.options import Option
from asobiba.core.record import replay, replay_steps
from asobiba.core.registry import GameDeclaration, declaration, game_names, get_game
from asobiba.core.state import CHANCE, ENVELOPE_KEYS, Observation, State

__all__ = [
    "CHANCE",
    "ENVELOPE_KEYS",
    "Action",
    "AsobibaError",
    "Catalog",
    "CorruptRecord",
    "Event",
    "Game",
    "GameDeclaration",
    "GameOver",
    "IllegalAction",
    "InvalidOption",
    "NoSuchPlayer",
    "NotYourTurn",
    "NotationError",
    "Observation",
    "Option",
    "State",
    "Term",
    "UnknownGame",
    "declaration",
    "events_seen_by",
    "game_names",
    "get_game",
    "replay",
    "replay_steps",
]
