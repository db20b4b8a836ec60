"""Choosing an action from a list that may be long (Cockroach Poker offers card × target × claim).

A short list is shown whole, numbered. A long one is shown in groups by the first word of the
notation on which the actions differ (``offer p1 …``, ``offer p2 …``), narrowing step by step;
at any point the player may instead type a move's notation, or a few words to filter the list
(``H7``, ``p2 hearts``, or words of the description in his language). Nothing here applies an
action: the caller does, so a refused action never changes the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.markup import escape
from rich.table import Table

from asobiba.cli.common import QuitGame, Terminal, tr
from asobiba.core.errors import AsobibaError, NotationError
from asobiba.core.state import Action, State

#: Lists up to this long are shown whole.
FLAT_LIMIT = 15
#: At most this many groups make a good first choice (a group is one short line).
GROUP_LIMIT = 20


@dataclass(frozen=True)
class Choice:
    """One legal action, with its notation and its description in the player's language."""

    action: Action
    notation: str
    label: str

    @property
    def words(self) -> list[str]:
        """The notation's words."""
        return self.notation.split()

    def tokens(self) -> set[str]:
        """The notation's words, and the values of its ``key=value`` words, case-folded."""
        found = set()
        for word in self.words:
            found.add(word.casefold())
            found.add(word.partition("=")[2].casefold())
        found.discard("")
        return found

    def matches(self, word: str, exact: bool) -> bool:
        """Whether ``word`` is one of the notation's words (``exact``) or appears in the notation
        or the description."""
        folded = word.casefold()
        if exact:
            return folded in self.tokens()
        return folded in f"{self.notation} {self.label}".casefold()


def filter_choices(choices: Sequence[Choice], text: str) -> list[Choice]:
    """The choices matching every word of ``text``: a word that is exactly a notation word of some
    choice (``p2``, ``H1``) must match exactly (so ``H1`` is not ``H12``); any other word may
    appear anywhere in the notation or the description (``hear``, ``ハート``)."""
    kept = list(choices)
    for word in text.split():
        exact = any(choice.matches(word, exact=True) for choice in kept)
        kept = [choice for choice in kept if choice.matches(word, exact)]
    return kept


@dataclass(frozen=True)
class Group:
    """Actions sharing one notation word (``offer … card=S5``)."""

    key: str
    choices: tuple[Choice, ...]


#: The head of a word: its letters up to and including its first number (``r3c4`` -> ``r3``).
_HEAD = re.compile(r"\D*\d+|\D+")


def _group_key(words: Sequence[str], position: int, head: bool = False) -> str:
    if position == 0 or len(words) <= position:
        return words[0] if position == 0 or len(words) == 1 else " ".join(words)
    word = words[position]
    if head:
        match = _HEAD.match(word)
        word = (match.group(0) if match else word) + "…"
    return f"{words[0]} … {word}"


def _fitness(groups: int) -> tuple[bool, int]:
    """Prefer groups that fit on a screen, the more the better; else the fewest."""
    return (groups <= GROUP_LIMIT, groups if groups <= GROUP_LIMIT else -groups)


def make_choices(state: State, lang: str) -> list[Choice]:
    """The legal actions of ``state`` as choices, labelled in ``lang``."""
    choices = []
    for action in state.legal_actions():
        try:
            label = state.game.describe_action(action, lang)
        except Exception:  # a missing description must not stop the game
            label = str(action)
        choices.append(Choice(action, str(action), label))
    return choices


def group_choices(choices: Sequence[Choice]) -> list[Group] | None:
    """Split a long list into groups by one word of the notation, or ``None`` to show it whole.

    The word chosen is the one giving the most groups that still fit on a screen (so a
    Cockroach Poker offer is chosen card first, then target and claim from a short list); when
    every word gives too many groups, the one giving the fewest. Words that split nothing, or
    split into single actions, are not used; when no whole word splits the list, the heads of
    the words do (``place red#1 r3c4`` … grouped by row ``r3…``).

    >>> from asobiba.core.state import Action
    >>> made = [Choice(Action(), f"offer p{t} {c} card={k}", "") for t in (1, 2) for c in "ab" for k in range(5)]
    >>> [(group.key, len(group.choices)) for group in group_choices(made)]
    [('offer … card=0', 4), ('offer … card=1', 4), ('offer … card=2', 4), ('offer … card=3', 4), ('offer … card=4', 4)]
    """
    if len(choices) <= FLAT_LIMIT:
        return None
    longest = max(len(choice.words) for choice in choices)
    best: dict[str, list[Choice]] | None = None
    # Whole words first; when they cannot split the list, the heads of words (a board's rows).
    for head in (False, True):
        for position in range(longest):
            keys: dict[str, list[Choice]] = {}
            for choice in choices:
                keys.setdefault(_group_key(choice.words, position, head), []).append(choice)
            if 1 < len(keys) < len(choices) and (best is None or _fitness(len(keys)) > _fitness(len(best))):
                best = keys
        if best is not None:
            break
    if best is None:
        return None
    return [Group(key, tuple(members)) for key, members in best.items()]


