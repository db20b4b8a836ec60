"""One log line per request, act, rejection and error, as text or JSON (``--log-format``).

Fields given as ``extra={...}`` (``event``, ``room``, ``seat``, ``seq``, ``code``, ``ms``, ``status``,
``client``, …) become keys of the JSON line; a traceback stays on the same line (``"traceback"``).
"""

from __future__ import annotations

import logging
import sys
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


def configure(log_format: LogFormat, level: int = logging.INFO) -> None:
    """Send the server's log (``asobiba.server``) to stderr in ``log_format``."""
    logger = logging.getLogger("asobiba.server")
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False


__all__ = ["JsonFormatter", "TextFormatter", "configure"]
