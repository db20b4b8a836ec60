"""The `asobiba` command: a start menu, play, resume, replay, simulate, rate, games.

Every error a user can cause (an unknown game, a bad option, an unknown bot, a bad file) is
printed as one line and exits with code 2; Ctrl-C during a game saves it and exits with 130
(during a simulation it stops it, also with 130; during a replay it just ends it).
"""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

import asobiba
from asobiba.bots import BOTS
from asobiba.cli.analyse import ANALYSIS_HARD
from asobiba.cli.common import (
    QuitGame,
    Terminal,
    UserError,
    check_bot_names,
    check_bot_tables,
    default_players,
    detect_language,
    option_accepts,
    option_doc,
    parse_options,
    player_range,
    seat_bots,
    shorten,
    split_bot_specs,
    tr,
)
from asobiba.cli.linebreak import PhraseText
from asobiba.cli.option_words import option_label, value_text
from asobiba.core.errors import AsobibaError
from asobiba.core.game import Game
from asobiba.core.registry import game_names, get_game, package_of, unavailable_games
from asobiba.i18n import LANGUAGES

#: Seconds to pause after a bot's turn (a move within a turn pauses a quarter of it).
DEFAULT_DELAY = 0.8

#: Options given before the command (``asobiba --lang ja play …``), set by the root callback.
GLOBAL_OPTIONS: dict[str, str | None] = {}
#: The longest file name most file systems take (in bytes).
MAX_NAME_BYTES = 255
#: Exit code of an error the user caused (as for a bad command line).
USAGE_ERROR = 2
#: Exit code after Ctrl-C (128 + SIGINT), the game having been saved.
INTERRUPTED = 130
#: Exit code after an unexpected error in a game, the game having been saved.
CRASHED = 1


def exit_code(status: str) -> int:
    """The exit code of a session that ended with ``status``."""
    return {"interrupted": INTERRUPTED, "crashed": CRASHED}.get(status, 0)


app = typer.Typer(
    name="asobiba",
    help="asobiba (遊び場): play Cockroach Poker, Paper Safari and The Island / Survive! against bots.",
    add_completion=False,
    pretty_exceptions_enable=False,
    no_args_is_help=False,
    rich_markup_mode=None,
)


@contextmanager
def user_errors(lang: str) -> Iterator[None]:
    """Turn the errors a user can cause into one line on stderr and exit code 2."""
    try:
        yield
    except KeyboardInterrupt:
        Console(stderr=True).print(escape(tr("Interrupted.", lang)), style="yellow")
        raise typer.Exit(INTERRUPTED) from None
    except (UserError, AsobibaError) as error:
        text = error.translated(lang) if isinstance(error, AsobibaError) else str(error)
        message = " ".join(shorten(word) for word in (text or type(error).__name__).split())
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            escape(tr("Error: {problem}", lang, problem=message)), style="red"
        )
        raise typer.Exit(USAGE_ERROR) from None


def _given_language(lang: str | None) -> str | None:
    """The language asked for: the command's ``--lang``, else the global one (``asobiba --lang ja
    play …``), else ``None``."""
    return lang if lang is not None else GLOBAL_OPTIONS.get("lang")


def _language(lang: str | None, fallback: str | None = None) -> str:
    """The language to speak: ``--lang`` (the command's or the global one, validated), else
    ``fallback`` (a resumed record's), else the locale's."""
    given = _given_language(lang)
    if given is None and isinstance(fallback, str) and fallback in LANGUAGES:
        return str(fallback)
    try:
        return detect_language(given)
    except UserError as error:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            escape(tr("Error: {problem}", "en", problem=str(error))), style="red"
        )
        raise typer.Exit(USAGE_ERROR) from None


def _newest_unfinished(folder: Path) -> Path | None:
    """The newest record in ``folder`` of a game that is not over (``None``: there is none)."""
    import json

    for path in sorted(folder.glob("*.json"), key=lambda each: each.stat().st_mtime, reverse=True):
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(record, dict) and record.get("seats") and not asobiba.replay(record).is_over:
                return path
        except Exception:  # an unreadable record is passed over, never a reason to fail
            continue
    return None


