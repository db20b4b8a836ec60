"""The online server: authoritative rooms over WebSockets, durable in a database (docs/protocol.md).

``asobiba serve`` runs it; :func:`create_app` builds the FastAPI app; :mod:`asobiba.server.client`
is a small Python client.

The app and its settings are imported when first asked for: the rooms (:mod:`asobiba.server.rooms`)
do not need the web framework, and a worker process that only replays records
(:mod:`asobiba.server.workers`) imports none of the web stack.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asobiba.server.app import create_app
    from asobiba.server.rooms import Settings

_LAZY = {"create_app": "asobiba.server.app", "Settings": "asobiba.server.rooms"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'asobiba.server' has no attribute {name!r}")


__all__ = ["Settings", "create_app"]
