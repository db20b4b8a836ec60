"""asobiba's games as OpenSpiel Python games: ``python_asobiba_<game>`` for every registered game
(``python_asobiba_cockroach_poker``, ``python_asobiba_paper_safari``, ``python_asobiba_survive``,
and a plug-in's).

Importing this module registers them (``pyspiel.register_game``); load one with its options as
game parameters::

    import pyspiel
    import asobiba.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 4, "rules": "trump"})

Beside the game's own parameters (its :class:`~asobiba.rl.types.RLSupport`), every game takes
``horizon`` (cut the game after that many player decisions, 0: never; a cut game's utility is the
game's evaluator, the chance of winning it gives each player, or equal shares without one) and,
where the game has more than one action space, ``action_space``.

Chance is explicit. A die or a coin is one chance node; a shuffle (a deal, Survive!'s tile
layout and explorer values, Paper Safari's reshuffle) is a run of chance nodes, one per item
drawn, each outcome an item still in the pile with probability copies / items left — the same
distribution as the engine's shuffle. A game declaring no shuffle gets a chance node of
``GENERIC_CHANCE_OUTCOMES`` equally likely engine samples there. The player actions are the
codec's numbers; the observation tensor is the encoder's tensor of the player's view, the
observation string the view (JSON).

The information state is computed only when asked. Its string is short and canonical:
``p<player> s<seq> n<legal> <digest>`` where the digest (BLAKE2b, 128 bits) chains every event of
the game as the player saw it (``Event.seen_by``), step by step — his perfect recall, built from
the events the engine returns anyway, not from views. The information-state tensor is the
observation tensor (the views carry the public history a careful player remembers).

:meth:`AsobibaSpielState.resample_from_infostate` samples a state with asobiba's own
``determinize`` (every other player's information state that of the sampled world);
:func:`determinize_resampler` is the same as a callback for OpenSpiel's Python IS-MCTS
(``ISMCTSBot.set_resampler``), and :func:`ismcts_bot` that bot with the documented settings (the
C++ ``pyspiel.ISMCTSBot`` cannot run on a Python game: it is refused, saying why). :func:`outcome_sampling_solver` and
:func:`external_sampling_solver` give OpenSpiel's solvers, or say plainly why the game is beyond
them (a play-out's reach under float64; an iteration of too many nodes).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from asobiba.core.errors import AsobibaError, InvalidOption
from asobiba.core.events import Event
from asobiba.core.game import MAX_SEED, Game
from asobiba.core.registry import game_names, get_game
from asobiba.core.state import Action, State
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders import Encoder
from asobiba.rl.rewards import cut_rewards
from asobiba.rl.support import openspiel_name, support
from asobiba.rl.types import RLSupport, Shuffle

__all__ = [
    "GENERIC_CHANCE_OUTCOMES",
    "AsobibaSpielGame",
    "AsobibaSpielState",
    "UnsupportedAlgorithm",
    "determinize_resampler",
    "external_sampling_cost",
    "external_sampling_solver",
    "ismcts_bot",
    "outcome_sampling_solver",
    "register",
    "sample_reach_floor",
    "spiel_names",
]

#: The longest game OpenSpiel is told of where the game's rules set no bound (Paper Safari's matches):
#: a bound no game reaches.
MAX_GAME_LENGTH = 1_000_000
#: Outcomes of a chance node of a game that declares no shuffle (each an engine sample from its own seed).
GENERIC_CHANCE_OUTCOMES = 256
#: The most nodes :func:`external_sampling_solver` lets one iteration visit (about a minute in Python).
EXTERNAL_SAMPLING_BUDGET = 200_000
#: OpenSpiel's player numbers of a terminal state and of a chance node.
TERMINAL, CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)


class UnsupportedAlgorithm(AsobibaError):
    """An OpenSpiel algorithm that cannot run on this game, saying why."""

    code = "unsupported_algorithm"


def spiel_names() -> dict[str, str]:
    """asobiba name -> OpenSpiel name, for every registered game."""
    return {name: openspiel_name(name) for name in game_names()}


def _parameters(found: RLSupport, game: Game) -> dict[str, Any]:
    parameters = {"players": game.min_players, **found.openspiel_parameters, "horizon": 0}
    if len(found.codecs) > 1:
        parameters["action_space"] = found.default_action_space
    return parameters


class AsobibaSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """One asobiba game for OpenSpiel, for the players and options given as parameters."""

    #: The asobiba game's name (each registered subclass sets it).
    asobiba_name: str = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        asobiba_game = get_game(self.asobiba_name)
        found = support(asobiba_game)
        values = {**_parameters(found, asobiba_game), **(params or {})}
        players = int(values.pop("players"))
        horizon = int(values.pop("horizon"))
        if horizon < 0:
            raise pyspiel.SpielError("horizon must be 0 (no cut) or a number of decisions")
        action_space = values.pop("action_space", None)
        options = found.options_from_parameters(values) if found.options_from_parameters else values
        resolved = asobiba_game.resolve_options(players, options)
        encoder = found.encoder(asobiba_game, players, resolved)
        codec = found.codec_type(action_space)(asobiba_game, players, resolved)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.size,
            max_chance_outcomes=found.max_chance_outcomes if found.shuffle else GENERIC_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=horizon or asobiba_game.capabilities.max_decisions or MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(asobiba_game), info, dict(params or {}))
        self.asobiba_game: Game = asobiba_game
        self.support = found
        self.players, self.game_options, self.horizon = players, options, horizon
        self.encoder: Encoder = encoder
        self.codec: ActionCodec = codec
        self.seeds = random.Random(0)
        #: The asobiba position every game starts from (OpenSpiel's new states are clones of it).
        self.initial = asobiba_game.new_game(players, seed=0, chance="scripted", **options)
        #: player -> the observation tensor of the initial state. pyspiel asks the shape of the
        #: tensor at every ``observation_tensor(player)``, from a new initial state and its tensor.
        self.initial_tensors: dict[int, np.ndarray] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> AsobibaSpielGame:
        return self  # a game never changes

    def new_initial_state(self) -> AsobibaSpielState:
        return AsobibaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AsobibaObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return AsobibaObserver(self.encoder, perfect_recall)


class _Recall:
    """One player's perfect recall so far: the events seen up to ``steps`` and their running digest."""

    __slots__ = ("digest", "steps")

    def __init__(self) -> None:
        self.steps = 0
        self.digest = hashlib.blake2b(digest_size=16)

    def copy(self) -> _Recall:
        other = _Recall.__new__(_Recall)
        other.steps, other.digest = self.steps, self.digest.copy()
        return other