def core_text(lang: str) -> str:
    """Which rules core is in use (asobiba.core.compiled), and why the pure one."""
    from asobiba.core.compiled import core_status

    texts = {
        "compiled": tr("core: compiled (mypyc)", lang),
        "requested": tr("core: pure Python (ASOBIBA_PURE is set)", lang),
        "not-built": tr("core: pure Python (not compiled: ASOBIBA_BUILD_COMPILED=1 pip install . compiles it)", lang),
        "partly-built": tr("core: pure Python (only part of it is compiled: reinstall to rebuild)", lang),
        "changed": tr("core: pure Python (the sources changed since the build: reinstall to rebuild)", lang),
    }
    return texts[core_status().reason]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"asobiba {asobiba.__version__}")
        typer.echo(core_text(detect_language(None)))
        raise typer.Exit()


GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option key=value (repeatable)."),
]
RulesOption = Annotated[
    str | None,
    typer.Option(
        "--rules",
        metavar="RULES",
        help="Shortcut for --option rules=… (for a game with a rules option; `asobiba games` lists them).",
    ),
]
LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang", metavar="ja|en", help="Language: ja or en (default: from LANG, else en).", show_default=False
    ),
]


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    lang: LangOption = None,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds to pause after a bot's turn (Enter skips ahead).")
    ] = DEFAULT_DELAY,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deal and dice, for a repeatable game.")
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """With no command: a start menu (game, players, bots, language, rules), then play."""
    GLOBAL_OPTIONS["lang"] = lang  # the root runs first on every invocation: nothing carries over
    language = _language(lang)  # validated even when a command follows
    if ctx.invoked_subcommand is not None:
        return
    from asobiba.cli.menu import StartMenu

    terminal = Terminal()
    with user_errors(language):
        menu = StartMenu(terminal, language)
        try:
            setup = menu.run()
        except (KeyboardInterrupt, EOFError, QuitGame):
            terminal.console.print()
            terminal.console.print(escape(tr("Goodbye!", menu.lang)))  # the language chosen so far
            raise typer.Exit(0) from None
        code = start_game(
            terminal,
            game_name=setup.game,
            players=setup.players,
            bot_specs=setup.bots,
            lang=setup.lang,
            options=setup.options,
            seat=setup.seat,
            seed=seed,
            delay=delay,
        )
    raise typer.Exit(code)


def check_save_path(save: Path | None, lang: str) -> None:
    """Refuse, before the game starts, a ``--save`` path where the record could not be written."""
    if save is None:
        return
    try:
        if save.is_dir():
            raise UserError(tr("--save needs a file name, and {path} is a folder", lang, path=shorten(str(save))))
        save.parent.mkdir(parents=True, exist_ok=True)
        save.exists()  # a name too long for the file system fails here, before the game
        if len(save.name.encode()) > MAX_NAME_BYTES:
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
    except OSError as error:
        raise UserError(
            tr("cannot save the record as {path}: {error}", lang, path=shorten(str(save)), error=error.strerror)
        ) from None


def start_game(
    terminal: Terminal,
    *,
    game_name: str,
    players: int | None,
    bot_specs: list[str],
    lang: str,
    options: dict[str, Any],
    seat: int = 0,
    seed: int | None = None,
    delay: float = DEFAULT_DELAY,
    save: Path | None = None,
) -> int:
    """Set up and play one game; return the exit code (0, or 130 after Ctrl-C)."""
    from asobiba.cli.play import PlaySession

    game = get_game(game_name)
    check_bot_names(bot_specs, lang)
    count = players if players is not None else default_players(game, options, len(bot_specs))
    low, high = player_range(game, options)
    if not low <= count <= high:
        raise UserError(
            tr(
                "{game} takes {low} to {high} players, not {count}",
                lang,
                game=game.name,
                low=low,
                high=high,
                count=count,
            )
        )
    check_bot_tables(bot_specs, game.name, count, options)
    if not 0 <= seat < count:
        raise UserError(tr("--seat must be from 0 to {last}", lang, last=count - 1))
    if delay < 0:
        raise UserError(tr("--delay cannot be negative", lang))
    check_save_path(save, lang)
    bots = seat_bots(bot_specs, count, seat, lang)
    state, setup_events = game.start(count, seed=seed, **options)
    session = PlaySession(
        state, seat, bots, terminal, lang=lang, delay=delay, save_path=save, bot_seed=seed, setup_events=setup_events
    )
    try:
        outcome = session.run()
    except OSError as error:
        raise UserError(tr("cannot save the record: {error}", lang, error=error)) from None
    return exit_code(outcome.status)


