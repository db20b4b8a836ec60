"""The contract every game fulfils; records and replay; errors; the registry."""

from asobiba.core.errors import AsobibaError, CorruptRecord, IllegalAction, InvalidOption, NotationError, UnknownGame
from asobiba.core.events import Event, events_seen_by
from asobiba.core.game import Game
from asobiba.core.options import Option
from asobiba.core.record import replay, replay_steps
from asobiba.core.registry import game_names, get_game
from asobiba.core.state import CHANCE, Action, Observation, State

__all__ = [
    "CHANCE",
    "Action",
    "AsobibaError",
    "CorruptRecord",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "NotationError",
    "Observation",
    "Option",
    "State",
    "UnknownGame",
    "events_seen_by",
    "game_names",
    "get_game",
    "replay",
    "replay_steps",
]
