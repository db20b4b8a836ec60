"""JSON Schema of a game's views, built from the TypedDicts the game declares.

Every view is the core envelope (:data:`~asobiba.core.state.ENVELOPE_KEYS`) followed by the game's
own keys (``Game.view_type``); ``pending`` is the core's ``player`` plus the game's
``Game.pending_type``. Objects admit no key the types do not name, so a view that grows a key
without its type being updated fails validation.

>>> import asobiba
>>> schema = view_schema(asobiba.get_game("cockroach-poker"))
>>> schema["required"][:4]
['game', 'players', 'viewer', 'phase']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_type_hints

from typing_extensions import TypedDict

from asobiba.core.state import ViewEnvelope

if TYPE_CHECKING:
    from asobiba.core.game import Game


class PendingEnvelope(TypedDict):
    """The decision the player to move faces, of a game that declares no ``pending_type``."""

    #: Who decides (-1 at a scripted chance node).
    player: int
    #: The kind of decision, a snake_case name the game documents (``chance`` at a chance node).
    kind: str
    #: The steps of a multi-step decision taken so far, oldest first.
    steps: list[dict[str, Any]]


def _merged(name: str, *parts: type) -> type:
    fields: dict[str, Any] = {}
    for part in parts:
        fields.update(get_type_hints(part, include_extras=True))
    merged: type = TypedDict(name, fields)  # type: ignore[misc]
    return merged


def view_type(game: Game) -> type:
    """The TypedDict of ``game``'s whole view (envelope, pending and the game's keys)."""
    base = get_type_hints(ViewEnvelope, include_extras=True)
    pending: Any = PendingEnvelope
    if game.pending_type is not None:
        pending = _merged(_title(game) + "Pending", PendingEnvelope, game.pending_type)
    base["pending"] = pending | None
    envelope: type = TypedDict(_title(game) + "Envelope", base)  # type: ignore[misc]
    if game.view_type is None:
        return envelope
    return _merged(_title(game) + "View", envelope, game.view_type)


def view_schema(game: Game) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every view of ``game``."""
    from pydantic import TypeAdapter

    schema = TypeAdapter(view_type(game)).json_schema()
    _close_objects(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"{game.name} view"
    return schema


def _close_objects(node: Any) -> None:
    """``additionalProperties: false`` on every object with named properties (pydantic leaves it open)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("type") == "object" and "properties" in item:
                item.setdefault("additionalProperties", False)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _title(game: Game) -> str:
    return "".join(part.capitalize() for part in game.name.split("-"))
