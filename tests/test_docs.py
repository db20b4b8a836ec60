"""CONTRIBUTING.md and docs/adding-a-game.md describe the repository as it is: every file they name in
backticks exists, and they send nobody outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["CONTRIBUTING.md", "docs/adding-a-game.md"]
#: A file path in backticks: folders and a name with a suffix, no placeholder.
NAMED_PATH = re.compile(r"`((?:[\w.-]+/)+[\w.-]*)`")


@pytest.mark.parametrize("page", PAGES)
def test_the_page_names_no_path_outside_the_repository(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "../" not in text and "/work/" not in text and "shared/" not in text


@pytest.mark.parametrize("page", PAGES)
def test_every_path_the_page_names_exists(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    # "asobiba/…" is how a renderer imports the client's parts (the page's import map), not a file path
    named = [path for path in NAMED_PATH.findall(text) if "<" not in path and not path.startswith(("/", "asobiba/"))]
    assert named, page
    missing = [path for path in named if not (ROOT / path).exists()]
    assert not missing, f"{page} names files that do not exist: {missing}"


def test_the_layout_names_every_module_of_the_client() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    web = ROOT / "src" / "asobiba" / "web"
    for module in sorted(web.glob("*.js")):
        if module.name not in ("html.js", "i18n.js", "net.js", "vendor.mjs"):
            assert module.name in text, f"CONTRIBUTING's layout does not say what web/{module.name} is"
