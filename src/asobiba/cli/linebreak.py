"""Line breaking that reads right in Japanese as well as in English.

Rich wraps text at spaces and, for a word longer than the line, at any character: fine for
English, wrong for Japanese, which has no spaces. There a line may break between phrases
(文節, found by BudouX's model) and never before a closing mark or a small kana (kinsoku:
no line starts with 。、）」ー…, none ends with 「（…), so a word such as トークン is never cut
into ト / ークン. :class:`PhraseText` is a Rich ``Text`` that wraps that way; widths are terminal
cells (``rich.cells``, which follows the same East Asian width tables as ``wcwidth``).

>>> from rich.console import Console, Group
>>> console = Console(width=24, color_system=None, legacy_windows=False)
>>> rule = "勝利に必要なモンスターボールトークンの数。トークンを3個集めたプレイヤーの勝ちです。"
>>> with console.capture() as capture:
...     console.print(Group(PhraseText(rule)))
>>> print(capture.get().rstrip())
勝利に必要な
モンスターボールトークン
の数。トークンを
3個集めたプレイヤーの
勝ちです。

(``Console.print`` joins plain texts into one ``Text`` first: give it a ``PhraseText`` inside a
container — a ``Group``, a table cell, a panel — as the screens do.)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, JustifyMethod, OverflowMethod

#: Characters a line must not start with (JIS X 4051's 行頭禁則: closing brackets, stops, small
#: kana, the long-vowel mark, iteration marks).
NO_LINE_START = frozenset(
    "、。，．,.:;!?）)］]｝}〕〉》」』】〙〗〟’”｠»・：；！？‼⁇⁈⁉"
    "ー～…‥ゝゞヽヾ々〻"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
)
#: Characters a line must not end with (行末禁則: opening brackets).
NO_LINE_END = frozenset("（([｛{〔〈《「『【〘〖〝‘“｟«")

#: A word and the spaces after it: lines break at spaces, never at a no-break space (U+00A0).
_WORD = re.compile(r"[^\S\u00a0]*(?:\S|\u00a0)+[^\S\u00a0]*")
#: Where a phrase may be cut before an opening bracket (``equal（同じ枚数ずつ）``).
_OPENING = re.compile("(?<=.)(?=[" + re.escape("".join(sorted(NO_LINE_END))) + "])")


def _needs_phrases(word: str) -> bool:
    """Whether a space-delimited word holds text written without spaces (Japanese, Chinese)."""
    return any(ord(character) >= 0x2E80 for character in word)


@functools.cache
def _parser() -> object:
    import budoux

    return budoux.load_default_japanese_parser()


def _phrases(word: str) -> list[str]:
    parser = _parser()
    chunks: list[str] = parser.parse(word)  # type: ignore[attr-defined]
    return [chunk for chunk in chunks if chunk]


def break_units(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces, between Japanese phrases, and never
    against kinsoku. The units joined give ``text`` back.

    >>> break_units("p0の負け：4種類のマークが揃った（赤）。 Then more")
    ['p0の', '負け：4種類の', 'マークが', '揃った', '（赤）。', ' ', 'Then ', 'more']
    """
    units: list[str] = []
    for match in _WORD.finditer(text):
        word = match.group(0)
        for phrase in _phrases(word) if _needs_phrases(word) else [word]:
            units.extend(_OPENING.split(phrase))  # a line may break before an opening bracket
    if units and not text.startswith(units[0]) and text[: len(text) - len("".join(units))].isspace():
        units[0] = text[: len(text) - len("".join(units))] + units[0]
    _apply_kinsoku(units)
    return units


def _apply_kinsoku(units: list[str]) -> None:
    """Move a unit's leading closing marks onto the unit before, and a unit's trailing opening
    marks onto the unit after (in place; empty units are dropped)."""
    index = 1
    while index < len(units):
        unit = units[index]
        lead = 0
        while lead < len(unit) and unit[lead] in NO_LINE_START:
            lead += 1
        if lead:
            units[index - 1] += unit[:lead]
            units[index] = unit = unit[lead:]
        if not unit:
            del units[index]
            continue
        index += 1
    index = len(units) - 2
    while index >= 0:
        unit = units[index]
        trail = len(unit)
        while trail > 0 and unit[trail - 1] in NO_LINE_END:
            trail -= 1
        if trail < len(unit):
            units[index + 1] = unit[trail:] + units[index + 1]
            if trail:
                units[index] = unit[:trail]
            else:  # a unit of opening marks only (「 cut off before its phrase) joins the next
                del units[index]
        index -= 1


def _katakana(character: str) -> bool:
    return "\u30a1" <= character <= "\u30fc"


def _same_word(before: str, after: str) -> bool:
    """Whether two characters side by side belong to one word that a fold should not cut: a
    katakana word (トーク|ン) or a word of Latin letters and digits."""
    return (_katakana(before) and _katakana(after)) or (
        before.isascii() and after.isascii() and (before + after).isalnum()
    )


