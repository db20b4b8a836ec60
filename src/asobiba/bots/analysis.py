"""Post-game analysis: a coach that replays a record from one player's side.

For each decision of the chosen player (with more than one legal move), from that player's
information only — the observation he had then, sampled, never the true state:

- the ``hard`` bot's preferred move;
- each candidate move's estimated chance of winning, with its sample size: ``samples``
  determinizations of the observation, the candidate applied, then everybody playing on as the
  game's heuristic (``normal``) would, to the end (or, in long games, for ``rollout_depth`` moves
  scored by the game's evaluator). Every candidate is played out on the same samples with the
  same generator seeds (common random numbers), so the differences between candidates are
  sharper than their separate intervals suggest;
- the interval rule: the move played and the best found are then played out on more of the same
  samples, up to ``max_samples``, until the 95% interval of each chance is at most
  :data:`PRECISION` (10 points) either side (Wilson's interval, an evaluator's score counting as a
  chance of winning); where it is not, the decision's verdict is ``noise``
  (the difference is within noise) and it is never marked;
- how much chance the move played gave away against the best candidate; the decisions where
  the player lost most are marked (a loss of at least :data:`MARK_THRESHOLD`, more than 1.96
  times its paired standard error, both chances known within :data:`PRECISION`).

Moves the game says are the same (``Game.same_move_key``: in Cockroach Poker, offering the 3 or the
5 of spades to Ken claiming "spades") are weighed once, as one candidate (its ``same``).
The candidates are the move played, the ``hard`` bot's move, the heuristic's move and, up to
``max_candidates``, the moves the ``hard`` bot's search visited most (or, where ``hard`` does not
search, other legal moves in a seeded random order).

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=5)
>>> while not state.is_over:
...     _ = state.apply(asobiba.bot("normal", seed=state.seq).choose(state.observe(state.to_move)))
>>> report = analyse(state.record(), player=0, samples=2, max_samples=2, max_candidates=2,
...                  hard="hard:time_limit=none,iterations=8")
>>> report.player, all(decision.candidates for decision in report.decisions)
(0, True)
>>> all(candidate.samples == 2 for decision in report.decisions for candidate in decision.candidates)
True
>>> {decision.verdict for decision in report.decisions}  # 2 samples say nothing for sure
{'noise'}
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from asobiba.bots import bot
from asobiba.bots.base import Bot
from asobiba.bots.evaluators import evaluator
from asobiba.bots.ismcts import ISMCTSBot
from asobiba.bots.pimc import PIMCBot, play_out
from asobiba.bots.stats import wilson_interval
from asobiba.core.errors import InvalidOption, NoSuchPlayer
from asobiba.core.events import Event
from asobiba.core.record import replay_steps
from asobiba.core.registry import declaration
from asobiba.core.state import Action, Observation, State

#: A decision is marked when the move played gave away at least this much chance.
MARK_THRESHOLD = 0.05
#: The widest a compared chance's 95% interval may be, either side of the estimate, for the coach to
#: judge a decision (wider: the difference is within noise, and the decision is not marked).
PRECISION = 0.10
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96
#: The most samples a compared move is played out in by default, to bring its interval within
#: :data:`PRECISION` (a chance near 50 % from wins and losses needs about 96).
MAX_SAMPLES = 128

#: The coach's ``hard`` bot: a search bounded by its samples, not by the clock, so the same seed gives
#: the same report on any machine (64 samples is about what 0.7 s reaches).
COACH_HARD = "hard:time_limit=none,iterations=64"

#: Progress callback: ``progress(decisions_done, decisions_total)``.
Progress = Callable[[int, int], None]

#: A step of a replay: the position, the action that led there (``None`` at the start), its events.
Step = tuple[State, Action | None, list[Event]]


def chance_interval(outcomes: Sequence[float], wins: float, samples: int) -> tuple[float, float]:
    """The 95% interval of a chance of winning estimated from ``samples`` imagined games, ``wins`` of them
    won (an evaluator's score, a game cut short, counts as its chance of being won): Wilson's. Each game
    is a win or a loss (one scored ``s`` is won with chance ``s``), so its spread is the chance's own,
    ``p (1 - p)``, whatever the evaluator says: the interval never leans on the evaluator being right
    (the spread of its scores alone would give Survive intervals of ±1 point from 16 games).

    >>> [round(bound, 2) for bound in chance_interval([1.0, 0.0] * 8, 8, 16)]
    [0.28, 0.72]
    >>> chance_interval([0.5, 0.6] * 8, 8.8, 16) == chance_interval([1.0, 0.1] * 8, 8.8, 16)
    True
    """
    del outcomes  # the chance's own spread, not the scores'
    return wilson_interval(min(max(wins, 0.0), samples), samples)


@dataclass(frozen=True)
class Candidate:
    """One move considered at a decision and its estimated chance of winning."""

    action: str
    #: Samples in which the player ended among the winners (an evaluator's score counts as a fraction).
    wins: float
    samples: int
    #: The result of each sample, in the order of the decision's samples (shared by every candidate).
    outcomes: tuple[float, ...] = ()
    #: The other legal moves that are the same move as this one (``Game.same_move_key``), weighed as one.
    same: tuple[str, ...] = ()

    @property
    def chance(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`chance` (:func:`chance_interval`)."""
        return chance_interval(self.outcomes, self.wins, self.samples)

    @property
    def half_width(self) -> float:
        """Half the width of :attr:`interval`: the ``±`` of the chance."""
        low, high = self.interval
        return (high - low) / 2

    @property
    def precise(self) -> bool:
        """Is the chance known within :data:`PRECISION` (its 95% interval at most ± that)?"""
        return self.samples > 0 and self.half_width <= PRECISION + 1e-9

    def needed(self) -> int:
        """About how many samples would bring its interval within :data:`PRECISION` (from its chance so far)."""
        chance = self.chance
        return math.ceil(Z95 * Z95 * max(chance * (1 - chance), 0.01) / (PRECISION * PRECISION)) + 1

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        found: dict[str, Any] = {
            "action": self.action,
            "chance": self.chance,
            "samples": self.samples,
            "ci95": [low, high],
        }
        if self.same:
            found["same"] = list(self.same)
        return found


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed player."""

    #: The record index of the move played (``record["actions"][seq]``).
    seq: int
    played: str
    #: The ``hard`` bot's move for the same observation.
    preferred: str
    #: Best estimate first.
    candidates: tuple[Candidate, ...]
    marked: bool = False

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    @property
    def played_candidate(self) -> Candidate:
        return next(candidate for candidate in self.candidates if candidate.action == self.played)

    @property
    def loss_error(self) -> float:
        """The standard error of :attr:`loss`, from the paired results of the two moves on the same samples."""
        best, played = self.best.outcomes, self.played_candidate.outcomes
        count = min(len(best), len(played))
        if count < 2:
            return 0.0
        differences = [b - p for b, p in zip(best[:count], played[:count], strict=True)]
        mean = sum(differences) / count
        variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
        return float((variance / count) ** 0.5)

    @property
    def loss(self) -> float:
        """Chance of winning given away by the move played, against the best candidate (≥ 0)."""
        return max(0.0, self.best.chance - self.played_candidate.chance)

    @property
    def settled(self) -> bool:
        """Are the compared chances (the move played's and the best's) known within :data:`PRECISION`?"""
        return self.played_candidate.precise and self.best.precise

    @property
    def verdict(self) -> str:
        """``"best"`` (the move played was as good as any tried), ``"close"`` (worse by less than
        :data:`MARK_THRESHOLD` or by less than the noise of the comparison), ``"costly"`` (it gave away
        chance, for sure at 95%), or ``"noise"`` (the chances are not known within :data:`PRECISION`:
        the difference is within noise)."""
        if not self.settled:
            return "noise"
        if self.best.action == self.played or self.loss <= 0.0:
            return "best"
        if self.loss >= MARK_THRESHOLD and self.loss > Z95 * self.loss_error:
            return "costly"
        return "close"

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "played": self.played,
            "preferred": self.preferred,
            "best": self.best.action,
            "chance": self.played_candidate.chance,
            "best_chance": self.best.chance,
            "loss": self.loss,
            "loss_error": self.loss_error,
            "marked": self.marked,
            "verdict": self.verdict,
            "settled": self.settled,
            "candidates": [candidate.to_json() for candidate in self.candidates],
        }


@dataclass(frozen=True)
class Analysis:
    """The analysis of one player's decisions in a record."""

    game: str
    player: int
    players: int
    decisions: tuple[Decision, ...]
    #: 1 if the player was among the winners at the end (in Cockroach Poker: did not lose), else 0.
    outcome: float
    samples: int
    rollout_depth: int | None
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def marked(self) -> list[Decision]:
        return [decision for decision in self.decisions if decision.marked]

    def curve(self) -> list[tuple[int, float]]:
        """The win-probability curve: ``(seq, chance of the move played)`` per decision, then the outcome."""
        points = [(decision.seq, decision.played_candidate.chance) for decision in self.decisions]
        end = self.decisions[-1].seq + 1 if self.decisions else 0
        return [*points, (end, self.outcome)]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.player,
            "players": self.players,
            "outcome": self.outcome,
            "samples": self.samples,
            "rollout_depth": self.rollout_depth,
            "settings": dict(self.settings),
            "decisions": [decision.to_json() for decision in self.decisions],
        }


