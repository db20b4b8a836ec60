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

from rich.cells import cell_len
from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text

from asobiba.cli.common import QuitGame, Terminal, shorten, tr, typed_number
from asobiba.cli.layout import MenuEntry, menu_forms
from asobiba.core.errors import AsobibaError, NotationError
from asobiba.core.state import Action, State

#: Draws a menu: (its forms, tallest first; a notice or ``None``). The session fits it to the screen.
Present = Callable[[list[RenderableType], RenderableType | None], None]
#: A game's own grouping of its moves (``None``: the generic one).
GroupMoves = Callable[[Sequence["Choice"]], "list[Group] | None"]
#: A warning to show next to a move (``None``: nothing to say).
MoveWarning = Callable[["Choice"], "str | None"]
#: A game's own words for a move where its position says more than the notation (a move into the
#: sea is a swim); ``None`` keeps the game's description.
MoveLabel = Callable[["Choice"], "str | None"]

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
    #: A brief name for a menu in narrow columns ("": the key, shortened the generic way).
    short: str = ""
    #: The group's name in the player's words when the key is notation ("": the key says it).
    title: str = ""

    @property
    def name(self) -> str:
        """What the menu shows: the title, else the key."""
        return self.title or self.key


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


def moves_text(count: int, lang: str) -> str:
    """``1 move`` / ``5 moves``."""
    return tr("1 move", lang) if count == 1 else tr("{count} moves", lang, count=count)


#: A description this short is its own short label.
SHORT_LABEL_CELLS = 16


def _label_words(choices: Sequence[Choice]) -> list[list[str]]:
    return [choice.label.split() for choice in choices]


def _shared_ends(lists: Sequence[Sequence[str]]) -> tuple[int, int]:
    """How many leading and trailing words every one of ``lists`` shares."""
    if not lists:
        return 0, 0
    shortest = min(len(words) for words in lists)
    front = 0
    while front < shortest and all(words[front] == lists[0][front] for words in lists):
        front += 1
    back = 0
    while back < shortest - front and all(words[-1 - back] == lists[0][-1 - back] for words in lists):
        back += 1
    return front, back


def short_labels(choices: Sequence[Choice]) -> list[str]:
    """Labels for a menu in narrow columns: the descriptions when they are all short, else the
    descriptions without the words most of them begin with (``r3c5 に置く`` of ``冒険者コマ 赤5
    を r3c5 に置く``; a move of another form keeps its whole description); never the notation,
    which is not the player's language."""
    if not choices:
        return []
    labels = [choice.label for choice in choices]
    if all(cell_len(label) <= SHORT_LABEL_CELLS for label in labels):
        return labels
    words = _label_words(choices)
    most = max(set(map(len, words)), key=[len(each) for each in words].count)
    alike = [each for each in words if len(each) == most]
    front, _ = _shared_ends(alike)
    front = min(front, most - 1)
    if not front:
        return labels
    brief = [
        " ".join(each[front:]) if len(each) == most and each[:front] == alike[0][:front] else label
        for each, label in zip(words, labels, strict=True)
    ]
    if len(set(brief)) < len(brief):
        return labels
    return brief


