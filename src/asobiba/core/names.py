"""Players by their names in a text that says p0…pN (the notation's players): one substitution for
the terminal, the tutorials and the coach (the browser's ``table_words.js`` finds them the same way)."""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["PLAYER_WORD", "with_names"]

#: A player written p0…pN in a text (the notation's players), as a whole word (as the browser's
#: ``table_words.js`` finds them).
PLAYER_WORD = re.compile(r"(?<![A-Za-z0-9_#])p([0-9]{1,2})(?![A-Za-z0-9_])")


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with every p0…pN of a seat replaced by that seat's name (a seat beyond ``names`` stays).

    >>> with_names("p1 offers p0 a card face down; p9 and top1 stay", ["You", "Ken"])
    'Ken offers You a card face down; p9 and top1 stay'
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return PLAYER_WORD.sub(name, text) if names else text
