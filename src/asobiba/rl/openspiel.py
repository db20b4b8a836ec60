"""asobiba's games as OpenSpiel Python games: ``python_asobiba_cockroach_poker``,
``python_asobiba_paper_safari`` and ``python_asobiba_survive``.

Importing this module registers them (``pyspiel.register_game``); load one with its options as
game parameters::

    import pyspiel
    import asobiba.rl.openspiel  # registers the games
    game = pyspiel.load_game("python_asobiba_cockroach_poker", {"players": 4, "rules": "trump"})

Chance is explicit. A die or a coin is one chance node; a shuffle (a deal, Survive!'s tile
layout and explorer values, Paper Safari's reshuffle) is a run of chance nodes, one per item
drawn, each outcome an item still in the pile with probability copies / items left — the same
distribution as the engine's shuffle. The player actions are the codec's numbers
(:mod:`asobiba.rl.codecs`); the observation tensor is the encoder's tensor of the player's view.
The observation string is the view (JSON); the information-state string adds a digest of every
view the player has had, so it has perfect recall; the information-state tensor is the
observation tensor (the views carry the public history a careful player remembers).

:meth:`AsobibaSpielState.resample_from_infostate` samples a state with asobiba's own
``determinize``; :func:`determinize_resampler` is the same as a callback for OpenSpiel's Python
IS-MCTS (``ISMCTSBot.set_resampler``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from asobiba.core.game import MAX_SEED, Game
from asobiba.core.registry import get_game
from asobiba.core.state import Action, State
from asobiba.rl.codecs import ActionCodec
from asobiba.rl.encoders.base import Encoder

__all__ = ["GAME_NAMES", "AsobibaSpielGame", "AsobibaSpielState", "determinize_resampler", "register"]

#: asobiba name -> OpenSpiel name.
GAME_NAMES = {
    "cockroach-poker": "python_asobiba_cockroach_poker",
    "paper-safari": "python_asobiba_paper_safari",
    "survive": "python_asobiba_survive",
}
#: OpenSpiel parameters per game beside ``players``: the options that are a number, a flag or a
#: word (the scripted setups such as ``card_order`` are left out: OpenSpiel deals itself).
PARAMETERS: dict[str, dict[str, Any]] = {
    "cockroach-poker": {"players": 3, "rules": "trump", "jokers": "redirect", "loss_threshold": 6,
                        "deal": "equal", "eight_kinds": True, "first_player": -1},
    "paper-safari": {"players": 2, "tokens_to_win": 3, "final_turns": False},
    "survive": {"players": 2, "two_colours": False, "one_per_tile": False},
}  # fmt: skip
#: The longest game OpenSpiel is told of (a bound no game reaches; Paper Safari's matches have no fixed one).
MAX_GAME_LENGTH = 1_000_000


@dataclass(frozen=True)
class Shuffle:
    """A chance outcome drawn item by item: ``segments`` are the multisets (item numbers) drawn in
    turn, each wholly, and ``build`` makes the engine's action from the orders drawn."""

    segments: tuple[tuple[int, ...], ...]
    build: Callable[[list[list[int]]], Action]


def _cockroach_poker_shuffle(state: State) -> Shuffle:
    from asobiba.games.cockroach_poker.actions import Deal
    from asobiba.games.cockroach_poker.data import ORIGINAL, TRUMP, TRUMP_NO_JOKERS

    options = state.options
    deck = ORIGINAL if options["rules"] == "original" else TRUMP_NO_JOKERS if options["jokers"] == "none" else TRUMP
    first = options["first_player"]
    segments = [tuple(range(deck.size))]
    if first is None:
        segments.append(tuple(range(state.players)))

    def build(orders: list[list[int]]) -> Action:
        return Deal(tuple(deck.cards[card] for card in orders[0]), orders[1][0] if first is None else first)

    return Shuffle(tuple(segments), build)


def _paper_safari_shuffle(state: State) -> Shuffle:
    from asobiba.games.paper_safari.actions import Deal, Reshuffle
    from asobiba.games.paper_safari.data import deck_from_option

    deck = deck_from_option(state.options["deck"])
    ids = [kind.id for kind in deck.kinds]
    if state.view()["phase"] == "deal":
        return Shuffle((tuple(deck.cards),), lambda orders: Deal(tuple(ids[card] for card in orders[0])))
    index = {card: number for number, card in enumerate(ids)}
    pile = tuple(sorted(index[card] for card in state.view()["discard"][:-1]))
    return Shuffle((pile,), lambda orders: Reshuffle(tuple(ids[card] for card in orders[0])))


def _survive_shuffle(state: State) -> Shuffle:
    from asobiba.games.survive.actions import AssignValues, LayTiles
    from asobiba.games.survive.data import EXPLORER_VALUES, TILES

    if state.view()["phase"] == "tiles":
        return Shuffle((tuple(TILES),), lambda orders: LayTiles(tuple(orders[0])))
    colours = 4 if state.options["two_colours"] else state.players
    return Shuffle(
        (tuple(EXPLORER_VALUES),) * colours,
        lambda orders: AssignValues(tuple(tuple(order) for order in orders)),
    )