def _fold(unit: str, width: int) -> Iterator[str]:
    """A unit wider than the line in pieces of at most ``width`` cells, no piece starting with a
    closing mark nor ending with an opening one (when a piece can give a character back)."""
    start = 0
    while start < len(unit):
        end, used = start, 0
        while end < len(unit) and used + cell_len(unit[end]) <= width:
            used += cell_len(unit[end])
            end += 1
        end = max(end, start + 1)
        while end < len(unit) and end - start > 1 and (unit[end] in NO_LINE_START or unit[end - 1] in NO_LINE_END):
            end -= 1
        if end < len(unit) and _same_word(unit[end - 1], unit[end]):  # inside a word: cut where it ends
            for cut in range(end - 1, start, -1):
                if not _same_word(unit[cut - 1], unit[cut]) and unit[cut] not in NO_LINE_START:
                    end = cut
                    break
        yield unit[start:end]
        start = end


def divide_phrases(text: str, width: int, fold: bool = True) -> list[int]:
    """Where to break ``text`` into lines of at most ``width`` cells (the offsets, as Rich's
    ``divide_line`` gives them): whole units of :func:`break_units` while they fit; a unit wider
    than the line is folded (with ``fold``) where kinsoku allows.

    >>> text = "表向き6枚以上で4種類のマークか同じマーク4枚が揃うと負け"
    >>> [text[a:b] for a, b in zip([0, *divide_phrases(text, 20)], [*divide_phrases(text, 20), len(text)])]
    ['表向き6枚以上で', '4種類のマークか同じ', 'マーク4枚が揃うと', '負け']
    """
    offsets: list[int] = []
    position = 0
    used = 0
    for unit in break_units(text):
        length = cell_len(unit.rstrip())
        if used + length <= width:
            used += cell_len(unit)
        elif length <= width or not fold:
            if used:
                offsets.append(position)
            used = cell_len(unit)
        else:
            pieces = list(_fold(unit, width))
            if used and used + cell_len(pieces[0]) > width:
                offsets.append(position)
                used = 0
            offset = position
            for index, piece in enumerate(pieces):
                if index:
                    offsets.append(offset)
                    used = 0
                used += cell_len(piece)
                offset += len(piece)
        position += len(unit)
    return offsets


class PhraseText(Text):
    """A Rich ``Text`` wrapped by :func:`divide_phrases`: between words and Japanese phrases,
    with kinsoku. Everything else is Rich's."""

    @classmethod
    def of(cls, text: Text | str) -> PhraseText:
        """``text`` (a ``Text`` with its styles, or a plain string) as a ``PhraseText``."""
        if isinstance(text, str):
            return cls(text)
        made = cls(
            text.plain,
            style=text.style,
            justify=text.justify,
            overflow=text.overflow,
            no_wrap=text.no_wrap,
            end=text.end,
            tab_size=text.tab_size,
        )
        made.spans = list(text.spans)
        return made

    def wrap(
        self,
        console: Console,
        width: int,
        *,
        justify: JustifyMethod | None = None,
        overflow: OverflowMethod | None = None,
        tab_size: int = 8,
        no_wrap: bool | None = None,
    ) -> Lines:
        """As ``Text.wrap``, breaking lines where :func:`divide_phrases` allows."""
        wrap_justify = justify or self.justify or "default"
        wrap_overflow = overflow or self.overflow or "fold"
        unwrapped = (no_wrap if no_wrap is not None else bool(self.no_wrap)) or overflow == "ignore"
        lines = Lines()
        for line in self.split(allow_blank=True):
            if "\t" in line:
                line.expand_tabs(tab_size)
            if unwrapped:
                if overflow == "ignore":
                    lines.append(line)
                    continue
                new_lines = Lines([line])
            else:
                new_lines = line.divide(divide_phrases(line.plain, width, fold=wrap_overflow == "fold"))
                for part in new_lines:
                    # Rich's rstrip_end counts characters, not cells: a wide line keeps the space
                    # it broke at, one cell too many, and gets cut with "…". Spaces at a break go.
                    if cell_len(part.plain) > width:
                        part.rstrip()
            if wrap_justify:
                new_lines.justify(console, width, justify=wrap_justify, overflow=wrap_overflow)
            for part in new_lines:
                part.truncate(width, overflow=wrap_overflow)
            lines.extend(new_lines)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        lines = self.plain.splitlines()
        widest = max((cell_len(line) for line in lines), default=0)
        units = [unit.strip() for line in lines for unit in break_units(line)]
        narrowest = max((cell_len(unit) for unit in units), default=widest)
        return Measurement(narrowest, widest)


def paragraph(text: str, style: str = "") -> Group:
    """``text`` as a paragraph to print directly (``console.print`` would turn a bare
    :class:`PhraseText` back into a plain ``Text``)."""
    return Group(PhraseText(text, style=style))
