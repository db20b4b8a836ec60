"""One declaration per game: no module of asobiba outside ``games/<name>/`` names a game or imports
a game's internals. Everything a part of asobiba needs of a game (its screen, renderer, analysis
depth, bot settings, rules pages, rematch rotation) comes from its declaration or its ``Game``, so a
game from another package plays everywhere with no change to asobiba.

Docstrings (examples run as doctests) and comments may name a game; code may not: no import of
``asobiba.games.<name>``, no string naming a game or its package, in Python or in the client's
JavaScript.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "asobiba"
GAMES = PACKAGE / "games"
#: Parts allowed to hold per-game tables for now (none: the research API's moved into each game's
#: package, games/<game>/rl.py, in issue 23).
ALLOWED: tuple[str, ...] = ()


def game_packages() -> list[str]:
    return sorted(path.parent.name for path in GAMES.glob("*/declaration.py"))


def game_words() -> list[str]:
    """Every way code names a game: its package (``paper_safari``) and its name (``paper-safari``)."""
    words = set()
    for package in game_packages():
        words |= {package, package.replace("_", "-")}
    return sorted(words)


def outside_the_games(suffix: str) -> list[Path]:
    found = []
    for path in sorted(PACKAGE.rglob(f"*{suffix}")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "games" and len(parts) > 2:  # games/<name>/…: the game's own
            continue
        if parts[0] in ALLOWED or "vendor" in parts or "node_modules" in parts:
            continue
        found.append(path)
    return found


def docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def python_mentions(path: Path, words: list[str]) -> list[str]:
    return source_mentions(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)), words)


def source_mentions(source: str, where: str, words: list[str]) -> list[str]:
    tree = ast.parse(source)
    docstrings = docstring_nodes(tree)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names]
            module = node.module if isinstance(node, ast.ImportFrom) else None
            for name in [module, *names] if module else names:
                if name and name.startswith("asobiba.games."):
                    found.append(f"{where}:{node.lineno} imports {name}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            match = pattern.search(node.value)
            if match:
                found.append(f"{where}:{node.lineno} names {match.group(1)!r}")
    return found


def javascript_mentions_of(script: str, words: list[str]) -> list[str]:
    source = re.sub(r"/\*.*?\*/|//[^\n]*", "", script, flags=re.S)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")
    return [match.group(1) for match in pattern.finditer(source)]


def javascript_mentions(path: Path, words: list[str]) -> list[str]:
    source = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")
    return [
        f"{path.relative_to(PACKAGE)}:{source[: match.start()].count(chr(10)) + 1} names {match.group(1)!r}"
        for match in pattern.finditer(source)
    ]


def test_the_games_are_found() -> None:
    assert len(game_packages()) >= 3


def test_no_python_module_outside_a_game_names_a_game_or_imports_its_internals() -> None:
    words = game_words()
    found = [mention for path in outside_the_games(".py") for mention in python_mentions(path, words)]
    assert not found, "per-game knowledge outside games/<name>/ (put it on the declaration):\n" + "\n".join(found)


def test_no_client_module_names_a_game() -> None:
    words = game_words()
    found = [mention for path in outside_the_games(".js") for mention in javascript_mentions(path, words)]
    assert not found, "the client names a game (let /api/games say it):\n" + "\n".join(found)


def test_the_check_sees_a_table_of_games_and_an_import_but_not_a_docstring() -> None:
    source = (
        '"""An example: new_game("survive")."""\n'
        'TABLE = {"paper-safari": 24}\n'
        "from asobiba.games.survive import board\n"
    )
    found = source_mentions(source, "sample.py", game_words())
    assert sorted(found) == ["sample.py:2 names 'paper-safari'", "sample.py:3 imports asobiba.games.survive"]
    script = "const GAMES = { survive: 1 }; // cockroach-poker in a comment\n"
    assert javascript_mentions_of(script, game_words()) == ["survive"]
