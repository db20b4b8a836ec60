"""Reading a rendered screen as a Japanese reader does: which lines break where they must not."""

from __future__ import annotations

from asobiba.cli.linebreak import NO_LINE_START

#: What starts a line of its own (a list item, a table's or a panel's edge) rather than a wrapped one.
_EDGES = " │┃║╭╰|"


def _katakana(character: str) -> bool:
    return "\u30a1" <= character <= "\u30fa"


def bad_breaks(screen: str) -> list[str]:
    """The lines of ``screen`` that a wrap broke wrongly: a continued line starting with a closing
    mark or a small kana (kinsoku), or a katakana word cut in two across lines."""
    bad = []
    lines = screen.splitlines()
    for before, line in zip(["", *lines], lines, strict=False):
        body = line.lstrip(_EDGES)
        if not body or body.startswith(("• ", "- ", "* ")) or body[:2].rstrip(".").isdigit():
            continue
        if body[0] in NO_LINE_START:
            bad.append(line)
            continue
        previous = before.rstrip(" │┃║╮╯|")
        if previous and _katakana(previous[-1]) and _katakana(body[0]) and "  " not in body.strip():
            bad.append(f"{before.strip()} / {line.strip()}")
    return bad