class _Position:
    """What an OpenSpiel state holds: the asobiba position, the items of a shuffle drawn so far,
    the events of every step (each player's recall is digested from them when asked), the
    player decisions so far. OpenSpiel deep-copies a Python state's attributes to clone it: this
    copies itself with the engine's cheap ``clone``."""

    __slots__ = (
        "decisions", "drawn", "events", "horizon", "left", "legal", "player", "recall", "samples", "shuffle", "state",
        "tensors",
    )  # fmt: skip

    def __init__(self, state: State, players: int, horizon: int) -> None:
        self.state = state
        self.horizon = horizon
        #: player -> the observation tensor of this position (OpenSpiel asks for it more than once)
        self.tensors: dict[int, np.ndarray] = {}
        self.drawn: list[list[int]] = []
        self.shuffle: Shuffle | None = None
        #: item -> copies of the shuffle's segment being drawn not drawn yet (in item order)
        self.left: dict[int, int] | None = None
        self.events: list[tuple[Event, ...]] = []
        self.recall: list[_Recall | None] = [None] * players
        self.decisions = 0
        self.legal: dict[int, Action] | None = None
        #: OpenSpiel's current player (pyspiel asks it several times a step), until the next move
        self.player: int | None = None
        #: (searcher, steps) -> the first ``steps`` steps' events as the searcher saw them and every
        #: player's recall of those, for the samples of this position (IS-MCTS resamples one
        #: position again and again)
        self.samples: dict[tuple[int, int], tuple[list[tuple[Event, ...]], list[_Recall | None]]] = {}

    def __getstate__(self) -> tuple[State, list[list[int]], list[tuple[Event, ...]], int, int]:
        # The shuffle (its builder is a closure) follows from the state; the digests from the events.
        return self.state, self.drawn, self.events, self.decisions, self.horizon

    def __setstate__(self, saved: tuple[State, list[list[int]], list[tuple[Event, ...]], int, int]) -> None:
        self.state, self.drawn, self.events, self.decisions, self.horizon = saved
        self.shuffle, self.legal, self.tensors, self.left, self.player = None, None, {}, None, None
        self.recall = [None] * self.state.players
        self.samples = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        other = _Position.__new__(_Position)
        other.state = self.state.clone()
        other.drawn = [list(segment) for segment in self.drawn]
        other.shuffle = self.shuffle
        other.left = None if self.left is None else dict(self.left)
        other.events = list(self.events)
        other.recall = [None if recall is None else recall.copy() for recall in self.recall]
        other.decisions = self.decisions
        other.horizon = self.horizon
        other.legal = None
        other.player = self.player
        other.tensors = {}
        other.samples = {}
        return other

    def recall_digest(self, player: int) -> str:
        """The digest of every event ``player`` has seen, step by step (brought up to date now)."""
        recall = self.recall[player]
        if recall is None:
            recall = self.recall[player] = _Recall()
        digest = recall.digest
        for step in self.events[recall.steps :]:
            seen = [shown for shown in (event.seen_by(player) for event in step) if shown is not None]
            digest.update(f"{seen!r};".encode())
        recall.steps = len(self.events)
        return digest.hexdigest()


class AsobibaSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """An OpenSpiel state around an asobiba position (:attr:`asobiba_state`)."""

    def __init__(self, game: AsobibaSpielGame) -> None:
        super().__init__(game)
        self._position = _Position(game.initial.clone(), game.players, game.horizon)
        self._position.tensors = game.initial_tensors  # shared until the first move replaces it

    @property
    def asobiba_state(self) -> State:
        """The asobiba position (at a shuffle, before the items drawn so far are applied)."""
        return self._position.state

    def _game(self) -> AsobibaSpielGame:
        game: AsobibaSpielGame = self.get_game()
        return game

    def is_cut(self) -> bool:
        """True when the game's ``horizon`` of decisions is reached before its end."""
        position = self._position
        return bool(position.horizon) and position.decisions >= position.horizon and not position.state.is_over

    # ------------------------------------------------------------------ whose turn, what is legal

    def current_player(self) -> int:
        position = self._position
        if position.player is None:
            state = position.state
            if state.is_over or self.is_cut():
                position.player = TERMINAL
            elif state.is_chance_node:
                position.player = CHANCE
            else:
                assert state.to_move is not None
                position.player = state.to_move
        return position.player

    def _legal_map(self) -> dict[int, Action]:
        position = self._position
        if position.legal is None:
            position.legal = self._game().codec.legal(position.state)
        return position.legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._position.state.chance_outcomes()
        if outcomes:
            return [(number, probability) for number, (_, probability) in enumerate(outcomes)]
        if self._current_shuffle() is None:
            return [(seed, 1.0 / GENERIC_CHANCE_OUTCOMES) for seed in range(GENERIC_CHANCE_OUTCOMES)]
        left = self._left()
        total = sum(left.values())
        return [(item, copies / total) for item, copies in left.items()]

    def _current_shuffle(self) -> Shuffle | None:
        position = self._position
        if position.shuffle is None:
            shuffle = self._game().support.shuffle
            position.shuffle = None if shuffle is None else shuffle(position.state)
        return position.shuffle

    def _segments(self) -> tuple[tuple[int, ...], ...]:
        shuffle = self._current_shuffle()
        assert shuffle is not None
        return shuffle.segments

    def _segment(self) -> int:
        """The segment of the shuffle being drawn."""
        drawn, segments = self._position.drawn, self._segments()
        if drawn and len(drawn[-1]) < len(segments[len(drawn) - 1]):
            return len(drawn) - 1
        return len(drawn)

    def _left(self) -> dict[int, int]:
        """item -> copies of the segment being drawn not drawn yet, in item order (kept up to date
        by :meth:`_draw`, not recounted at every chance node)."""
        position = self._position
        if position.left is None:
            segment, drawn = self._segment(), position.drawn
            left = Counter(sorted(self._segments()[segment]))
            if segment < len(drawn):
                left.subtract(drawn[segment])
            position.left = {item: copies for item, copies in left.items() if copies > 0}
        return position.left

    # ------------------------------------------------------------------ moves

    def _apply_action(self, action: int) -> None:
        position = self._position
        state = position.state
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            if outcomes:
                self._apply_outcome(outcomes[action][0])
            elif self._current_shuffle() is None:
                self._apply_outcome(_engine_sample(state, action))
            else:
                self._draw(action)
            return
        chosen = self._legal_map().get(action)
        if chosen is None:
            chosen = self._game().codec.action(action, state)  # refused, saying why
        position.events.append(tuple(state.apply_trusted(chosen)))
        position.decisions += 1
        position.legal, position.player = None, None
        position.tensors = {}

    def _draw(self, item: int) -> None:
        position = self._position
        left = self._left()
        if item not in left:
            raise pyspiel.SpielError(f"chance outcome {item} is not left to draw")
        if self._segment() == len(position.drawn):
            position.drawn.append([])
        position.drawn[-1].append(item)
        if left[item] == 1:
            del left[item]
        else:
            left[item] -= 1
        if left:
            return
        position.left = None  # the segment is drawn: the next one (if any) is counted when asked
        segments = self._segments()
        if len(position.drawn) == len(segments) and len(position.drawn[-1]) == len(segments[-1]):
            shuffle = self._current_shuffle()
            assert shuffle is not None
            outcome = shuffle.build(position.drawn)
            position.drawn, position.shuffle = [], None
            self._apply_outcome(outcome)

    def _apply_outcome(self, outcome: Action) -> None:
        position = self._position
        position.events.append(tuple(position.state.apply(outcome)))
        position.legal, position.player = None, None
        position.tensors = {}

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._position.state
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = state.chance_outcomes()
            if outcomes:
                return str(outcomes[action][0])
            return f"draw {action}" if self._current_shuffle() is not None else f"sample {action}"
        chosen = self._legal_map().get(action) if player == state.to_move else None
        return str(chosen) if chosen is not None else self._game().codec.describe(action)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        state = self._position.state
        if state.is_over:
            return state.returns()
        if not self.is_cut():
            return [0.0] * state.players
        return cut_rewards(state)

    def __str__(self) -> str:
        return json.dumps(self._position.state.view(None), sort_keys=True)

    # ------------------------------------------------------------------ information
    #
    # pyspiel's own ``observation_tensor(player)`` asks the game for the tensor's size first, and a
    # Python game answers that by making a new initial state and writing its tensor; then it copies
    # the tensor twice on its way to a list. These give the same values straight from the encoder
    # (C++ callers, such as the C++ solvers, still go through the observers).

    def _player(self, player: int | None) -> int:
        """``player``, or the player to move for ``None``; refuses a number that is no player's."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._position.state.players:
            raise pyspiel.SpielError(f"player {player} is not a player of this game (0 to {self.num_players() - 1})")
        return player

    def tensor(self, player: int) -> np.ndarray:
        """The encoder's tensor of ``player``'s view (float32, kept until the next move)."""
        tensors = self._position.tensors
        found = tensors.get(player)
        if found is None:
            found = tensors[player] = self._game().encoder.encode(self._position.state.view(player))
        return found

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor of ``player`` (the player to move by default), as pyspiel gives it."""
        tensor: list[float] = self.tensor(self._player(player)).tolist()
        return tensor

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information-state tensor: the observation tensor (see the module)."""
        return self.observation_tensor(player)

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s view as JSON (and, in a shuffle, the items drawn so far)."""
        player = self._player(player)
        text = json.dumps(self._position.state.view(player), sort_keys=True, separators=(",", ":"))
        if self._position.state.is_chance_node:
            text += f" drawn={self.drawn_count()}"
        return text

    def information_state_string(self, player: int | None = None) -> str:
        """The compact perfect-recall key of ``player`` (see :meth:`information_key`)."""
        return self.information_key(self._player(player))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the one to move by default): none for another player."""
        current = self.current_player()
        if current == TERMINAL or (player is not None and player != current):
            return []
        if current == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        return sorted(self._legal_map())

    def information_key(self, player: int) -> str:
        """The compact information-state string of ``player`` (see the module)."""
        position = self._position
        state = position.state
        legal = len(self._legal_map()) if state.to_move == player and not self.is_terminal() else 0
        drawn = f" d{sum(len(segment) for segment in position.drawn)}" if position.drawn else ""
        return f"p{player} s{state.seq} n{legal}{drawn} {position.recall_digest(player)}"

    # ------------------------------------------------------------------ samples

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> AsobibaSpielState:
        """A state consistent with what ``player_id`` knows, from asobiba's ``determinize``.

        The sample keeps the events as ``player_id`` saw them, so his information state is the
        original's. Every other player's recall is rebuilt for the sampled world: the events as
        ``player_id`` saw them (as that player would see them), then that player's own view of the
        sample (his hand, what he has peeked, …), which the searcher's events cannot hold. Two
        samples that give another player one information state so give him one view, so the same
        legal actions and the same player to move, now and after every move the search makes."""
        game = self._game()
        seed = game.seeds.randrange(MAX_SEED)
        if probability_sampler is not None:
            seed = int(probability_sampler() * MAX_SEED) % MAX_SEED
        events, recalls = self._sample_recalls(player_id)
        sample: AsobibaSpielState = self.clone()
        position = sample._position
        position.state = self._position.state.determinize(player_id, seed)
        position.legal, position.tensors, position.player = None, {}, None
        position.events = list(events)
        position.recall = [None if recall is None else recall.copy() for recall in recalls]
        for other, recall in enumerate(position.recall):
            if other != player_id:
                assert recall is not None
                view = json.dumps(position.state.view(other), sort_keys=True, separators=(",", ":"))
                recall.digest.update(f"sampled {view};".encode())
        return sample

    def _sample_recalls(self, player_id: int) -> tuple[list[tuple[Event, ...]], list[_Recall | None]]:
        """The events as ``player_id`` saw them and every player's recall of those (the same for
        every sample of this position: kept while no step is added)."""
        position = self._position
        key = (player_id, len(position.events))
        found = position.samples.get(key)
        if found is None:
            events = [
                tuple(shown for shown in (event.seen_by(player_id) for event in step) if shown is not None)
                for step in position.events
            ]
            digests = _Position(position.state, len(position.recall), 0)
            digests.events = events
            for player in range(len(position.recall)):
                digests.recall_digest(player)
            found = position.samples[key] = (events, digests.recall)
        return found

    def drawn_count(self) -> int:
        """Items of the current shuffle drawn so far."""
        return sum(len(segment) for segment in self._position.drawn)


def _engine_sample(state: State, seed: int) -> Action:
    """The engine's chance outcome drawn from ``seed`` (a game that declares no shuffle)."""
    return state._sample_chance(random.Random(seed))


