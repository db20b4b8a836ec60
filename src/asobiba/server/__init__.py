"""The online server: authoritative rooms over WebSockets, durable in a database (docs/protocol.md).

``asobiba serve`` runs it; :func:`create_app` builds the FastAPI app; :mod:`asobiba.server.client`
is a small Python client.

The rooms (:mod:`asobiba.server.rooms`) do not need the web framework: importing this package does
not import the app (``create_app`` is loaded when first asked for).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.server.rooms import Settings

if TYPE_CHECKING:
    from asobiba.server.app import create_app


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from asobiba.server.app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Settings", "create_app"]