@app.command()
def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: see `asobiba games`.")],
    players: Annotated[int | None, typer.Option("--players", "-n", help="Players, you included.")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", metavar="BOT,BOT,…", help="Bots for the other seats, comma-separated (last one repeats)."
        ),
    ] = None,
    lang: LangOption = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deal and dice, for a repeatable game.")
    ] = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat: 0 is p0.")] = 0,
    option: GameOptions = None,
    rules: RulesOption = None,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds to pause after a bot's turn (Enter skips ahead).")
    ] = DEFAULT_DELAY,
    save: Annotated[
        Path | None, typer.Option("--save", metavar="PATH", help="Where to save the record (JSON).")
    ] = None,
) -> None:
    """Play GAME against bots in the terminal."""
    language = _language(lang)
    with user_errors(language):
        game_object = get_game(game)
        options = parse_options(game_object, option or [], language, rules=rules)
        code = start_game(
            Terminal(),
            game_name=game,
            players=players,
            bot_specs=split_bot_specs(bots),
            lang=language,
            options=options,
            seat=seat,
            seed=seed,
            delay=delay,
            save=save,
        )
    raise typer.Exit(code)


@app.command()
def learn(
    game: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="The game (none: list every game's tutorials).")
    ] = None,
    tutorial: Annotated[
        str | None, typer.Argument(metavar="[TUTORIAL]", help="Which of its tutorials (default: its first).")
    ] = None,
    lang: LangOption = None,
    restart: Annotated[
        bool, typer.Option("--restart", help="Start from the first step, not where you left it.")
    ] = False,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds to pause after a bot's turn (Enter skips ahead).")
    ] = DEFAULT_DELAY,
) -> None:
    """Learn GAME with a guided first game: a teacher's words at each step (no GAME: list the tutorials)."""
    from asobiba.cli.learn import LearnSession, find_tutorial, list_tutorials, resumable_step
    from asobiba.cli.menu import StartMenu

    language = _language(lang)
    terminal = Terminal()
    with user_errors(language):
        if game is None:
            list_tutorials(terminal.console, language)
            return
        if delay < 0:
            raise UserError(tr("--delay cannot be negative", language))
        chosen = find_tutorial(game, tutorial, language)
        index = 0 if restart else resumable_step(chosen)
        if index:
            question = tr(
                "You left this tutorial at step {step} of {count}. Go on from there?",
                language,
                step=index + 1,
                count=len(chosen.steps),
            )
            try:
                if not StartMenu(terminal, language).ask_yes_no(question, default=True):
                    index = 0
            except (EOFError, QuitGame):
                raise typer.Exit(0) from None
        session = LearnSession(chosen, terminal, language, index=index, delay=delay)
        try:
            outcome = session.run_tutorial()
        except OSError as error:
            raise UserError(tr("cannot save the record: {error}", language, error=error)) from None
    raise typer.Exit(exit_code(outcome.status))