class Chooser:
    """Asks the human for one action; returns the action (legal or not: the caller applies it and
    reports a refusal) or raises :class:`QuitGame`."""

    def __init__(
        self,
        terminal: Terminal,
        state: State,
        lang: str,
        show_log: Callable[[], None] | None = None,
        show_rules: Callable[[], None] | None = None,
    ) -> None:
        self.terminal = terminal
        self.state = state
        self.lang = lang
        self.show_log = show_log
        self.show_rules = show_rules
        self.all_choices = make_choices(state, lang)

    # ------------------------------------------------------------------ drawing

    def _print_flat(self, choices: Sequence[Choice]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        table.add_column(style="dim")
        for number, choice in enumerate(choices, start=1):
            table.add_row(f"{number})", escape(choice.label), escape(choice.notation))
        self.terminal.console.print(table)

    def _print_groups(self, groups: Sequence[Group], total: int) -> None:
        lang = self.lang
        self.terminal.console.print(
            tr("{count} possible moves, in groups — pick a group, or type words to filter:", lang, count=total)
        )
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(justify="right", style="bold cyan", no_wrap=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(style="dim", no_wrap=True, overflow="ellipsis")
        for number, group in enumerate(groups, start=1):
            example = group.choices[0].label
            table.add_row(
                f"{number})",
                escape(group.key),
                tr("{count} moves", lang, count=len(group.choices)),
                escape(tr("e.g. {example}", lang, example=example)),
            )
        self.terminal.console.print(table)

    def print_help(self) -> None:
        """Explain what may be typed at the move prompt."""
        lang = self.lang
        lines = [
            tr("a number — choose that move (or group)", lang),
            tr("words — keep only the moves containing them, e.g. a card, a player (p2) or a claim", lang),
            tr("a move's notation — play it directly (shown dimmed after each move)", lang),
            tr("Enter — play the move when only one is left", lang),
            tr("b — back to the previous list · a — show all moves · l — the whole log", lang),
            tr("r — the rules of this game", lang),
            tr("q — save and quit · ? — this help", lang),
        ]
        for line in lines:
            self.terminal.console.print("  " + escape(line))

    # ------------------------------------------------------------------ asking

    def choose(self) -> Action:
        """Ask until the player names an action; may raise :class:`QuitGame`."""
        lang = self.lang
        console = self.terminal.console
        stack: list[list[Choice]] = []
        current = list(self.all_choices)
        show_all = False
        while True:
            groups = None if show_all else group_choices(current)
            if groups is None:
                self._print_flat(current)
            else:
                self._print_groups(groups, len(current))
            count = len(groups) if groups is not None else len(current)
            hint = (
                tr("Your move [1-{count}, words, notation, ? for help]: ", lang, count=count)
                if count > 1
                else tr("Your move [Enter or 1 to play it, b to go back, ? for help]: ", lang)
            )
            text = self.terminal.ask("[bold]" + escape(hint) + "[/bold]")
            command = text.casefold()
            if command in {"q", "quit", "exit"}:
                raise QuitGame
            if command in {"?", "h", "help"}:
                self.print_help()
                continue
            if command in {"l", "log"}:
                if self.show_log is not None:
                    self.show_log()
                continue
            if command in {"r", "rules"}:
                if self.show_rules is not None:
                    self.show_rules()
                continue
            if command in {"b", "back"}:
                if stack:
                    current = stack.pop()
                    show_all = False
                else:
                    console.print(escape(tr("This is already the full list.", lang)), style="yellow")
                continue
            if command in {"a", "all"}:
                show_all = True
                continue
            if command == "":
                if len(current) == 1:
                    return current[0].action
                console.print(escape(tr("Type a number, or ? for help.", lang)), style="yellow")
                continue
            if command.isdigit():
                number = int(command)
                if not 1 <= number <= count:
                    console.print(
                        escape(tr("There is no choice {number}; pick 1 to {count}.", lang, number=number, count=count)),
                        style="yellow",
                    )
                    continue
                if groups is None:
                    return current[number - 1].action
                stack.append(current)
                current = list(groups[number - 1].choices)
                show_all = False
                continue
            parsed, refusal = self._parse(text)
            if parsed is not None:
                return parsed
            matching = filter_choices(current, text)
            if not matching:
                matching = filter_choices(self.all_choices, text)
            if not matching and refusal is not None:
                console.print(escape(tr("Not allowed: {reason}", lang, reason=refusal)), style="yellow")
                continue
            if not matching:
                console.print(
                    escape(
                        tr(
                            "No move matches “{text}”. Type a number, part of a move, or ? for help.",
                            lang,
                            text=text,
                        )
                    ),
                    style="yellow",
                )
                continue
            stack.append(current)
            current = matching
            show_all = False

    def _parse(self, text: str) -> tuple[Action | None, str | None]:
        """``text`` as a complete action in the game's notation, else ``None`` and, when the game
        read it but refused it (not a mere notation error), the reason."""
        try:
            action = self.state.game.parse_action(text, self.state)
        except NotationError:
            return None, None
        except AsobibaError as error:
            return None, error.translated(self.lang)
        except Exception:  # anything unreadable is treated as filter words, never a crash
            return None, None
        return (action, None) if isinstance(action, Action) else (None, None)