def analyse(
    record: Mapping[str, Any],
    player: int | None = None,
    *,
    samples: int = 16,
    max_candidates: int = 6,
    rollout_depth: int | str | None = "auto",
    hard: str = "hard",
    marks: int = 3,
    seed: int = 0,
    progress: Progress | None = None,
    max_samples: int | None = None,
) -> Analysis:
    """Analyse ``player``'s decisions in ``record`` (default: the record's ``human`` seat, else 0).

    Every candidate of a decision is played out on ``samples`` samples, then the move played and the best
    found on more, up to ``max_samples`` (default :data:`MAX_SAMPLES`), until both chances are known within
    :data:`PRECISION`; a decision where they are not says the difference is within noise and is not marked.
    ``rollout_depth="auto"`` takes the game declaration's ``analysis_rollout_depth``. At most ``marks`` decisions are
    marked: those that gave away the most chance, at least :data:`MARK_THRESHOLD`, for sure at 95 %.
    Raises :class:`~asobiba.CorruptRecord` for a record that does not replay.
    """
    most = _check_sizes(samples, max_candidates, max_samples)
    steps = replay_steps(record)
    first, _, _ = next(steps)
    state = first
    seat = _seat(record, player, first.players)
    depth = _depth(first.game.name, rollout_depth)
    total = sum(1 for _ in _decisions_of(record, seat))
    searcher = bot(hard, seed=seed)
    found: list[Decision] = []
    pending: tuple[int, Observation, str] | None = None
    for state, action, _ in _with_first(first, steps):
        if pending is not None and action is not None:
            seq, observation, preferred = pending
            found.append(
                _decision(
                    observation, seq, str(action), preferred, searcher, samples, max_candidates, depth, seed, most
                )
            )
            pending = None
            if progress is not None:
                progress(len(found), total)
        if state.to_move == seat and len(state.legal_actions()) > 1:
            observation = state.observe(seat)
            preferred = str(searcher.choose(observation))
            pending = (state.seq, observation, preferred)
    marked = _mark(found, marks)
    return Analysis(
        game=state.game.name,
        player=seat,
        players=state.players,
        decisions=tuple(marked),
        outcome=_among_winners(state, seat) if state.is_over else 0.0,
        samples=samples,
        rollout_depth=depth,
        settings={"hard": hard, "max_candidates": max_candidates, "seed": seed, "max_samples": most},
    )