class AsobibaObserver:
    """The OpenSpiel observer: the encoder's tensor and pieces; the view (or, with perfect recall,
    the compact information-state string) as the string."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.shape, dtype=np.float32)
        self.dict = encoder.split(self.tensor)

    def set_from(self, state: AsobibaSpielState, player: int) -> None:
        self.tensor[:] = state.tensor(player)

    def string_from(self, state: AsobibaSpielState, player: int) -> str:
        return state.information_key(player) if self.perfect_recall else state.observation_string(player)


def determinize_resampler(state: AsobibaSpielState, player: int) -> AsobibaSpielState:
    """OpenSpiel IS-MCTS's resampler callback: asobiba's ``determinize`` for ``player``."""
    return state.resample_from_infostate(player)


#: Why OpenSpiel's C++ IS-MCTS (``pyspiel.ISMCTSBot``) cannot search a Python game.
CPP_ISMCTS_REFUSAL = (
    "OpenSpiel's C++ IS-MCTS (pyspiel.ISMCTSBot) cannot search {game}, nor any Python game: its step() "
    "lets go of Python's lock (the GIL) while it searches, then asks the Python state for its information "
    "state through the game's observer, without the lock, and the process dies (a segmentation fault, "
    "OpenSpiel's own python_kuhn_poker alike); and it resamples with ResampleFromInfostate, which "
    "pyspiel does not hand to a Python state. Use the Python ISMCTSBot with determinize_resampler "
    "(ismcts_bot(game))"
)


def ismcts_bot(
    game: AsobibaSpielGame,
    *,
    uct_c: float = 2.0,
    max_simulations: int = 100,
    rollouts: int = 1,
    seed: int = 1,
    cpp: bool = False,
) -> Any:
    """OpenSpiel's Python IS-MCTS bot on ``game`` with the settings ``docs/research.md`` gives: a
    random-rollout evaluator, ``uct_c``, ``max_simulations`` and :func:`determinize_resampler` — or,
    with ``cpp``, :class:`UnsupportedAlgorithm` saying why the C++ bot cannot run on a Python game."""
    if cpp:
        raise UnsupportedAlgorithm(CPP_ISMCTS_REFUSAL, domain="rl", game=str(game))
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=uct_c, max_simulations=max_simulations, random_state=np.random.RandomState(seed + 1)
    )
    bot.set_resampler(determinize_resampler)
    return bot


# ---------------------------------------------------------------------- what an algorithm can do


def external_sampling_cost(game: AsobibaSpielGame, probes: int = 20, seed: int = 0) -> float:
    """The expected nodes one external-sampling MCCFR iteration visits (Knuth's estimator: random
    play-outs, each multiplying the branching of the traversing player's decisions), summed over
    the players. ``inf`` where it overflows a float."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for player in range(game.num_players()):
        estimates = []
        for _ in range(probes):
            state, weight, nodes = game.new_initial_state(), 1.0, 1.0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                    continue
                legal = state.legal_actions()
                if state.current_player() == player:
                    weight *= len(legal)
                nodes += weight
                state.apply_action(int(rng.choice(legal)))
                if not math.isfinite(nodes):
                    return math.inf
            estimates.append(nodes)
        total += float(np.mean(estimates))
    return total


def sample_reach_floor(game: AsobibaSpielGame, probes: int = 10, seed: int = 0, stop_below: float = -math.inf) -> float:
    """The lowest ``log10`` of an outcome-sampling play-out's sample reach over ``probes`` random
    play-outs (chance probabilities times 1 / legal actions at every decision, the first
    iteration's exploring policy), or the first value under ``stop_below`` (the play-out stops
    there). Under ``log10`` of float64's smallest normal number (-308) the reach is 0 and the
    regrets NaN."""
    rng = np.random.default_rng(seed)
    floor = 0.0
    for _ in range(probes):
        state, reach = game.new_initial_state(), 0.0
        while not state.is_terminal() and reach >= stop_below:
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                chosen = int(rng.choice(len(outcomes), p=probabilities))
                reach += math.log10(probabilities[chosen])
                state.apply_action(int(outcomes[chosen]))
                continue
            legal = state.legal_actions()
            reach -= math.log10(len(legal))
            state.apply_action(int(rng.choice(legal)))
        floor = min(floor, reach)
        if floor < stop_below:
            break
    return floor


#: The lowest sample reach (log10) outcome sampling is let run with: float64's smallest normal
#: number is 2.2e-308, and the reach is divided by, with margin for the learned policy's peaks.
REACH_FLOOR = -290.0


def outcome_sampling_solver(game: AsobibaSpielGame, cpp: bool = False) -> Any:
    """OpenSpiel's outcome-sampling MCCFR solver for ``game`` (Python, or C++ with ``cpp``) — or
    :class:`UnsupportedAlgorithm` when a random play-out's reach falls under float64 (regrets
    would be NaN): the game is too long for it, a ``horizon`` cuts it."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    floor = sample_reach_floor(game, stop_below=REACH_FLOOR)
    if floor < REACH_FLOOR:
        raise UnsupportedAlgorithm(
            "outcome-sampling MCCFR is not supported on {game}: a random play-out's sample reach falls to "
            "1e{floor} (float64 ends at 1e-308), so OpenSpiel's opp_reach / sample_reach would be 0/0 and the "
            "regrets NaN; a whole game is too long: set a horizon (that many decisions) to cut it",
            domain="rl",
            game=str(game),
            floor=f"{floor:.0f}",
        )
    return pyspiel.OutcomeSamplingMCCFRSolver(game) if cpp else outcome_sampling_mccfr.OutcomeSamplingSolver(game)


def external_sampling_solver(game: AsobibaSpielGame, budget: int = EXTERNAL_SAMPLING_BUDGET) -> Any:
    """OpenSpiel's Python ``ExternalSamplingSolver`` for ``game`` — or :class:`UnsupportedAlgorithm`
    saying how many nodes one iteration would visit, when that is over ``budget``."""
    from open_spiel.python.algorithms import external_sampling_mccfr

    cost = external_sampling_cost(game)
    if cost > budget:
        raise UnsupportedAlgorithm(
            "external-sampling MCCFR is not supported on {game}: one iteration would visit about {nodes} "
            "nodes (the budget is {budget}); use outcome sampling, or a horizon",
            domain="rl",
            game=str(game),
            nodes=f"{cost:.1e}",
            budget=budget,
        )
    return external_sampling_mccfr.ExternalSamplingSolver(game)


# ---------------------------------------------------------------------- registration


def _game_type(game: Game) -> Any:
    capabilities = game.capabilities
    kind = pyspiel.GameType
    return pyspiel.GameType(
        short_name=openspiel_name(game),
        long_name=f"asobiba {game.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if capabilities.chance else kind.ChanceMode.DETERMINISTIC,
        information=(
            kind.Information.IMPERFECT_INFORMATION
            if capabilities.hidden_information
            else kind.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(support(game), game),
    )


#: asobiba name -> the class OpenSpiel makes that game with (a class: a registered closure crashes
#: pyspiel at exit).
GAME_CLASSES: dict[str, type[AsobibaSpielGame]] = {}


def register() -> None:
    """Register every game with OpenSpiel (done on import; again registers only new games)."""
    registered = set(pyspiel.registered_names())
    for name in game_names():
        if openspiel_name(name) in registered:
            continue
        game = get_game(name)
        class_name = "".join(part.capitalize() for part in name.replace("_", "-").split("-")) + "SpielGame"
        GAME_CLASSES[name] = type(class_name, (AsobibaSpielGame,), {"asobiba_name": name, "__module__": __name__})
        try:
            pyspiel.register_game(_game_type(game), GAME_CLASSES[name])
        except (InvalidOption, TypeError, RuntimeError) as error:  # a game OpenSpiel cannot describe
            GAME_CLASSES.pop(name)
            raise UnsupportedAlgorithm(
                "{game} cannot be registered with OpenSpiel: {error}", domain="rl", game=name, error=str(error)
            ) from None


register()
