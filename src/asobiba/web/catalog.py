"""The browser client's texts, exported from the project's catalogs into ``web/i18n.json``.

One source of truth: the page's own messages are English in the JavaScript (``t("…")`` and
``N_("…")`` with a literal text) and Japanese in ``locale/ja/LC_MESSAGES/web.po``; game words (suits,
creatures, terrains, tiles) come from the games' catalogs; each game's "how to play" paragraph is
the first paragraph of its rules page. ``python -m asobiba.web.catalog`` writes the file;
``--check`` fails when the committed file is out of date (a test runs it).

>>> "ja" in export() and "howto" in export()
True
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from asobiba.core.i18n import messages
from asobiba.core.registry import game_names, get_game

WEB = Path(__file__).resolve().parent
OUTPUT = WEB / "i18n.json"
#: A call of the page's translation functions with a literal text: ``t("…")`` or ``N_("…")``.
MESSAGE_CALL = re.compile(r"""\b(?:t|N_)\("((?:[^"\\\n]|\\.)*)"[,)]""")
#: The game catalogs the pictures take their words from.
WORD_DOMAINS = ("cockroach_poker", "survive")
#: A game word is a short text without fields.
MAX_WORD = 30


def client_sources() -> list[Path]:
    """The page's own JavaScript modules (not the vendored ones)."""
    return sorted(path for path in WEB.rglob("*.js") if not {"vendor", "node_modules"} & set(path.parts))


def client_messages() -> list[str]:
    """Every literal message of the page's ``t("…")`` and ``N_("…")`` calls, sorted."""
    found: set[str] = set()
    for path in client_sources():
        for text in MESSAGE_CALL.findall(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{text}"'))
    return sorted(found)


def game_words(domain: str) -> dict[str, str]:
    """The short texts without fields of a game's catalog (its names of things)."""
    return {
        english: japanese
        for english, japanese in sorted(messages(domain, "ja").items())
        if "{" not in english and len(english) <= MAX_WORD
    }


def first_paragraph(markdown: str) -> str:
    """The first paragraph after the page's title, on one line (Markdown marks removed)."""
    paragraphs = [block.strip() for block in re.split(r"\n\s*\n", markdown)]
    body = [block for block in paragraphs if block and not block.startswith("#")]
    text = " ".join(body[0].split()) if body else ""
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text):  # Japanese lines join without spaces
        text = "".join(body[0].split())
    return re.sub(r"\*\*|`", "", text)


def how_to_play(game_name: str) -> dict[str, str]:
    page = game_name.replace("-", "_")
    rules = resources.files("asobiba") / "rules"
    return {lang: first_paragraph((rules / f"{page}.{lang}.md").read_text(encoding="utf-8")) for lang in ("en", "ja")}


def export() -> dict[str, Any]:
    """The JSON the page loads: Japanese texts of the page and of game words, and each game's intro."""
    page = messages("web", "ja")
    return {
        "ja": {
            "web": {message: page[message] for message in client_messages() if message in page},
            "words": {domain: game_words(domain) for domain in WORD_DOMAINS},
        },
        "howto": {name: how_to_play(name) for name in game_names()},
        "titles": {name: dict(get_game(name).title) for name in game_names()},
    }


def rendered() -> str:
    return json.dumps(export(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when web/i18n.json is out of date")
    arguments = parser.parse_args(argv)
    text = rendered()
    if arguments.check:
        if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} is out of date: run python -m asobiba.web.catalog", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
