"""The frames a room sends: each seat's ``state`` built and serialised once per action, whatever the
number of connections on that seat, and ``presence`` sent only when it changed."""

from __future__ import annotations

import bisect
import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from asobiba.core.actions import Action
from asobiba.core.events import Event
from asobiba.core.game import Game
from asobiba.core.state import State
from asobiba.server.protocol import LegalAction, StateFrame
from asobiba.server.rooms.clocks import ClockSnapshot, clock_info
from asobiba.server.rooms.connection import MAX_KNOWN_LEGAL
from asobiba.server.rooms.notices import NoticeRoom, notice_event
from asobiba.server.storage import NoticeRow

if TYPE_CHECKING:
    from asobiba.server.rooms.connection import Connection


class FrameCache:
    """Per seq: each seat's view, each language's legal actions, and (per broadcast) each
    ``(seat, language, since)`` frame's text. For good: each event as each seat sees it in each
    language (:meth:`shown_events`)."""

    def __init__(self) -> None:
        self.seq = -1
        self.views: dict[int | None, Mapping[str, object]] = {}
        self.legal: dict[str, list[LegalAction]] = {}
        self._events_of: list[tuple[int, Event]] | None = None
        self._shown: dict[tuple[int | None, str], list[dict[str, Any] | None]] = {}

    def at(self, seq: int) -> FrameCache:
        if self.seq != seq:
            self.views.clear()
            self.legal.clear()
            self.seq = seq
        return self

    def shown_events(self, room: FrameRoom, seat: int | None, lang: str) -> list[dict[str, Any] | None]:
        """``room.events`` as ``seat`` sees them in ``lang`` (None: hidden from it), each described
        once: a told event never changes, and a hello with the whole game's events (a new tab, a
        spectator) would otherwise describe each again — most of a hello's cost in a long game."""
        if self._events_of is not room.events:  # a room read again: its events are a new list
            self._events_of = room.events
            self._shown.clear()
        shown = self._shown.setdefault((seat, lang), [])
        shown.extend(shown_event(room.game, event, seat, lang) for _after, event in room.events[len(shown) :])
        return shown


def shown_event(game: Game, event: Event, seat: int | None, lang: str) -> dict[str, Any] | None:
    """``event`` as ``seat`` may see it, with its text in ``lang`` (``None``: hidden from it): an
    entry of a state frame's ``events``."""
    seen = event.seen_by(seat)
    return None if seen is None else {**seen.to_dict(), "text": game.describe_event(seen, lang)}


class FrameRoom(NoticeRoom, Protocol):
    """What a frame reads of its room (its notices' reads too)."""

    @property
    def state(self) -> State: ...

    @property
    def seq(self) -> int: ...

    @property
    def started(self) -> bool: ...

    def clock_snapshot(self) -> ClockSnapshot: ...

    @property
    def game(self) -> Game: ...

    @property
    def events(self) -> list[tuple[int, Event]]: ...

    @property
    def notices(self) -> Sequence[NoticeRow]: ...

    @property
    def frame_cache(self) -> FrameCache: ...

    def connections(self) -> list[Connection]: ...


@functools.lru_cache(maxsize=1 << 16)
def legal_entry(game: Game, action: Action, lang: str) -> LegalAction:
    """A legal action as frames list it: its notation, its data and its label in ``lang``. An action's
    label depends on the action and the language only, so every room of the game shares the entry
    (labels cost tens of microseconds each; a Cockroach Poker offer has over a hundred actions)."""
    return {"notation": str(action), "action": action.to_json(), "label": game.describe_action(action, lang)}


def state_frame(
    room: FrameRoom, seat: int | None, lang: str, since: int | None, *, notices: bool = False
) -> StateFrame:
    """A full snapshot for ``seat`` in ``lang`` (a :class:`~asobiba.server.protocol.StateFrame`: a
    plain dict of that type, the hot path builds no model), with the events after ``since`` as that
    seat may see them — and, with ``notices`` (a connection's hello: live ones come as ``notice``
    frames), the server's log lines made after ``since``, each after the events of its seq. Before the
    start nobody has a move."""
    state = room.state
    cache = room.frame_cache.at(state.seq)
    view = cache.views.get(seat)
    if view is None:
        view = cache.views[seat] = state.view(seat)
    legal: list[LegalAction] = []
    if seat is not None and state.to_move == seat and room.started and not room.seats[seat].resigned:
        found = cache.legal.get(lang)
        if found is None:
            game = room.game
            found = cache.legal[lang] = [legal_entry(game, action, lang) for action in state.legal_actions()]
        legal = found
    events: list[Mapping[str, Any]] = []
    first = 0 if since is None else bisect.bisect_right(room.events, since, key=lambda entry: entry[0])
    lines = [notice for notice in room.notices if since is None or notice.seq > since] if notices else []
    line = 0
    shown_events = cache.shown_events(room, seat, lang)
    for index in range(first, len(room.events)):
        after = room.events[index][0]
        while line < len(lines) and lines[line].seq < after:
            events.append(notice_event(room, lines[line], lang))
            line += 1
        shown = shown_events[index]
        if shown is not None:
            events.append(shown)
    events.extend(notice_event(room, notice, lang) for notice in lines[line:])
    return {
        "type": "state",
        "seq": state.seq,
        "seat": seat,
        "started": room.started,
        "view": view,
        "legal": legal,
        "events": events,
        "clock": clock_info(room.clock_snapshot()),
    }


