"""The queue in front of the coach's workers (analyses, hints), fair between clients and between games.

Each request waiting or running is held under its key (an analysis: the game and the seat; a hint:
the game, the position and the seat): asking again for a key held is the same request, whoever asks.
Waiting requests are served in rounds, oldest first within a round. A new request takes the round of
the request served last, or the round after the latest one its client, or its game, holds: so a
client's (or a game's) second request waits behind every other client's (game's) first one, and a
newcomer is never behind more than one request of each client and game ahead of it — however many the
others asked for, nobody is locked out. :meth:`FairQueue.position` says where a request stands.

Bounds: a client holds at most ``max_per_client`` requests (:class:`TooManyForClient`); once
``max_queued`` wait, only a client that holds none gets in (its first request, in its round), and past
``CEILING`` times that nobody does (:class:`Busy`: memory is bounded, and whoever holds a request is
served before long).
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

#: Past ``CEILING * max_queued`` waiting requests, even a client that holds none is refused.
CEILING = 4


class Busy(Exception):
    """Too many requests are waiting already (for this client: it holds one; for anyone: the ceiling)."""


class TooManyForClient(Exception):
    """This client holds its share of requests waiting or running already."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


@dataclass(eq=False)
class Held(Generic[K]):
    """A request waiting (``running`` False) or running."""

    key: K
    client: str
    game: str
    round: int
    order: int
    running: bool = False


class FairQueue(Generic[K]):
    """Requests waiting or running, served in fair rounds (see the module)."""

    def __init__(self, max_queued: int, max_per_client: int) -> None:
        self.max_queued = max(1, max_queued)
        self.max_per_client = max(1, max_per_client)
        self.held: dict[K, Held[K]] = {}
        self._round = 0
        self._order = itertools.count()

    def __contains__(self, key: K) -> bool:
        return key in self.held

    def __len__(self) -> int:
        return len(self.held)

    @property
    def waiting(self) -> list[Held[K]]:
        """The requests waiting, in the order they will be served."""
        return sorted((held for held in self.held.values() if not held.running), key=lambda h: (h.round, h.order))

    def holds(self, client: str) -> int:
        """The requests of ``client`` waiting or running."""
        return sum(1 for held in self.held.values() if held.client == client)

    def admit(self, key: K, client: str, game: str) -> None:
        """Hold ``key`` for ``client`` in ``game`` (nothing if it is held: joining is free), or refuse
        it: :class:`TooManyForClient`, :class:`Busy`."""
        if key in self.held:
            return
        mine = self.holds(client)
        if mine >= self.max_per_client:
            raise TooManyForClient(self.max_per_client)
        waiting = sum(1 for held in self.held.values() if not held.running)
        if waiting >= CEILING * self.max_queued or (mine and waiting >= self.max_queued):
            raise Busy()
        after = [held.round + 1 for held in self.held.values() if held.client == client or held.game == game]
        self.held[key] = Held(key, client, game, max([self._round, *after]), next(self._order))

    def position(self, key: K) -> int | None:
        """0 while ``key`` runs, its place in the queue while it waits (1: next), None if not held."""
        found = self.held.get(key)
        if found is None:
            return None
        if found.running:
            return 0
        place = (found.round, found.order)
        return 1 + sum(1 for held in self.held.values() if not held.running and (held.round, held.order) < place)

    def next(self) -> K | None:
        """The request to run now (marked running), None if none waits."""
        waiting = self.waiting
        if not waiting:
            return None
        first = waiting[0]
        first.running = True
        self._round = first.round
        return first.key

    def done(self, key: K) -> None:
        """``key`` ran (or will not): it is no longer held."""
        self.held.pop(key, None)


__all__ = ["CEILING", "Busy", "FairQueue", "Held", "TooManyForClient"]
