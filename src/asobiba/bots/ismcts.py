"""Information-set Monte Carlo tree search (SO-ISMCTS), for any game of the contract.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012), with several players: one tree over the moves of every player as the
searching player sees them. Each iteration

1. samples a determinization with ``observation.sample(seed)`` — a full state consistent with
   what the bot knows, never the true state;
2. descends the tree using only the moves legal in that determinization, choosing by UCB1 with
   *availability* counts (a child's exploration term counts the times it was available, not its
   parent's visits); chance steps are sampled from the determinization's own reseeded generator
   (with ``chance="auto"`` inside ``apply``; at an explicit chance node by ``resolve_chance``);
3. adds one node, then plays out with the game's heuristic (``rollout="heuristic"``, fed
   ``state.observe(state.to_move)`` like any bot) or uniformly at random, optionally cut after
   ``rollout_depth`` moves and scored by an ``evaluator`` (default: an even share);
4. backs ``state.returns()`` up the path, each node credited with the return of the player who made
   the move leading to it.

The move played is the most visited child of the root. For a given seed and an iteration budget
(``time_limit=None``) the choice is deterministic and depends only on the observation.

Single-observer search has a known blind spot in bluffing games: inside one tree, an opponent's
reply follows a move keyed by the full action (the card offered face down), so the tree learns
to answer as if it saw the card. Two remedies are options: ``observers="multiple"`` (MO-ISMCTS,
one tree per player keyed by the events each may see) and ``opponents="heuristic"`` (the other
players are modelled by the game's heuristic on their own view of the determinization; the
``hard`` level uses this). ``prior`` makes the final choice lean on the heuristic's move.

>>> import asobiba
>>> from asobiba.bots.ismcts import ISMCTSBot
>>> state = asobiba.new_game("cockroach-poker", players=3, seed=4)
>>> searcher = ISMCTSBot(seed=1, iterations=20, time_limit=None)
>>> searcher.choose(state.observe(state.to_move)) in state.legal_actions()
True
>>> searcher.last_iterations
20
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import Literal

from asobiba.bots.base import Bot
from asobiba.core.errors import InvalidOption
from asobiba.core.events import Event
from asobiba.core.state import Action, Observation, State

#: Bounds of the search settings: a bot asked for more would think until killed.
MAX_ITERATIONS = 10_000_000
MAX_TIME_LIMIT = 3600.0
MAX_EXPLORATION = 100.0

#: Scores a non-final state for every player (used after a rollout cut-off); values in [0, 1].
Evaluator = Callable[[State], list[float]]


class Node:
    """A node of the search tree: the move that led here and its statistics."""

    __slots__ = ("action", "available", "children", "player", "reward", "visits")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        #: The player who made ``action`` (for the root: the searching player).
        self.player = player
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def _seen_key(mover: int, events: list[Event], player: int) -> Hashable:
    """A move of ``mover`` as ``player`` sees it: the events he may see, in the form he sees them."""
    seen = tuple(shown for shown in (event.seen_by(player) for event in events) if shown is not None)
    try:
        hash(seen)
    except TypeError:  # an event with a list or dict field
        return ("seen", mover, tuple(repr(event) for event in seen))
    return ("seen", mover, seen)


class ISMCTSBot(Bot):
    """An SO-ISMCTS player.

    ``iterations`` caps the number of determinizations searched per decision and ``time_limit``
    (seconds) caps the time; give either or both (``None`` for no cap). ``exploration`` is the UCB1
    constant for returns in [0, 1]. ``rollout`` is ``"heuristic"`` (the game's own heuristic) or
    ``"random"``; with ``"heuristic"``, ``heuristic_rate`` is the chance that a rollout move is the
    heuristic's rather than a random one (the heuristic reads a full view each move, which is costly
    in long games). ``rollout_depth`` cuts rollouts after that many moves and scores the state with
    ``evaluator`` (default: an even share for every player). ``observers="multiple"`` searches one
    tree per player (MO-ISMCTS, same paper): an opponent's tree sees a move only through the events
    he may see, so he cannot answer as if he knew the card you hid. ``prior`` > 0 trusts the
    game's heuristic: its move for the real observation counts ``prior`` times the iterations as
    extra visits when the move is chosen, so search overrides it only when clearly convinced.
    ``opponents="heuristic"`` models the other players by the game's heuristic inside the tree
    (each fed its own view of the determinization) instead of searching their moves: the search
    becomes a best response to heuristic players, and an opponent can never act on a card he
    cannot see.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = 1000,
        time_limit: float | None = None,
        rollout: Literal["heuristic", "random"] | str = "heuristic",
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        evaluator: Evaluator | None = None,
        heuristic_rate: float = 1.0,
        observers: Literal["single", "multiple"] | str = "single",
        prior: float = 0.0,
        opponents: Literal["search", "heuristic"] | str = "search",
    ) -> None:
        super().__init__(seed)
        if iterations is None and time_limit is None:
            raise InvalidOption("IS-MCTS needs a budget: iterations, time_limit (seconds), or both")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)):
            raise InvalidOption("iterations must be a whole number, not {value}", value=repr(iterations))
        if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
            raise InvalidOption(
                "iterations must be from 1 to {most}, not {value}", most=MAX_ITERATIONS, value=iterations
            )
        if time_limit is not None and not 0 < time_limit <= MAX_TIME_LIMIT:
            raise InvalidOption(
                "time_limit must be a number of seconds above 0 and at most {most}, not {value}",
                most=MAX_TIME_LIMIT,
                value=time_limit,
            )
        if not math.isfinite(exploration) or not 0 <= exploration <= MAX_EXPLORATION:
            raise InvalidOption(
                "exploration must be a number from 0 to {most}, not {value}", most=MAX_EXPLORATION, value=exploration
            )
        if rollout not in ("heuristic", "random"):
            raise InvalidOption("rollout={value} is not known; it takes 'heuristic' or 'random'", value=repr(rollout))
        if observers not in ("single", "multiple"):
            raise InvalidOption(
                "observers={value} is not known; it takes 'single' or 'multiple'", value=repr(observers)
            )
        if opponents not in ("search", "heuristic"):
            raise InvalidOption(
                "opponents={value} is not known; it takes 'search' or 'heuristic'", value=repr(opponents)
            )
        if opponents == "heuristic" and observers == "multiple":
            raise InvalidOption("opponents='heuristic' needs observers='single': modelled opponents keep no tree")
        if prior < 0:
            raise InvalidOption("prior must be at least 0, not {value}", value=repr(prior))
        if not 0.0 <= heuristic_rate <= 1.0:
            raise InvalidOption("heuristic_rate is a probability from 0 to 1, not {value}", value=repr(heuristic_rate))
        if rollout_depth is not None and rollout_depth < 0:
            raise InvalidOption("rollout_depth must be at least 0, not {value}", value=rollout_depth)
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout = rollout
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluator = evaluator
        self.heuristic_rate = heuristic_rate
        self.observers = observers
        self.prior = prior
        self.opponents = opponents
        #: Iterations and seconds spent on the last decision (for benchmarks).
        self.last_iterations = 0
        self.last_seconds = 0.0
        #: The root of the last search (for inspection and tests).
        self.last_root: Node | None = None

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(seed={self.seed!r}, iterations={self.iterations!r}, time_limit={self.time_limit!r}, "
            f"rollout={self.rollout!r}, observers={self.observers!r}, opponents={self.opponents!r})"
        )

    # ------------------------------------------------------------------ deciding

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if not legal:
            raise ValueError("IS-MCTS was asked to move with no legal action")
        if len(legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal[0]
        started = time.perf_counter()
        if self.prior >= 1.0:
            # The heuristic's move gets a bonus of every iteration: no search can outvote it.
            self.last_iterations, self.last_seconds = 0, 0.0
            return observation.game.heuristic_action(observation, self.rng)
        deadline = None if self.time_limit is None else started + self.time_limit
        multiple = self.observers == "multiple"
        players = int(observation.view.get("players", observation.player + 1))
        roots = [Node(None, player) for player in range(players)] if multiple else []
        root = roots[observation.player] if multiple else Node(None, observation.player)
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            determinization = observation.sample(self.rng.getrandbits(63))
            if multiple:
                self._iterate_multiple(roots, determinization)
            else:
                self._iterate(root, determinization)
            done += 1
        self.last_iterations = done
        self.last_seconds = time.perf_counter() - started
        self.last_root = root
        favourite = observation.game.heuristic_action(observation, self.rng) if self.prior > 0 else None
        return self._best(root, observation, favourite, self.prior * done)

    def _best(self, root: Node, observation: Observation, favourite: Action | None, bonus: float) -> Action:
        best: Action = observation.legal_actions[0]
        best_key: tuple[float, float] = (-1.0, 0.0)
        for action in observation.legal_actions:
            child = root.children.get((observation.player, action))
            extra = bonus if action == favourite else 0.0
            if child is None:
                if not extra:
                    continue
                key = (extra, 0.0)
            else:
                key = (child.visits + extra, child.reward / child.visits if child.visits else 0.0)
            if key > best_key:
                best, best_key = action, key
        return best

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, root: Node, state: State) -> None:
        rng = self.rng
        node = root
        path = [root]
        modelled = self.opponents == "heuristic"
        me = root.player
        game = state.game
        # Selection and expansion.
        while True:
            if state.is_chance_node:
                state.resolve_chance()
                continue
            mover = state.to_move
            if mover is None:
                break
            legal = state.legal_actions()
            children = node.children
            if modelled and mover != me:
                action = legal[0] if len(legal) == 1 else game.heuristic_action(state.observe_in_search(mover), rng)
                child = children.get((mover, action))
                if child is None:
                    child = children[(mover, action)] = Node(action, mover)
                state.apply_trusted(action)
                node = child
                path.append(child)
                continue
            untried = [action for action in legal if (mover, action) not in children]
            for action in legal:
                child = children.get((mover, action))
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(action, mover)
                child.available = 1
                children[(mover, action)] = child
                state.apply_trusted(action)
                path.append(child)
                break
            node = self._select(node, mover, legal)
            assert node.action is not None
            state.apply_trusted(node.action)
            path.append(node)
        returns = self._playout(state)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.reward += returns[visited.player]

    def _iterate_multiple(self, roots: list[Node], state: State) -> None:
        """MO-ISMCTS: one tree per player, each keyed by the moves as that player sees them.

        A player's own moves are keyed by the action; another's by the events of the move as the
        tree's owner may see them (``Event.seen_by``), so an opponent's tree cannot tell apart
        moves that differ only in what he cannot see (the card offered face down).
        """
        rng = self.rng
        nodes = list(roots)
        paths = [[root] for root in roots]
        players = len(roots)
        while True:
            if state.is_chance_node:
                state.resolve_chance()
                continue
            mover = state.to_move
            if mover is None:
                break
            legal = state.legal_actions()
            own = nodes[mover]
            untried = [action for action in legal if (mover, action) not in own.children]
            for action in legal:
                child = own.children.get((mover, action))
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            else:
                chosen = self._select(own, mover, legal)
                assert chosen.action is not None
                action = chosen.action
            events = state.apply_trusted(action)
            expanded = False
            for player in range(players):
                key: Hashable = (mover, action) if player == mover else _seen_key(mover, events, player)
                child = nodes[player].children.get(key)
                if child is None:
                    child = Node(action, mover)
                    child.available = 1
                    nodes[player].children[key] = child
                    expanded = True
                nodes[player] = child
                paths[player].append(child)
            if expanded:
                break
        returns = self._playout(state)
        for path in paths:
            path[0].visits += 1
            for visited in path[1:]:
                visited.visits += 1
                visited.reward += returns[visited.player]

    def _select(self, node: Node, mover: int, legal: list[Action]) -> Node:
        best: Node | None = None
        best_value = -math.inf
        exploration = self.exploration
        for action in legal:
            child = node.children[(mover, action)]
            value = child.reward / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best

    def _playout(self, state: State) -> list[float]:
        rng = self.rng
        heuristic = self.rollout == "heuristic"
        always = self.heuristic_rate >= 1.0
        game = state.game
        depth = 0
        while True:
            if state.is_chance_node:
                state.resolve_chance()
                continue
            mover = state.to_move
            if mover is None:
                return state.returns()
            if self.rollout_depth is not None and depth >= self.rollout_depth:
                if self.evaluator is not None:
                    return self.evaluator(state)
                return [1.0 / state.players] * state.players
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif heuristic and (always or rng.random() < self.heuristic_rate):
                action = game.heuristic_action(state.observe_in_search(mover), rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply_trusted(action)
            depth += 1
