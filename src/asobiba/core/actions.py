"""Actions: typed values with a text notation, checked field by field against their annotations.

Every action is a frozen dataclass deriving from :class:`Action`; ``str(action)`` is its notation
and ``action.to_json()`` the same as data (a browser builds its pickers from this, never from text).

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=1, first_player=0)
>>> action = state.legal_actions()[0]
>>> action.to_json()["kind"]
'offer'
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, Union

from asobiba.core.jsonable import to_json

#: Checks one field value; returns False when it is not of the declared type.
FieldCheck = Callable[[Any], bool]


class Action:
    """Base of every action. Subclasses are frozen dataclasses whose ``str`` is the notation.

    ``game.parse_action(str(action), state) == action`` for every legal action.
    """

    __slots__ = ()
    __notation__ = True
    #: True for the outcomes of chance (deals, shuffles, dice, coins).
    is_chance: bool = False

    @property
    def kind(self) -> str:
        """The action's kind in snake_case (``Offer`` -> ``offer``, ``TakeDiscard`` -> ``take_discard``)."""
        return kind_of(type(self))

    def to_json(self) -> dict[str, Any]:
        """``{"kind": …, <field>: <JSON value>, …}``: the action as data, beside its notation."""
        data: dict[str, Any] = {"kind": self.kind}
        if dataclasses.is_dataclass(self):
            for field in dataclasses.fields(self):
                data[field.name] = to_json(getattr(self, field.name))
        return data


_kinds: dict[type, str] = {}
_field_checks: dict[type, tuple[tuple[str, FieldCheck], ...]] = {}


def kind_of(action_type: type) -> str:
    """``TakeDiscard`` -> ``take_discard``."""
    kind = _kinds.get(action_type)
    if kind is None:
        kind = _kinds[action_type] = re.sub(r"(?<!^)(?=[A-Z])", "_", action_type.__name__).lower()
    return kind


def _always(value: Any) -> bool:
    return True


def _check_for(annotation: Any) -> FieldCheck:
    """A check for one annotation; unknown annotations accept anything (the game's ``_check`` decides)."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if annotation is Any:
        return _always
    if annotation is int:
        return lambda value: type(value) is int or (isinstance(value, int) and not isinstance(value, bool))
    if annotation is bool:
        return lambda value: isinstance(value, bool)
    if annotation is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if annotation is str:
        return lambda value: isinstance(value, str)
    if annotation is type(None):
        return lambda value: value is None
    if origin is Literal:
        allowed = arguments
        return lambda value: any(type(value) is type(choice) and value == choice for choice in allowed)
    if origin in (Union, types.UnionType):
        options = [_check_for(argument) for argument in arguments]
        return lambda value: any(check(value) for check in options)
    if origin is tuple:
        if len(arguments) == 2 and arguments[1] is Ellipsis:
            item = _check_for(arguments[0])
            return lambda value: isinstance(value, tuple) and all(item(part) for part in value)
        if arguments == ((),) or not arguments:
            return lambda value: isinstance(value, tuple) and (not arguments or value == ())
        parts = [_check_for(argument) for argument in arguments]
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(parts)
            and all(c(v) for c, v in zip(parts, value, strict=True))
        )
    if origin in (frozenset, set):
        item = _check_for(arguments[0]) if arguments else _always
        return lambda value: isinstance(value, frozenset) and all(item(part) for part in value)
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum) or dataclasses.is_dataclass(annotation):
            return lambda value: isinstance(value, annotation)
        return lambda value: isinstance(value, annotation)
    return _always


def field_checks(action_type: type) -> tuple[tuple[str, FieldCheck], ...]:
    """(field name, check) for every dataclass field of ``action_type``, from its type hints."""
    checks = _field_checks.get(action_type)
    if checks is None:
        if not dataclasses.is_dataclass(action_type):
            checks = ()
        else:
            try:
                hints = typing.get_type_hints(action_type)
            except (NameError, TypeError):
                hints = {}
            checks = tuple(
                (field.name, _check_for(hints.get(field.name, Any))) for field in dataclasses.fields(action_type)
            )
        _field_checks[action_type] = checks
    return checks


def wrong_field(action: Action) -> str | None:
    """The name of the first field of ``action`` whose value is not of its declared type, or ``None``."""
    for name, check in field_checks(type(action)):
        if not check(getattr(action, name, None)):
            return name
    return None
