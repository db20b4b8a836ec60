"""One log line per request, act, rejection and error, as text or JSON (``--log-format``).

Fields given as ``extra={...}`` (``event``, ``room``, ``seat``, ``seq``, ``code``, ``ms``, ``status``,
``client``, …) become keys of the JSON line; a traceback stays on the same line (``"traceback"``).
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import logging.handlers
import queue
import sys
import threading
import time
from typing import Any

import orjson

from asobiba.server.rooms.settings import LogFormat

#: Attributes every LogRecord has: anything else on a record came from ``extra``.
_STANDARD = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", ...extra}`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()


class TextFormatter(logging.Formatter):
    """``TIME LEVEL message key=value…`` on one line (a traceback indented below it)."""

    def format(self, record: logging.LogRecord) -> str:
        extra = " ".join(
            f"{key}={value}"
            for key, value in vars(record).items()
            if key not in _STANDARD and not key.startswith("_") and value is not None
        )
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        text = f"{stamp} {record.levelname.lower()} {record.getMessage()}" + (f" [{extra}]" if extra else "")
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


_listener: logging.handlers.QueueListener | None = None


class ClientTextNotUtf8(logging.Filter):
    """uvicorn logs a WebSocket text frame that is not UTF-8 (it closes the socket with 1007) as an
    error with its traceback, a few kilobytes a frame: a client's bad bytes, not the server's
    failure. This filter, on ``uvicorn.error``, drops that record and writes one warning line of the
    server's own instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, UnicodeDecodeError):
            return True
        logging.getLogger("asobiba.server").warning(
            "a WebSocket text frame that is not UTF-8; closed with 1007", extra={"event": "refused", "code": 1007}
        )
        return False


_not_utf8 = ClientTextNotUtf8()


def configure(log_format: LogFormat, level: int = logging.INFO) -> None:
    """Send the server's log (``asobiba.server``) to stderr in ``log_format``. The event loop only
    puts records in a queue, those of one loop turn together (:class:`TurnBatchingQueueHandler`); a
    thread of its own formats and writes them (a write to a slow disk or pipe never stalls the
    rooms). A client's text frame that is not UTF-8 is one warning line (:class:`ClientTextNotUtf8`)."""
    global _listener
    uvicorn_errors = logging.getLogger("uvicorn.error")
    if _not_utf8 not in uvicorn_errors.filters:
        uvicorn_errors.addFilter(_not_utf8)
    logger = logging.getLogger("asobiba.server")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.flush()
    if _listener is not None:
        _listener.stop()
    output = logging.StreamHandler(sys.stderr)
    output.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    records: queue.SimpleQueue[logging.LogRecord | list[logging.LogRecord]] = queue.SimpleQueue()
    handler = TurnBatchingQueueHandler(records)
    logger.addHandler(handler)
    _listener = BatchListener(records, output)
    _listener.start()
    atexit.register(_listener.stop)
    atexit.register(handler.flush)  # (atexit runs the last registered first)
    logger.setLevel(level)
    logger.propagate = False


class QueueHandlerKeepingFields(logging.handlers.QueueHandler):
    """A queue handler that leaves the record as it is (the stdlib one formats the message into it
    and drops ``exc_info``, which would lose the JSON line's fields and traceback)."""

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record


class TurnBatchingQueueHandler(QueueHandlerKeepingFields):
    """On an event loop, the records of one loop turn go into the queue as one list at the end of
    the turn: one wake-up of the writing thread per turn, not per record (an act's line costs the
    loop no thread handoff of its own). Off a loop (another thread, no loop running), or on a loop
    other than the one a batch is waiting for, a record goes in at once, after the batch."""

    def __init__(self, records: queue.SimpleQueue[logging.LogRecord | list[logging.LogRecord]]) -> None:
        super().__init__(records)
        self.records = records
        self._batch: list[logging.LogRecord] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        with self._lock:
            if loop is not None and self._loop in (None, loop):
                self._batch.append(record)
                if self._loop is None:
                    self._loop = loop
                    loop.call_soon(self.flush)
                return
        self.flush()
        self.records.put_nowait(record)

    def flush(self) -> None:
        """Put the waiting batch in the queue."""
        with self._lock:
            batch, self._batch, self._loop = self._batch, [], None
        if batch:
            self.records.put_nowait(batch)


class BatchListener(logging.handlers.QueueListener):
    """A queue listener whose queue holds records and lists of records."""

    def handle(self, record: logging.LogRecord | list[logging.LogRecord]) -> None:
        for each in record if isinstance(record, list) else [record]:
            super().handle(each)


__all__ = [
    "BatchListener",
    "ClientTextNotUtf8",
    "JsonFormatter",
    "TextFormatter",
    "TurnBatchingQueueHandler",
    "configure",
]
