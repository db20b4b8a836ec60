"""The online server: authoritative rooms over WebSockets, durable in a database (docs/protocol.md).

``asobiba serve`` runs it; :func:`create_app` builds the FastAPI app; :mod:`asobiba.server.client`
is a small Python client.
"""

from __future__ import annotations

from asobiba.server.app import create_app
from asobiba.server.rooms import Settings

__all__ = ["Settings", "create_app"]
