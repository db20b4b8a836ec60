"""The browser client's texts, exported from the project's catalogs into ``web/i18n.json``.

One source of truth: the page's own messages are English in the JavaScript (``t("…")`` and
``N_("…")`` with a literal text; the client's modules and the renderers of the games this package
carries) and Japanese in ``locale/ja/LC_MESSAGES/web.po``. What the page knows of each game (its
title, "how to play" paragraph and words) comes from ``GET /api/games`` instead (see
:mod:`asobiba.web.games`), so the file is the same whichever games are installed.
``python -m asobiba.web.catalog`` writes the file; ``--check`` fails when the committed file is out
of date (a test runs it).

>>> "web" in export()["ja"]
True
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from asobiba.core.i18n import messages

WEB = Path(__file__).resolve().parent
#: The games this package carries; their renderer modules are part of the client.
GAMES = WEB.parent / "games"
OUTPUT = WEB / "i18n.json"
#: A call of the page's translation functions with a literal text: ``t("…")`` or ``N_("…")``.
MESSAGE_CALL = re.compile(r"""\b(?:t|N_)\("((?:[^"\\\n]|\\.)*)"[,)]""")


def client_sources() -> list[Path]:
    """The page's own JavaScript modules (not the vendored ones) and the renderers of the games
    this package carries."""
    own = [path for path in WEB.rglob("*.js") if not {"vendor", "node_modules"} & set(path.parts)]
    return sorted([*own, *GAMES.glob("*/*.js")])


def client_messages() -> list[str]:
    """Every literal message of the page's ``t("…")`` and ``N_("…")`` calls, sorted."""
    found: set[str] = set()
    for path in client_sources():
        for text in MESSAGE_CALL.findall(path.read_text(encoding="utf-8")):
            found.add(json.loads(f'"{text}"'))
    return sorted(found)


def export() -> dict[str, Any]:
    """The JSON the page loads: the Japanese texts of the page."""
    page = messages("web", "ja")
    return {"ja": {"web": {message: page[message] for message in client_messages() if message in page}}}


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
