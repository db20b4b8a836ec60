"""The start menu shown by a bare `asobiba`: language, game, players, bots and rules, each with a default."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rich.console import Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from asobiba.bots import BOTS, plays_table
from asobiba.cli.common import (
    Terminal,
    UserError,
    bot_level_name,
    check_bot_names,
    check_bot_tables,
    coerce_option,
    default_bot_name,
    default_players,
    option_accepts,
    option_doc,
    player_range,
    split_bot_specs,
    tr,
    typed_number,
)
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.option_words import option_label, typed_value, value_text
from asobiba.core.errors import AsobibaError
from asobiba.core.game import Game
from asobiba.core.options import Option
from asobiba.core.registry import game_names, get_game
from asobiba.i18n import LANGUAGES

T = TypeVar("T")

LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}


@dataclass
class GameSetup:
    """Everything needed to start a game."""

    game: str
    players: int
    bots: list[str]
    lang: str
    options: dict[str, Any] = field(default_factory=dict)
    seat: int = 0


def game_title(game: Game, lang: str) -> str:
    """The game's title in ``lang`` (English if it has none)."""
    return str(game.title.get(lang) or game.title.get("en") or game.name)


class StartMenu:
    """Asks the questions; Enter keeps each default."""

    def __init__(self, terminal: Terminal, lang: str) -> None:
        self.terminal = terminal
        self.lang = lang

    def _warn(self, message: str) -> None:
        self.terminal.console.print(escape(message), style="yellow")

    def pick(
        self,
        question: str,
        items: Sequence[T],
        label: Callable[[T], str],
        default: int = 0,
        *,
        every_language: bool = False,
    ) -> T:
        """A numbered list; returns the chosen item (by number or by its label). With
        ``every_language`` (the language question, asked before the language is known) a refusal
        is said in every language."""
        console = self.terminal.console
        console.print(f"[bold]{escape(question)}[/bold]")
        for number, item in enumerate(items, start=1):
            marker = " *" if number - 1 == default else ""
            console.print(f"  [cyan]{number})[/cyan] {escape(label(item))}{marker}")
        while True:
            text = self.terminal.ask(
                escape(tr("Choose 1-{count} [{default}]: ", self.lang, count=len(items), default=default + 1))
            )
            if text == "":
                return items[default]
            picked = typed_number(text)
            if picked is not None and 1 <= picked <= len(items):
                return items[picked - 1]
            for item in items:
                # the item's label, its key, or the words in brackets after it (本家版 of original（本家版）)
                words = re.findall(r"[（(]([^（()）]+)[）)]", label(item))
                if text.casefold() in (label(item).casefold(), str(item).casefold(), *map(str.casefold, words)):
                    return item
            languages = LANGUAGES if every_language else (self.lang,)
            self._warn(
                " / ".join(tr("Please type a number from 1 to {count}.", lang, count=len(items)) for lang in languages)
            )

    def ask_number(self, question: str, low: int, high: int, default: int) -> int:
        """A whole number in ``low..high``."""
        while True:
            text = self.terminal.ask(
                f"[bold]{escape(question)}[/bold] "
                + escape(tr("({low}-{high}) [{default}]: ", self.lang, low=low, high=high, default=default))
            )
            if text == "":
                return default
            number = typed_number(text)
            if number is not None and low <= number <= high:
                return number
            self._warn(tr("Please type a whole number from {low} to {high}.", self.lang, low=low, high=high))

    def ask_yes_no(self, question: str, default: bool = False) -> bool:
        """y / n (Enter keeps the default)."""
        hint = "[Y/n]" if default else "[y/N]"
        while True:
            text = self.terminal.ask(f"[bold]{escape(question)}[/bold] {escape(hint)} ").casefold()
            if text == "":
                return default
            if text in {"y", "yes", "はい", "h"}:
                return True
            if text in {"n", "no", "いいえ", "i"}:
                return False
            self._warn(tr("Please answer y or n.", self.lang))

    def run(self) -> GameSetup:
        """Ask everything and return the setup (may raise ``EOFError``/``KeyboardInterrupt``)."""
        console = self.terminal.console
        console.print(
            Panel(
                escape(tr("Welcome to asobiba! Press Enter to keep the suggestion in [brackets].", self.lang)),
                title="asobiba 遊び場",
            )
        )
        self.lang = self.pick(
            "Language / 言語",
            list(LANGUAGES),
            lambda code: LANGUAGE_NAMES.get(code, code),
            default=list(LANGUAGES).index(self.lang),
            every_language=True,
        )
        lang = self.lang
        names = game_names()
        if not names:
            raise AsobibaError("no game is installed yet", domain="cli")
        name = self.pick(tr("Which game?", lang), names, lambda game: f"{game_title(get_game(game), lang)} ({game})")
        game = get_game(name)
        while True:
            options = self.ask_options(game)
            low, high = player_range(game, options)
            players = self.ask_number(
                tr("How many players, you included?", lang), low, high, default_players(game, options)
            )
            try:
                game.resolve_options(players, options)
            except AsobibaError as error:
                self._warn(error.translated(self.lang))
                continue
            break
        bots = self.ask_bots(players - 1, name, players, options)
        return GameSetup(game=name, players=players, bots=bots, lang=lang, options=options)

    def ask_bots(self, seats: int, game: str, players: int, options: Mapping[str, Any]) -> list[str]:
        """The bots for the other seats: a number or a name for all of them, or a list (``hard,easy``).
        A bot that plays only some tables (``ppo``) is listed at those tables only."""
        lang = self.lang
        names = [name for name in BOTS if plays_table(name, game, players, options)]
        default = default_bot_name()
        console = self.terminal.console
        console.print("[bold]" + escape(tr("Opponents", lang)) + "[/bold]")
        for number, name in enumerate(names, start=1):
            marker = " *" if name == default else ""
            about = bot_description(name, lang)
            shown = bot_level_name(name, lang)
            shown = name if shown == name else f"{shown} ({name})"  # what is shown is what may be typed
            console.print(
                f"  [cyan]{number})[/cyan] {escape(shown)}{marker}" + (f" — {escape(about)}" if about else "")
            )
        question = tr(
            "Bots for the {seats} other seats: a number, or names like hard,easy [{default}]: ",
            lang,
            seats=seats,
            default=default,
        )
        while True:
            text = self.terminal.ask(escape(question))
            words = {bot_level_name(name, lang).casefold(): name for name in BOTS}  # (an unlisted one: its refusal)
            chosen = [
                names[picked - 1]
                if (picked := typed_number(item)) is not None and 1 <= picked <= len(names)
                else words.get(item.casefold(), item)
                for item in split_bot_specs(text)
            ] or [default]
            try:
                check_bot_names(chosen, lang)
                check_bot_tables(chosen, game, players, options)
            except (UserError, AsobibaError) as error:
                self._warn(error.translated(self.lang) if isinstance(error, AsobibaError) else str(error))
                continue
            if len(chosen) > seats:
                self._warn(
                    tr(
                        "{count} bots were named but there are only {seats} seats for bots",
                        lang,
                        count=len(chosen),
                        seats=seats,
                    )
                )
                continue
            return chosen + [chosen[-1]] * (seats - len(chosen))

    def ask_options(self, game: Game) -> dict[str, Any]:
        """Show the rule options with their defaults; change them only if the player wants to.
        A game with rule sets (a ``rules`` option) is asked its rule set first, and then shows and
        asks only the options of that rule set."""
        lang = self.lang
        if not game.options:
            return {}
        chosen: dict[str, Any] = {}
        sets = next((option for option in game.options if option.name == "rules" and option.choices), None)
        if sets is not None and sets.choices is not None:
            rules = self.pick(
                option_label(game, sets, lang),
                list(sets.choices),
                lambda value: value_text(game, sets, value, lang),
                default=list(sets.choices).index(sets.default),
            )
            if rules != sets.default:
                chosen["rules"] = rules
        options = [
            option
            for option in game.options
            if option is not sets
            and not option.research
            and applies(option, chosen.get("rules", sets.default if sets else None))
        ]
        if not options:
            return chosen
        table = Table(title=tr("Rules", lang), expand=True)
        table.add_column(tr("Option", lang), width=18)
        table.add_column(tr("Default", lang), width=16)
        table.add_column(tr("Meaning", lang), overflow="fold", ratio=1)
        for option in options:
            name = PhraseText(option_label(game, option, lang))
            if name.plain != option.name:
                name.append("\n" + option.name, style="dim")
            table.add_row(
                name,
                PhraseText(value_text(game, option, option.default, lang)),
                PhraseText(option_doc(game, option, lang)),
            )
        self.terminal.console.print(table)
        # Options with a fixed set of values are rules a player chooses; free-form ones (a card
        # order, a first player) are for scripted games and stay on the command line.
        askable = [option for option in options if option_accepts(option)]
        if not askable or not self.ask_yes_no(tr("Change the rules?", lang)):
            return chosen
        for option in askable:
            while True:
                accepts = option_accepts(option)
                if isinstance(option.default, bool):
                    accepts = " / ".join(value_text(game, option, flag, lang) for flag in (True, False))
                default = value_text(game, option, option.default, lang)
                label = option_label(game, option, lang)
                named = f"{label} — {option.name}" if label != option.name else option.name
                # the question on a line of its own, wrapped between words; the prompt stays short
                question = PhraseText(named, style="bold")
                question.append(f" ({accepts})")
                self.terminal.console.print(Group(question))
                text = self.terminal.ask(escape(f"[{default}]: "))
                if text == "":
                    break
                value = coerce_option(option, typed_value(game, option, text, lang))
                try:
                    option.validate(game.name, value)
                except AsobibaError as error:
                    self._warn(error.translated(self.lang))
                    continue
                chosen[option.name] = value
                break
        return chosen


def applies(option: Option, rules: object) -> bool:
    """Whether ``option`` is one of the rule set ``rules`` (its meaning starts ``trump only:``)."""
    match = re.match(r"(\w+) only:", option.doc)
    return rules is None or match is None or match.group(1) == str(rules)


def bot_description(name: str, lang: str) -> str:
    """A few words about a bot of the registry ("" for one we do not know)."""
    descriptions = {
        "random": tr("plays any legal move at random", lang),
        "heuristic": tr("the game's own rules of thumb", lang),
        "easy": tr("level 1: rules of thumb half of the time", lang),
        "normal": tr("level 2: the game's rules of thumb", lang),
        "hard": tr(
            "level 3: plays out candidate moves on samples of the hidden cards (Cockroach Poker, Paper Safari) "
            "or sets out its explorers together near the escape spaces (The Island); under a second a move",
            lang,
        ),
        "ppo": tr("a small network trained by reinforcement learning (PPO), for this table", lang),
        "ismcts": tr("search (IS-MCTS) with settings, e.g. ismcts:iterations=500", lang),
        "pimc": tr("play-outs of a few candidate moves on samples (PIMC), e.g. pimc:time_limit=0.5", lang),
    }
    return descriptions.get(name, "")
