"""A game's terminal screen: :class:`TerminalScreen`, whose methods default to the generic table.

A game draws itself in the terminal by subclassing it, over its own view type, and naming the
subclass on its declaration (``screen="my_game.screen:MyScreen"``); it overrides what it draws
better than the generic table and keeps the rest. Every method reads a *view* (the dict from
``State.view``: a player's or the spectator's), never the state, so the terminal shows exactly
what that player may know.

>>> from rich.console import Console
>>> screen = TerminalScreen()
>>> view = {"game": "g", "players": 2, "viewer": 0, "phase": "bid", "to_move": 0, "seq": 1,
...         "pending": {"player": 0, "kind": "bid", "steps": []}, "is_over": False, "options": {}}
>>> screen.decision(view, "en")
'Decide: bid.'
>>> screen.option_label("first_player", "en") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic

from rich.console import RenderableType
from typing_extensions import TypeVar

from asobiba.cli.chooser import Choice, Group
from asobiba.cli.screens import generic
from asobiba.core.events import Event

__all__ = ["TerminalScreen"]

#: The view a screen reads (``SurviveFullView``); any view for the generic table.
ScreenViewT = TypeVar("ScreenViewT", bound=Mapping[str, object], default=Any)


class TerminalScreen(Generic[ScreenViewT]):
    """The terminal's screen of one game; each method is the generic table's unless a game overrides it.

    The terminal calls each method where it needs it, and a method that raises is passed over (the
    screen falls back on the view as a tree, a hint is left out): a screen is a help, never a reason
    for the game to stop.
    """

    def render(self, view: ScreenViewT, lang: str) -> RenderableType:
        """The full screen: the view's own keys as panels, the per-player keys in one table."""
        return generic.render(view, lang)

    def compact(self, view: ScreenViewT, lang: str) -> RenderableType:
        """The screen for a small terminal: a few lines, the viewer's own hand or grid last (it
        stays on screen when the top is cut)."""
        return generic.compact(view, lang)

    def decision(self, view: ScreenViewT, lang: str) -> str:
        """The decision at hand for the viewer, in words, after "Your turn" ("" to say nothing)."""
        return generic.decision(view, lang)

    def group_moves(self, view: ScreenViewT, choices: Sequence[Choice], lang: str) -> list[Group] | None:
        """A long list of moves in groups, chosen group first then move; ``None`` to show it whole.
        The generic table groups by the moves' data (their kind, or the field that splits them best)."""
        return generic.group_moves(view, choices, lang)

    def move_warning(self, view: ScreenViewT, choice: Choice, lang: str) -> str | None:
        """A warning shown next to a move (a step into the sea where a shark waits); ``None``: nothing to say."""
        return None

    def move_label(self, view: ScreenViewT, choice: Choice, lang: str) -> str | None:
        """The game's own words for a move where the position says more than its notation (a move
        into the sea is a swim); ``None`` keeps the game's description."""
        return None

    def round_summary(self, view: ScreenViewT, lang: str, rounds_before: int) -> RenderableType | None:
        """Shown between two rounds until a key is pressed: the rounds that ended since
        ``rounds_before`` (the length of the view's ``rounds`` before the move); ``None``: no interlude."""
        return None

    def alert(self, view: ScreenViewT, event: Event, lang: str) -> str | None:
        """A warning about an event the viewer sees (what happened to his own pieces), shown under
        its line in the log; ``None``: nothing to add."""
        return None

    def score_label(self, lang: str) -> str | None:
        """The name of the result's scores column, for what they count (``None``: "Score")."""
        return None

    def option_label(self, name: str, lang: str) -> str | None:
        """An option's name in ``lang`` for the start menu (the key stays what is typed); ``None``:
        the key itself."""
        return None

    def value_label(self, name: str, value: object, lang: str) -> str | None:
        """A value of the option called ``name`` in words (``original`` -> 本家版); ``None``: the value alone."""
        return None
