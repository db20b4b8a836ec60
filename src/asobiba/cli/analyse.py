"""``asobiba analyse RECORD [--player N]``: a coach's look at one player's decisions.

Prints, for each decision of the player, the move played and its estimated chance of winning, the
``hard`` bot's preferred move, every candidate's chance with its sample size, and marks the
decisions that gave away most chance; then the win-probability curve as a text chart, and saves
it as a PNG (see :mod:`asobiba.bots.analysis`, which does the work from the player's observations
only).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from asobiba.bots.analysis import COACH_HARD, Analysis, analyse, describe_move, save_curve, terminal_chart
from asobiba.cli.linebreak import PhraseText, paragraph
from asobiba.cli.replay import load_record
from asobiba.core.record import replay_steps
from asobiba.core.registry import get_game
from asobiba.core.state import CHANCE, State
from asobiba.i18n import Catalog

tr = Catalog("analysis")


def default_png(record_path: Path, player: int) -> Path:
    """Where the curve goes unless told: beside the record, ``<name>.p<player>.png``.

    >>> default_png(Path("games/cp.json"), 2).as_posix()
    'games/cp.p2.png'
    """
    return record_path.with_name(f"{record_path.stem}.p{player}.png")


#: The ``hard`` bot of an analysis (the coach's: see :data:`asobiba.bots.analysis.COACH_HARD`).
ANALYSIS_HARD = COACH_HARD


def percent(chance: float) -> str:
    """``0.625`` -> ``'62%'``."""
    return f"{round(chance * 100)}%"


@dataclass(frozen=True)
class Moment:
    """A decision as the player saw it: his ``turn``-th turn, its ``decision``-th decision, and
    the position (to name its moves in his language)."""

    turn: int
    decision: int
    state: State

    def label(self, lang: str) -> str:
        """``3·2``: the third turn, its second decision."""
        return tr("{turn}·{decision}", lang, turn=self.turn, decision=self.decision)

    def describe(self, notation: str, lang: str) -> str:
        """A move of this decision in words (its notation if the game cannot read it here)."""
        return describe_move(self.state, notation, lang)


def moments(record: Mapping[str, Any], player: int) -> dict[int, Moment]:
    """Every decision of ``player`` by its record index, numbered as he met them: a turn is a run
    of his decisions with nobody else's between (the dice and deals do not count), and every
    decision counts, forced ones too, since he saw each of them."""
    found: dict[int, Moment] = {}
    turn, decision, previous = 0, 0, None
    for state, _, _ in replay_steps(record):
        mover = state.to_move
        if mover is None or mover == CHANCE:
            continue
        if mover == player:
            if previous != player:
                turn, decision = turn + 1, 0
            decision += 1
            found[state.seq] = Moment(turn, decision, state.clone())
        previous = mover
    return found


def decisions_table(analysis: Analysis, lang: str, when: Mapping[int, Moment]) -> Table:
    """A section per decision: the move played (its chance, what it gave away), then a row per
    candidate (its chance and 95% interval; which one ``hard`` plays), so that every chance
    stands on its move's line whatever the width. Every candidate has the same samples (the
    heading says how many)."""
    table = Table(title=tr("p{player}'s decisions", lang, player=analysis.player), box=box.SIMPLE_HEAD)
    table.add_column(tr("turn·decision", lang), justify="right", no_wrap=True)
    table.add_column(tr("played / candidates", lang))
    table.add_column(tr("chance [95%]", lang), justify="right", no_wrap=True)
    table.add_column(tr("note", lang), no_wrap=True)
    for index, decision in enumerate(analysis.decisions):
        moment = when.get(decision.seq)

        def words(notation: str, moment: Moment | None = moment) -> str:
            return moment.describe(notation, lang) if moment is not None else notation

        if index:
            table.add_section()
        played = decision.played_candidate
        lost = tr("lost {loss}", lang, loss=percent(decision.loss)) if decision.loss > 0 else ""
        table.add_row(
            moment.label(lang) if moment is not None else str(decision.seq),
            PhraseText(words(decision.played), style="bold"),
            _chance(played.chance, played.interval),
            ("!! " if decision.marked else "") + lost,
            style="bold red" if decision.marked else None,
        )
        for candidate in decision.candidates:
            tags = [tr("hard", lang)] if candidate.action == decision.preferred else []
            if candidate.action == decision.played:
                tags.append(tr("played", lang))
            table.add_row(
                "",
                PhraseText("  " + words(candidate.action)),
                _chance(candidate.chance, candidate.interval),
                ", ".join(tags),
            )
    return table


def _chance(chance: float, interval: tuple[float, float]) -> str:
    """``62% [31–86]``: the chance and its 95% interval, in percent."""
    return f"{percent(chance)} [{round(interval[0] * 100)}–{round(interval[1] * 100)}]"


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
    when = moments(record, analysis.player)
    title = get_game(analysis.game).title
    console.print(
        paragraph(
            tr(
                "{game}, p{player} ({result}): {decisions} decisions, {samples} samples a candidate, {rollouts}",
                lang,
                game=title.get(lang) or title.get("en") or analysis.game,
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
    console.print(decisions_table(analysis, lang, when))
    marked = analysis.marked
    if marked:
        console.print(escape(tr("Most chance lost (marked !!):", lang)))
        for decision in sorted(marked, key=lambda decision: -decision.loss):
            moment = when.get(decision.seq)
            console.print(
                paragraph(
                    tr(
                        "  turn {turn}, decision {decision}: {played} ({chance}) where {best} had {best_chance}: "
                        "{loss} lost",
                        lang,
                        turn=moment.turn if moment is not None else "?",
                        decision=moment.decision if moment is not None else "?",
                        played=moment.describe(decision.played, lang) if moment is not None else decision.played,
                        chance=percent(decision.played_candidate.chance),
                        best=moment.describe(decision.best.action, lang)
                        if moment is not None
                        else decision.best.action,
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