def analyse_decision(
    observation: Observation,
    played: str,
    *,
    samples: int = 16,
    max_candidates: int = 6,
    rollout_depth: int | str | None = "auto",
    hard: str = COACH_HARD,
    seed: int = 0,
    max_samples: int | None = None,
) -> Decision:
    """One decision, estimated as :func:`analyse` estimates each: ``played`` (a legal move's notation) and
    the other candidates from ``observation`` (what the player knew, never the true state).

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=3, seed=5)
    >>> observation = state.observe(state.to_move)
    >>> decision = analyse_decision(observation, str(observation.legal_actions[0]), samples=2, max_candidates=2,
    ...                             hard="hard:time_limit=none,iterations=8")
    >>> decision.seq == state.seq, decision.played == str(observation.legal_actions[0])
    (True, True)
    """
    most = _check_sizes(samples, max_candidates, max_samples)
    depth = _depth(observation.game.name, rollout_depth)
    if played not in {str(action) for action in observation.legal_actions}:
        raise InvalidOption("{value} is not a legal move of this decision", domain="analysis", value=played)
    searcher = bot(hard, seed=seed)
    preferred = str(searcher.choose(observation))
    seq = int(observation.view["seq"])
    return _decision(observation, seq, played, preferred, searcher, samples, max_candidates, depth, seed, most)