@app.command()
def resume(
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="[FILE]",
            help="A record saved by `asobiba play` before the game ended (default: the newest one in"
            " asobiba-records/ of a game not over).",
            show_default=False,
        ),
    ] = None,
    lang: LangOption = None,
    delay: Annotated[
        float, typer.Option("--delay", help="Seconds to pause after a bot's turn (Enter skips ahead).")
    ] = DEFAULT_DELAY,
    save: Annotated[
        Path | None, typer.Option("--save", metavar="PATH", help="Where to save (default: the same file).")
    ] = None,
) -> None:
    """Continue a game that was quit or interrupted, with the same bots in the same seats."""
    from asobiba.cli.play import RECORDS_DIR, PlaySession
    from asobiba.cli.replay import load_record

    language = _language(lang)
    with user_errors(language):
        if file is None:  # the newest game left unfinished, asked in the player's language
            file = _newest_unfinished(RECORDS_DIR)
            if file is None:
                raise UserError(
                    tr(
                        "no unfinished game in {folder}: give the record to continue, asobiba resume FILE",
                        language,
                        folder=str(RECORDS_DIR),
                    )
                )
        record = load_record(file, language)
        language = _language(lang, fallback=record.get("lang"))
    with user_errors(language):
        state = asobiba.replay(record)
        human = record.get("human")
        seats = record.get("seats")
        if (
            not isinstance(human, int)
            or isinstance(human, bool)
            or not isinstance(seats, list)
            or len(seats) != state.players
            or not 0 <= human < state.players
            or not all(isinstance(name, str) for name in seats)
        ):
            raise UserError(tr("{path} does not say who sat where; watch it with asobiba replay", language, path=file))
        if state.is_over:
            raise UserError(tr("that game is over; watch it with: asobiba replay {path}", language, path=file))
        bots = {seat: str(name) for seat, name in enumerate(seats) if seat != human}
        check_bot_names(list(bots.values()), language)
        if delay < 0:
            raise UserError(tr("--delay cannot be negative", language))
        check_save_path(save, language)
        session = PlaySession(state, human, bots, Terminal(), lang=language, delay=delay, save_path=save or file)
        session.note(tr("The game continues from {path}.", language, path=file))
        try:
            outcome = session.run()
        except OSError as error:
            raise UserError(tr("cannot save the record: {error}", language, error=error)) from None
    raise typer.Exit(exit_code(outcome.status))


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A saved record (JSON).")],
    player: Annotated[int | None, typer.Option("--player", "-p", help="See the game as this player.")] = None,
    spectator: Annotated[bool, typer.Option("--spectator", help="See only what everybody sees.")] = False,
    show_all: Annotated[bool, typer.Option("--all", help="Print every step instead of stepping.")] = False,
    lang: LangOption = None,
) -> None:
    """Step through a saved game: Enter = next, b = back, q = quit."""
    from asobiba.cli.menu import game_title
    from asobiba.cli.replay import ReplayViewer, load_record, replay_record

    language = _language(lang)
    with user_errors(language):
        if player is not None and spectator:
            raise UserError(tr("choose --player or --spectator, not both", language))
        record = load_record(file, language)
        language = _language(lang, fallback=record.get("lang"))
        viewer: int | None = player
        if player is None and not spectator:
            human = record.get("human")
            viewer = human if isinstance(human, int) and not isinstance(human, bool) else None
        steps = replay_record(record, viewer, language)
        title = game_title(get_game(str(record["game"])), language)
        viewer_ui = ReplayViewer(Terminal(), steps, viewer, language, title)
        if show_all:
            viewer_ui.run_all()
        else:
            viewer_ui.run()


