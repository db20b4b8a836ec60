"""What every `asobiba` command shares: the language, the terminal, options and bots from the
command line, and the errors a user can cause."""

from __future__ import annotations

import contextlib
import math
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape

from asobiba.bots import BOTS
from asobiba.core.errors import InvalidOption
from asobiba.core.game import Game
from asobiba.core.options import Option, parse_bool, resolve_options
from asobiba.i18n import LANGUAGES, Catalog

tr = Catalog("cli")

#: The bot that fills empty seats when none is named: a level if the levels exist, else the heuristic.
PREFERRED_DEFAULT_BOTS = ("normal", "heuristic", "random")

#: The longest line a prompt reads; a longer one (a paste gone wrong) is refused unread.
MAX_INPUT_CHARS = 10_000
#: How much of a typed text a message repeats back.
ECHO_CHARS = 60
#: A number typed at a prompt: ASCII digits only (never ``①`` or ``²``), and not absurdly many.
_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")
#: A number given as an option: the same, with a sign.
_OPTION_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def typed_number(text: str) -> int | None:
    """``text`` as a whole number when it is one written in ASCII digits (at most nine), else ``None``.

    >>> typed_number("12"), typed_number("①"), typed_number("²"), typed_number("9" * 5000), typed_number("-3")
    (12, None, None, None, None)
    """
    stripped = text.strip()
    return int(stripped) if _WHOLE_NUMBER.fullmatch(stripped) else None


def typed_text(text: str) -> str:
    """What the player typed, as the prompts read it: full-width digits, letters and signs as
    their ASCII forms (NFKC: ``２`` is ``2``, ``ｐ２`` is ``p2``), stripped.

    >>> typed_text("　２ "), typed_text("ｏｆｆｅｒ　ｐ１"), typed_text("はい")
    ('2', 'offer p1', 'はい')
    """
    return unicodedata.normalize("NFKC", text).strip()


