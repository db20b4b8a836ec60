"""Replays and records of finished games as ``/replay`` and ``/record`` answer them (:mod:`asobiba.server.web`).

A replay (every position of the record as one seat saw it, the events in words) of a long game is
up to a second of CPU and megabytes of JSON. It is computed and serialised in a worker process
(:class:`asobiba.server.workers.Workers`, the lobby's, so the event loop's process never holds the GIL for
it nor the objects it is built from), asked for by the client's address (a fair share each, a bounded
queue: :class:`~asobiba.server.fair_queue.Busy` or :class:`~asobiba.server.fair_queue.TooManyForClient`
past it), and its JSON is kept in a cache bounded in bytes
(``replay_cache_mib``; least recently asked go first). A record is a few kilobytes even for the longest
game: it is serialised at once, and kept in the same cache.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import orjson

from asobiba.core.record import replay_steps
from asobiba.core.registry import get_game
from asobiba.core.state import State
from asobiba.server.workers import Workers

#: Cache keys: (room, seat (None: spectator), language or ``"record"``).
ReplayKey = tuple[str, int | None, str]


def replay_frames(record: Mapping[str, Any], seat: int | None, lang: str) -> list[dict[str, Any]]:
    """Every position of ``record`` as ``seat`` saw it, with its events' texts in ``lang``."""
    game = get_game(record["game"])
    frames: list[dict[str, Any]] = []
    for state, _action, events in replay_steps(record):
        shown = []
        for event in events:
            seen = event.seen_by(seat)
            if seen is not None:
                shown.append({**seen.to_dict(), "text": game.describe_event(seen, lang)})
        frames.append({"seq": state.seq, "view": state.view(seat), "events": shown})
    return frames


def replay_json(record: Mapping[str, Any], seat: int | None, lang: str) -> bytes:
    """(In a worker.) :func:`replay_frames` serialised, as ``/replay`` answers it."""
    return orjson.dumps(replay_frames(record, seat, lang), option=orjson.OPT_NON_STR_KEYS)


class ReplayCache:
    """Serialised replays and records, at most ``max_bytes`` of them (least recently asked go first; one
    larger than that is served but not kept), computed by ``workers``."""

    def __init__(self, workers: Workers, max_bytes: int) -> None:
        self.workers = workers
        self.max_bytes = max(0, max_bytes)
        self.size = 0
        self._texts: OrderedDict[ReplayKey, bytes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._texts)

    def _found(self, key: ReplayKey) -> bytes | None:
        found = self._texts.get(key)
        if found is not None:
            self._texts.move_to_end(key)
        return found

    def _keep(self, key: ReplayKey, body: bytes) -> None:
        old = self._texts.pop(key, None)
        if old is not None:
            self.size -= len(old)
        if len(body) > self.max_bytes:
            return
        self._texts[key] = body
        self.size += len(body)
        while self.size > self.max_bytes:
            _, dropped = self._texts.popitem(last=False)
            self.size -= len(dropped)

    async def replay(self, room: str, final: State, seat: int | None, lang: str, client: str) -> bytes:
        """The replay of the finished ``room`` (its state ``final``) for ``seat`` in ``lang``, computed
        for ``client`` if it is not kept (:meth:`Workers.request <asobiba.server.workers.Workers.request>`
        refuses it when the workers take no more of ``client``'s)."""
        key: ReplayKey = (room, seat, lang)
        found = self._found(key)
        if found is not None:
            return found
        body: bytes = await self.workers.request(key, client, room, replay_json, final.record(), seat, lang)
        self._keep(key, body)
        return body

    def record(self, room: str, final: State) -> bytes:
        """The record of the finished ``room`` (its state ``final``), serialised."""
        key: ReplayKey = (room, None, "record")
        found = self._found(key)
        if found is None:
            found = orjson.dumps(final.record())
            self._keep(key, found)
        return found


__all__ = ["ReplayCache", "replay_frames", "replay_json"]
