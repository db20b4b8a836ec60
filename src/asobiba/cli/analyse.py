"""``asobiba analyse RECORD [--player N]``: a coach's look at one player's decisions.

Prints, for each decision of the player, the move played and its estimated chance of winning, the
``hard`` bot's preferred move, every candidate's chance with its sample size, and marks the
decisions that gave away most chance; then the win-probability curve as a text chart, and saves
it as a PNG (see :mod:`asobiba.bots.analysis`, which does the work from the player's observations
only).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from asobiba.bots.analysis import Analysis, analyse, save_curve, terminal_chart
from asobiba.cli.replay import load_record
from asobiba.i18n import Catalog

tr = Catalog("analysis")


def default_png(record_path: Path, player: int) -> Path:
    """Where the curve goes unless told: beside the record, ``<name>.p<player>.png``.

    >>> default_png(Path("games/cp.json"), 2).as_posix()
    'games/cp.p2.png'
    """
    return record_path.with_name(f"{record_path.stem}.p{player}.png")


def percent(chance: float) -> str:
    """``0.625`` -> ``'62%'``."""
    return f"{round(chance * 100)}%"


def decisions_table(analysis: Analysis, lang: str) -> Table:
    """A row per decision (the move played, its chance, what it gave away), then a row per candidate
    (its chance, 95% interval and samples; which one ``hard`` plays)."""
    table = Table(title=tr("p{player}'s decisions", lang, player=analysis.player), show_lines=True)
    table.add_column(tr("move", lang), justify="right")
    table.add_column(tr("played / candidates", lang))
    table.add_column(tr("chance [95%]", lang), justify="right")
    table.add_column(tr("samples", lang), justify="right")
    table.add_column(tr("note", lang))
    for decision in analysis.decisions:
        played = decision.played_candidate
        lost = tr("lost {loss}", lang, loss=percent(decision.loss)) if decision.loss > 0 else ""
        names = [escape(decision.played)]
        chances = [_chance(played.chance, played.interval)]
        counts = [str(played.samples)]
        notes = [("!! " if decision.marked else "") + lost]
        for candidate in decision.candidates:
            names.append("  " + escape(candidate.action))
            chances.append(_chance(candidate.chance, candidate.interval))
            counts.append(str(candidate.samples))
            tags = [tr("hard", lang)] if candidate.action == decision.preferred else []
            if candidate.action == decision.played:
                tags.append(tr("played", lang))
            notes.append(", ".join(tags))
        table.add_row(
            str(decision.seq),
            "\n".join(names),
            "\n".join(chances),
            "\n".join(counts),
            "\n".join(notes),
            style="bold red" if decision.marked else None,
        )
    return table


def _chance(chance: float, interval: tuple[float, float]) -> str:
    return f"{percent(chance)} [{percent(interval[0])}–{percent(interval[1])}]"


def run_analyse(
    file: Path,
    player: int | None,
    samples: int,
    candidates: int,
    png: Path | None,
    seed: int,
    hard: str,
    lang: str,
    console: Console,
    progress_console: Console | None = None,
) -> Analysis:
    """Analyse the record in ``file`` and print it; the curve goes to ``png`` (default: beside the record)."""
    record = load_record(file, lang)

    def progress(done: int, total: int) -> None:
        if progress_console is not None:
            progress_console.print(escape(tr("analysed {done} of {total} decisions", lang, done=done, total=total)))

    analysis = analyse(
        record, player, samples=samples, max_candidates=candidates, hard=hard, seed=seed, progress=progress
    )
    depth = analysis.rollout_depth
    console.print(
        escape(
            tr(
                "{game}, p{player} ({result}): {decisions} decisions, {samples} samples a candidate, {rollouts}",
                lang,
                game=analysis.game,
                player=analysis.player,
                result=tr("won", lang) if analysis.outcome >= 1.0 else tr("did not win", lang),
                decisions=len(analysis.decisions),
                samples=analysis.samples,
                rollouts=(
                    tr("heuristic play to the end", lang)
                    if depth is None
                    else tr("heuristic play for {depth} moves, then the game's evaluator", lang, depth=depth)
                ),
            )
        )
    )
    console.print(decisions_table(analysis, lang))
    marked = analysis.marked
    if marked:
        console.print(escape(tr("Most chance lost (marked !!):", lang)))
        for decision in sorted(marked, key=lambda decision: -decision.loss):
            console.print(
                escape(
                    tr(
                        "  move {seq}: {played} ({chance}) where {best} had {best_chance}: {loss} lost",
                        lang,
                        seq=decision.seq,
                        played=decision.played,
                        chance=percent(decision.played_candidate.chance),
                        best=decision.best.action,
                        best_chance=percent(decision.best.chance),
                        loss=percent(decision.loss),
                    )
                )
            )
    else:
        console.print(escape(tr("No decision gave away much chance.", lang)))
    console.print(escape(tr("Chance of winning over the game (* a decision, X marked, o the end):", lang)))
    console.print(escape(terminal_chart(analysis)), highlight=False)
    target = png if png is not None else default_png(file, analysis.player)
    try:
        save_curve(analysis, str(target))
    except ImportError:
        console.print(escape(tr("No PNG: matplotlib is not installed (pip install matplotlib).", lang)))
        return analysis
    console.print(escape(tr("The curve is saved in {path}", lang, path=target)))
    return analysis
