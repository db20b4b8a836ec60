"""The bodies of the account routes (docs/protocol.md, "Accounts"), as pydantic models; and what a
username may be."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

#: A username: 3 to 24 letters (a–z, A–Z), digits, ``_`` and ``-``.
USERNAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
#: Seat tokens a browser may send at once (the rooms it holds a seat in).
MAX_TOKENS = 200

SeatToken = Annotated[str, StringConstraints(max_length=200)]
SeatTokens = Annotated[list[SeatToken], Field(max_length=MAX_TOKENS)]


def valid_username(username: str) -> bool:
    return USERNAME.fullmatch(username) is not None


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Credentials(_Body):
    """``{username, password}`` to create an account or sign in; ``tokens``: the seat tokens this
    browser holds, whose seats the account takes (as ``POST /api/me/seats``)."""

    username: Annotated[str, StringConstraints(max_length=100)]
    password: Annotated[str, StringConstraints(max_length=1000)]
    tokens: SeatTokens = Field(default_factory=list)


class PasskeyAnswer(_Body):
    """``{credential}``: the browser's answer to a passkey challenge (``PublicKeyCredential`` as JSON, its
    binary parts base64url; checked by py_webauthn); ``tokens`` as in :class:`Credentials`."""

    credential: dict[str, Any]
    tokens: SeatTokens = Field(default_factory=list)


class Tokens(_Body):
    """``{tokens: [...]}``: the seat tokens this browser holds."""

    tokens: SeatTokens = Field(default_factory=list)


class EmailChoice(_Body):
    """``{address, notify}``: where "your turn" emails go, and whether to send them."""

    address: Annotated[str, StringConstraints(max_length=254)] | None
    notify: StrictBool


class InvitationAnswer(_Body):
    """``{accept: true|false}``: take the seat kept for you, or give it back."""

    accept: StrictBool


__all__ = [
    "MAX_TOKENS",
    "USERNAME",
    "Credentials",
    "EmailChoice",
    "InvitationAnswer",
    "PasskeyAnswer",
    "Tokens",
    "valid_username",
]
