"""A game's rules page as HTML (``GET /rules/{game}?lang=ja|en``), made from the Markdown the package
carries by markdown-it-py (CommonMark plus tables) with raw HTML disabled: whatever a rules file
holds, the page carries no markup of its own making, only what Markdown means.

The page is the lobby's "Full rules" link and the room's Rules panel (which reads its ``<main>``).

>>> page = rules_page_html("survive", "en")
>>> page.startswith("<!doctype html>") and '<html lang="en">' in page and "<table>" in page
True
"""

from __future__ import annotations

from functools import cache
from html import escape

from markdown_it import MarkdownIt

from asobiba.core.i18n import LANGUAGES, Catalog
from asobiba.core.registry import declaration, game_names, get_game

tr = Catalog("server")

#: The other language's name, as its own speakers write it (the page's language switch).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


def markdown_renderer() -> MarkdownIt:
    """CommonMark with tables; ``html=False`` makes any raw HTML in the source plain text."""
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


def game_for_page(page: str) -> str | None:
    """The registered game a rules address names (``cockroach-poker`` or ``cockroach_poker``), if any."""
    names = {name: name for name in game_names()} | {name.replace("-", "_"): name for name in game_names()}
    return names.get(page)


def rules_markdown(name: str, lang: str) -> str | None:
    """The rules page of the game ``name`` in ``lang``, as its package carries it (``None``: it has none)."""
    found = declaration(name).resource("rules", lang=lang)
    return found.read_text(encoding="utf-8") if found is not None else None


@cache
def rules_page_html(name: str, lang: str) -> str | None:
    """The whole HTML page of the game's rules in ``lang`` (cached: the files do not change); ``None``
    for a game that declares no rules pages."""
    markdown = rules_markdown(name, lang)
    if markdown is None:
        return None
    body = markdown_renderer().render(markdown)
    title = get_game(name).title.get(lang, name)
    heading = tr("{game}: the rules", lang, game=title)
    pages_label = escape(tr("Pages", lang))
    back = escape(tr("Back to the lobby", lang))
    switches = " · ".join(
        f'<a href="/rules/{escape(name)}?lang={other}" hreflang="{other}" lang="{other}">{LANGUAGE_NAMES[other]}</a>'
        for other in LANGUAGES
        if other != lang
    )
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(heading)} — asobiba</title>\n"
        '<link rel="icon" href="/icon.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/style.css">\n</head>\n<body class="rules-page">\n'
        f'<nav class="rules-nav" aria-label="{pages_label}"><a href="/">{back}</a> · {switches}</nav>\n'
        f'<main class="rules" data-rules="{escape(name)}">\n{body}</main>\n</body>\n</html>\n'
    )
