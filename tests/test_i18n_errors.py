"""Error messages and option descriptions reach players too: each has its Japanese text.

An error is raised with an English template and its catalog, ``IllegalAction("{card} is not in
your hand", domain="cockroach_poker", card=...)``; an option's description is translated in its
game's catalog. Both are found by reading the code (``ast``): a message built with an f-string
cannot be translated and fails here. The plug-in example's package is read too: its messages are
translated in its own catalog.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from asobiba.core.i18n import catalog_file

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "asobiba"
#: The plug-in example's package, whose option docs are in its game's domain.
PLUGIN = ROOT / "examples" / "plugin_game" / "src" / "asobiba_goofspiel"
ERRORS = {"AsobibaError", "IllegalAction", "NotationError", "InvalidOption", "UnknownGame", "CorruptRecord"}


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _game_domain(path: Path) -> str | None:
    if path.is_relative_to(PLUGIN):
        return "goofspiel"
    relative = path.relative_to(PACKAGE).parts
    return relative[1] if len(relative) > 2 and relative[0] == "games" else None


def _messages() -> Iterator[tuple[str, int, str | None, str]]:
    """(where, line, message or None if not a literal, domain) of every error and option doc."""
    for path in sorted([*PACKAGE.rglob("*.py"), *PLUGIN.rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called_name(node)
            if name in ERRORS and node.args:
                domain = "core"
                for keyword in node.keywords:
                    if keyword.arg == "domain" and isinstance(keyword.value, ast.Constant):
                        domain = str(keyword.value.value)
                first = node.args[0]
                literal = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None
                yield where, node.lineno, literal, domain
            elif name == "Option" and _game_domain(path) is not None:
                doc = node.args[2] if len(node.args) > 2 else None
                for keyword in node.keywords:
                    if keyword.arg == "doc":
                        doc = keyword.value
                if doc is None:
                    continue
                literal = doc.value if isinstance(doc, ast.Constant) and isinstance(doc.value, str) else None
                yield where, node.lineno, literal, str(_game_domain(path))


@cache
def _translations(domain: str) -> dict[str, str]:
    path = catalog_file(domain, "ja")
    if path is None:
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja", domain=domain)
    return {str(message.id): str(message.string) for message in catalog if message.id and message.string}


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


MESSAGES = list(_messages())


def test_errors_and_option_docs_are_found() -> None:
    assert len(MESSAGES) > 30


@pytest.mark.parametrize(("where", "line", "message", "domain"), MESSAGES, ids=lambda value: str(value)[:60])
def test_the_message_is_a_template_with_its_japanese_text(
    where: str, line: int, message: str | None, domain: str
) -> None:
    assert message is not None, f"{where}:{line}: write the message as a literal template with fields, not an f-string"
    japanese = _translations(domain).get(message)
    assert japanese, f"{where}:{line}: no Japanese for {message!r} in {domain}.po"
    assert _fields(japanese) == _fields(message), f"{where}:{line}: the Japanese text changes the fields"


def test_an_error_is_shown_in_the_players_language() -> None:
    import asobiba

    state = asobiba.new_game("cockroach-poker", players=3, seed=1)
    with pytest.raises(asobiba.AsobibaError) as caught:
        state.view(7)
    assert str(caught.value) == "there is no player p7; players are p0 to p2"
    assert caught.value.translated("ja") == "プレイヤーp7はいません。プレイヤーはp0からp2までです"


def test_a_nested_error_is_translated_inside_its_wrapper() -> None:
    import asobiba

    record = {"game": "cockroach-poker", "players": 9, "options": {}, "seed": 1, "actions": []}
    with pytest.raises(asobiba.CorruptRecord) as caught:
        asobiba.replay(record)
    japanese = caught.value.translated("ja")
    assert "9人" in japanese
    assert "players" not in japanese
