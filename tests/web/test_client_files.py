"""The client's files: texts exported from the catalogs and translated, copies of engine data kept
equal, the Content-Security-Policy, the vendored modules pinned, no HTML built from text, the
first-load budget."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from asobiba.core.i18n import messages
from asobiba.games.survive.board import MAP
from asobiba.games.survive.data import COLOURS, CREATURES, EFFECTS, EXPLORERS_PER_COLOUR
from asobiba.games.survive.text import term
from asobiba.web import catalog

WEB = Path(catalog.__file__).resolve().parent
#: Everything the first page load fetches may weigh this much (fonts excluded; there are none). Every
#: client module counts, whether a page imports it or not: 300 KiB until the tutorial player (tutorial.js,
#: tutorial_marks.js and their styles and words, about 22 KB) came; 350 KiB once the learning room's
#: verdicts (learning.js, about 11 KB) and issue 35's browser words and keyboard play (roving.js, the
#: names in the buttons, the island's pan bar, about 13 KB) joined them (341,766 bytes measured).
FIRST_LOAD_BUDGET = 350 * 1024


def test_the_exported_texts_are_up_to_date() -> None:
    assert catalog.main(["--check"]) == 0, "run: python -m asobiba.web.catalog"


def test_every_message_of_the_page_has_its_japanese_text() -> None:
    japanese = messages("web", "ja")
    missing = [message for message in catalog.client_messages() if message not in japanese]
    assert not missing, f"add to locale/ja/LC_MESSAGES/web.po: {missing}"


def test_the_message_calls_are_found() -> None:
    assert len(catalog.client_messages()) > 100


def test_the_survive_board_drawn_is_the_engines_board() -> None:
    source = (WEB.parent / "games" / "survive" / "renderer.js").read_text(encoding="utf-8")
    rows = re.findall(r'\[(\d+), (\d+), "([.LSE]+)"\]', source)
    assert tuple((int(row), int(first), letters) for row, first, letters in rows) == MAP


def test_the_survive_tables_the_renderer_reads_action_data_with_are_the_engines() -> None:
    source = (WEB.parent / "games" / "survive" / "renderer.js").read_text(encoding="utf-8")

    def js_list(name: str) -> list[str]:
        found = re.search(rf"export const {name} = \[([^\]]*)\];", source)
        assert found is not None, name
        return re.findall(r'"([^"]+)"', found.group(1))

    assert tuple(js_list("COLOUR_ORDER")) == COLOURS
    assert tuple(js_list("CREATURES")) == CREATURES
    assert tuple(js_list("EFFECTS")) == EFFECTS
    assert f"export const EXPLORERS_PER_COLOUR = {EXPLORERS_PER_COLOUR};" in source


def test_the_survive_renderer_names_each_tile_as_the_games_texts_do() -> None:
    source = (WEB.parent / "games" / "survive" / "renderer.js").read_text(encoding="utf-8")
    table = re.search(r"export const EFFECT_NAMES = \{([^}]*)\};", source)
    assert table is not None
    names = dict(re.findall(r'^\s*"?([\w-]+)"?: "([^"]+)",$', table.group(1), re.M))
    assert names == {effect: term(effect, "en") for effect in EFFECTS}
    japanese = messages("survive", "ja")
    assert all(name in japanese for name in names.values()), "the client shows these in Japanese"


def test_the_content_security_policy_allows_only_the_pages_own_scripts() -> None:
    page = (WEB / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    directives = dict(part.strip().split(" ", 1) for part in policy.group(1).split(";") if part.strip())
    import_map = re.search(r'<script type="importmap">(.*?)</script>', page, re.S)
    assert import_map is not None
    digest = base64.b64encode(hashlib.sha256(import_map.group(1).encode()).digest()).decode()
    assert directives["script-src"] == f"'self' 'sha256-{digest}'"
    assert "unsafe" not in policy.group(1)
    assert directives["default-src"] == "'self'"


def test_the_vendored_modules_are_the_pinned_versions() -> None:
    package = json.loads((WEB / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((WEB / "package-lock.json").read_text(encoding="utf-8"))
    for name, version in package["dependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    for file in ("preact.module.js", "hooks.module.js", "htm.module.js"):
        vendored = WEB / "vendor" / file
        assert vendored.is_file() and vendored.stat().st_size > 500
    installed = WEB / "node_modules" / "preact" / "dist" / "preact.module.js"
    if installed.is_file():  # after `npm install`: vendor/ is what `npm run vendor` copies
        assert installed.read_bytes() == (WEB / "vendor" / "preact.module.js").read_bytes()


def test_no_html_is_built_from_text() -> None:
    for path in catalog.client_sources():
        source = path.read_text(encoding="utf-8")
        for dangerous in ("innerHTML", "outerHTML", "dangerouslySetInnerHTML", "insertAdjacentHTML", "eval("):
            assert dangerous not in source, f"{path.name} uses {dangerous}"


def test_the_first_load_fits_the_budget() -> None:
    loaded = [WEB / "index.html", WEB / "style.css", WEB / "i18n.json", WEB / "icon.svg"]
    loaded += [path for path in catalog.client_sources()]
    loaded += [WEB / "vendor" / name for name in ("preact.module.js", "hooks.module.js", "htm.module.js")]
    total = sum(path.stat().st_size for path in loaded)
    assert total < FIRST_LOAD_BUDGET, f"{total} bytes"


def test_the_client_builds_choices_from_the_actions_data_and_keeps_no_dead_paths() -> None:
    for path in catalog.client_sources():
        source = path.read_text(encoding="utf-8")
        assert "notation.split" not in source, f"{path.name} parses notation (use the action's data, to_json())"
        for dead in ("zapdos", "round_over", "message_ja"):  # no pending kind, phase or field of that name
            assert dead not in source, f"{path.name} still handles {dead}"
