"""Players by their names in a text that says p0…pN (the notation's players): one substitution for
the terminal, the tutorials and the coach (the browser's ``table_words.js`` finds them the same way).

A seat named ``You`` (a tutorial's learner, the terminal's player) is read in the second person: the
game's lines are written in the third person ("p0 answers", "p0's explorer", "his cards"), so where
that seat is the subject its verbs lose their -s ("You answer", "you take"), its possessive and the
clause's "his"/"her"/"their" become "your", "of p0" becomes "of yours", and "you" takes a capital
only where a sentence starts. Only English says "You"; other languages' names are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["PLAYER_WORD", "SECOND_PERSON", "base_form", "with_names"]

#: A player written p0…pN in a text (the notation's players), as a whole word (as the browser's
#: ``table_words.js`` finds them).
PLAYER_WORD = re.compile(r"(?<![A-Za-z0-9_#])p([0-9]{1,2})(?![A-Za-z0-9_])")

#: The name of a seat read in the second person.
SECOND_PERSON = "You"

#: Verbs whose second person is not the third person without its -s.
IRREGULAR_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}

# The second-person seat and its possessive while the text is rewritten (characters no text holds).
_YOU, _YOUR = "\x00", "\x01"
#: Where a clause ends (the subject of the next one may differ): its verb's reach.
_CLAUSE = r"[^.;:!?“\x00\x01]*"
#: The second-person seat as a clause's subject (at the start or after a clause's end) and its verb.
_SUBJECT = re.compile(rf"(^|[.;:!?] ){_YOU} ([a-z]+)({_CLAUSE})")
#: Where "you" is a sentence's first word (a capital): at the start, after a sentence or a colon.
_SENTENCE_START = re.compile(rf"(^|[.!?:] )([{_YOU}{_YOUR}])")


def base_form(verb: str) -> str:
    """A verb of the third person singular in the second person.

    >>> [base_form(verb) for verb in ("answers", "passes", "carries", "has", "goes", "to")]
    ['answer', 'pass', 'carry', 'have', 'go', 'to']
    """
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb]
    if re.search(r"(ss|sh|ch|x|z)es$", verb):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def _your_clause(match: re.Match[str]) -> str:
    """A clause whose subject is the second-person seat: its verbs and its possessives agree."""
    before, verb, rest = match.groups()
    rest = re.sub(r"\band ([a-z]+s)\b", lambda joined: "and " + base_form(joined.group(1)), rest)
    rest = re.sub(r"\b(his|her|their)\b", "your", rest)
    return f"{before}{_YOU} {base_form(verb)}{rest}"


def second_person(text: str) -> str:
    """``text`` with the second-person seat marked as ``_YOU`` read in the second person."""
    text = text.replace(f"of {_YOU}", "of yours").replace(f"{_YOU}'s ", f"{_YOUR} ")
    text = _SUBJECT.sub(_your_clause, text)
    text = _SENTENCE_START.sub(lambda start: start.group(1) + ("You" if start.group(2) == _YOU else "Your"), text)
    return text.replace(_YOU, "you").replace(_YOUR, "your")


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with every p0…pN of a seat replaced by that seat's name (a seat beyond ``names`` stays);
    a seat named ``You`` read in the second person.

    >>> with_names("p1 offers p0 a card face down; p9 and top1 stay", ["You", "Ken"])
    'Ken offers you a card face down; p9 and top1 stay'
    >>> with_names("p0 answers: it is not p1's card", ["You", "Ken"])
    "You answer: it is not Ken's card"
    """

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if seat >= len(names):
            return match.group(0)
        return _YOU if names[seat] == SECOND_PERSON else names[seat]

    if not names:
        return text
    named = PLAYER_WORD.sub(name, text)
    return second_person(named) if _YOU in named else named
