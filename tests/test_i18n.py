"""Every message shown to a user has its Japanese text, and no translation breaks a placeholder.

Messages are found as Babel finds them (``tr("…")`` calls, extracted from ``src/asobiba``); each
module's domain is the name in its ``Catalog("…")`` call.
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "asobiba"
LOCALE = PACKAGE / "locale" / "ja" / "LC_MESSAGES"
CATALOG_CALL = re.compile(r"""\btr\s*=\s*Catalog\(\s*["']([\w.-]+)["']\s*\)""")
TR_IMPORT = re.compile(r"^from\s+(asobiba[\w.]*)\s+import\s+(?:\(([^)]*)\)|([^\n(]+)$)", re.MULTILINE)


def module_domain(path: Path, seen: frozenset[Path] = frozenset()) -> str | None:
    """The domain of the module's ``tr``: its own ``tr = Catalog("…")``, or that of the module it
    imports ``tr`` from (``from asobiba.cli.common import tr``)."""
    text = path.read_text(encoding="utf-8")
    match = CATALOG_CALL.search(text)
    if match:
        return match.group(1)
    for imported in TR_IMPORT.finditer(text):
        listed = imported.group(2) or imported.group(3)
        names = {name.strip().split(" as ")[0] for name in listed.replace("\n", ",").split(",")}
        if "tr" not in names:
            continue
        parts = imported.group(1).split(".")[1:]
        target = PACKAGE.joinpath(*parts)
        source = target / "__init__.py" if target.is_dir() else target.with_suffix(".py")
        if source.is_file() and source not in seen:
            return module_domain(source, seen | {path})
    return None


@cache
def extracted() -> tuple[tuple[str, int, str], ...]:
    """(module path relative to the package, line, message) of every ``tr("…")`` in the code."""
    found = []
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords={"tr": None}, comment_tags=()
    ):
        if isinstance(message, tuple):  # plural forms are not used: take the singular
            message = message[0]
        found.append((filename, lineno, message))
    return tuple(found)


@cache
def po_catalog(domain: str) -> PoCatalog | None:
    path = LOCALE / f"{domain}.po"
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale="ja", domain=domain)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` text (``{{`` and ``}}`` are literal braces)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*.po"))


def test_messages_are_found() -> None:
    """The extraction itself works (the CLI alone has dozens of messages)."""
    assert len(extracted()) > 20


def test_every_module_with_messages_names_its_domain() -> None:
    missing = sorted({name for name, _, _ in extracted() if module_domain(PACKAGE / name) is None})
    assert not missing, f"modules calling tr() without a Catalog('...') domain: {missing}"


#: A ``tr(`` call inside an f-string's braces: Python 3.11's tokenizer hides it from Babel.
TR_IN_FSTRING = re.compile(r"""\bf(["'])[^\n]*?\{[^}\n]*\btr\(""")


def test_no_message_hides_in_an_f_string() -> None:
    hidden = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TR_IN_FSTRING.search(line)
    ]
    assert not hidden, f"tr() inside an f-string is not extracted, so never checked: {hidden}"


def test_every_message_has_a_japanese_translation() -> None:
    untranslated: list[str] = []
    for name, lineno, message in extracted():
        domain = module_domain(PACKAGE / name)
        if domain is None:
            continue
        catalog = po_catalog(domain)
        entry = catalog.get(message) if catalog is not None else None
        if entry is None or not entry.string or entry.fuzzy:
            untranslated.append(f"{name}:{lineno} [{domain}.po] {message!r}")
    assert not untranslated, "missing Japanese text:\n" + "\n".join(untranslated)


@pytest.mark.parametrize("path", po_files(), ids=lambda path: path.name)
def test_translations_keep_the_placeholders(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    broken = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        try:
            expected = placeholders(str(ids[0]))
            for text in strings:
                if placeholders(str(text)) != expected:
                    broken.append(f"{message.id!r} -> {text!r}")
        except ValueError as error:  # an unbalanced brace
            broken.append(f"{message.id!r}: {error}")
    assert not broken, f"{path.name}: placeholders differ:\n" + "\n".join(broken)


@pytest.mark.parametrize("path", po_files(), ids=lambda path: path.name)
def test_translations_format_with_their_placeholders(path: Path) -> None:
    """A translation formats without error given the fields of its English text."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    for message in catalog:
        if not message.id or not message.string or isinstance(message.id, tuple):
            continue
        fields = dict.fromkeys(placeholders(str(message.id)), 1)
        try:
            str(message.id).format(**fields)
        except (ValueError, TypeError):  # a format spec for another type: the text is still checked above
            continue
        str(message.string).format(**fields)


#: The catalogs of what players read at the table: the page and the games' log lines.
TABLE_DOMAINS = ("web", "cockroach_poker", "paper_safari", "survive")
#: A player's name in a message (not the notation's ``p{player}``), then a space and a particle, or an honorific.
NAME_THEN_SPACE_OR_HONORIFIC = re.compile(
    r"(?<!p)\{(?:player|players|name|winner|winners|loser|mover|giver|receiver|opponent|owner)\}"
    r"(?: (?=[\u3040-\u309f])|さん)"
)


@pytest.mark.parametrize("domain", TABLE_DOMAINS)
def test_a_name_in_japanese_takes_its_particle_without_a_space_or_an_honorific(domain: str) -> None:
    """「Kenの番」「ボット2が…」: no space before the particle (a Japanese name reads 「あき が」 otherwise), and no
    さん after a field that names bots too (「ボットさんが考えています」)."""
    catalog = po_catalog(domain)
    assert catalog is not None
    wrong = [
        f"{message.id!r} -> {message.string!r}"
        for message in catalog
        if message.id and isinstance(message.string, str) and NAME_THEN_SPACE_OR_HONORIFIC.search(message.string)
    ]
    assert not wrong, "\n".join(wrong)
