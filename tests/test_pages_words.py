"""The English rules pages speak of "the original rulebook", as the Japanese ones say 元のルール — never of
"the seed", the project's own word for it (issue 35)."""

from __future__ import annotations

from pathlib import Path

import pytest

PAGES = sorted((Path(__file__).resolve().parents[1] / "docs" / "rules").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_a_rules_page_does_not_say_seed(page: Path) -> None:
    assert "seed" not in page.read_text(encoding="utf-8").casefold().replace("seeded", "")