@app.command("rules")
def show_game_rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: see `asobiba games`.")],
    lang: LangOption = None,
    pager: Annotated[
        bool | None,
        typer.Option("--pager/--no-pager", help="Page the text (default: when the output is a terminal)."),
    ] = None,
) -> None:
    """Show the rules of GAME (the same text as docs/rules/)."""
    from asobiba.cli.rules import show_rules

    language = _language(lang)
    with user_errors(language):
        show_rules(Console(), get_game(game).name, language, pager=pager)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: see `asobiba games`.")],
    bots: Annotated[
        str | None, typer.Option("--bots", metavar="BOT,BOT,…", help="Bot specs by seat, comma-separated.")
    ] = None,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Players (default: one per bot).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the match.")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    records: Annotated[
        Path | None, typer.Option("--records", metavar="DIR", help="Save every game's record in this folder.")
    ] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", metavar="ADDRESS", help="Ray address (auto, local, ray://host:port).")
    ] = None,
    option: GameOptions = None,
    rules: RulesOption = None,
    lang: LangOption = None,
) -> None:
    """Bots against bots: win rates with 95% intervals, scores, decision times."""
    from asobiba.bots.arena import MatchConfig
    from asobiba.cli.simulate import play_match, report_table, seat_specs

    language = _language(lang)
    with user_errors(language):
        game_object = get_game(game)
        options = parse_options(game_object, option or [], language, rules=rules)
        specs = split_bot_specs(bots)
        check_bot_names(specs, language)
        low, high = player_range(game_object, options)
        count, seat_list = seat_specs(specs, players, low, high, language)
        check_bot_tables(specs, game_object.name, count, options)
        if games < 1:
            raise UserError(tr("--games must be at least 1", language))
        if workers < 1:
            raise UserError(tr("--workers must be at least 1", language))
        game_object.resolve_options(count, options)
        config = MatchConfig(
            game=game,
            players=count,
            bots=seat_list,
            games=games,
            seed=seed,
            options=options,
            workers=workers,
            records_dir=None if records is None else str(records),
            ray_address=ray,
        )
        console = Console()
        report = play_match(config, Console(stderr=True), language, show_progress=not as_json)
        if as_json:
            typer.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
        else:
            console.print(report_table(report, language))


