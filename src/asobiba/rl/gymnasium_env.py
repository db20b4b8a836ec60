"""A Gymnasium environment: one learner against opponents — bots, your own policies, itself.

The learner plays ``seat``; every other seat is an *opponent*:

- a bot spec (``"random"``, ``"normal"``, ``"hard"``, ``"ismcts:iterations=200"``, …, see
  :func:`asobiba.bot`), which plays from its own observation only;
- a callable ``(observation, mask) -> action number``: ``observation`` is that seat's encoded
  view (float32, the learner's shape), ``mask`` its legal numbers (bool);
- ``"self"``: a frozen copy of the learner, the callable given to :meth:`~AsobibaGymEnv.set_self_policy`
  (call it again to refresh the copy); until one is given, it plays uniformly among the legal numbers.

Observations are the learner's encoded view; :meth:`~AsobibaGymEnv.action_masks` tells the legal
action numbers (sb3-contrib's MaskablePPO reads it). The reward comes at the end
(:mod:`asobiba.rl.rewards`: ``"win"``, ``"rank"`` or ``"score"``); an illegal action number ends
the episode with reward ``illegal_reward`` and ``info["illegal"] = True``. ``step()`` after the
episode ended raises :class:`gymnasium.error.ResetNeeded` (call ``reset()``).

>>> import asobiba.rl
>>> env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents=["random", "self"])
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, bool(env.action_masks().any())
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from asobiba.bots import bot
from asobiba.bots.base import Bot, RandomBot
from asobiba.core.errors import IllegalAction, InvalidOption
from asobiba.core.game import MAX_SEED, Game
from asobiba.core.options import resolve_options
from asobiba.core.state import Action, State
from asobiba.rl.render import check_render_mode, render_text
from asobiba.rl.rewards import check_horizon, check_reward, cut_rewards, rewards
from asobiba.rl.support import support

__all__ = ["SELF", "AsobibaGymEnv", "Opponent", "Policy"]

#: A policy: ``(observation, mask) -> action number``.
Policy: TypeAlias = Callable[[np.ndarray, np.ndarray], Any]
#: An opponent: a bot spec, a policy, or :data:`SELF`.
Opponent: TypeAlias = str | Policy
#: The opponent that is a frozen copy of the learner.
SELF = "self"


class AsobibaGymEnv(gym.Env[np.ndarray, Any]):
    """One learner in ``seat`` against opponents; ``position`` is the asobiba position."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (the frameworks read it on the class and instance)

    def __init__(
        self,
        game: Game,
        players: int | None = None,
        opponents: Opponent | list[Opponent] = "normal",
        seat: int = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        action_space: str | None = None,
        reward: str = "win",
        horizon: int = 0,
        **options: Any,
    ) -> None:
        if players is None:
            players = game.player_range(resolve_options(game.name, game.options, options))[0]
        self.game = game
        self.players = players
        self.given_options = dict(options)
        resolved = game.resolve_options(players, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidOption("seat must be a player from 0 to {last}", domain="rl", last=players - 1)
        self.seat = seat
        others = [player for player in range(players) if player != seat]
        given = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * len(others)
        if len(given) != len(others):
            raise InvalidOption(
                "opponents lists {count} bots; the {others} other seats need one each",
                domain="rl",
                count=len(given),
                others=len(others),
            )
        for opponent in given:
            if isinstance(opponent, str):
                if opponent != SELF:
                    bot(opponent)  # an unknown spec is refused now, not at the first reset
            elif not callable(opponent):
                raise InvalidOption(
                    "an opponent is a bot spec, 'self' or a callable (observation, mask) -> action, not {value}",
                    domain="rl",
                    value=repr(opponent)[:60],
                )
        self.opponent_specs: dict[int, Opponent] = dict(zip(others, given, strict=True))
        self.illegal_reward = illegal_reward
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.reward = check_reward(reward)
        self.horizon = check_horizon(horizon)
        self._decisions = 0
        declared = support(game)
        self.encoder = declared.encoder(game, players, resolved)
        self.codec = declared.codec_type(action_space)(game, players, resolved)
        self.observation_space = spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.position: State | None = None
        self.self_policy: Policy | None = None
        self._bots: dict[int, Bot] = {}
        self._legal: dict[int, Action] = {}
        self._policy_rng = np.random.default_rng()
        self._episode_over = False

    def set_self_policy(self, policy: Policy | None) -> None:
        """The learner's frozen copy that ``"self"`` opponents play: ``(observation, mask) -> action``
        (``None``: uniformly random). Pass a copy, not the live learner (with sb3:
        ``MaskablePPO.load(saved).policy``; ``copy.deepcopy(model.policy)`` fails after ``learn()``),
        and call again to refresh it."""
        if policy is not None and not callable(policy):
            raise InvalidOption("the self policy is a callable (observation, mask) -> action", domain="rl")
        self.self_policy = policy

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._policy_rng = np.random.default_rng(int(self.np_random.integers(0, MAX_SEED)))
        while True:
            game_seed = int(self.np_random.integers(0, MAX_SEED))
            self._bots = {
                player: bot(spec, seed=int(self.np_random.integers(0, MAX_SEED)))
                for player, spec in self.opponent_specs.items()
                if isinstance(spec, str) and spec != SELF
            }
            self.position = self.game.new_game(self.players, seed=game_seed, **self.given_options)
            self._decisions = 0
            self._play_opponents()
            if not self._ended():  # (a game over before the learner's first decision is drawn again)
                self._episode_over = False
                return self._observation(), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self._state()
        if self._episode_over:
            raise gym.error.ResetNeeded("the episode has ended: call reset() before step()")
        chosen = self._legal.get(int(action))
        if chosen is None:
            self._episode_over = True
            return self._observation(), self.illegal_reward, True, False, {"illegal": True}
        state.apply_trusted(chosen)
        self._decisions += 1
        self._play_opponents()
        if state.is_over:
            self._episode_over = True
            return self._observation(), rewards(state, self.reward)[self.seat], True, False, {}
        if self._ended():  # cut by the horizon
            self._episode_over = True
            return self._observation(), cut_rewards(state)[self.seat], True, False, {"cut": True}
        return self._observation(), 0.0, False, False, {}

    def _ended(self) -> bool:
        """The game is over, or the ``horizon`` of decisions (0: none) is reached."""
        return self._state().is_over or bool(self.horizon and self._decisions >= self.horizon)

    def action_masks(self) -> np.ndarray:
        """``bool`` array: True where the number is a legal action of the learner now."""
        mask = np.zeros(self.codec.size, dtype=bool)
        mask[list(self._legal)] = True
        return mask

    def view(self) -> Mapping[str, object]:
        """The learner's raw view (``position.view(seat)``), which the observation encodes."""
        view: Mapping[str, object] = self._state().view(self.seat)  # some game's view
        return view

    def _play_opponents(self) -> None:
        state = self._state()
        while not self._ended() and state.to_move != self.seat:
            player = state.to_move
            assert player is not None and player >= 0  # chance is resolved by the engine
            spec = self.opponent_specs[player]
            self._decisions += 1  # (each turn of the loop applies one decision)
            if isinstance(spec, str) and spec != SELF:
                opponent = self._bots[player]
                if type(opponent) is RandomBot:  # the same choice as from its observation, without building one
                    state.apply_trusted(opponent.rng.choice(state.legal_actions()))
                else:
                    state.apply(opponent.choose(state.observe(player)))
                continue
            policy = self.self_policy if spec == SELF else spec
            assert not isinstance(policy, str)
            state.apply_trusted(self._policy_action(policy, state, player))
        self._legal = {} if self._ended() else self.codec.legal(state)

    def _policy_action(self, policy: Policy | None, state: State, player: int) -> Action:
        legal = self.codec.legal(state)
        if policy is None:
            return legal[int(self._policy_rng.choice(list(legal)))]
        mask = np.zeros(self.codec.size, dtype=bool)
        mask[list(legal)] = True
        number = policy(self.encoder.encode(state.view(player)), mask)
        chosen = legal.get(int(np.asarray(number).item()))
        if chosen is None:
            raise IllegalAction(
                "the policy of seat {player} chose {number}, which is not legal here",
                domain="rl",
                player=player,
                number=repr(number)[:40],
            )
        return chosen

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self._state().view(self.seat))

    def _state(self) -> State:
        if self.position is None:
            raise RuntimeError("call reset() before using the environment")
        return self.position

    def render(self) -> str | None:
        """``render_mode="ansi"``: the board as the learner sees it, as text."""
        if self.render_mode is None:
            return None
        return render_text(self.game, self._state().view(self.seat))
