"""The HTTP edges, as one pure ASGI middleware ahead of the app (Starlette's TrustedHostMiddleware
checks the host before it):

- every response carries anti-framing, nosniff and no-referrer headers;
- a request body over :data:`MAX_BODY_BYTES` is 413;
- a POST must say ``Content-Type: application/json`` (415: a form posted from another site cannot; the
  one exception, :data:`FORM_PATHS`, reads no cookie),
  and, when it carries an ``Origin``, come from an allowed origin (403);
- a body that is not strict JSON (NaN, Infinity, lone surrogates, not JSON at all) is 400 with one log
  line, before any route sees it;
- one structured log line per request (:mod:`asobiba.server.logs`).

:class:`OriginCheck` says which browser origins may write here and open a room's WebSocket.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from asobiba.server import metrics

log = logging.getLogger("asobiba.server")

#: REST bodies over this are refused with 413.
MAX_BODY_BYTES = 64 * 1024

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)

#: Paths that take an HTML form's body (``application/x-www-form-urlencoded``): a mail program's one-click
#: unsubscribe (RFC 8058), whose only credential is the code in its query (no cookie is read).
FORM_PATHS = frozenset({"/unsubscribe"})

#: Methods whose body the guard reads and checks.
WRITING_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def strict_json(data: bytes | str) -> Any:
    """``data`` parsed as strict JSON: no NaN or Infinity, no lone surrogates (``ValueError`` else)."""
    return orjson.loads(data)


class OriginCheck:
    """A browser's ``Origin`` may connect or write: ``origin`` behind a proxy (``Settings.origin``,
    ``$ASOBIBA_ORIGIN``), else the request's own host; and any of ``origins`` (``Settings.origins``)."""

    def __init__(self, origin: str | None, origins: Collection[str]) -> None:
        self.origin = origin
        self.origins = origins

    def __call__(self, origin: str, host: str | None) -> bool:
        if origin in self.origins:
            return True
        if self.origin is not None:
            return origin.rstrip("/").lower() == self.origin.rstrip("/").lower()
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == host


class RequestGuard:
    """See the module's docstring. ``origin_allowed(origin, host)`` says whether a browser's
    ``Origin`` may write."""

    def __init__(self, app: ASGIApp, origin_allowed: Callable[[str, str | None], bool]) -> None:
        self.app = app
        self.origin_allowed = origin_allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_with_headers(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", ()), *SECURITY_HEADERS]}
            await send(message)

        try:
            refusal = None
            if scope["method"] in WRITING_METHODS:
                refusal, receive = await self._checked_body(scope, receive)
            if refusal is not None:
                code, error, text = refusal
                await _json_response(send_with_headers, code, {"code": error, "message": text})
                log.warning("refused %s %s: %s", scope["method"], scope["path"], text, extra=_request_fields(scope))
            else:
                await self.app(scope, receive, send_with_headers)
        finally:
            metrics.REQUESTS.labels(status=str(status)).inc()
            log.info(
                "%s %s %s",
                scope["method"],
                scope["path"],
                status,
                extra={
                    **_request_fields(scope),
                    "status": status,
                    "ms": round(1000 * (time.perf_counter() - started), 2),
                },
            )

    async def _checked_body(self, scope: Scope, receive: Receive) -> tuple[tuple[int, str, str] | None, Receive]:
        headers = Headers(scope=scope)
        media_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if media_type == "application/x-www-form-urlencoded" and scope["path"] in FORM_PATHS:
            return None, receive
        if media_type != "application/json":
            return (415, "unsupported_media_type", "send the body as application/json"), receive
        origin = headers.get("origin")
        if origin is not None and not self.origin_allowed(origin, headers.get("host")):
            return (403, "bad_origin", "requests from that origin are not allowed"), receive
        declared = headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
            return (413, "too_big", f"the body is over {MAX_BODY_BYTES // 1024} KiB"), receive
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                return (413, "too_big", f"the body is over {MAX_BODY_BYTES // 1024} KiB"), receive
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            try:
                strict_json(body)
            except ValueError as error:
                return (400, "bad_json", f"the body is not strict JSON: {error}"), receive
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return None, replay


async def _json_response(send: Send, status: int, body: dict[str, Any]) -> None:
    payload = orjson.dumps(body)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": payload})


def _request_fields(scope: Scope) -> dict[str, Any]:
    client = scope.get("client")
    return {
        "event": "request",
        "method": scope.get("method"),
        "path": scope.get("path"),
        "client": client[0] if client else None,
    }


__all__ = ["MAX_BODY_BYTES", "SECURITY_HEADERS", "OriginCheck", "RequestGuard", "strict_json"]