def dumps(frame: StateFrame) -> str:
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def view_changes(view: Mapping[str, object], before: Mapping[str, object]) -> dict[str, object] | None:
    """The keys of ``view`` whose values differ from ``before``'s (new keys too), or None when a key of
    ``before`` is gone (a client merging the changes would keep it: the view goes whole)."""
    if len(before.keys() - view.keys()):
        return None
    missing = object()
    return {key: value for key, value in view.items() if before.get(key, missing) != value}


def list_changes(
    changes: dict[str, object], before: Mapping[str, object]
) -> dict[str, tuple[int, list[tuple[int, Any]]]]:
    """The changed lists of ``changes`` of which at most half the items changed (an event log that
    grew, one explorer that moved), taken out of ``changes`` as ``[length, [[index, item], …]]``."""
    found: dict[str, tuple[int, list[tuple[int, Any]]]] = {}
    for key, value in list(changes.items()):
        held = before.get(key)
        if not isinstance(value, list) or not isinstance(held, list) or not value:
            continue
        kept = len(held)
        changed = [(index, item) for index, item in enumerate(value) if index >= kept or held[index] != item]
        if 2 * len(changed) <= len(value):
            found[key] = (len(value), changed)
            del changes[key]
    return found


def for_connection(frame: StateFrame, connection: Connection, base: int | None) -> StateFrame:
    """``frame`` as ``connection``'s protocol has it: in protocol 2, with ``base`` (the seq of the
    connection's previous state, whose view it got: None after a hello) the view holds only what
    changed since that view, and the legal entries it got before are named in ``known``. The
    connection remembers the whole view and the entries it now holds."""
    if connection.protocol < 2:
        return frame
    view = frame["view"]
    before = connection.sent_view
    connection.sent_view = view
    changes = None if before is None or base is None else view_changes(view, before)
    shown: StateFrame = {**frame, "base": None} if changes is None else {**frame, "view": changes, "base": base}
    if changes is not None and before is not None:
        items = list_changes(changes, before)
        if items:
            shown["items"] = items
    if frame["legal"]:
        shown["legal"], known = known_legal(frame["legal"], connection.known_legal)
        if known:
            shown["known"] = known
    return shown


def known_legal(legal: list[LegalAction], known: set[str]) -> tuple[list[LegalAction], list[tuple[int, str]]]:
    """``legal`` split into the entries not in ``known`` (added to it, up to
    :data:`~asobiba.server.rooms.connection.MAX_KNOWN_LEGAL`) and ``[place, notation]`` of the others."""
    new: list[LegalAction] = []
    held: list[tuple[int, str]] = []
    for place, entry in enumerate(legal):
        notation = entry["notation"]
        if notation in known:
            held.append((place, notation))
        else:
            new.append(entry)
            if len(known) < MAX_KNOWN_LEGAL:
                known.add(notation)
    return new, held


def send_state(room: FrameRoom, connection: Connection, since: int | None, *, notices: bool = False) -> None:
    frame = state_frame(room, connection.seat, connection.lang, since, notices=notices)
    connection.push_text(dumps(for_connection(frame, connection, connection.last_seq)))
    connection.last_seq = room.seq


def broadcast_state(room: FrameRoom) -> None:
    """Every greeted connection its frame: one text per ``(seat, language, since)`` and, in protocol
    2, per view the connection held (connections of a seat usually share it)."""
    texts: dict[tuple[int | None, str, int | None, int, int], str] = {}
    seq = room.seq
    for connection in room.connections():
        if not connection.greeted:
            continue
        since = connection.last_seq
        key = (connection.seat, connection.lang, since, connection.protocol, id(connection.sent_view))
        text = texts.get(key)
        if text is None or (connection.protocol >= 2 and connection.seat == room.state.to_move):
            # (the seat to move's entries depend on what this connection was sent before)
            frame = state_frame(room, connection.seat, connection.lang, since)
            text = texts[key] = dumps(for_connection(frame, connection, since))
        elif connection.protocol >= 2:
            connection.sent_view = room.frame_cache.views[connection.seat]
        connection.push_text(text)
        connection.last_seq = seq


__all__ = [
    "FrameCache",
    "FrameRoom",
    "broadcast_state",
    "for_connection",
    "known_legal",
    "legal_entry",
    "list_changes",
    "send_state",
    "shown_event",
    "state_frame",
    "view_changes",
]
