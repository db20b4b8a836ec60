"""What the browser client learns of each game beyond its rules: where its renderer module and its
style sheet are, the "how to play" paragraph and the game's words in Japanese. ``GET /api/games`` carries these, so the
client holds no list of games: a game from another package shows in the lobby and at the table
(with its own renderer, or the generic table) without a line of the client changed.

>>> client_entry("cockroach-poker")["renderer"]
'/games/cockroach-poker/renderer.js'
>>> client_entry("cockroach-poker")["style"]
'/games/cockroach-poker/renderer.css'
>>> client_entry("cockroach-poker")["words"]["ja"]["spades"]
'スペード'
"""

from __future__ import annotations

import re
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from asobiba.core.i18n import messages
from asobiba.core.registry import declaration, get_game

#: A file the server serves from beside a game's renderer: a plain name, a script or a style sheet.
CLIENT_FILE = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(?:js|css)$")
#: A game word is a short text without fields.
MAX_WORD = 30
LANGUAGES = ("en", "ja")


def renderer_url(name: str) -> str | None:
    """The address of the game's renderer module, or ``None`` when the game has none (the client
    draws it with its generic table)."""
    found = declaration(name).resource("web_renderer")
    return None if found is None else f"/games/{name}/{found.name}"


def style_url(name: str) -> str | None:
    """The address of the game's style sheet, or ``None`` when the game has none."""
    found = declaration(name).resource("web_style")
    return None if found is None else f"/games/{name}/{found.name}"


def client_file(name: str, file: str) -> Traversable | None:
    """The file ``file``: the game's style sheet, or one beside the game's renderer (its modules and
    style sheets); ``None`` for anything else."""
    if not CLIENT_FILE.fullmatch(file):
        return None
    style = declaration(name).resource("web_style")
    if style is not None and style.name == file:
        return style
    renderer = declaration(name).resource("web_renderer")
    if renderer is None:
        return None
    package, _, path = str(declaration(name).web_renderer).partition(":")
    folder = path.rpartition("/")[0]
    found = files(package).joinpath(f"{folder}/{file}" if folder else file)
    return found if found.is_file() else None


def game_words(domain: str) -> dict[str, str]:
    """The short texts without fields of a game's catalog (its names of things), in Japanese."""
    return {
        english: japanese
        for english, japanese in sorted(messages(domain, "ja").items())
        if "{" not in english and len(english) <= MAX_WORD
    }


def first_paragraph(markdown: str) -> str:
    """The first paragraph after the page's title, on one line (Markdown marks removed).

    >>> first_paragraph("# Title\\n\\nA *short*\\n`game`.\\n\\n## More")
    'A *short* game.'
    """
    paragraphs = [block.strip() for block in re.split(r"\n\s*\n", markdown)]
    body = [block for block in paragraphs if block and not block.startswith("#")]
    text = " ".join(body[0].split()) if body else ""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):  # Japanese lines join without spaces
        text = "".join(body[0].split())
    return re.sub(r"\*\*|`", "", text)


def how_to_play(name: str) -> dict[str, str]:
    """The first paragraph of the game's rules page per language ("" where it has none)."""
    texts = {}
    for lang in LANGUAGES:
        page = declaration(name).resource("rules", lang=lang)
        texts[lang] = "" if page is None else first_paragraph(page.read_text(encoding="utf-8"))
    return texts


def client_entry(name: str) -> dict[str, Any]:
    """The client's part of the game's ``/api/games`` entry: ``renderer``, ``style``, ``howto``, ``words``."""
    domain = get_game(name).text_domain
    return {
        "renderer": renderer_url(name),
        "style": style_url(name),
        "howto": how_to_play(name),
        "words": {"domain": domain, "ja": game_words(domain)},
    }
