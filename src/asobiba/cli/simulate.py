"""Bot-against-bot matches from the command line: the progress bar and the tables."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from asobiba.bots.arena import MatchConfig, MatchReport, run_match
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


def play_match(config: MatchConfig, console: Console, lang: str, show_progress: bool = True) -> MatchReport:
    """Run the match with a progress bar on ``console`` (none when ``show_progress`` is false)."""
    if not show_progress:
        return run_match(config)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(tr("Playing", lang), total=config.games)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return run_match(config, progress=advance)


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


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
        caption=tr("Average game length: {length:.1f} decisions", lang, length=report.average_length),
    )
    table.add_column(tr("Bot", lang), style="bold")
    table.add_column(tr("Seats", lang), justify="right")
    table.add_column(tr("Wins", lang), justify="right")
    table.add_column(tr("Win rate", lang), justify="right")
    table.add_column(tr("95% CI", lang), justify="right")
    table.add_column(tr("Avg score", lang), justify="right")
    table.add_column(tr("Decision ms p50 / p90 / p99 / max", lang), justify="right")
    for row in report.rows:
        low, high = row.ci95
        score = "—" if row.average_score is None else f"{row.average_score:.2f}"
        times = row.decision_ms
        table.add_row(
            row.bot,
            str(row.seats_played),
            f"{row.wins:g}",
            _percent(row.win_rate),
            f"{_percent(low)} – {_percent(high)}",
            score,
            " / ".join(f"{times.get(key, 0.0):.2f}" for key in ("p50", "p90", "p99", "max")),
        )
    return table
