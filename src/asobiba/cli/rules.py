"""The rules of a game in the terminal: ``asobiba rules GAME`` and ``r`` at the move prompt.

The texts are Markdown files the game's package carries, named by its declaration's ``rules``; for
the games of asobiba ``asobiba/rules/<game>.<lang>.md`` (``src/asobiba/rules`` is a link to
``docs/rules``, so there is one copy of each text). They are
shown with Rich Markdown; on a terminal through a pager (``$PAGER``, else ``less``), which keeps
the colours, and printed plainly when the output goes to a file or a pipe.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Heading, Markdown, MarkdownElement, Paragraph, TableElement
from rich.markup import escape
from rich.pager import Pager
from rich.table import Table
from rich.text import Text

from asobiba.cli.common import UserError, tr
from asobiba.cli.linebreak import PhraseText
from asobiba.core.errors import UnknownGame
from asobiba.core.registry import declaration

#: The language shown when a game has no text in the player's language.
FALLBACK_LANGUAGE = "en"
#: The options ``less`` gets unless ``$LESS`` says otherwise (as git does): colours shown, quit at
#: once when the text fits on one screen, and the text left on the screen afterwards.
LESS_OPTIONS = "FRX"


def rules_folder() -> Traversable:
    """The folder of rules texts inside the installed package."""
    return files("asobiba").joinpath("rules")


def rules_file_name(game: str, lang: str) -> str:
    """The file holding the rules of ``game`` in ``lang``.

    >>> rules_file_name("cockroach-poker", "ja")
    'cockroach_poker.ja.md'
    """
    return f"{game.replace('-', '_')}.{lang}.md"


def rules_text(game: str, lang: str) -> tuple[str, str]:
    """The rules of ``game`` (a registered name such as ``paper-safari``) as Markdown, and the
    language they are in: ``lang`` when the package has that text, else English. Raises
    :class:`UserError` when the package holds no rules for the game."""
    for language in dict.fromkeys((lang, FALLBACK_LANGUAGE)):
        try:
            resource = declaration(game).resource("rules", lang=language)  # in the game's own package
        except UnknownGame:
            resource = None
        if resource is not None:
            return resource.read_text(encoding="utf-8"), language
    raise UserError(tr("there are no rules for {game} in this installation", lang, game=game))


class PhraseParagraph(Paragraph):
    """A paragraph wrapped between words and Japanese phrases, with kinsoku (:mod:`linebreak`)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = PhraseText.of(self.text)
        text.justify = self.justify
        yield text


class PhraseHeading(Heading):
    """A heading wrapped like :class:`PhraseParagraph`."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in super().__rich_console__(console, options):
            yield PhraseText.of(part) if isinstance(part, Text) else part


class FoldingTable(TableElement):
    """A Markdown table whose cells wrap between words and Japanese phrases, and fold a word too
    long for its column instead of cutting it short."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.body is not None:
            for row in self.body.rows:
                for cell in row.cells:
                    cell.content = PhraseText.of(cell.content)
        for part in super().__rich_console__(console, options):
            if isinstance(part, Table):
                for column in part.columns:
                    column.overflow = "fold"
            yield part


class RulesMarkdown(Markdown):
    """Rich Markdown whose paragraphs, headings and tables break lines the Japanese way too."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": PhraseParagraph,
        "heading_open": PhraseHeading,
        "table_open": FoldingTable,
    }


def pager_command(environ: Mapping[str, str] | None = None) -> list[str] | None:
    """The pager to page the rules through: ``$PAGER``, else ``less``; ``None`` when it is not
    installed (then the text is printed as it is).

    >>> pager_command({"PAGER": "no-such-pager-anywhere"}) is None
    True
    """
    env = os.environ if environ is None else environ
    try:
        command = shlex.split(env.get("PAGER", "")) or ["less"]
    except ValueError:  # unbalanced quotes in $PAGER: do without a pager
        return None
    return command if shutil.which(command[0]) else None


class ColourPager(Pager):
    """Feeds the rendered text, colours included, to ``command`` and waits for the reader to quit
    it. Ctrl-C inside the pager belongs to the pager: it neither stops the wait nor the game."""

    def __init__(self, command: list[str]) -> None:
        self.command = command

    def show(self, content: str) -> None:
        env = dict(os.environ)
        env.setdefault("LESS", LESS_OPTIONS)
        process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            env=env,
            encoding=sys.stdout.encoding or "utf-8",
            errors="replace",
        )
        assert process.stdin is not None
        try:
            with process.stdin as pipe:
                pipe.write(content)
        except (KeyboardInterrupt, OSError):  # the reader quit early (a broken pipe) or pressed Ctrl-C
            pass
        while True:
            try:
                process.wait()
                return
            except KeyboardInterrupt:
                continue


def show_rules(console: Console, game: str, lang: str, *, pager: bool | None = None) -> None:
    """Show the rules of ``game`` in ``lang`` on ``console``: paged when ``pager`` is true (by
    default: when the console is a terminal and a pager is installed), else printed."""
    text, shown = rules_text(game, lang)
    markdown = RulesMarkdown(text)
    command = pager_command() if (console.is_terminal if pager is None else pager) else None
    if shown != lang:
        console.print(escape(tr("(These rules are not written in your language yet.)", lang)), style="yellow")
    if command is None:
        console.print(markdown)
        return
    with console.pager(ColourPager(command), styles=True):
        console.print(markdown)
