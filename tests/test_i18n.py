"""Every message shown to a user has its Japanese text, and no translation breaks a placeholder.

Messages are found as Babel finds them (``tr("…")`` calls, extracted from ``src/asobiba`` and from
the plug-in example's package); each module's domain is the name in its ``Catalog("…")`` call, and
its catalog is where :func:`asobiba.core.i18n.catalog_file` finds it: asobiba's own in
``src/asobiba/locale``, a game's in its own package (its declaration's ``locale`` part).
"""

from __future__ import annotations

import re
import string
from functools import cache
from importlib.resources import files
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import asobiba
from asobiba.core.i18n import catalog_file
from asobiba.core.registry import declaration

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "asobiba"
#: The plug-in example's package: its messages are checked as asobiba's are.
PLUGIN = ROOT / "examples" / "plugin_game" / "src" / "asobiba_goofspiel"
SOURCES = (PACKAGE, PLUGIN)
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
        target = (PLUGIN if imported.group(1).startswith("asobiba_goofspiel") else PACKAGE).joinpath(*parts)
        source = target / "__init__.py" if target.is_dir() else target.with_suffix(".py")
        if source.is_file() and source not in seen:
            return module_domain(source, seen | {path})
    return None


@cache
def extracted() -> tuple[tuple[Path, int, str], ...]:
    """(module path, line, message) of every ``tr("…")`` in the code."""
    found = []
    for source in SOURCES:
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(source), method_map=[("**.py", "python")], keywords={"tr": None}, comment_tags=()
        ):
            if isinstance(message, tuple):  # plural forms are not used: take the singular
                message = message[0]
            found.append((source / filename, lineno, message))
    return tuple(found)


@cache
def po_catalog(domain: str) -> PoCatalog | None:
    path = catalog_file(domain, "ja")
    if path is None:
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale="ja", domain=domain)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` text (``{{`` and ``}}`` are literal braces)."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def po_files() -> list[Path]:
    """asobiba's own catalogs, the built-in games' (in their packages) and the plug-in example's."""
    return sorted([*LOCALE.glob("*.po"), *PACKAGE.glob("games/*/locale/ja/LC_MESSAGES/*.po"), *PLUGIN.rglob("*.po")])


def test_messages_are_found() -> None:
    """The extraction itself works (the CLI alone has dozens of messages)."""
    assert len(extracted()) > 20


def test_every_module_with_messages_names_its_domain() -> None:
    missing = sorted({str(path) for path, _, _ in extracted() if module_domain(path) is None})
    assert not missing, f"modules calling tr() without a Catalog('...') domain: {missing}"


#: A ``tr(`` call inside an f-string's braces: Python 3.11's tokenizer hides it from Babel.
TR_IN_FSTRING = re.compile(r"""\bf(["'])[^\n]*?\{[^}\n]*\btr\(""")


def test_no_message_hides_in_an_f_string() -> None:
    hidden = [
        f"{path.relative_to(ROOT)}:{number}"
        for source in SOURCES
        for path in sorted(source.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if TR_IN_FSTRING.search(line)
    ]
    assert not hidden, f"tr() inside an f-string is not extracted, so never checked: {hidden}"


def test_every_message_has_a_japanese_translation() -> None:
    untranslated: list[str] = []
    for path, lineno, message in extracted():
        name = path.relative_to(ROOT)
        domain = module_domain(path)
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
TABLE_DOMAINS = ("web", "cockroach_poker", "paper_safari", "survive", "goofspiel")
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


def test_each_games_catalog_is_in_its_own_package() -> None:
    """A game's translations belong to the game: asobiba's own catalogs hold no game's, and each game's
    catalog (the plug-in's too) is read from the folder its declaration's ``locale`` part names."""
    games = asobiba.game_names()
    assert "goofspiel" in games, (
        "the plug-in example is not installed: python3 -m pip install -e ./examples/plugin_game"
    )
    for name in games:
        domain = asobiba.get_game(name).text_domain
        assert not (LOCALE / f"{domain}.po").exists(), f"{domain}.po is in asobiba's catalogs, not in {name}'s package"
        found = catalog_file(domain, "ja")
        assert found is not None, f"{name} has no Japanese catalog"
        assert found == declaration(name).catalog(domain, "ja")
        package = (declaration(name).named("game") or "").partition(":")[0]
        assert Path(str(found)).is_relative_to(Path(str(files(package)))), f"{found} is outside {package}"


def test_a_plugin_games_words_are_japanese_in_the_terminal_errors_and_options() -> None:
    """The plug-in's log lines, option texts and error messages come from its own catalog."""
    from asobiba.cli.common import option_doc

    game = asobiba.get_game("goofspiel")
    state = asobiba.new_game("goofspiel", players=2, seed=1)
    events = state.apply(state.legal_actions()[0])
    assert game.describe_event(events[0], "ja") == "p0が1を伏せて入札する"
    assert option_doc(game, game.options[0], "ja") == "各プレイヤーの手札と賞品の山の枚数（1からこの数まで）"
    with pytest.raises(asobiba.IllegalAction) as refused:
        state.apply(asobiba.parse_action(state, "bid 9"))
    assert refused.value.translated("ja") == "9は手札にありません。手札は1 2 3 4 5 6です"
