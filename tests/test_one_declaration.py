"""One declaration per game: no module of asobiba outside ``games/<name>/`` names a game or imports
a game's internals. Everything a part of asobiba needs of a game (its screen, renderer, analysis
depth, bot settings, rules pages, rematch rotation) comes from its declaration or its ``Game``, so a
game from another package plays everywhere with no change to asobiba.

Docstrings (examples run as doctests) and comments may name a game; code may not: no import of
``asobiba.games.<name>``, no string naming a game or its package, in Python, in the client's
JavaScript or in its style sheets. The page's style sheet (``web/style.css``) holds no rule for a
class only one game's renderer draws: that rule is the game's, in its own style sheet
(``GameDeclaration.web_style``, ``games/<name>/renderer.css``).
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


#: Where a script names classes: a class attribute (``class="a b"``, ``class=${`a ${…}``), and a quoted
#: text of class words only (``"card"``, ``'ps-card picked'``: the lists a class attribute is joined from).
CLASS_TEXT = re.compile(r"""class="([^"]*)"|class=\$\{`([^`$]*)|"([\w -]*)"|'([\w -]*)'""")
#: A word a class attribute may hold.
CLASS_WORD = re.compile(r"[A-Za-z_][\w-]*")


def class_words(script: str) -> set[str]:
    """The words of the places a script names classes, leaving out the messages it translates
    (``t("…")``, ``N_("…")``) and its comments."""
    source = re.sub(r"/\*.*?\*/|(?<![:\\])//[^\n]*", "", script, flags=re.S)
    words = set()
    for match in CLASS_TEXT.finditer(source):
        if re.search(r"(?<![\w.])(?:t|N_)\(\s*$", source[max(0, match.start() - 8) : match.start()]):
            continue
        text = next(group for group in match.groups() if group is not None)
        words |= set(CLASS_WORD.findall(text))
    return words


def style_classes(sheet: str) -> set[str]:
    """The classes a style sheet's selectors name (not its declarations or comments)."""
    selectors = re.sub(r"\{[^{}]*\}", "{}", re.sub(r"/\*.*?\*/", "", sheet, flags=re.S))
    return set(re.findall(r"\.([A-Za-z_][\w-]*)", selectors))


def rules_of_one_game(sheet: str, renderers: dict[str, str], client: str) -> dict[str, str]:
    """Each class of ``sheet`` that exactly one game's renderer draws and the client's own modules do
    not, with that game."""
    client_words = class_words(client)
    drawn = {game: class_words(script) for game, script in renderers.items()}
    found = {}
    for name in sorted(style_classes(sheet) - client_words):
        games = [game for game, words in drawn.items() if name in words]
        if len(games) == 1:
            found[name] = games[0]
    return found


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


def test_no_style_sheet_outside_a_game_names_a_game() -> None:
    words = game_words()
    found = [mention for path in outside_the_games(".css") for mention in javascript_mentions(path, words)]
    assert not found, "a style sheet names a game:\n" + "\n".join(found)


def test_the_pages_style_sheet_holds_no_rule_of_one_game() -> None:
    renderers = {path.parent.name: path.read_text(encoding="utf-8") for path in sorted(GAMES.glob("*/renderer.js"))}
    client = "\n".join(path.read_text(encoding="utf-8") for path in outside_the_games(".js"))
    client += (PACKAGE / "web" / "index.html").read_text(encoding="utf-8")
    sheets = outside_the_games(".css")
    assert PACKAGE / "web" / "style.css" in sheets
    found = {
        f"{path.relative_to(PACKAGE)}: .{name}": game
        for path in sheets
        for name, game in rules_of_one_game(path.read_text(encoding="utf-8"), renderers, client).items()
    }
    assert not found, "move these rules to games/<game>/renderer.css (GameDeclaration.web_style):\n" + "\n".join(
        f"{rule} (drawn only by {game})" for rule, game in found.items()
    )


def test_the_style_check_sees_a_class_only_one_game_draws() -> None:
    renderers = {
        "island": 'html`<g class=${`hex ${on ? "lit" : ""}`}><text class="edge">`;\n',
        "cards": 'const classes = ["card", "ps-card"]; html`<p aria-label=${t("hex edge")}>`;\n',
        "other": 'html`<div class="card">`; // the "lit" hexes\n',
    }
    client = 'html`<div class="table" aria-label=${t("table")}>`;'
    sheet = "/* .comment */ .hex.lit polygon, .board text.edge { stroke: #fff; }\n.card.ps-card, .table .x { }"
    assert rules_of_one_game(sheet, renderers, client) == {
        "edge": "island",
        "hex": "island",
        "lit": "island",
        "ps-card": "cards",
    }