@app.command("rate")
def rate_bots(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game: see `asobiba games`.")],
    bots: Annotated[
        str, typer.Option("--bots", metavar="BOT,BOT,…", help="The bots to rate, comma-separated.")
    ] = "easy,normal,hard",
    games_per_pair: Annotated[
        int, typer.Option("--games-per-pair", help="Games for each pair of bots (with --max-games-per-pair: at first).")
    ] = 100,
    max_games_per_pair: Annotated[
        int | None,
        typer.Option(
            "--max-games-per-pair",
            help="Adaptive: while neighbours' 95% intervals overlap, give more games (half a pair's games, at least "
            "--games-per-pair) to the pair that narrows them most, up to this many games per pair.",
        ),
    ] = None,
    max_games_with: Annotated[
        list[str] | None,
        typer.Option(
            "--max-games-with",
            metavar="BOT=N",
            help="Adaptive: at most N games in all for BOT's pairs (the expensive bot's budget); repeatable.",
        ),
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Duplicate deals: each deal is played once with every bot in every seat (games per pair: a multiple "
            "of the players, twice that with an odd table).",
        ),
    ] = False,
    anchor: Annotated[
        str | None,
        typer.Option(
            "--anchor",
            metavar="BOT",
            help="The bot fixed at 1000, to which every interval is relative (default: the first bot).",
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Table size (default: the smallest).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the round robin.")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="Worker processes.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as JSON.")] = False,
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print the ladder and the pairs' games as Markdown tables.")
    ] = False,
    option: GameOptions = None,
    rules: RulesOption = None,
    lang: LangOption = None,
) -> None:
    """Rate bots (by default the levels easy, normal, hard) in a round robin: Elo-style ratings."""
    from asobiba.bots.rating import overlapping_neighbours
    from asobiba.cli.simulate import play_rating, rating_tables

    language = _language(lang)
    with user_errors(language):
        game_object = get_game(game)
        options = parse_options(game_object, option or [], language, rules=rules)
        specs = split_bot_specs(bots)
        check_bot_names(specs, language)
        if games_per_pair < 1:
            raise UserError(tr("--games-per-pair must be at least 1", language))
        if max_games_per_pair is not None and max_games_per_pair < games_per_pair:
            raise UserError(tr("--max-games-per-pair must be at least --games-per-pair", language))
        if workers < 1:
            raise UserError(tr("--workers must be at least 1", language))
        budgets = {}
        for text in max_games_with or []:
            name, _, number = text.partition("=")
            if not number.strip().isdigit():
                raise UserError(tr("--max-games-with takes BOT=N, not {text!r}", language, text=text))
            budgets[name.strip()] = int(number)
        if budgets and max_games_per_pair is None:
            raise UserError(tr("--max-games-with needs --max-games-per-pair", language))
        if players is not None:
            game_object.resolve_options(players, options)
        check_bot_tables(specs, game_object.name, players or player_range(game_object, options)[0], options)
        table = play_rating(
            game,
            specs,
            games_per_pair=games_per_pair,
            max_games_per_pair=max_games_per_pair,
            duplicate=duplicate,
            budgets=budgets,
            anchor=anchor,
            players=players,
            seed=seed,
            workers=workers,
            options=options,
            console=Console(stderr=True),
            lang=language,
            show_progress=not (as_json or markdown),
        )
        overlaps = overlapping_neighbours(table.ratings)
        if overlaps:
            pairs_text = ", ".join(f"{lower} – {upper}" for lower, upper in overlaps)
            Console(stderr=True).print(
                escape(tr("These neighbours' 95% intervals overlap: {pairs}", language, pairs=pairs_text))
            )
        if as_json:
            typer.echo(json.dumps(table.to_json(), ensure_ascii=False, indent=2))
        elif markdown:
            typer.echo(table.to_markdown() + "\n\n" + table.pairs_markdown())
        else:
            console = Console()
            for part in rating_tables(table, language):
                console.print(part)


@app.command("analyse")
def analyse_record(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A saved record (JSON).")],
    player: Annotated[
        int | None, typer.Option("--player", "-p", help="The player to coach (default: the human).")
    ] = None,
    samples: Annotated[int, typer.Option("--samples", help="Samples for each candidate move.", min=1)] = 16,
    candidates: Annotated[int, typer.Option("--candidates", help="Candidate moves at most per decision.", min=1)] = 6,
    png: Annotated[Path | None, typer.Option("--png", help="Where to save the curve (default: beside RECORD).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the samples.")] = 0,
    hard: Annotated[
        str,
        typer.Option(
            "--hard", metavar="BOT", help="The bot whose move is shown (bounded by samples, not time: repeatable)."
        ),
    ] = ANALYSIS_HARD,
    lang: LangOption = None,
) -> None:
    """For each decision of a player: the hard bot's move and every candidate's chance of winning."""
    from asobiba.cli.analyse import run_analyse

    language = _language(lang)
    with user_errors(language):
        run_analyse(file, player, samples, candidates, png, seed, hard, language, Console(), Console(stderr=True))


def players_text(game: Game, language: str) -> str:
    """How many players ``game`` takes, as ``asobiba games`` says it: for each value of an option
    whose values take different numbers of players (Cockroach Poker's rule sets), that value's
    range; otherwise the game's range.

    >>> players_text(get_game("cockroach-poker"), "en")
    'rules=trump: 3 to 5 players, rules=original: 2 to 6 players'
    """
    for option in game.options:
        if option.choices is None or option.applies_when is not None:
            continue
        ranges = {value: player_range(game, {option.name: value}) for value in option.choices}
        if len(set(ranges.values())) > 1:
            parts = [
                tr(
                    "{option}={value}: {players}",
                    language,
                    option=option.name,
                    value=value,
                    players=tr("{low} to {high} players", language, low=low, high=high),
                )
                for value, (low, high) in ranges.items()
            ]
            text = parts[0]
            for part in parts[1:]:
                text = tr("{players}, {more}", language, players=text, more=part)
            return text
    return tr("{low} to {high} players", language, low=game.min_players, high=game.max_players)


@app.command("games")
def list_games(lang: LangOption = None) -> None:
    """List the games, their titles, players and options with defaults."""
    language = _language(lang)
    console = Console()
    with user_errors(language):
        names = game_names()
        broken = unavailable_games()
        if not names and not broken:
            console.print(escape(tr("No game is installed yet.", language)))
            return
        for name in names:
            game = get_game(name)
            players = players_text(game, language)
            table = Table(
                title=escape(f"{name} — {game.title.get('en', name)} / {game.title.get('ja', name)} ({players})"),
                title_justify="left",
                expand=True,
            )
            table.add_column(tr("Option", language), width=16)
            table.add_column(tr("Default", language), width=14)
            table.add_column(tr("Accepts", language), overflow="fold", width=12)
            table.add_column(tr("Meaning", language), overflow="fold", ratio=1)
            for opt in game.options:
                key = PhraseText(opt.name, style="bold")
                label = option_label(game, opt, language)
                if label != opt.name:
                    key.append("\n" + label, style="not bold dim")
                table.add_row(
                    key,
                    PhraseText(value_text(game, opt, opt.default, language)),
                    Text(option_accepts(opt)),
                    PhraseText(option_doc(game, opt, language)),
                )
            if not game.options:
                table.add_row("—", "", "", tr("no options", language))
            console.print(table)
        for name, reason in broken.items():
            console.print(
                escape(
                    tr(
                        "{name} (package {package}) — unavailable: {reason}",
                        language,
                        name=name,
                        package=package_of(name),
                        reason=reason,
                    )
                ),
                style="yellow",
            )
        console.print(escape(tr("Bots: {bots}", language, bots=", ".join(BOTS))))


@app.command("schema")
def show_schema(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game whose views to describe.")],
    lang: LangOption = None,
) -> None:
    """Print the JSON Schema of the game's views (what a client or agent receives)."""
    from asobiba.core.schema import view_schema

    with user_errors(_language(lang)):
        schema = view_schema(get_game(game_name))
    typer.echo(json.dumps(schema, ensure_ascii=False, indent=2))


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=0, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///PATH or postgresql://… (default: $ASOBIBA_DB, else a SQLite file in "
            "your data folder)."
        ),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds a bot waits before each move.", min=0.0)] = 1.0,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://HOST:PORT/0) shared by several server processes on one PostgreSQL database "
            "(default: $ASOBIBA_REDIS, else none: one process)."
        ),
    ] = None,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated host names served over HTTP and WebSocket, against DNS rebinding (always with "
            "the bound address, localhost, 127.0.0.1 and the host of $ASOBIBA_ORIGIN; '*': any host; default "
            "$ASOBIBA_ALLOWED_HOSTS)."
        ),
    ] = None,
    seat_timeout: Annotated[
        float | None,
        typer.Option(
            help="Seconds a taken seat may stay unconnected before it is freed (before the first decision) or "
            "played by a bot (default: $ASOBIBA_SEAT_TIMEOUT, else 120).",
            min=0.0,
        ),
    ] = None,
    api_docs: Annotated[
        bool, typer.Option("--api-docs", help="Serve the HTTP API's documentation at /api/docs.")
    ] = False,
    log_format: Annotated[
        str | None,
        typer.Option(
            help="text or json: one line per request, act, rejection and error "
            "(default $ASOBIBA_LOG_FORMAT, else text)."
        ),
    ] = None,
    durability: Annotated[
        str | None,
        typer.Option(
            help="SQLite: normal (WAL, survives a killed process) or full (survives a power cut too; slower) "
            "(default $ASOBIBA_DURABILITY, else normal)."
        ),
    ] = None,
    chat_rate: Annotated[
        str | None,
        typer.Option(
            help="Chat messages per speaker of a room (a seat, a spectator), e.g. 5/10seconds "
            "(default $ASOBIBA_CHAT_RATE, else 5/10seconds)."
        ),
    ] = None,
    room_chat_rate: Annotated[
        str | None,
        typer.Option(
            help="Chat messages per room, whoever speaks, e.g. 30/10seconds "
            "(default $ASOBIBA_ROOM_CHAT_RATE, else 30/10seconds)."
        ),
    ] = None,
    websocket_rate: Annotated[
        str | None,
        typer.Option(
            help="New room WebSockets per client address, e.g. 10/second; over it they are closed with 4429 "
            "(default $ASOBIBA_WEBSOCKET_RATE, else 10/second)."
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated addresses or networks of the proxies whose X-Forwarded-For names the client, "
            "for every per-address limit; '*': any (default $ASOBIBA_FORWARDED_ALLOW_IPS, else none: the "
            "connecting address counts)."
        ),
    ] = None,
    metrics_port: Annotated[
        int | None,
        typer.Option(
            help="Serve /metrics on this port of 127.0.0.1 (default $ASOBIBA_METRICS_PORT, else none).",
            min=1,
            max=65535,
        ),
    ] = None,
    metrics_token: Annotated[
        str | None,
        typer.Option(
            help="Serve /metrics on the game's port to requests with 'Authorization: Bearer TOKEN', at least 16 "
            "characters (default $ASOBIBA_METRICS_TOKEN, the better place for it: a flag shows in ps; else none: "
            "/metrics is 404 there)."
        ),
    ] = None,
    replay_cache_mib: Annotated[
        int | None,
        typer.Option(
            help="MiB of finished games' replays kept in memory (default $ASOBIBA_REPLAY_CACHE_MIB, else 64).",
            min=0,
        ),
    ] = None,
    replay_workers: Annotated[
        int | None,
        typer.Option(
            help="Processes computing replays and rebuilding rooms from their records "
            "(default $ASOBIBA_REPLAY_WORKERS, else 1).",
            min=1,
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            help="Send 'your turn' emails of turn-based rooms through this SMTP server: smtp://host:port, "
            "smtp+starttls://user:password@host:587 or smtps://user:password@host:465, '?from=address' for the "
            "sender (default $ASOBIBA_SMTP, the better place for a password: a flag shows in ps; else no email).",
            metavar="URL",
        ),
    ] = None,
    deadline_interval: Annotated[
        float | None,
        typer.Option(
            help="Seconds between two looks for turn-based rooms whose decision's time ran out "
            "(default $ASOBIBA_DEADLINE_INTERVAL, else 30).",
            min=0.01,
        ),
    ] = None,
    test_clock: Annotated[
        bool,
        typer.Option(
            "--test-clock",
            help="For tests only: the server's time stands still and moves only when POST /api/test/clock "
            '{"advance": SECONDS} arrives from this machine (default $ASOBIBA_TEST_CLOCK=1, else off).',
        ),
    ] = False,
) -> None:
    """Serve online play: rooms, seats, bots and clocks (see docs/protocol.md and docs/deploy.md)."""
    from asobiba.server.rooms.settings import SettingsError, valid_rate
    from asobiba.server.serve import serve as run_server

    if log_format not in (None, "text", "json"):
        raise typer.BadParameter("text or json", param_hint="--log-format")
    if durability not in (None, "normal", "full"):
        raise typer.BadParameter("normal or full", param_hint="--durability")
    for rate, hint in ((chat_rate, "--chat-rate"), (room_chat_rate, "--room-chat-rate")):
        if rate is not None and not valid_rate(rate):
            raise typer.BadParameter("a rate such as 5/10seconds", param_hint=hint)
    try:
        run_server(
            host=host,
            port=port,
            database=db,
            bot_delay=bot_delay,
            redis=redis,
            allowed_hosts=allowed_hosts,
            seat_timeout=seat_timeout,
            api_docs=api_docs,
            log_format=log_format,  # type: ignore[arg-type]
            durability=durability,  # type: ignore[arg-type]
            websocket_rate=websocket_rate,
            forwarded_allow=forwarded_allow_ips,
            metrics_port=metrics_port,
            metrics_token=metrics_token,
            chat_rate=chat_rate,
            room_chat_rate=room_chat_rate,
            replay_cache_mib=replay_cache_mib,
            replay_workers=replay_workers,
            smtp=smtp,
            deadline_interval=deadline_interval,
            test_clock=test_clock,
        )
    except SettingsError as error:
        raise typer.BadParameter(str(error)) from None


def main(argv: list[str] | None = None) -> None:
    """The console script's entry point."""
    app(args=argv if argv is not None else sys.argv[1:], prog_name="asobiba")


__all__ = ["app", "main", "start_game"]