def _check_sizes(samples: object, max_candidates: object, max_samples: object) -> int:
    """Check the sizes asked for; the most samples a compared move is played out in."""
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 10_000:
        raise InvalidOption("samples is a whole number from 1 to 10000, not {value}", domain="analysis", value=samples)
    if isinstance(max_candidates, bool) or not isinstance(max_candidates, int) or not 1 <= max_candidates <= 1000:
        raise InvalidOption(
            "max_candidates is a whole number from 1 to 1000, not {value}", domain="analysis", value=max_candidates
        )
    if max_samples is None:
        return max(samples, MAX_SAMPLES)
    if isinstance(max_samples, bool) or not isinstance(max_samples, int) or not 1 <= max_samples <= 10_000:
        raise InvalidOption(
            "max_samples is a whole number from 1 to 10000, not {value}", domain="analysis", value=max_samples
        )
    return max(samples, max_samples)


def _depth(game: str, rollout_depth: int | str | None) -> int | None:
    depth = declaration(game).analysis_rollout_depth if rollout_depth == "auto" else rollout_depth
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise InvalidOption(
            "rollout_depth is a whole number of at least 0, not {value}", domain="analysis", value=depth
        )
    return depth


def describe_move(state: State, notation: str, lang: str) -> str:
    """A move of the position ``state`` in words (its notation if the game cannot read it there)."""
    game = state.game
    try:
        return str(game.describe_action(game.parse_action(notation, state), lang))
    except Exception:  # a description is a help: the notation is always right
        return notation


def _with_first(first: State, steps: Iterator[Step]) -> Iterator[Step]:
    yield first, None, []
    yield from steps


def _seat(record: Mapping[str, Any], player: int | None, players: int) -> int:
    if player is None:
        human = record.get("human")
        player = human if isinstance(human, int) and not isinstance(human, bool) else 0
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise NoSuchPlayer("there is no player p{player}; players are p0 to p{last}", player=player, last=players - 1)
    return player


def _decisions_of(record: Mapping[str, Any], seat: int) -> list[int]:
    """The record indexes of ``seat``'s decisions with a real choice."""
    found = []
    for state, _, _ in replay_steps(record):
        if state.to_move == seat and len(state.legal_actions()) > 1:
            found.append(state.seq)
    return found