SHUFFLES: dict[str, Callable[[State], Shuffle]] = {
    "cockroach-poker": _cockroach_poker_shuffle,
    "paper-safari": _paper_safari_shuffle,
    "survive": _survive_shuffle,
}
#: The most outcomes one chance node may have, per game (cards, tile codes, players, faces).
MAX_CHANCE_OUTCOMES = {"cockroach-poker": 64, "paper-safari": 1000, "survive": 48}


def _options(name: str, params: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """OpenSpiel parameters -> (players, asobiba options); the options of the other rule set are left out."""
    values = {**PARAMETERS[name], **params}
    players = int(values.pop("players"))
    if name == "cockroach-poker":
        if values["first_player"] < 0:
            values["first_player"] = None
        for option in ("jokers", "loss_threshold") if values["rules"] == "original" else ("deal", "eight_kinds"):
            del values[option]
    return players, values


class AsobibaSpielGame(pyspiel.Game):
    """One asobiba game for OpenSpiel, for the players and options given as parameters."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        from asobiba.rl import encoder_type

        asobiba_game = get_game(name)
        players, options = _options(name, params or {})
        resolved = asobiba_game.resolve_options(players, options)
        encoder = encoder_type(asobiba_game)(asobiba_game, players, resolved)
        codec = encoder.codec()
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES[name],
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, dict(params or {}))
        self.asobiba_game: Game = asobiba_game
        self.players, self.game_options = players, options
        self.encoder: Encoder = encoder
        self.codec: ActionCodec = codec
        self.seeds = random.Random(0)

    def __deepcopy__(self, memo: dict[int, Any]) -> AsobibaSpielGame:
        return self  # a game never changes

    def new_initial_state(self) -> AsobibaSpielState:
        return AsobibaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> AsobibaObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return AsobibaObserver(self.encoder, perfect_recall)


class _Position:
    """What an OpenSpiel state holds: the asobiba position, the items of a shuffle drawn so far,
    each player's digest of the views he has had. OpenSpiel deep-copies a Python state's
    attributes to clone it: this copies itself with the engine's cheap ``clone``."""

    __slots__ = ("digests", "drawn", "legal", "shuffle", "state")

    def __init__(self, state: State, drawn: list[list[int]], shuffle: Shuffle | None, digests: list[str]) -> None:
        self.state = state
        self.drawn = drawn
        self.shuffle = shuffle
        self.digests = digests
        self.legal: dict[int, Action] | None = None

    def __getstate__(self) -> tuple[State, list[list[int]], list[str]]:
        # The shuffle (its builder is a closure) follows from the state: it is made again when needed.
        return self.state, self.drawn, self.digests

    def __setstate__(self, saved: tuple[State, list[list[int]], list[str]]) -> None:
        self.state, self.drawn, self.digests = saved
        self.shuffle, self.legal = None, None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(
            self.state.clone(), [list(segment) for segment in self.drawn], self.shuffle, list(self.digests)
        )


class AsobibaSpielState(pyspiel.State):
    """An OpenSpiel state around an asobiba position (:attr:`asobiba_state`)."""

    def __init__(self, game: AsobibaSpielGame) -> None:
        super().__init__(game)
        state = game.asobiba_game.new_game(game.players, seed=0, chance="scripted", **game.game_options)
        # The first views follow from the game's parameters: the digests start empty.
        self._position = _Position(state, [], None, [""] * game.players)

    @property
    def asobiba_state(self) -> State:
        """The asobiba position (at a shuffle, before the items drawn so far are applied)."""
        return self._position.state

    def _game(self) -> AsobibaSpielGame:
        game: AsobibaSpielGame = self.get_game()
        return game

    # ------------------------------------------------------------------ whose turn, what is legal

    def current_player(self) -> int:
        state = self._position.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance_node:
            return int(pyspiel.PlayerId.CHANCE)
        assert state.to_move is not None
        return state.to_move

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
        left = Counter(self._left())
        total = sum(left.values())
        return [(item, copies / total) for item, copies in sorted(left.items())]

    def _current_shuffle(self) -> Shuffle:
        position = self._position
        if position.shuffle is None:
            position.shuffle = SHUFFLES[self._game().asobiba_game.name](position.state)
        return position.shuffle

    def _segment(self) -> int:
        """The segment of the shuffle being drawn."""
        drawn, segments = self._position.drawn, self._current_shuffle().segments
        if drawn and len(drawn[-1]) < len(segments[len(drawn) - 1]):
            return len(drawn) - 1
        return len(drawn)

    def _left(self) -> list[int]:
        """The items of the segment being drawn that are not drawn yet."""
        segment, drawn = self._segment(), self._position.drawn
        left = Counter(self._current_shuffle().segments[segment])
        if segment < len(drawn):
            left.subtract(drawn[segment])
        return sorted(left.elements())

    # ------------------------------------------------------------------ moves

    def _apply_action(self, action: int) -> None:
        state = self._position.state
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            if outcomes:
                self._apply_outcome(outcomes[action][0])
            else:
                self._draw(action)
            return
        chosen = self._legal_map().get(action)
        if chosen is None:
            chosen = self._game().codec.action(action, state)  # refused, saying why
        state.apply_trusted(chosen)
        self._after_move()

    def _draw(self, item: int) -> None:
        position, shuffle = self._position, self._current_shuffle()
        if item not in self._left():
            raise pyspiel.SpielError(f"chance outcome {item} is not left to draw")
        if self._segment() == len(position.drawn):
            position.drawn.append([])
        position.drawn[-1].append(item)
        if len(position.drawn) == len(shuffle.segments) and len(position.drawn[-1]) == len(shuffle.segments[-1]):
            outcome = shuffle.build(position.drawn)
            position.drawn, position.shuffle = [], None
            self._apply_outcome(outcome)

    def _apply_outcome(self, outcome: Action) -> None:
        self._position.state.apply(outcome)
        self._after_move()

    def _after_move(self) -> None:
        self._position.legal = None
        self._note_views()

    def _note_views(self) -> None:
        """Chain every player's new view into his digest (his perfect recall)."""
        position = self._position
        for player, digest in enumerate(position.digests):
            text = _view_text(position.state, player)
            position.digests[player] = hashlib.sha256((digest + text).encode()).hexdigest()

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._position.state
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = state.chance_outcomes()
            return str(outcomes[action][0]) if outcomes else f"draw {action}"
        chosen = self._legal_map().get(action) if player == state.to_move else None
        return str(chosen) if chosen is not None else self._game().codec.describe(action)

    def is_terminal(self) -> bool:
        return self._position.state.is_over

    def returns(self) -> list[float]:
        return self._position.state.returns()

    def __str__(self) -> str:
        return json.dumps(self._position.state.view(None), sort_keys=True)

    # ------------------------------------------------------------------ samples

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> AsobibaSpielState:
        """A state consistent with what ``player_id`` knows, from asobiba's ``determinize``."""
        game = self._game()
        seed = game.seeds.randrange(MAX_SEED)
        if probability_sampler is not None:
            seed = int(probability_sampler() * MAX_SEED) % MAX_SEED
        sample: AsobibaSpielState = self.clone()
        position = sample._position
        position.state = self._position.state.determinize(player_id, seed)
        position.legal = None
        # The others' recall digests came from their true views: a sample carries none of them.
        own = position.digests[player_id]
        position.digests = [
            own if other == player_id else hashlib.sha256(f"{own}:sample of p{other}".encode()).hexdigest()
            for other in range(len(position.digests))
        ]
        return sample

    def drawn_count(self) -> int:
        """Items of the current shuffle drawn so far."""
        return sum(len(segment) for segment in self._position.drawn)


class AsobibaObserver:
    """The OpenSpiel observer: the encoder's tensor and pieces; the view as the string."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.shape, dtype=np.float32)
        self.dict = encoder.split(self.tensor)

    def set_from(self, state: AsobibaSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.asobiba_state.view(player))

    def string_from(self, state: AsobibaSpielState, player: int) -> str:
        text = _view_text(state.asobiba_state, player)
        if state.asobiba_state.is_chance_node:
            text += f" drawn={state.drawn_count()}"
        if self.perfect_recall:
            return f"{text} recall={state._position.digests[player]}"
        return text


def _view_text(state: State, player: int) -> str:
    return json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))


def determinize_resampler(state: AsobibaSpielState, player: int) -> AsobibaSpielState:
    """OpenSpiel IS-MCTS's resampler callback: asobiba's ``determinize`` for ``player``."""
    return state.resample_from_infostate(player)


def _game_type(name: str) -> Any:
    game = get_game(name)
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"asobiba {game.title['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS[name],
    )


class CockroachPokerSpielGame(AsobibaSpielGame):
    """``python_asobiba_cockroach_poker``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("cockroach-poker", params)


class PaperSafariSpielGame(AsobibaSpielGame):
    """``python_asobiba_paper_safari``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("paper-safari", params)


class SurviveSpielGame(AsobibaSpielGame):
    """``python_asobiba_survive``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__("survive", params)


#: The class OpenSpiel makes each game with (a class: a registered closure crashes pyspiel at exit).
GAME_CLASSES: dict[str, type[AsobibaSpielGame]] = {
    "cockroach-poker": CockroachPokerSpielGame,
    "paper-safari": PaperSafariSpielGame,
    "survive": SurviveSpielGame,
}


def register() -> None:
    """Register the three games with OpenSpiel (done on import; again is harmless)."""
    registered = set(pyspiel.registered_names())
    for name, spiel_name in GAME_NAMES.items():
        if spiel_name not in registered:
            pyspiel.register_game(_game_type(name), GAME_CLASSES[name])


register()
