"""Many games at once: ``asobiba.rl.vector_env(setup, n)``, a Gymnasium ``VectorEnv`` with action masks.

``n`` games of a named setup (or of a game, with :func:`asobiba.rl.gym_env`'s arguments), each a
learner against opponents, stepped together: one array of ``n`` actions in, one ``(n, size)``
float32 observation array, rewards, terminations and truncations out, and the legal actions of
every game as a ``(n, actions)`` bool array — :meth:`AsobibaVectorEnv.action_masks` (sb3-contrib's
name) and ``infos["action_mask"]``. A game that ends is dealt again in the same step
(Gymnasium's ``AutoresetMode.SAME_STEP``): the observation returned is the new game's first, the
ended game's last is ``infos["final_obs"][i]`` and its ``infos["final_info"]`` (``"illegal"``,
``"cut"``), where ``infos["_final_obs"][i]`` is True. ``max_episode_steps`` (learner decisions,
default :data:`asobiba.rl.MAX_EPISODE_STEPS`, 0: none) truncates a game, as ``gymnasium.make``'s ids do.

Observations and masks are written into arrays kept from step to step (the arrays returned are
those arrays: copy them to keep them past the next step): each game's encoder fills its row in
place, and the masks of all games are set in one assignment. What it saves over a
``SyncVectorEnv`` of ``n`` :func:`asobiba.rl.gym_env`: the wrappers, each game's new observation
and mask arrays, the per-game ``info`` merging and the masks asked for game by game — 3–6 % of a
``SyncVectorEnv``'s step by profile. The games themselves (the engine's moves, the opponents, the
views, the legal numbers and the tensors: the rest) cost the same, one game after the other, in
Python: ``benchmarks/rl.py --vector`` measures the difference (``docs/research.md``, "Many games
at once").

>>> import numpy as np, asobiba.rl
>>> envs = asobiba.rl.vector_env("cockroach_poker_trump_4p_v1", 8, opponents="random")
>>> observations, infos = envs.reset(seed=1)
>>> observations.shape, envs.action_masks().shape
((8, 138), (8, 86))
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in envs.action_masks()])
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, infos["action_mask"].dtype
((8,), dtype('bool'))
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from asobiba.rl.gymnasium_env import AsobibaGymEnv
from asobiba.rl.rewards import cut_rewards, rewards

__all__ = ["AsobibaVectorEnv", "vector_env"]


class AsobibaVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``envs``: the games (:class:`AsobibaGymEnv`, one learner each), stepped together (see the module)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (read on the class and instance)

    def __init__(self, envs: list[AsobibaGymEnv], max_episode_steps: int) -> None:
        if not envs:
            raise ValueError("a vector env needs at least one game")
        self.envs = envs
        self.num_envs = len(envs)
        first = envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, self.num_envs)
        self.action_space = batch_space(first.action_space, self.num_envs)
        self.max_episode_steps = max_episode_steps
        self.render_mode = None
        self._observations = np.zeros((self.num_envs, first.encoder.shape[0]), dtype=np.float32)
        self._masks = np.zeros((self.num_envs, first.codec.size), dtype=np.bool_)
        self._steps = np.zeros(self.num_envs, dtype=np.int64)
        # Each row's pieces (views into the row), which the encoder fills in place.
        self._row_pieces = [first.encoder.split(row) for row in self._observations]

    # ------------------------------------------------------------------ one game's parts

    def _write(self, i: int) -> None:
        """Game ``i``'s observation into row ``i`` of the kept array (its encoder fills the row's pieces)."""
        env = self.envs[i]
        self._observations[i].fill(0.0)
        env.encoder._fill(env._state().view(env.seat), self._row_pieces[i])

    def _reset_one(self, i: int, seed: int | None) -> None:
        env = self.envs[i]
        self._observations[i], _ = env.reset(seed=seed)
        self._steps[i] = 0

    def _write_masks(self) -> None:
        """Every game's legal numbers into the kept mask array, in one assignment."""
        size = self._masks.shape[1]
        flat = [i * size + number for i, env in enumerate(self.envs) for number in env._legal]
        self._masks.fill(False)
        self._masks.reshape(-1)[flat] = True

    # ------------------------------------------------------------------ the VectorEnv API

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset() got {len(seeds)} seeds for {self.num_envs} games")
        for i, each in enumerate(seeds):
            self._reset_one(i, each)
        self._write_masks()
        return self._observations, {"action_mask": self._masks}

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        numbers = np.asarray(actions).reshape(self.num_envs)
        reward = np.zeros(self.num_envs, dtype=np.float64)
        terminated = np.zeros(self.num_envs, dtype=bool)
        truncated = np.zeros(self.num_envs, dtype=bool)
        final_obs: np.ndarray | None = None
        final_info: list[dict[str, Any]] | None = None
        for i, env in enumerate(self.envs):
            state = env._state()
            chosen = env._legal.get(int(numbers[i]))
            info: dict[str, Any] = {}
            if chosen is None:
                reward[i], terminated[i], info = env.illegal_reward, True, {"illegal": True}
            else:
                state.apply_trusted(chosen)
                env._decisions += 1
                env._play_opponents()
                self._steps[i] += 1
                if state.is_over:
                    reward[i], terminated[i] = rewards(state, env.reward)[env.seat], True
                elif env._ended():  # cut by the horizon
                    reward[i], terminated[i], info = cut_rewards(state)[env.seat], True, {"cut": True}
                elif self.max_episode_steps and self._steps[i] >= self.max_episode_steps:
                    truncated[i] = True
            if terminated[i] or truncated[i]:
                if final_obs is None:
                    final_obs = np.zeros_like(self._observations)
                    final_info = [{} for _ in range(self.num_envs)]
                assert final_info is not None
                final_obs[i] = env.encoder.encode(state.view(env.seat))
                final_info[i] = info
                self._reset_one(i, None)
            else:
                self._write(i)
        self._write_masks()
        infos: dict[str, Any] = {"action_mask": self._masks}
        if final_obs is not None:
            ended = terminated | truncated
            infos.update(final_obs=final_obs, _final_obs=ended, final_info=final_info, _final_info=ended)
        return self._observations, reward, terminated, truncated, infos

    def action_masks(self) -> np.ndarray:
        """``(num_envs, actions)`` bool: the legal numbers of each game now (sb3-contrib's name)."""
        return self._masks

    def set_self_policy(self, policy: Any) -> None:
        """Every game's ``"self"`` opponents play ``policy`` (see :meth:`AsobibaGymEnv.set_self_policy`)."""
        for env in self.envs:
            env.set_self_policy(policy)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


def vector_env(
    setup: str, n: int, *, max_episode_steps: int | None = None, players: int | None = None, **overrides: Any
) -> AsobibaVectorEnv:
    """``n`` games of ``setup`` stepped together: a named setup (``"cockroach_poker_trump_4p_v1"``,
    ``overrides`` as for :func:`asobiba.rl.make`) or a game's name (``"cockroach-poker"``, with
    ``players`` and :func:`asobiba.rl.gym_env`'s arguments)."""
    import asobiba.rl

    if n < 1:
        raise ValueError(f"a vector env needs at least one game, not {n}")
    if setup in asobiba.rl.setups():
        envs = [asobiba.rl.make(setup, api="gymnasium", **overrides) for _ in range(n)]
    else:
        envs = [asobiba.rl.gym_env(setup, players=players, **overrides) for _ in range(n)]
    limit = asobiba.rl.MAX_EPISODE_STEPS if max_episode_steps is None else max_episode_steps
    if not all(isinstance(env, AsobibaGymEnv) for env in envs):
        raise TypeError("vector_env plays asobiba's Gymnasium environments")
    return AsobibaVectorEnv(envs, limit)