def _candidates(
    observation: Observation, played: str, preferred: str, searcher: Bot, limit: int, rng: random.Random
) -> tuple[list[tuple[Action, tuple[str, ...]]], str]:
    """The moves to weigh (each with the other legal moves that are the same move, ``Game.same_move_key``)
    and the ``hard`` bot's move as one of them (the move played, where the two are the same move)."""
    game = observation.game
    view = observation.view
    legal = {str(action): action for action in observation.legal_actions}
    keys = {text: _key(game, action, view) for text, action in legal.items()}
    heuristic = str(game.heuristic_action(observation, random.Random(rng.getrandbits(32))))
    order = [played, preferred, heuristic]
    pimc = getattr(searcher, "last_pimc", None)
    if isinstance(pimc, PIMCBot):
        order.extend(str(move) for move in pimc.last_results)
    root = searcher.last_root if isinstance(searcher, ISMCTSBot) and searcher.last_iterations else None
    if root is not None:
        visited = sorted(root.children.values(), key=lambda child: -child.visits)
        order.extend(str(child.action) for child in visited if child.player == observation.player)
    others = list(legal)
    rng.shuffle(others)
    order.extend(others)
    shown: dict[Hashable, str] = {}
    for text in order:
        if text in legal and keys[text] not in shown and (len(shown) < limit or text in (played, preferred)):
            shown[keys[text]] = text
    if preferred in keys:
        preferred = shown[keys[preferred]]
    chosen = [
        (legal[text], tuple(other for other in legal if keys[other] == key and other != text))
        for key, text in shown.items()
    ]
    return chosen, preferred


def _key(game: Any, action: Action, view: Mapping[str, Any]) -> Hashable:
    try:
        return game.same_move_key(action, view)  # type: ignore[no-any-return]
    except Exception:  # a game's key is a help: a move is always itself
        return action