def group_title(choices: Sequence[Choice]) -> str:
    """A group's name from its moves' descriptions: the words they all begin (and end) with, ``…``
    for the words that differ (``冒険者コマ 赤#1 を … に置く``); when they share no word, the
    characters they all begin with; else the first description and ``…``."""
    if len(choices) < 2:
        return choices[0].label if choices else ""
    words = _label_words(choices)
    front, back = _shared_ends(words)
    if front or back:
        head = " ".join(words[0][:front])
        tail = " ".join(words[0][len(words[0]) - back :]) if back else ""
        return " ".join(part for part in (head, "…", tail) if part)
    first = choices[0].label
    common = 0
    while common < len(first) and all(
        len(choice.label) > common and choice.label[common] == first[common] for choice in choices
    ):
        common += 1
    if common >= 4:
        return first[:common] + "…"
    return first + " …"


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
    titles = [group_title(members) for members in best.values()]
    words = [title.split() for title in titles]
    front, back = _shared_ends(words)
    shorts = [" ".join(each[front : len(each) - back]) for each in words]
    if any(not short for short in shorts) or len(set(shorts)) < len(shorts):
        shorts = titles
    return [
        Group(key, tuple(members), short=short, title=title)
        for (key, members), title, short in zip(best.items(), titles, shorts, strict=True)
    ]


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
        present: Present | None = None,
        group_moves: GroupMoves | None = None,
        move_warning: MoveWarning | None = None,
        move_label: MoveLabel | None = None,
    ) -> None:
        self.terminal = terminal
        self.state = state
        self.lang = lang
        self.show_log = show_log
        self.show_rules = show_rules
        self.present = present
        self.group_moves = group_moves
        self.move_warning = move_warning
        # moves the player cannot tell apart (two cards of a kind, two explorers of one value) are one
        labelled: dict[str, Choice] = {}
        for choice in make_choices(state, lang):
            relabelled = self._relabelled(choice, move_label)
            labelled.setdefault(relabelled.label, relabelled)
        self.all_choices = list(labelled.values())
        self.notice: Text | None = None

    @staticmethod
    def _relabelled(choice: Choice, move_label: MoveLabel | None) -> Choice:
        if move_label is None:
            return choice
        try:
            label = move_label(choice)
        except Exception:  # the game's description stays: a label is a help, never a reason to stop
            label = None
        return choice if not label else Choice(choice.action, choice.notation, label)

    def _say(self, message: str, style: str = "yellow") -> None:
        """A notice for the player: under the menu of the next frame, or printed at once."""
        if self.present is not None:
            self.notice = Text(message, style=style)
        else:
            self.terminal.console.print(escape(message), style=style, highlight=False)

    def _warning(self, choice: Choice) -> str:
        if self.move_warning is None:
            return ""
        try:
            return self.move_warning(choice) or ""
        except Exception:  # a warning is a help, never a reason to stop the game
            return ""

    def _groups(self, choices: Sequence[Choice]) -> list[Group] | None:
        if self.group_moves is not None:
            try:
                grouped = self.group_moves(choices)
            except Exception:  # fall back on the generic grouping
                grouped = None
            if grouped is not None:
                return grouped
        return group_choices(choices)

    def _entries(self, choices: Sequence[Choice]) -> tuple[list[MenuEntry], list[MenuEntry]]:
        """The menu lines of a flat list: with the full labels, and with the short ones."""
        full, short = [], []
        for number, (choice, brief) in enumerate(zip(choices, short_labels(choices), strict=True), start=1):
            warning = self._warning(choice)
            note = f"⚠ {warning}" if warning else ""
            style = "bold red" if warning else "dim"
            # the notation is the English words of the moves: shown dimmed to an English reader only
            notation = choice.notation if self.lang == "en" else ""
            full.append(MenuEntry(number, choice.label, notation, note, style))
            short.append(MenuEntry(number, brief, "", note, style))
        return full, short

    def _flat_forms(self, choices: Sequence[Choice], group: Group | None = None) -> list[RenderableType]:
        """The menu of ``choices``; under the name of the ``group`` they were chosen from, if any
        (its short labels leave out what the group's moves share: the heading says it)."""
        full, short = self._entries(choices)
        heading = None if group is None else Text(tr("{group}:", self.lang, group=group.name), style="bold")
        return menu_forms(full, heading, short, keep_heading=True)

    def _group_forms(self, groups: Sequence[Group], total: int) -> list[RenderableType]:
        lang = self.lang
        heading = Text(
            tr("{count} possible moves, in groups — pick a group, or type words to filter:", lang, count=total)
        )
        examples = [
            MenuEntry(
                number,
                group.name,
                "",
                f"({moves_text(len(group.choices), lang)}) "
                + tr("e.g. {example}", lang, example=group.choices[0].label),
            )
            for number, group in enumerate(groups, start=1)
        ]
        full = [
            MenuEntry(number, group.name, "", f"({moves_text(len(group.choices), lang)})")
            for number, group in enumerate(groups, start=1)
        ]
        one_head = len({group.name.partition(" … ")[0] for group in groups}) == 1  # then it says nothing
        short = [
            MenuEntry(
                number,
                group.short or (group.name.rpartition(" … ")[2] if one_head else group.name.replace(" … ", " ")),
                "",
                f"({len(group.choices)})",
            )
            for number, group in enumerate(groups, start=1)
        ]
        forms = menu_forms(full, heading, short)
        if len({group.choices[0].label for group in groups}) == len(groups):  # examples that tell apart
            forms.insert(0, menu_forms(examples, heading)[0])
        return forms

    def first_menu(self) -> list[RenderableType]:
        """The forms of the menu the player sees first (the groups, or the whole list)."""
        groups = self._groups(self.all_choices)
        if groups is None:
            return self._flat_forms(self.all_choices)
        return self._group_forms(groups, sum(len(group.choices) for group in groups))

    def _show(self, forms: list[RenderableType]) -> None:
        """Hand the menu to the session's frame, or print its first form."""
        if self.present is not None:
            self.present(forms, self.notice)
        else:
            self.terminal.console.print(forms[0])
        self.notice = None

    def print_help(self) -> None:
        """Explain what may be typed at the move prompt."""
        lang = self.lang
        lines = [
            tr("a number — choose that move (or group)", lang),
            tr(
                "words — keep only the moves containing them, e.g. “{example}”",
                lang,
                example=self.all_choices[0].label.split()[0] if self.all_choices and self.all_choices[0].label else "",
            ),
            tr("a move's notation — play it directly (shown dimmed after each move)", lang)
            if lang == "en"
            else tr(
                "a move's notation, e.g. {example} — play it directly",
                lang,
                example=self.all_choices[0].notation if self.all_choices else "",
            ),
            tr("Enter — play the move when only one is left", lang),
            tr("b — back to the previous list · a — show all moves · l — the whole log", lang),
            tr("r — the rules of this game", lang),
            tr("q — save and quit · ? — this help", lang),
        ]
        for line in lines:
            self.terminal.console.print("  " + escape(line), highlight=False)
        if self.present is not None:  # the next frame would clear the help at once
            self.terminal.ask(escape(tr("Press Enter to go back to the game.", lang)))

    # ------------------------------------------------------------------ asking

    def choose(self) -> Action:
        """Ask until the player names an action; may raise :class:`QuitGame`. A group leads to a
        flat list, so any move is at most two choices away."""
        lang = self.lang
        stack: list[list[Choice]] = []
        current = list(self.all_choices)
        chosen_group: Group | None = None
        show_all = False
        while True:
            groups = None if show_all or stack else self._groups(current)
            if groups is None:
                self._show(self._flat_forms(current, chosen_group if stack else None))
            else:
                self._show(self._group_forms(groups, sum(len(group.choices) for group in groups)))
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
                    self._say(tr("This is already the full list.", lang))
                continue
            if command in {"a", "all"}:
                show_all = True
                continue
            if command == "":
                if len(current) == 1:
                    return current[0].action
                self._say(tr("Type a number, or ? for help.", lang))
                continue
            number = typed_number(command)
            if number is not None or command.isdigit() or command.isdecimal():
                if number is None or not 1 <= number <= count:
                    self._say(
                        tr(
                            "There is no choice {number}; pick 1 to {count}.",
                            lang,
                            number=shorten(command, 12),
                            count=count,
                        )
                    )
                    continue
                if groups is None:
                    return current[number - 1].action
                stack.append(current)
                chosen_group = groups[number - 1]
                current = list(chosen_group.choices)
                show_all = False
                continue
            parsed, refusal = self._parse(text)
            if parsed is not None:
                return parsed
            matching = filter_choices(current, text)
            if not matching:
                matching = filter_choices(self.all_choices, text)
            if not matching and refusal is not None:
                self._say(tr("Not allowed: {reason}", lang, reason=shorten(refusal, 200)))
                continue
            if not matching:
                self._say(
                    tr(
                        "No move matches “{text}”. Type a number, part of a move, or ? for help.",
                        lang,
                        text=shorten(text),
                    )
                )
                continue
            stack.append(current)
            current = matching
            chosen_group = None
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
