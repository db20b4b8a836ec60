"""``asobiba analyse RECORD [--player N]``: a coach's look at one player's decisions.

Prints, for each decision of the player, the move played and its estimated chance of winning, the
``hard`` bot's preferred move, every candidate's chance with its 95% interval, and marks the
decisions that gave away most chance; then what the coach says of each decision, in the words the
browser's coach says (:func:`asobiba.bots.coach_words.explain_decision`: the better move and why, or
that the move was good, or that the difference is within noise), with what the player saw of his move
(the card he drew); then the win-probability curve as a text chart, and saves it as a PNG (see
:mod:`asobiba.bots.analysis`, which does the work from the player's observations only). Players are
named as the game named them (``p1 (normal bot)``, ``p0 (you)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from asobiba.bots.analysis import COACH_HARD, Analysis, Decision, analyse, save_curve, terminal_chart
from asobiba.bots.coach_words import explain_decision, move_words, name_players
from asobiba.cli.common import player_name
from asobiba.cli.linebreak import PhraseText, paragraph
from asobiba.cli.replay import load_record
from asobiba.core.events import Event
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
    """A decision as the player saw it: his ``turn``-th turn, its ``decision``-th decision, the
    position (to name its moves in his language) and what he saw happen on his move (``seen``)."""

    turn: int
    decision: int
    state: State
    player: int = 0
    seen: tuple[Event, ...] = ()

    def label(self, lang: str) -> str:
        """``3·2``: the third turn, its second decision."""
        return tr("{turn}·{decision}", lang, turn=self.turn, decision=self.decision)

    def describe(self, notation: str, lang: str, names: Sequence[str] = (), same: Sequence[str] = ()) -> str:
        """A move of this decision in words, players by ``names`` (its notation if the game cannot read it here)."""
        return move_words(self.state.observe(self.player), notation, names or _notation_names(self.state), lang, same)

    def saw(self, lang: str, names: Sequence[str]) -> list[str]:
        """What only the player saw happen on his move (the card he drew), in words."""
        lines = []
        for event in self.seen:
            try:
                lines.append(name_players(self.state.game.describe_event(event, lang), names))
            except Exception:  # an undescribed event is left out: the move's words stand
                continue
        return lines


def _notation_names(state: State) -> list[str]:
    return [f"p{seat}" for seat in range(state.players)]


def game_names(record: Mapping[str, Any], players: int, lang: str) -> list[str]:
    """The players as the game named them (``p0 (you)``, ``p1 (normal bot)``: the record's ``human`` and
    ``seats`` where ``asobiba play`` saved them; else ``p0``, ``p1``...)."""
    human = record.get("human")
    seats = record.get("seats")
    bots: dict[int, str] = {}
    if isinstance(seats, list):
        bots = {seat: str(kind) for seat, kind in enumerate(seats) if isinstance(kind, str) and kind != "human"}
    you = human if isinstance(human, int) and not isinstance(human, bool) else None
    return [player_name(seat, lang, you, bots) for seat in range(players)]


def moments(record: Mapping[str, Any], player: int) -> dict[int, Moment]:
    """Every decision of ``player`` by its record index, numbered as he met them: a turn is a run
    of his decisions with nobody else's between (the dice and deals do not count), and every
    decision counts, forced ones too, since he saw each of them."""
    found: dict[int, Moment] = {}
    turn, decision, previous = 0, 0, None
    waiting: Moment | None = None
    for state, action, events in replay_steps(record):
        if waiting is not None and action is not None:
            seen = tuple(_private(events, player))
            found[waiting.state.seq] = Moment(waiting.turn, waiting.decision, waiting.state, player, seen)
            waiting = None
        mover = state.to_move
        if mover is None or mover == CHANCE:
            continue
        if mover == player:
            if previous != player:
                turn, decision = turn + 1, 0
            decision += 1
            waiting = found[state.seq] = Moment(turn, decision, state.clone(), player)
        previous = mover
    return found


def _private(events: Sequence[Event], player: int) -> list[Event]:
    """The events only ``player`` (and not everybody) saw, as he saw them (the card he drew)."""
    return [event for event in events if (audience := event.audience()) is not None and player in audience]


#: The note of each verdict in the table (:attr:`asobiba.bots.analysis.Decision.verdict`).
VERDICT_NOTES = {"best": "good move", "close": "about as good", "costly": "costly", "noise": "within noise"}


def decisions_table(
    analysis: Analysis, lang: str, when: Mapping[int, Moment], names: Sequence[str] | None = None
) -> Table:
    """A section per decision: the move played (its chance, the coach's verdict), then a row per
    candidate (its chance and 95% interval; which one ``hard`` plays), so that every chance
    stands on its move's line whatever the width. Players are named by ``names``."""
    named = list(names) if names is not None else game_names({}, analysis.players, lang)
    table = Table(title=tr("{player}'s decisions", lang, player=named[analysis.player]), box=box.SIMPLE_HEAD)
    table.add_column(tr("turn·decision", lang), justify="right", no_wrap=True)
    table.add_column(tr("played / candidates", lang))
    table.add_column(tr("chance [95%]", lang), justify="right", no_wrap=True)
    table.add_column(tr("note", lang), no_wrap=True)
    for index, decision in enumerate(analysis.decisions):
        moment = when.get(decision.seq)

        def words(notation: str, same: Sequence[str] = (), moment: Moment | None = moment) -> str:
            return moment.describe(notation, lang, named, same) if moment is not None else notation

        if index:
            table.add_section()
        played = decision.played_candidate
        note = tr(VERDICT_NOTES[decision.verdict], lang)
        if decision.verdict == "costly":
            note = tr("{verdict}: {loss} lost", lang, verdict=note, loss=percent(decision.loss))
        table.add_row(
            moment.label(lang) if moment is not None else str(decision.seq),
            PhraseText(words(decision.played, played.same), style="bold"),
            _chance(played.chance, played.interval),
            ("!! " if decision.marked else "") + note,
            style="bold red" if decision.marked else None,
        )
        for candidate in decision.candidates:
            tags = [tr("hard", lang)] if candidate.action == decision.preferred else []
            if candidate.action == decision.played:
                tags.append(tr("played", lang))
            table.add_row(
                "",
                PhraseText("  " + words(candidate.action, candidate.same)),
                _chance(candidate.chance, candidate.interval),
                ", ".join(tags),
            )
    return table


def coach_says(decision: Decision, moment: Moment | None, names: Sequence[str], lang: str) -> list[str]:
    """What the coach says of a decision (the browser's words), then what the player saw of his move."""
    if moment is None:
        return []
    said = explain_decision(decision, moment.state.observe(moment.player), names, lang)
    seen = moment.saw(lang, names)
    if seen:
        said.append(tr("Then: {events}", lang, events=" ".join(seen)))
    return said


def _print_said(console: Console, decision: Decision, moment: Moment | None, names: Sequence[str], lang: str) -> None:
    label = moment.label(lang) if moment is not None else str(decision.seq)
    for index, line in enumerate(coach_says(decision, moment, names, lang)):
        lead = f"  {label} " if index == 0 else "  " + " " * (len(label) + 1) + "- "
        console.print(paragraph(lead + line))


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
    names = game_names(record, analysis.players, lang)
    title = get_game(analysis.game).title
    console.print(
        paragraph(
            tr(
                "{game}, {player} ({result}): {decisions} decisions, each judged from what {player} knew then, "
                "by imagining at least {samples} ways the game could go on after each move ({how}).",
                lang,
                game=title.get(lang) or title.get("en") or analysis.game,
                player=names[analysis.player],
                result=tr("won", lang) if analysis.outcome >= 1.0 else tr("did not win", lang),
                decisions=len(analysis.decisions),
                samples=analysis.samples,
                how=(
                    tr("each played on to the end", lang)
                    if depth is None
                    else tr("each played on for {depth} moves, then the position judged", lang, depth=depth)
                ),
            )
        )
    )
    console.print(decisions_table(analysis, lang, when, names))
    marked = analysis.marked
    if marked:
        console.print(escape(tr("Most chance lost (marked !!):", lang)))
        for decision in sorted(marked, key=lambda decision: -decision.loss):
            _print_said(console, decision, when.get(decision.seq), names, lang)
    else:
        console.print(escape(tr("No decision gave away much chance for sure.", lang)))
    console.print(escape(tr("What the coach says of each decision:", lang)))
    for decision in analysis.decisions:
        _print_said(console, decision, when.get(decision.seq), names, lang)
    console.print(escape(tr("Chance of winning over the game (* a decision, X marked, o the end):", lang)))
    console.print(escape(terminal_chart(analysis)), highlight=False)
    target = png if png is not None else default_png(file, analysis.player)
    try:
        # the picture's words are English (its font may lack Japanese): the player's English name
        save_curve(analysis, str(target), name=game_names(record, analysis.players, "en")[analysis.player])
    except ImportError:
        console.print(escape(tr("No PNG: matplotlib is not installed (pip install matplotlib).", lang)))
        return analysis
    console.print(escape(tr("The curve is saved in {path}", lang, path=target)))
    return analysis