def _decision(
    observation: Observation,
    seq: int,
    played: str,
    preferred: str,
    searcher: Bot,
    samples: int,
    limit: int,
    depth: int | None,
    seed: int,
    max_samples: int,
) -> Decision:
    """Every candidate on ``samples`` samples; then more samples (the same ones for both, common random
    numbers) for the move played and the best found, until both chances are known within
    :data:`PRECISION` or they have ``max_samples`` each."""
    rng = random.Random(f"analysis:{seed}:{seq}")
    chosen, preferred = _candidates(observation, played, preferred, searcher, limit, rng)
    score = evaluator(observation.game.name) if depth is not None else None
    seeds: list[tuple[int, int]] = []
    actions = {str(action): action for action, _ in chosen}
    same = {str(action): others for action, others in chosen}
    results: dict[str, list[float]] = {text: [] for text in actions}

    def extend(text: str, count: int) -> None:
        while len(seeds) < count:
            seeds.append((rng.getrandbits(63), rng.getrandbits(63)))
        found = results[text]
        for index in range(len(found), count):
            sample_seed, rollout_seed = seeds[index]
            found.append(_rollout(observation, actions[text], sample_seed, rollout_seed, depth, score))

    def estimates() -> list[Candidate]:
        made = [Candidate(text, sum(found), len(found), tuple(found), same[text]) for text, found in results.items()]
        made.sort(key=lambda candidate: (-candidate.chance, candidate.action != preferred))
        return made

    for text in results:
        extend(text, samples)
    found = estimates()
    while True:
        best = found[0]
        mine = next(candidate for candidate in found if candidate.action == played)
        compared = [best] if best is mine else [best, mine]
        count = max(candidate.samples for candidate in compared)
        if all(candidate.precise for candidate in compared) or count >= max_samples:
            break
        wanted = max(count + max(2, samples // 2), *(candidate.needed() for candidate in compared))
        for candidate in compared:
            extend(candidate.action, min(max_samples, wanted))
        found = estimates()
    return Decision(seq=seq, played=played, preferred=preferred, candidates=tuple(found))


def _rollout(
    observation: Observation,
    action: Action,
    sample_seed: int,
    rollout_seed: int,
    depth: int | None,
    score: Callable[[State], list[float]] | None,
) -> float:
    """``action`` on a sample of the observation, then the heuristic for everybody: the player's result."""
    state = observation.sample(sample_seed)
    state.scripted_chance = False
    state.apply(action)
    outcome = play_out(state, observation.player, random.Random(rollout_seed), depth, score)
    assert outcome is not None  # no deadline
    return outcome


def _among_winners(state: State, player: int) -> float:
    """1 if ``player`` is among the winners of the finished game (in Cockroach Poker: did not lose)."""
    return 1.0 if player in state.result()["winners"] else 0.0


def _mark(decisions: list[Decision], marks: int) -> list[Decision]:
    worst = sorted(
        (index for index, decision in enumerate(decisions) if decision.verdict == "costly"),
        key=lambda index: -decisions[index].loss,
    )[: max(0, marks)]
    chosen = set(worst)
    return [replace(decision, marked=index in chosen) for index, decision in enumerate(decisions)]


# ---------------------------------------------------------------------- pictures


def terminal_chart(analysis: Analysis, width: int = 60, height: int = 10) -> str:
    """The win-probability curve as text: one column per point (resampled to ``width``), ``*`` for a
    decision, ``X`` for a marked one, ``o`` for the outcome.

    >>> print(terminal_chart(Analysis("g", 0, 2, (), 1.0, 1, None), width=4, height=2))
    100% |o
     50% |
      0% |
         +-
    """
    points = analysis.curve()
    marked = {decision.seq for decision in analysis.marked}
    if len(points) > width:
        step = len(points) / width
        picked = [points[int(column * step)] for column in range(width - 1)] + [points[-1]]
        marked_columns = {
            column
            for column in range(width)
            if any(seq in marked for seq, _ in points[int(column * step) : int((column + 1) * step)])
        }
    else:
        picked = points
        marked_columns = {column for column, (seq, _) in enumerate(points) if seq in marked}
    grid = [[" "] * len(picked) for _ in range(height + 1)]
    for column, (_, chance) in enumerate(picked):
        last = column == len(picked) - 1
        grid[height - round(chance * height)][column] = "o" if last else ("X" if column in marked_columns else "*")
    lines = []
    for index, row in enumerate(grid):
        label = {0: "100%", height // 2: " 50%", height: "  0%"}.get(index, "    ")
        if index == height // 2 and height % 2:
            label = "    "
        lines.append(f"{label} |{''.join(row).rstrip()}")
    lines.append("     +" + "-" * len(picked))
    return "\n".join(lines)


def save_curve(analysis: Analysis, path: str, title: str | None = None, name: str | None = None) -> None:
    """Save the win-probability curve of the player called ``name`` (default ``p<seat>``) as a PNG
    (matplotlib): the chance of each move played with its 95% interval, marked decisions in red, the
    outcome at the end."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    decisions = analysis.decisions
    figure, axes = plt.subplots(figsize=(9, 4), dpi=100)
    seqs = [decision.seq for decision in decisions]
    lows = [decision.played_candidate.interval[0] for decision in decisions]
    highs = [decision.played_candidate.interval[1] for decision in decisions]
    best = [decision.best.chance for decision in decisions]
    curve = analysis.curve()
    axes.fill_between(seqs, lows, highs, color="tab:blue", alpha=0.15, label="95% interval")
    axes.plot(
        [seq for seq, _ in curve], [chance for _, chance in curve], color="tab:blue", marker=".", label="move played"
    )
    axes.plot(seqs, best, color="tab:green", linestyle=":", label="best candidate")
    marked = analysis.marked
    axes.scatter(
        [decision.seq for decision in marked],
        [decision.played_candidate.chance for decision in marked],
        color="tab:red",
        marker="x",
        s=80,
        zorder=3,
        label="most chance lost",
    )
    axes.axhline(1.0 / analysis.players, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylim(0.0, 1.0)
    axes.set_xlabel("position in the game (record index)")
    player = name or f"p{analysis.player}"
    axes.set_ylabel(f"{player}'s chance of winning")
    axes.set_title(title or f"{analysis.game}: {player}")
    axes.legend(loc="best", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, format="png")
    plt.close(figure)
