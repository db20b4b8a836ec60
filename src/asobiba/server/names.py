"""A player's name as the server keeps it: plain text, 1 to 24 characters after trimming.

A name is shown as text everywhere (seats, the log, chat, presence, results), never as markup, so
``<b>Ken</b>`` is a legal name that shows its angle brackets. What is refused is what no reader could
see or tell apart: control characters, and nothing at all.

>>> clean_name("  Aki  ")
'Aki'
>>> clean_name("ｹﾝ")  # half-width katakana read as the full-width name
'ケン'
"""

from __future__ import annotations

import unicodedata

from asobiba.core.errors import AsobibaError

#: How long a name may be, in characters, after trimming.
MAX_NAME_LENGTH = 24


#: Unicode categories nobody can see or that reorder what follows (controls, bidi marks, unassigned).
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
#: The zero-width joiner, kept: emoji sequences (a family, a flag) are made with it.
JOINER = "\u200d"


class InvalidName(AsobibaError):
    """A name that is empty, too long or holds characters nobody can see."""

    code = "invalid_name"


def clean_name(raw: object) -> str:
    """``raw`` trimmed, NFKC-normalised and with runs of spaces made one; :class:`InvalidName` saying
    what is wrong otherwise."""
    if not isinstance(raw, str):
        raise InvalidName("a name is a text, not {kind}", domain="server", kind=type(raw).__name__)
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise InvalidName("a name needs at least one character", domain="server")
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidName(
            "a name has at most {most} characters, not {length}",
            domain="server",
            most=MAX_NAME_LENGTH,
            length=len(name),
        )
    if any(unicodedata.category(character) in HIDDEN_CATEGORIES and character != JOINER for character in name):
        raise InvalidName("a name holds a character that cannot be shown", domain="server")
    return name
