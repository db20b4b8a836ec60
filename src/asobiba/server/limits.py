"""How much a client may ask: requests and new WebSockets per address and second (``Settings.http_rate``,
``websocket_rate``), sign-in attempts per address and per username (``Settings.sign_in_rate``),
chat messages (:class:`~asobiba.server.rooms.chat.ChatRates`), and open WebSockets
per address (``Settings.connections_per_address``, :class:`ConnectionCount`).

The rates count in Redis when ``Settings.redis_url`` names one (shared by every process), else in
memory; while Redis is away, everything is allowed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable

from limits import parse as parse_limit
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import FixedWindowRateLimiter

from asobiba.server.rooms import Settings
from asobiba.server.rooms.chat import ChatRates


class RateLimits:
    """The server's rate limiters, one set per app."""

    def __init__(self, settings: Settings) -> None:
        storage = rate_limit_storage(settings.redis_url)
        self.limiter = FixedWindowRateLimiter(storage)
        self.http_rate = parse_limit(settings.http_rate)
        self.websocket_rate = parse_limit(settings.websocket_rate)
        self.sign_in_rate = parse_limit(settings.sign_in_rate)
        self.chat = ChatRates(settings, storage)

    async def http_allowed(self, address: str) -> bool:
        """Count a request of ``address``: is it within ``Settings.http_rate``?"""
        return await allowed(self.limiter.hit(self.http_rate, "http", address))

    async def websocket_allowed(self, address: str) -> bool:
        """Count a new WebSocket of ``address``: is it within ``Settings.websocket_rate``?"""
        return await allowed(self.limiter.hit(self.websocket_rate, "websocket", address))

    async def sign_in_allowed(self, address: str, username: str | None = None) -> bool:
        """Count a sign-in attempt (or a new account) of ``address``, and of ``username`` when given:
        are both within ``Settings.sign_in_rate``? (Both are counted, allowed or not.)"""
        by_address = await allowed(self.limiter.hit(self.sign_in_rate, "sign-in-address", address))
        if username is None:
            return by_address
        by_username = await allowed(self.limiter.hit(self.sign_in_rate, "sign-in-username", username.lower()))
        return by_address and by_username


class ConnectionCount:
    """The open WebSockets, per client address."""

    def __init__(self) -> None:
        self.per_address: Counter[str] = Counter()

    def opened(self, address: str) -> None:
        self.per_address[address] += 1

    def closed(self, address: str) -> None:
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    def of(self, address: str) -> int:
        return self.per_address[address]

    def total(self) -> int:
        return sum(self.per_address.values())


async def allowed(hit: Awaitable[bool]) -> bool:
    """A rate limiter's answer; while its storage (Redis) is away, everything is allowed."""
    try:
        return await hit
    except Exception:
        return True


def rate_limit_storage(redis_url: str | None) -> Storage:
    """Where rate limits count: Redis when configured (shared by every process), else memory."""
    if redis_url is None:
        return MemoryStorage()
    scheme, _, rest = redis_url.partition("://")
    return RedisStorage(f"async+{scheme}://{rest}", implementation="redispy")


__all__ = ["ConnectionCount", "RateLimits", "allowed", "rate_limit_storage"]
