"""One word per thing in Japanese, across the terminal, the browser, the rules pages and the catalogs.

The glossary below is the table of the words a Japanese player reads for one thing, with the
variants that must not appear beside it. A game's own round takes its seed's word (Paper Safari
「１試合勝利したプレイヤー」: 試合; Cockroach Poker 「勝負を避けて」: 勝負), the discard pile is the seed's
捨札, an explorer who reached a safe island the seed's 生還者, a piece of The Island its 冒険者コマ.
Every Japanese text is checked: each catalog's messages (``.po`` files, ``web/i18n.json``) and the
rules pages (``docs/rules/*.ja.md``, which ``src/asobiba/rules`` links to).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "asobiba"
RULES = ROOT / "docs" / "rules"

#: The catalogs and pages of each game (the rest are shared by every game).
GAME_FILES = {
    "cockroach_poker": [
        PACKAGE / "games" / "cockroach_poker" / "locale" / "ja" / "LC_MESSAGES" / "cockroach_poker.po",
        RULES / "cockroach_poker.ja.md",
    ],
    "paper_safari": [
        PACKAGE / "games" / "paper_safari" / "locale" / "ja" / "LC_MESSAGES" / "paper_safari.po",
        RULES / "paper_safari.ja.md",
    ],
    "survive": [
        PACKAGE / "games" / "survive" / "locale" / "ja" / "LC_MESSAGES" / "survive.po",
        RULES / "survive.ja.md",
    ],
}
# Each game's tutorials: the teacher's Japanese words.
for _game, _paths in GAME_FILES.items():
    _paths.extend(sorted((PACKAGE / "games" / _game / "tutorials").glob("*.toml")))
SHARED = [*sorted((PACKAGE / "locale" / "ja" / "LC_MESSAGES").glob("*.po")), PACKAGE / "web" / "i18n.json"]
EVERY = [*SHARED, *(path for paths in GAME_FILES.values() for path in paths)]


@dataclass(frozen=True)
class Term:
    """The word for one thing, the variants banned where it applies, and where that is."""

    thing: str
    word: str
    banned: tuple[str, ...]
    files: tuple[Path, ...]


GLOSSARY = [
    Term("the discard pile", "捨札", ("捨て札", "捨て山"), tuple(EVERY)),
    Term("an explorer who reached a safe island", "生還者", ("救出済み", "救出者"), tuple(EVERY)),
    Term("an explorer of The Island", "冒険者コマ", ("探検家", "探検者"), tuple(EVERY)),
    Term("a round of any game", "試合 / 勝負", ("ラウンド",), tuple(EVERY)),
    Term("a round of Paper Safari", "試合", ("勝負",), tuple(GAME_FILES["paper_safari"])),
    Term("a round of Cockroach Poker", "勝負", ("試合",), tuple(GAME_FILES["cockroach_poker"])),
]


def japanese_texts(path: Path) -> list[tuple[str, str]]:
    """(where, text) for every Japanese text of a catalog or page."""
    if path.suffix == ".po":
        with path.open("rb") as handle:
            catalog = read_po(handle)
        found = []
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found.extend((f"{path.name}: {message.id!r}", text) for text in strings if text)
        return found
    if path.suffix == ".toml":
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found = [(f"{path.name}: title", data["title"]["ja"])]
        for number, step in enumerate(data["steps"]):
            found.extend(
                (f"{path.name}: steps[{number}].{key}", step[key]["ja"]) for key in ("say", "wrong") if key in step
            )
        return found
    if path.suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return [(f"{path.name}: {key!r}", text) for key, text in data["ja"]["web"].items()]
    return [
        (f"{path.name}:{number}", line)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
    ]


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda term: term.thing)
def test_one_word_per_thing(term: Term) -> None:
    found = [
        f"{where}: {banned} in {text!r} (say {term.word})"
        for path in term.files
        for where, text in japanese_texts(path)
        for banned in term.banned
        if banned in text
    ]
    assert not found, "\n".join(found)


def test_the_glossary_reads_every_catalog_and_page() -> None:
    assert all(path.exists() for path in EVERY)
    assert {path.name for path in SHARED} >= {"cli.po", "web.po", "i18n.json"}
    assert (PACKAGE / "rules").resolve() == RULES.resolve()  # the package's rules are these pages
    assert all(japanese_texts(path) for path in EVERY)


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda term: term.thing)
def test_the_preferred_word_is_in_use(term: Term) -> None:
    """A glossary word nobody uses is a word the glossary got wrong."""
    words = term.word.split(" / ")
    texts = " ".join(text for path in term.files for _, text in japanese_texts(path))
    assert all(word in texts for word in words), term
