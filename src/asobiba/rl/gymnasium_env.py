"""A Gymnasium environment: one learner against asobiba bots.

The learner plays ``seat``; every other seat is a bot (``"random"``, ``"normal"``, ``"hard"``, …,
see :func:`asobiba.bot`), which plays from its own observation only. Observations are the
learner's encoded view (float32); :meth:`~AsobibaGymEnv.action_masks` tells the legal action
numbers (sb3-contrib's MaskablePPO reads it). The reward is the learner's ``returns()`` share at
the end (1 shared among the winners); an illegal action number ends the episode with reward
``illegal_reward`` and ``info["illegal"] = True``.

>>> import asobiba.rl
>>> env = asobiba.rl.gym_env("cockroach-poker", players=3, opponents="random")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, bool(env.action_masks().any())
(True, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from asobiba.bots import bot
from asobiba.bots.base import Bot, RandomBot
from asobiba.core.errors import InvalidOption
from asobiba.core.game import MAX_SEED, Game
from asobiba.core.options import resolve_options
from asobiba.core.state import State

__all__ = ["AsobibaGymEnv"]


class AsobibaGymEnv(gym.Env[np.ndarray, Any]):
    """One learner in ``seat`` against bots; ``state`` is the asobiba position."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (the frameworks read it on the class and instance)

    def __init__(
        self,
        game: Game,
        players: int | None = None,
        opponents: str | list[str] = "normal",
        seat: int = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        from asobiba.rl import encoder_type

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
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise InvalidOption(
                "opponents lists {count} bots; the {others} other seats need one each",
                domain="rl",
                count=len(specs),
                others=len(others),
            )
        bot(specs[0] if specs else "random")  # an unknown spec is refused now, not at the first reset
        self.opponent_specs = dict(zip(others, specs, strict=True))
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.encoder = encoder_type(game)(game, players, resolved)
        self.codec = self.encoder.codec()
        self.observation_space = spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.state: State | None = None
        self._opponents: dict[int, Bot] = {}
        self._legal: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        while True:
            game_seed = int(self.np_random.integers(0, MAX_SEED))
            self._opponents = {
                player: bot(spec, seed=int(self.np_random.integers(0, MAX_SEED)))
                for player, spec in self.opponent_specs.items()
            }
            self.state = self.game.new_game(self.players, seed=game_seed, **self.given_options)
            self._play_opponents()
            if not self.state.is_over:  # (a game over before the learner's first decision is drawn again)
                return self._observation(), {}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        state = self._state()
        chosen = self._legal.get(int(action))
        if chosen is None:
            return self._observation(), self.illegal_reward, True, False, {"illegal": True}
        state.apply_trusted(chosen)
        self._play_opponents()
        if state.is_over:
            return self._observation(), float(state.returns()[self.seat]), True, False, {}
        return self._observation(), 0.0, False, False, {}

    def action_masks(self) -> np.ndarray:
        """``bool`` array: True where the number is a legal action of the learner now."""
        mask = np.zeros(self.codec.size, dtype=bool)
        mask[list(self._legal)] = True
        return mask

    def view(self) -> dict[str, Any]:
        """The learner's raw view (``state.view(seat)``), which the observation encodes."""
        return self._state().view(self.seat)

    def _play_opponents(self) -> None:
        state = self._state()
        while not state.is_over and state.to_move != self.seat:
            player = state.to_move
            assert player is not None and player >= 0  # chance is resolved by the engine
            opponent = self._opponents[player]
            if type(opponent) is RandomBot:  # the same choice as from its observation, without building one
                state.apply_trusted(opponent.rng.choice(state.legal_actions()))
            else:
                state.apply(opponent.choose(state.observe(player)))
        self._legal = {} if state.is_over else self.codec.legal(state)

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self._state().view(self.seat))

    def _state(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        import json

        return json.dumps(self._state().view(self.seat), ensure_ascii=False)