def shorten(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` cut to ``limit`` characters with ``…``, for repeating what the user typed.

    >>> shorten("abc", 5), shorten("abcdefgh", 5)
    ('abc', 'abcd…')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bot_level_name(name: str, lang: str) -> str:
    """A bot's name as the player reads it: the levels and the built-in bots in his language,
    a spec with parameters as written."""
    names = {
        "random": tr("random", lang),
        "heuristic": tr("heuristic", lang),
        "easy": tr("easy", lang),
        "normal": tr("normal", lang),
        "hard": tr("hard", lang),
        "ppo": tr("trained", lang),
    }
    return names.get(name, name)


class UserError(Exception):
    """Something the user asked for cannot be done; the message says what, in the user's language."""


class QuitGame(Exception):
    """The player asked to stop (``q``, end of input)."""


def detect_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` if given, else Japanese when the locale says so, else English.

    >>> detect_language(None, {"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> detect_language(None, {"LANG": "C.UTF-8"})
    'en'
    >>> detect_language("en", {"LANG": "ja_JP.UTF-8"})
    'en'
    """
    if explicit is not None:
        lang = typed_text(explicit).lower()
        if lang not in LANGUAGES:
            raise UserError(
                tr(
                    "unknown language {language!r}; choose one of: {choices}",
                    "en",
                    language=explicit,
                    choices=", ".join(LANGUAGES),
                )
            )
        return lang
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def default_bot_name() -> str:
    """The bot used for seats nobody named."""
    for name in PREFERRED_DEFAULT_BOTS:
        if name in BOTS:
            return name
    return next(iter(BOTS))


def split_list(text: str | None) -> list[str]:
    """``"a, b,c"`` -> ``["a", "b", "c"]``; ``None`` or blank -> ``[]``."""
    if not text:
        return []
    return [item.strip() for item in text.split(",") if item.strip()]


def split_bot_specs(text: str | None) -> list[str]:
    """Bot specs from ``--bots``: comma-separated, where a ``key=value`` item without a bot name
    continues the parameters of the spec before it.

    >>> split_bot_specs("heuristic, ismcts:iterations=300,rollout=random,random")
    ['heuristic', 'ismcts:iterations=300,rollout=random', 'random']
    """
    specs: list[str] = []
    for item in split_list(text):
        if specs and "=" in item and ":" not in item and ":" in specs[-1]:
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def check_bot_tables(specs: Sequence[str], game: str, players: int, options: Mapping[str, Any]) -> None:
    """Refuse (the bot's own :class:`AsobibaError`) a bot that cannot play this table: the ``ppo``
    bot plays only the setups its networks were trained for (:func:`asobiba.bots.check_table`)."""
    from asobiba.bots import check_table

    for spec in dict.fromkeys(specs):
        check_table(spec, game, players, options)


def check_bot_names(specs: Sequence[str], lang: str) -> None:
    """Refuse a bot the registry does not know (listing the known ones) or bad bot parameters."""
    from asobiba.bots import bot, parse_spec

    for spec in specs:
        name, parameters = parse_spec(spec)
        if name not in BOTS:
            raise UserError(
                tr("unknown bot {name!r}; the bots are: {bots}", lang, name=shorten(name), bots=", ".join(BOTS))
            )
        for key, value in parameters.items():
            if isinstance(value, float) and not math.isfinite(value):
                raise UserError(
                    tr(
                        "bot {spec}: {key}={value} is not a finite number",
                        lang,
                        spec=shorten(spec),
                        key=shorten(key),
                        value=value,
                    )
                )
        bot(spec, seed=0)


def coerce_option(option: Option, text: str) -> Any:
    """Read a command-line text as a value for ``option`` (the game validates it afterwards)."""
    if option.choices is not None:
        for choice in option.choices:
            if str(choice).lower() == text.strip().lower():
                return choice
        return text
    default = option.default
    if isinstance(default, bool):
        try:
            return parse_bool(text)
        except ValueError:
            return text
    if isinstance(default, int) or option.bounds is not None:
        # ASCII digits only, and not thousands of them: anything else is left for the game to refuse
        return int(text) if _OPTION_NUMBER.fullmatch(text.strip()) else text
    if isinstance(default, float):
        try:
            number = float(text) if len(text) <= ECHO_CHARS and text.isascii() else math.nan
        except ValueError:
            return text
        return number if math.isfinite(number) else text
    if default is None and text.strip().lower() in {"none", "default", "auto"}:
        return None
    return text


def option_accepts(option: Option) -> str:
    """What an option takes, briefly: ``trump / original``, ``5–7``, ``true / false`` (or "")."""
    if option.choices is not None:
        return " / ".join(str(choice) for choice in option.choices)
    if option.bounds is not None:
        return f"{option.bounds[0]}–{option.bounds[1]}"
    if isinstance(option.default, bool):
        return "true / false"
    return ""


def option_doc(game: Game, option: Option, lang: str) -> str:
    """The option's meaning in ``lang``, from the game's catalog."""
    return Catalog(game.text_domain)(option.doc, lang)


def parse_options(game: Game, pairs: Sequence[str], lang: str, **shortcuts: str | None) -> dict[str, Any]:
    """Turn ``--option key=value`` texts (and shortcut flags such as ``--rules``) into game options.

    Unknown names and bad values raise :class:`~asobiba.InvalidOption` (naming the option) or
    :class:`UserError` for a text that is not ``key=value``.
    """
    declared = {option.name: option for option in game.options}
    given: dict[str, Any] = {}
    items: list[tuple[str, str]] = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise UserError(tr("--option takes key=value, not {text!r}", lang, text=pair))
        items.append((key, value.strip()))
    for key, shortcut in shortcuts.items():
        if shortcut is not None:
            items.append((key, shortcut))
    for key, value in items:
        option = declared.get(key)
        if option is None:
            names = ", ".join(sorted(declared)) or "none"
            raise InvalidOption(
                "{game}: unknown option {name}; the options are: {names}", game=game.name, name=repr(key), names=names
            )
        given[key] = coerce_option(option, value)
    return given


def player_range(game: Game, options: Mapping[str, Any]) -> tuple[int, int]:
    """How many players ``game`` takes with ``options`` (its overall range if they are not valid)."""
    try:
        return game.player_range(resolve_options(game.name, game.options, options))
    except InvalidOption:
        return game.min_players, game.max_players


def default_players(game: Game, options: Mapping[str, Any], bots: int = 0) -> int:
    """A sensible table size: one human plus the named bots, else four (within the game's range)."""
    low, high = player_range(game, options)
    wanted = bots + 1 if bots else 4
    return max(low, min(high, wanted))


def seat_bots(names: Sequence[str], players: int, human: int, lang: str) -> dict[int, str]:
    """Which bot plays each seat but the human's: the names in seat order, the last repeated."""
    others = [seat for seat in range(players) if seat != human]
    chosen = list(names) or [default_bot_name()]
    if len(chosen) > len(others):
        raise UserError(
            tr(
                "{count} bots were named but there are only {seats} seats for bots",
                lang,
                count=len(chosen),
                seats=len(others),
            )
        )
    chosen += [chosen[-1]] * (len(others) - len(chosen))
    return dict(zip(others, chosen, strict=True))


def _line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has readline."""
    if sys.stdin.isatty() and "readline" not in sys.modules:
        with contextlib.suppress(ImportError):  # no readline on Windows
            import readline  # noqa: F401  (importing it is what enables line editing in input())


@dataclass
class Terminal:
    """The console and the keyboard. Tests give ``read`` (a function returning the next line typed)
    and a console writing to a ``StringIO``; a ``KeyboardInterrupt`` or ``EOFError`` from ``read``
    behaves like Ctrl-C or the end of input."""

    console: Console = field(default_factory=Console)
    read: Callable[[], str] | None = None
    sleep: Callable[[float], None] | None = None
    #: The language of the terminal's own messages (a session sets it).
    lang: str = "en"
    #: A line typed during a pause (it skipped ahead); the next prompt answers with it.
    typed_ahead: str | None = None

    def _input(self, prompt: str) -> str:
        """``input()`` with the prompt given to it, not printed before it: line editing then knows
        where the line starts, so an empty answer (Enter) ends the line and the next question starts
        on a line of its own, and Ctrl-D's notice is not written after the prompt."""
        if not (sys.stdin.isatty() and "readline" in sys.modules):
            return self.console.input(prompt)
        with self.console.capture() as captured:
            self.console.print(prompt, end="", highlight=False)
        # readline counts the prompt's width: its colour codes are marked as taking none
        shown = re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", captured.get())
        return input(shown)

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` (Rich markup) and return what the user typed, stripped and with full-width
        characters as their ASCII forms (:func:`typed_text`). A line longer
        than :data:`MAX_INPUT_CHARS` (a paste gone wrong) is refused and asked again."""
        while True:
            if self.typed_ahead is not None:
                text, self.typed_ahead = self.typed_ahead, None
                self.console.print(prompt + escape(shorten(text, MAX_INPUT_CHARS)), highlight=False)
            elif self.read is None:
                _line_editing()
                try:
                    text = self._input(prompt)
                except EOFError:  # Ctrl-D: what follows starts on a line of its own
                    self.console.print()
                    raise
                if not sys.stdin.isatty():  # piped input is not echoed: show it, so the transcript reads well
                    self.console.print(escape(shorten(text, MAX_INPUT_CHARS)), highlight=False, overflow="ellipsis")
            else:
                self.console.print(prompt, end="")
                text = self.read()
                self.console.print(escape(shorten(text, MAX_INPUT_CHARS)), highlight=False)
            if len(text) <= MAX_INPUT_CHARS:
                return typed_text(text)
            self.console.print(
                escape(tr("That line is too long ({count} characters); nothing was read.", self.lang, count=len(text))),
                style="yellow",
                highlight=False,
            )

    def pause(self, seconds: float) -> bool:
        """Wait so a person can follow the bots; return whether he pressed Enter to skip ahead
        (only a real keyboard can: piped input is left for the prompts)."""
        if seconds <= 0:
            return False
        if self.sleep is not None:
            self.sleep(seconds)
            return False
        if self.read is None and sys.stdin.isatty():
            import select

            with contextlib.suppress(OSError, ValueError):
                ready, _, _ = select.select([sys.stdin], [], [], seconds)
                if ready:
                    line = sys.stdin.readline().rstrip("\n")
                    if line.strip():  # typed ahead: the answer to the next question
                        self.typed_ahead = line
                    return True
                return False
        import time

        time.sleep(seconds)
        return False

    def clear(self) -> None:
        """Clear a real terminal; do nothing when writing to a file or a pipe."""
        if self.console.is_terminal:
            self.console.clear()


def player_name(seat: int, lang: str, human: int | None = None, bots: Mapping[int, str] | None = None) -> str:
    """``p2 (you)`` / ``p3 (heuristic bot)``: the seat in notation, and who sits there."""
    if human is not None and seat == human:
        return tr("p{seat} (you)", lang, seat=seat)
    if bots and seat in bots:
        return tr("p{seat} ({bot} bot)", lang, seat=seat, bot=bot_level_name(bots[seat], lang))
    return f"p{seat}"
