"""Events: what happened, and who may see it.

Every game defines its events as frozen dataclasses deriving from :class:`Event`. An event
that carries a secret (a drawn card, a peeked value) names the players who may see it in
``visible_to``; everybody else gets :meth:`Event.redacted` instead (or nothing at all).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

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
