"""Events: what happened, and who may see it.

Every game defines its events as frozen dataclasses deriving from :class:`Event`. An event
that carries a secret (a drawn card, a peeked value) names the players who may see it in
``visible_to``; everybody else gets :meth:`Event.redacted` instead (or nothing at all).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from asobiba.core.jsonable import to_json


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. Public unless ``visible_to`` says otherwise."""

    #: Players who may see this event as it is; ``None`` means everybody (spectators too).
    visible_to: ClassVar[frozenset[int] | None] = None

    def audience(self) -> frozenset[int] | None:
        """Players who may see this event unredacted (``None``: everyone)."""
        return self.visible_to

    def redacted(self) -> Event | None:
        """The form shown to a player outside the audience; ``None`` hides it entirely."""
        return None

    def seen_by(self, player: int | None) -> Event | None:
        """This event as ``player`` (``None``: a spectator) may see it."""
        audience = self.audience()
        if audience is None or (player is not None and player in audience):
            return self
        return self.redacted()

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        fields = {field.name: to_json(getattr(self, field.name)) for field in dataclasses.fields(self)}
        return {"event": self.kind, **fields}


def events_seen_by(events: list[Event], player: int | None) -> list[Event]:
    """The events of a list that ``player`` may see, each in the form he may see it."""
    seen = []
    for event in events:
        shown = event.seen_by(player)
        if shown is not None:
            seen.append(shown)
    return seen


EventT = TypeVar("EventT", bound=Event)
#: Writes one kind of event's log line in a language.
EventWriter = Callable[[EventT, str], str]


class EventTexts:
    """A game's log lines as a table: event class -> the function writing its line (a catalog
    message and the arguments built from the event), filled with :meth:`writes`; :meth:`describe`
    looks the writer up by the event's class, no ``isinstance`` ladder.

    >>> from asobiba.core.events import Event, EventTexts
    >>> @dataclasses.dataclass(frozen=True, slots=True)
    ... class Rang(Event):
    ...     times: int
    >>> texts = EventTexts()
    >>> @texts.writes(Rang)
    ... def _rang(event: Rang, lang: str) -> str:
    ...     return f"the bell rang {event.times} times"
    >>> texts.describe(Rang(3), "en")
    'the bell rang 3 times'
    """

    __slots__ = ("_writers",)

    def __init__(self) -> None:
        # Heterogeneous by design: each writer takes its own event class, as registered.
        self._writers: dict[type[Event], Callable[[Any, str], str]] = {}

    def writes(self, kind: type[EventT]) -> Callable[[EventWriter[EventT]], EventWriter[EventT]]:
        """Register the decorated function as the writer of ``kind``'s lines (once per class)."""

        def register(writer: EventWriter[EventT]) -> EventWriter[EventT]:
            if kind in self._writers:
                raise ValueError(f"{kind.__name__} already has a writer")
            self._writers[kind] = writer
            return writer

        return register

    def kinds(self) -> frozenset[type[Event]]:
        """The event classes that have a writer."""
        return frozenset(self._writers)

    def describe(self, event: Event, lang: str) -> str:
        """The log line of ``event`` (of its nearest class with a writer; ``repr`` if none)."""
        writer = self._writers.get(type(event))
        if writer is None:
            writer = next((self._writers[kind] for kind in type(event).__mro__ if kind in self._writers), None)
            if writer is None:
                return repr(event)
        return writer(event, lang)
