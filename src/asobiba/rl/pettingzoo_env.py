"""The PettingZoo AEC environment of any asobiba game.

Agents are ``player_0 … player_{n-1}`` (the game's ``p0 …``). An observation is
``{"observation": float32 tensor, "action_mask": int8 mask}`` built from that player's view only;
the mask is all zero for an agent who is not to move. Chance is resolved inside, from the seed
given to ``reset`` (or drawn from the environment's generator). At the end every agent's reward
is the ``reward`` chosen (:mod:`asobiba.rl.rewards`; ``"win"``: 1 shared among the winners).
``horizon`` (0: none) ends the game after that many decisions, each agent's reward then the
evaluator's chance of winning (:func:`asobiba.rl.rewards.cut_rewards`), as OpenSpiel's cut game.
``state()`` is the global state (every player's observation tensor, one after another, for a
centralised critic); the asobiba position is :attr:`AsobibaAECEnv.position`.

>>> import asobiba.rl
>>> env = asobiba.rl.env("cockroach-poker", players=3)
>>> env.reset(seed=1)
>>> env.agent_selection in env.possible_agents
True
>>> observation, reward, termination, truncation, info = env.last()
>>> sorted(observation), int(observation["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)
>>> env.unwrapped.position.seq
1
>>> env.unwrapped.state().shape == (3 * observation["observation"].shape[0],)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from asobiba.core.errors import InvalidOption
from asobiba.core.game import MAX_SEED, Game
from asobiba.core.state import Action, State
from asobiba.rl.encoders import Encoder
from asobiba.rl.render import check_render_mode, render_text
from asobiba.rl.rewards import check_horizon, check_reward, cut_rewards, rewards
from asobiba.rl.support import support

__all__ = ["AsobibaAECEnv", "agent_name", "wrapped"]


def agent_name(player: int) -> str:
    return f"player_{player}"


def wrapped(env: AsobibaAECEnv) -> Any:
    """The classic-environment wrappers: an illegal action ends the game with reward -1 for its
    player; an action out of the space is an error; the AEC call order is enforced."""
    result: Any = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    result = wrappers.AssertOutOfBoundsWrapper(result)
    return wrappers.OrderEnforcingWrapper(result)


class AsobibaAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no types
    """One asobiba game as an AEC environment; ``state`` is the asobiba position."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "asobiba_v0", "is_parallelizable": False}  # noqa: RUF012 (the frameworks read it on the class and instance)

    def __init__(
        self,
        game: Game,
        players: int,
        render_mode: str | None = None,
        max_steps: int | None = None,
        action_space: str | None = None,
        reward: str = "win",
        horizon: int = 0,
        **options: Any,
    ) -> None:
        super().__init__()
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise InvalidOption("max_steps must be a whole number of steps from 1, or None", domain="rl")
        self.game = game
        self.players = players
        self.game_options = game.resolve_options(players, options)
        self.given_options = dict(options)
        declared = support(game)
        self.encoder: Encoder = declared.encoder(game, players, self.game_options)
        self.codec = declared.codec_type(action_space)(game, players, self.game_options)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.reward = check_reward(reward)
        self.max_steps = max_steps
        self.horizon = check_horizon(horizon)
        self.metadata = {**self.metadata, "name": f"asobiba_{game.name.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(player) for player in range(players)]
        self._player = {agent: player for player, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.codec.size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents}
        self.state_space = spaces.Box(low=0.0, high=np.tile(self.encoder.high, players), dtype=np.float32)
        self.position: State | None = None
        self._legal: dict[int, Action] | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC cycle

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or not hasattr(self, "_np_random_generator"):
            self._np_random_generator = np.random.default_rng(seed)
        game_seed = int(self._np_random_generator.integers(0, MAX_SEED))
        self.position = self.game.new_game(self.players, seed=game_seed, **self.given_options)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        self._cumulative_rewards[agent] = 0.0
        chosen = self._legal_actions().get(int(action))
        if chosen is None:  # not legal here: the codec says why
            chosen = self.codec.action(int(action), state)
        state.apply_trusted(chosen)
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over or (self.horizon and self._steps >= self.horizon):
            final = rewards(state, self.reward) if state.is_over else cut_rewards(state)
            for player, value in enumerate(final):
                self.rewards[agent_name(player)] = value
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._after_move()

    def _after_move(self) -> None:
        state = self._state()
        self._legal = None
        to_move = state.to_move
        if to_move is not None and to_move >= 0:
            self.agent_selection = agent_name(to_move)
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state()
        player = self._player[agent]
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if state.to_move == player:
            mask[list(self._legal_actions())] = 1
        return {"observation": self.encoder.encode(state.view(player)), "action_mask": mask}

    def view(self, agent: str) -> Mapping[str, object]:
        """The raw view of ``agent`` (``state.view(player)``), which the tensor encodes."""
        view: Mapping[str, object] = self._state().view(self._player[agent])  # some game's view
        return view

    def _legal_actions(self) -> dict[int, Action]:
        if self._legal is None:
            self._legal = self.codec.legal(self._state())
        return self._legal

    def state(self) -> np.ndarray:
        """The global state: every player's observation tensor, player 0's first (``state_space``)."""
        position = self._state()
        return np.concatenate([self.encoder.encode(position.view(player)) for player in range(self.players)])

    def _state(self) -> State:
        if self.position is None:
            raise RuntimeError("call reset() before using the environment")
        return self.position

    def render(self) -> str | None:
        """``render_mode="ansi"``: the board as text (the terminal screen, a spectator's view)."""
        if self.render_mode is None:
            return None
        return render_text(self.game, self._state().view(None))

    def close(self) -> None:
        pass
