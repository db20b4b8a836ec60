"""Bot-against-bot matches from the command line: the progress bar and the tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from asobiba.bots.arena import MatchConfig, MatchReport, run_match
from asobiba.bots.rating import RatingTable, overlapping_neighbours, rate
from asobiba.cli.common import tr


def seat_specs(specs: Sequence[str], players: int | None, low: int, high: int, lang: str) -> tuple[int, list[str]]:
    """The number of players and one bot spec per seat: the specs given, the last one repeated
    to fill ``players`` seats (default: one seat per spec, at least ``low``)."""
    from asobiba.cli.common import UserError

    if not specs:
        raise UserError(tr("--bots is required: one or more bots, e.g. heuristic,random", lang))
    count = players if players is not None else max(low, min(high, len(specs)))
    if len(specs) > count:
        raise UserError(
            tr(
                "{count} bots were named for {players} players; name at most one per seat",
                lang,
                count=len(specs),
                players=count,
            )
        )
    return count, list(specs) + [specs[-1]] * (count - len(specs))


def _columns() -> tuple[ProgressColumn, ...]:
    return (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )


def play_match(config: MatchConfig, console: Console, lang: str, show_progress: bool = True) -> MatchReport:
    """Run the match with a progress bar on ``console`` (none when ``show_progress`` is false)."""
    if not show_progress:
        return run_match(config)
    with Progress(*_columns(), console=console) as progress:
        task = progress.add_task(tr("Playing", lang), total=config.games)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return run_match(config, progress=advance)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}%"


def report_table(report: MatchReport, lang: str) -> Table:
    """Win rates (95% interval), scores and decision times per bot."""
    config = report.config
    table = Table(
        title=tr(
            "{game}: {games} games, {players} players",
            lang,
            game=config.game,
            games=report.games,
            players=config.players,
        ),
        caption_justify="left",
        caption=tr(
            "Rate: wins per seat · Score: average · {length:.1f} decisions a game · p50–max: ms per decision",
            lang,
            length=report.average_length,
        ),
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        show_edge=False,
    )
    table.add_column(tr("Bot", lang), style="bold", no_wrap=True)
    table.add_column(tr("Seats", lang), justify="right")
    table.add_column(tr("Wins", lang), justify="right")
    table.add_column(tr("Rate", lang), justify="right")
    table.add_column(tr("95% CI", lang), justify="right", no_wrap=True)
    table.add_column(tr("Score", lang), justify="right")
    for quantile in ("p50", "p90", "p99"):
        table.add_column(quantile, justify="right")
    table.add_column("max", justify="right")
    for row in report.rows:
        low, high = row.ci95
        score = "—" if row.average_score is None else f"{row.average_score:.2f}"
        times = row.decision_ms
        table.add_row(
            escape(row.bot),
            str(row.seats_played),
            f"{row.wins:g}",
            _percent(row.win_rate),
            _interval(low, high),
            score,
            *(f"{times.get(key, 0.0):.2f}" for key in ("p50", "p90", "p99", "max")),
        )
    return table


def play_rating(
    game: str,
    levels: Sequence[str],
    *,
    games_per_pair: int,
    players: int | None,
    seed: int,
    workers: int,
    options: dict[str, Any],
    console: Console,
    lang: str,
    show_progress: bool = True,
    max_games_per_pair: int | None = None,
    duplicate: bool = False,
    budgets: dict[str, int] | None = None,
    anchor: str | None = None,
) -> RatingTable:
    """Run the round robin of :func:`asobiba.bots.rating.rate` with a progress bar; an adaptive one
    also says on ``console`` after each round how many games each pair has and which neighbours
    still overlap."""

    def report_round(number: int, table: RatingTable) -> None:
        games = ", ".join(f"{pair.first} – {pair.second} {pair.games}" for pair in table.pairs)
        overlaps = ", ".join(f"{lower} – {upper}" for lower, upper in overlapping_neighbours(table.ratings))
        console.print(
            escape(
                tr(
                    "Round {round}: {games}; overlapping: {overlaps}",
                    lang,
                    round=number,
                    games=games,
                    overlaps=overlaps,
                )
                if overlaps
                else tr("Round {round}: {games}; no neighbours overlap", lang, round=number, games=games)
            )
        )

    arguments: dict[str, Any] = {
        "levels": tuple(levels),
        "games_per_pair": games_per_pair,
        "max_games_per_pair": max_games_per_pair,
        "duplicate": duplicate,
        "budgets": budgets,
        "anchor": anchor,
        "on_round": report_round if max_games_per_pair is not None else None,
        "players": players,
        "seed": seed,
        "workers": workers,
        "options": options,
    }
    if not show_progress:
        return rate(game, **arguments)
    with Progress(*_columns(), console=console) as progress:
        task = progress.add_task(tr("Playing", lang), total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return rate(game, progress=advance, **arguments)


def rating_tables(table: RatingTable, lang: str) -> tuple[Table, Table]:
    """The ratings (Elo scale, 95% interval) and the pairwise results."""
    ratings = Table(
        title=tr("{game}: ratings ({players} players)", lang, game=table.game, players=table.players),
        caption=tr("Elo scale, {anchor} fixed at 1000", lang, anchor=table.anchor),
    )
    ratings.add_column(tr("Bot", lang), style="bold")
    ratings.add_column(tr("Rating", lang), justify="right")
    ratings.add_column(tr("95% CI", lang), justify="right")
    for rating in sorted(table.ratings, key=lambda rating: -rating.elo):
        ratings.add_row(escape(rating.bot), f"{rating.elo:.0f}", f"{rating.low:.0f} – {rating.high:.0f}")
    pairs = Table(title=tr("Pairs", lang))
    pairs.add_column(tr("Bot", lang), style="bold")
    pairs.add_column(tr("against", lang))
    pairs.add_column(tr("Games", lang), justify="right")
    pairs.add_column(tr("Score", lang), justify="right")
    pairs.add_column(tr("95% CI", lang), justify="right")
    for pair in table.pairs:
        low, high = pair.ci95
        pairs.add_row(
            escape(pair.first),
            escape(pair.second),
            str(pair.games),
            _percent(pair.score_rate),
            _interval(low, high),
        )
    return ratings, pairs
