"""Train sb3-contrib's MaskablePPO on trump Cockroach Poker against random bots, and show it
beating them.

    pip install "asobiba[rl]" sb3-contrib matplotlib     # and torch (a CPU build does)
    python examples/train_maskable_ppo.py                 # a few minutes on one CPU core
    python examples/train_maskable_ppo.py --timesteps 20000 --final-games 300   # quicker

The learner sits in seat 0 of a 3-player trump game (jokers redirect); the two others play
uniformly random legal moves. Every ``--eval-every`` steps the policy (greedy, masked) plays
``--eval-games`` games; at the end ``--final-games`` more games are played by the policy and, on
the same seeds, by a random policy in the same seat. One player loses a game of Cockroach Poker:
a random player loses a third of them. The curve follows the policy as it is trained (actions
sampled from it) and its greedy form (the most likely action); the final games use the greedy
form. The script prints the loss rates with 95 % Wilson intervals and saves the learning curve as
a PNG (``--plot``).
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import asobiba.rl
from asobiba.rl.gymnasium_env import AsobibaGymEnv

PLAYERS = 3
SEAT = 0


def wilson(losses: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``losses`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = losses / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def make_env() -> AsobibaGymEnv:
    return asobiba.rl.gym_env("cockroach-poker", players=PLAYERS, opponents="random", seat=SEAT, rules="trump")


def play(choose: Callable[[np.ndarray, np.ndarray], int], games: int, seed: int) -> tuple[int, float]:
    """Games lost and mean return of a policy ``choose(observation, mask)`` in ``games`` games."""
    env = make_env()
    losses, total = 0, 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            observation, reward, done, _, _ = env.step(choose(observation, env.action_masks()))
        assert env.state is not None
        losses += SEAT in env.state.result()["losers"]
        total += reward
    return losses, total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timesteps", type=int, default=40_960)
    parser.add_argument("--eval-every", type=int, default=8_192)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=Path(__file__).with_name("train_maskable_ppo.png"))
    arguments = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env()
    model = MaskablePPO("MlpPolicy", env, seed=arguments.seed, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        ent_coef=0.01, gamma=1.0, verbose=0)  # fmt: skip

    def greedy(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    def sampled(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=False)
        return int(action)

    random_policy = np.random.default_rng(arguments.seed)

    def uniform(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(random_policy.choice(np.flatnonzero(mask)))

    #: (steps, policy) -> (loss rate, low, high); the policy as trained (sampled) and its greedy form.
    curves: dict[str, list[tuple[int, float, float, float]]] = {"sampled": [], "greedy": []}
    policies = {"sampled": sampled, "greedy": greedy}
    started = time.perf_counter()
    evaluation_seed = 10_000_000
    steps = 0
    while True:
        report = []
        for name, policy in policies.items():
            losses, _ = play(policy, arguments.eval_games, evaluation_seed)
            low, high = wilson(losses, arguments.eval_games)
            curves[name].append((steps, losses / arguments.eval_games, low, high))
            report.append(f"{name} loses {losses / arguments.eval_games:.3f} [{low:.3f}, {high:.3f}]")
        print(f"{steps:7d} steps  {time.perf_counter() - started:6.0f} s  " + "  ".join(report), flush=True)
        if steps >= arguments.timesteps:
            break
        chunk = min(arguments.eval_every, arguments.timesteps - steps)
        model.learn(chunk, reset_num_timesteps=False)
        steps += chunk
    training = time.perf_counter() - started

    final_seed = 20_000_000
    learner_losses, learner_return = play(greedy, arguments.final_games, final_seed)
    random_losses, random_return = play(uniform, arguments.final_games, final_seed)
    for name, losses, mean in (
        ("MaskablePPO", learner_losses, learner_return),
        ("random", random_losses, random_return),
    ):
        low, high = wilson(losses, arguments.final_games)
        print(f"{name:12} loses {losses / arguments.final_games:.3f} of {arguments.final_games} games "
              f"(95 % CI [{low:.3f}, {high:.3f}]); mean return {mean:.3f}")  # fmt: skip
    print(f"training and evaluation took {training:.0f} s")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    for name, label in (("sampled", "MaskablePPO, as trained (sampled)"), ("greedy", "MaskablePPO, greedy")):
        curve = curves[name]
        xs = [point[0] for point in curve]
        axes.plot(xs, [point[1] for point in curve], marker="o", label=label)
        axes.fill_between(xs, [point[2] for point in curve], [point[3] for point in curve], alpha=0.2)
    axes.axhline(1 / PLAYERS, color="grey", linestyle="--", label="a random player (1/3)")
    for losses, marker, colour, name in ((random_losses, "s", "grey", "random policy"),
                                         (learner_losses, "D", "C3", "MaskablePPO")):  # fmt: skip
        rate = losses / arguments.final_games
        low, high = wilson(losses, arguments.final_games)
        axes.errorbar([xs[-1]], [rate], yerr=[[rate - low], [high - rate]], fmt=marker, color=colour,
                      label=f"{name}, {arguments.final_games} games")  # fmt: skip
    axes.set_xlabel("training steps (learner decisions)")
    axes.set_ylabel("share of games lost")
    axes.set_title("Trump Cockroach Poker, 3 players: MaskablePPO against two random bots")
    axes.set_ylim(0, 0.6)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(arguments.plot, dpi=120)
    print(f"learning curve: {arguments.plot}")


if __name__ == "__main__":
    main()
