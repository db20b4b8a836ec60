"""The Island / Survive! (Escape from Atlantis) for 2–4 players.

>>> import asobiba
>>> state = asobiba.new_game("survive", players=2, seed=3)
>>> state.view(state.to_move)["phase"]
'place_explorers'
>>> action = state.legal_actions()[0]
>>> state.parse_action(str(action)) == action
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from asobiba.core.capabilities import GameCapabilities
from asobiba.core.errors import InvalidOption
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.options import Option, check_first_player, parse_bool, player_check
from asobiba.core.state import Action, Observation, State
from asobiba.games.survive.actions import ACTION_TYPES
from asobiba.games.survive.data import COLOURS, EXPLORER_VALUES, TILE_BY_NAME, TILES, tile_name
from asobiba.games.survive.notation import parse
from asobiba.games.survive.state import SurviveState
from asobiba.games.survive.view import SurviveFullView, SurvivePending, SurviveView

#: The longest text a scripted option may be (the 40 tiles' names, spaced, with room to spare).
_OPTION_TEXT_LIMIT: Final = 1000
_DIGIT_GROUP: Final = re.compile(r"[0-9]{10}")


def _words(value: Any, most: int, what: str) -> list[Any]:
    """A list option given as a list, or as one text of words, of at most ``most`` items."""
    if isinstance(value, str):
        if len(value) > _OPTION_TEXT_LIMIT:
            raise InvalidOption("{what}: that text is too long", domain="survive", what=what)
        items: list[Any] = value.split()
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise InvalidOption("{what}: it takes a list or a text of words", domain="survive", what=what)
    if len(items) > most:
        raise InvalidOption("{what}: it takes at most {most} items", domain="survive", what=what, most=most)
    return items


def _check_layout(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = _words(value, len(TILES), "tile_layout")
    if len(names) != len(TILES) or any(not isinstance(n, str) or n not in TILE_BY_NAME for n in names):
        raise InvalidOption(
            "it takes the 40 tiles (like b:shark m:volcano) in board order of the land spaces", domain="survive"
        )
    if sorted(TILE_BY_NAME[n] for n in names) != sorted(TILES):
        raise InvalidOption("the layout must use each of the 40 tiles exactly once", domain="survive")
    return tuple(names)


def _check_values(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    groups = _words(value, len(COLOURS), "explorer_values")
    expected = sorted(EXPLORER_VALUES)
    if not groups or any(
        not isinstance(g, str) or _DIGIT_GROUP.fullmatch(g) is None or sorted(int(d) for d in g) != expected
        for g in groups
    ):
        raise InvalidOption("it takes one group of 10 digits per colour, a reordering of 1112233456", domain="survive")
    return tuple(groups)


class Survive(Game[SurviveState]):
    """The game: options ``two_colours``, ``one_per_tile``, and scripted setups ``tile_layout``
    and ``explorer_values``."""

    name: ClassVar[str] = "survive"
    title: ClassVar[Mapping[str, str]] = {"en": "The Island / Survive!", "ja": "アイランド / サバイブ!"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    #: At most 40 explorers and 12 boats placed, 40 tiles each played once and 40 turns (a turn
    #: removes a tile; the volcano, the last, ends the game), each turn at most 3 steps and the
    #: end of moving, 3 dolphin or wind steps, 6 jumps, a removal, 3 boardings, the creature's 3
    #: steps and its stop, and 12 answers to counter questions: 40 + 12 + 40 + 40 x 32.
    capabilities: ClassVar[GameCapabilities] = GameCapabilities(
        secret_options=True,
        hidden_information=True,
        chance=True,
        max_decisions=40 + 12 + 40 + 40 * 32,
        player_range={"two_colours": {True: (2, 2)}},
    )
    #: 2: the rule fixes of contract v2 (issue 8) change how some old games replay.
    version: ClassVar[int] = 2
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES
    view_type: ClassVar[type | None] = SurviveView
    pending_type: ClassVar[type | None] = SurvivePending
    options = (
        Option(
            "two_colours", False, "with 2 players, each plays two colours", check=parse_bool, label="Two colours each"
        ),
        Option(
            "one_per_tile",
            False,
            "explorers go on tiles with no explorer at all (the printed rule); default: not on another player's",
            check=parse_bool,
            label="One explorer per tile",
            help="when placing, an explorer goes only on a tile with no explorer at all (the printed rule); off: not"
            " on another player's",
        ),
        Option(
            "tile_layout",
            None,
            "a fixed tile layout: the 40 tiles (b:shark …) in board order of the land spaces; secret (views say fixed)",
            check=_check_layout,
            secret=True,
            label="Tile layout",
            help="a fixed layout of the 40 island tiles, in board order of the land spaces (for puzzles and tests)",
        ),
        Option(
            "explorer_values",
            None,
            "fixed explorer values: one group of 10 digits per colour (red first), like 1112233456",
            check=_check_values,
            secret=True,
            label="Explorer values",
            help="fixed values under the explorers: ten digits per colour, red first, like 1112233456",
        ),
        Option(
            "first_player",
            None,
            "who plays first (places the first explorer and takes the first turn), e.g. 0 or 'p0'"
            " (default: drawn at random)",
            check=player_check(4),
            label="First player",
            help="the seat number of the player who places the first explorer and plays first (0 is the first"
            " seat); empty: drawn at random",
        ),
    )

    def _complete_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        check_first_player(self.name, options["first_player"], players)
        if options["two_colours"] and players != 2:
            raise InvalidOption(
                "survive: option two_colours=True is for 2 players, not {players}", domain="survive", players=players
            )
        colours = 4 if options["two_colours"] else players
        values = options["explorer_values"]
        if values is not None and len(values) != colours:
            raise InvalidOption(
                "survive: option explorer_values has {groups} group(s); this game has {colours} colours",
                domain="survive",
                groups=len(values),
                colours=colours,
            )
        return options

    def explicit_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in options.items()}

    def _new_state(self, players: int, seed: int, options: dict[str, Any], chance: str) -> SurviveState:
        return SurviveState(self, players, seed, options, chance)

    def _parse_action(self, text: str, state: State) -> Action:
        return parse(text)

    def heuristic_action(self, observation: Observation[SurviveFullView], rng: random.Random) -> Action:
        from asobiba.games.survive.bots import choose

        return choose(observation.view, observation.legal_actions, rng)

    def describe_action(self, action: Action, lang: str) -> str:
        from asobiba.games.survive.text import describe_action

        return describe_action(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        from asobiba.games.survive.text import describe_event

        return describe_event(event, lang)


GAME = Survive()

__all__ = ["GAME", "Survive", "SurviveState", "tile_name"]
