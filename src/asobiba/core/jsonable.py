"""Turning engine values into JSON-ready values (views, events, records)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any


def to_json(value: Any) -> Any:
    """Return a JSON-ready copy of ``value``.

    Enums become their value, objects with a text notation (cards, actions) their text,
    dataclasses a dict of their fields, tuples and sets lists.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_json(item) for item in value), key=repr)
    if getattr(value, "__notation__", False):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: to_json(getattr(value, field.name)) for field in dataclasses.fields(value)}
    raise TypeError(f"cannot make {type(value).__name__} JSON-ready")
