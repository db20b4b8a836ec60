"""The frames a room sends: each seat's ``state`` built and serialised once per action, whatever the
number of connections on that seat, and ``presence`` sent only when it changed."""

from __future__ import annotations

import bisect
import functools
from typing import TYPE_CHECKING, Any

import orjson

from asobiba.core.actions import Action
from asobiba.core.game import Game
from asobiba.server.rooms.clocks import clock_info

if TYPE_CHECKING:
    from asobiba.server.rooms.connection import Connection
    from asobiba.server.rooms.room import Room


class FrameCache:
    """Per seq: each seat's view, each language's legal actions, and (per broadcast) each
    ``(seat, language, since)`` frame's text."""

    def __init__(self) -> None:
        self.seq = -1
        self.views: dict[int | None, dict[str, Any]] = {}
        self.legal: dict[str, list[dict[str, Any]]] = {}

    def at(self, seq: int) -> FrameCache:
        if self.seq != seq:
            self.views.clear()
            self.legal.clear()
            self.seq = seq
        return self


@functools.lru_cache(maxsize=1 << 16)
def legal_entry(game: Game, action: Action, lang: str) -> dict[str, Any]:
    """A legal action as frames list it: its notation, its data and its label in ``lang``. An action's
    label depends on the action and the language only, so every room of the game shares the entry
    (labels cost tens of microseconds each; a Cockroach Poker offer has over a hundred actions)."""
    return {"notation": str(action), "action": action.to_json(), "label": game.describe_action(action, lang)}


def state_frame(room: Room, seat: int | None, lang: str, since: int | None) -> dict[str, Any]:
    """A full snapshot for ``seat`` in ``lang`` (a :class:`StateFrame`, built as a plain dict: it is
    the hot path), with the events after ``since`` as that seat may see them."""
    state = room.state
    cache = room.frame_cache.at(state.seq)
    view = cache.views.get(seat)
    if view is None:
        view = cache.views[seat] = state.view(seat)
    legal: list[dict[str, Any]] = []
    if seat is not None and state.to_move == seat:
        found = cache.legal.get(lang)
        if found is None:
            game = room.game
            found = cache.legal[lang] = [legal_entry(game, action, lang) for action in state.legal_actions()]
        legal = found
    events = []
    first = 0 if since is None else bisect.bisect_right(room.events, since, key=lambda entry: entry[0])
    for _after, event in room.events[first:]:
        shown = event.seen_by(seat)
        if shown is not None:
            events.append({**shown.to_dict(), "text": room.game.describe_event(shown, lang)})
    clock = clock_info(room)
    return {
        "type": "state",
        "seq": state.seq,
        "seat": seat,
        "view": view,
        "legal": legal,
        "events": events,
        "clock": clock.model_dump() if clock is not None else None,
    }


def dumps(frame: dict[str, Any]) -> str:
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def send_state(room: Room, connection: Connection, since: int | None) -> None:
    connection.push_text(dumps(state_frame(room, connection.seat, connection.lang, since)))
    connection.last_seq = room.seq


def broadcast_state(room: Room) -> None:
    """Every greeted connection its frame: one text per ``(seat, language, since)``."""
    texts: dict[tuple[int | None, str, int | None], str] = {}
    seq = room.seq
    for connection in room.connections():
        if not connection.greeted:
            continue
        key = (connection.seat, connection.lang, connection.last_seq)
        text = texts.get(key)
        if text is None:
            text = texts[key] = dumps(state_frame(room, *key))
        connection.push_text(text)
        connection.last_seq = seq


__all__ = ["FrameCache", "broadcast_state", "send_state", "state_frame"]
