"""Train the ``ppo`` bot's networks: sb3-contrib's MaskablePPO on one setup of each game, against
asobiba's bot levels and itself, exported to ``src/asobiba/rl/weights/<setup>.npz`` (no torch to play).

    pip install -e ".[rl]"                                                   # from a clone of asobiba
    pip install torch --index-url https://download.pytorch.org/whl/cpu      # a CPU build of torch
    pip install -e ".[rl-example]"                                           # sb3-contrib, matplotlib
    python examples/train_agents.py cockroach-poker --minutes 40             # one game (see --help)
    python examples/train_agents.py --minutes 0.2 --out /tmp/weights         # all three, a quick look

The setups (:data:`asobiba.rl.trained.TRAINED`): trump Cockroach Poker for 4 players, Paper Safari
for 3 players one round, The Island for 3 players with the compact action space. The learner
plays seat 0 (``gym_env`` seats it there; the games deal and rotate who starts) in ``--envs``
environments at once, each with its own opponents, cycling through ``random``, ``easy``,
``normal`` and ``self`` (a frozen copy of the learner: the exported network, refreshed every
``--refresh`` steps). The observation is scaled into about [0, 1] (each piece by its bound; a
counter without one by 1/10) and the scale is saved with the weights. The network: the actor and
the critic each two tanh layers of ``--hidden`` units. Reward: ``win`` in Cockroach Poker (not
losing), ``rank`` elsewhere (a denser signal than the winner alone). Training stops after
``--timesteps`` learner decisions or ``--minutes`` of wall time, whichever comes first; every
``--refresh`` steps the weights are written, so an interrupted run leaves a usable file.

``--imitate normal`` first clones a bot's play (behaviour cloning): ``--imitate-games`` games of it
in every seat, each decision's observation, legal numbers and move; the actor is trained
``--imitate-epochs`` passes to give the bot's move the highest probability among the legal numbers
(cross-entropy over the masked logits), and PPO (if any ``--timesteps``) starts from there. With
``--timesteps 0`` the network is the clone alone:

    python examples/train_agents.py paper-safari --imitate normal --imitate-games 1000 --imitate-epochs 20 --timesteps 0
    python examples/train_agents.py survive --imitate normal --imitate-games 150 --imitate-epochs 20 --timesteps 0
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import asobiba.rl
from asobiba.rl.trained import TRAINED, NetworkPolicy, export_maskable_ppo

WEIGHTS = Path(__file__).resolve().parent.parent / "src" / "asobiba" / "rl" / "weights"
OPPONENTS = ("random", "easy", "normal", "self")
REWARD = {"cockroach-poker": "win", "paper-safari": "rank", "survive": "rank"}


def observation_scale(env: Any) -> np.ndarray:
    """1 / each number's bound (1 for 0/1 values, 1/10 for a counter without one)."""
    high = np.asarray(env.observation_space.high, dtype=np.float64)
    scale = np.where(high >= 1e8, 0.1, 1.0 / np.maximum(high, 1.0))
    return scale.astype(np.float32)


class Scaled(gym.ObservationWrapper[np.ndarray, Any, np.ndarray]):
    """The observation times ``scale``; ``action_masks`` passed through (MaskablePPO reads it)."""

    def __init__(self, env: Any, scale: np.ndarray) -> None:
        super().__init__(env)
        self.scale = scale
        self.observation_space = gym.spaces.Box(0.0, 10.0, shape=scale.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        return observation * self.scale

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[no-any-return]


def imitation_data(
    game: str, setup: str, teacher: str, games: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``games`` games of ``setup`` with ``teacher`` (a bot spec) in every seat: each decision's
    observation (unscaled), legal numbers (a mask) and the number of the teacher's move."""
    named = asobiba.rl.setups()[setup]
    encoder = asobiba.rl.encoder(game, named.players, **named.options)
    codec = asobiba.rl.codec(game, named.players, action_space=named.action_space, **named.options)
    observations, masks, targets = [], [], []
    for index in range(games):
        state = asobiba.new_game(game, players=named.players, seed=seed + index, **named.options)
        bots = [asobiba.bot(teacher, seed=seed * 1000 + index * 10 + seat) for seat in range(named.players)]
        while not state.is_over:
            mover = state.to_move
            assert mover is not None  # (new_game deals the chance itself: a player is to move)
            observation = state.observe(mover)
            action = bots[mover].choose(observation)
            mask = np.zeros(codec.size, dtype=bool)
            mask[list(codec.legal(state))] = True
            observations.append(encoder.encode(observation.view))
            masks.append(mask)
            targets.append(codec.index_in(action, state))
            state.apply(action)
    return np.asarray(observations, dtype=np.float32), np.asarray(masks), np.asarray(targets, dtype=np.int64)


def imitate(model: Any, data: tuple[np.ndarray, np.ndarray, np.ndarray], scale: np.ndarray, epochs: int) -> float:
    """Behaviour cloning: train ``model``'s actor to give the teacher's moves the highest
    probability among the legal numbers (cross-entropy over the masked logits); its accuracy after."""
    import torch

    policy = model.policy
    observations = torch.as_tensor(data[0] * scale)
    masks = torch.as_tensor(data[1])
    targets = torch.as_tensor(data[2])
    actor = [*policy.mlp_extractor.policy_net.parameters(), *policy.action_net.parameters()]
    optimiser = torch.optim.Adam(actor, lr=1e-3)

    def logits(rows: Any) -> Any:
        found = policy.action_net(policy.mlp_extractor.forward_actor(observations[rows]))
        return found.masked_fill(~masks[rows], -1e9)

    for _ in range(epochs):
        order: Any = torch.randperm(len(targets))
        for rows in order.split(256):
            loss: Any = torch.nn.functional.cross_entropy(logits(rows), targets[rows])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
    with torch.no_grad():
        return float((logits(torch.arange(len(targets))).argmax(1) == targets).float().mean())


def train(game: str, args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, VecMonitor

    torch.set_num_threads(1)
    setup = TRAINED[game]
    players = asobiba.rl.setups()[setup].players
    probe = asobiba.rl.make(setup, api="gymnasium", opponents="random")
    scale = observation_scale(probe)

    def make_env(index: int) -> Any:
        opponent = OPPONENTS[index % len(OPPONENTS)]
        env = asobiba.rl.make(setup, api="gymnasium", opponents=opponent, reward=REWARD[game])
        return lambda: Scaled(env, scale)

    envs = VecMonitor(DummyVecEnv([make_env(i) for i in range(args.envs)]))
    envs.seed(args.seed)
    hidden = [args.hidden, args.hidden]
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        gamma=1.0,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=4,
        ent_coef=0.01,
        learning_rate=args.learning_rate,
        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}},
        seed=args.seed,
        verbose=0,
    )
    out = Path(args.out) / f"{setup}.npz"
    started = time.monotonic()
    done = 0
    print(f"{game}: {setup}, {players} players, observation {scale.shape[0]}, actions {probe.action_space.n}")
    if args.imitate:
        data = imitation_data(game, setup, args.imitate, args.imitate_games, args.seed)
        accuracy = imitate(model, data, scale, args.imitate_epochs)
        print(
            f"  imitated {args.imitate} in {len(data[2])} decisions of {args.imitate_games} games: "
            f"{accuracy:.3f} of its moves the likeliest  {time.monotonic() - started:7.0f} s",
            flush=True,
        )
    while done < args.timesteps and time.monotonic() - started < args.minutes * 60:
        export_maskable_ppo(model, out, game=game, setup=setup, scale=scale)
        frozen = NetworkPolicy(out)
        rng = np.random.default_rng(args.seed + done)

        def play(
            observation: np.ndarray,
            mask: np.ndarray,
            policy: NetworkPolicy = frozen,
            generator: np.random.Generator = rng,
        ) -> int:
            return _sample(policy, observation, mask, generator)

        for index in range(args.envs):
            if OPPONENTS[index % len(OPPONENTS)] == "self":
                envs.env_method("set_self_policy", play, indices=[index])
        model.learn(args.refresh, reset_num_timesteps=False)
        done = model.num_timesteps
        returns = [info["r"] for info in model.ep_info_buffer] if model.ep_info_buffer else []
        mean = f"{np.mean(returns):.3f}" if returns else "-"
        print(f"  {done:>8} steps  {time.monotonic() - started:7.0f} s  mean return (last episodes) {mean}", flush=True)
    export_maskable_ppo(model, out, game=game, setup=setup, scale=scale)
    print(f"{game}: {done} steps in {time.monotonic() - started:.0f} s -> {out} ({out.stat().st_size:,} bytes)")


def _sample(policy: NetworkPolicy, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """The frozen copy's sampled action: the observation it gets is the unscaled one (the env's own)."""
    legal = np.flatnonzero(mask)
    logits = policy.logits(observation)[legal].astype(np.float64)
    weights = np.exp(logits - logits.max())
    return int(legal[int(rng.choice(len(legal), p=weights / weights.sum()))])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(TRAINED), help="games to train (default: all three)")
    parser.add_argument("--timesteps", type=int, default=1_000_000, help="learner decisions at most")
    parser.add_argument("--minutes", type=float, default=40.0, help="wall time at most, per game")
    parser.add_argument("--envs", type=int, default=4, help="environments (opponents cycle random, easy, normal, self)")
    parser.add_argument("--n-steps", type=int, default=256, help="PPO steps per environment per update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--hidden", type=int, default=64, help="units of each of the two hidden layers")
    parser.add_argument("--refresh", type=int, default=4096, help="steps between exports (and self refreshes)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--imitate", metavar="BOT", help="first imitate this bot (behaviour cloning), e.g. normal")
    parser.add_argument("--imitate-games", type=int, default=400, help="games of the bot to imitate")
    parser.add_argument("--imitate-epochs", type=int, default=10, help="passes over its decisions")
    parser.add_argument("--out", default=str(WEIGHTS), help="folder of the .npz files")
    args = parser.parse_args(argv)
    for game in args.games:
        train(game, args)


if __name__ == "__main__":
    main()
