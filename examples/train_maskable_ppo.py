"""Train sb3-contrib's MaskablePPO on trump Cockroach Poker against asobiba's heuristic bots, and
show what it learned: the trained policy against the same network untrained, on the same games,
at two seeds.

    pip install -e ".[rl]"                                                   # from a clone of asobiba
    pip install torch --index-url https://download.pytorch.org/whl/cpu      # a CPU build of torch
    pip install -e ".[rl-example]"                                           # sb3-contrib, matplotlib
    python examples/train_maskable_ppo.py                  # 2 seeds × 32,768 steps: about 10 min of CPU
    python examples/train_maskable_ppo.py --seeds 0 --timesteps 8192 --final-games 200   # quicker

The learner sits in seat 0 of a 3-player trump game (jokers redirect); the two other seats are
asobiba's ``normal`` bot (``--opponents``). One player loses a game of Cockroach Poker; against
these bots a uniformly random player loses about two games in three.

For each seed (``--seeds``, the seed of the network, of PPO and of the policy's own sampling):

1. the untrained network plays ``--final-games`` games, as a policy (actions sampled from it) and
   in its greedy form (the most likely action);
2. PPO trains it for ``--timesteps`` learner decisions; every ``--eval-every`` steps both forms
   play ``--eval-games`` games (the learning curve);
3. the trained network plays the same ``--final-games`` games as in 1, both forms.

Every evaluation plays the same games (the same deals and the bots' same seeds), so the trained
and the untrained policy meet the same hands. The script prints each share of games lost with its
95 % Wilson interval and the mean return, and saves the learning curves (``--plot``).
"""

from __future__ import annotations

import argparse
import copy
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import asobiba.rl
from asobiba.rl.gymnasium_env import AsobibaGymEnv

PLAYERS = 3
SEAT = 0
#: The first game seed of the learning curve's evaluations, and of the final games.
CURVE_SEED, FINAL_SEED = 10_000_000, 20_000_000

Choose = Callable[[np.ndarray, np.ndarray], int]


def wilson(losses: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate of ``losses`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    rate = losses / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def make_env(opponents: str) -> AsobibaGymEnv:
    return asobiba.rl.gym_env("cockroach-poker", players=PLAYERS, opponents=opponents, seat=SEAT, rules="trump")


def play(choose: Choose, games: int, seed: int, opponents: str) -> tuple[int, float]:
    """Games lost and mean return of a policy ``choose(observation, mask)`` in ``games`` games
    (game ``i`` dealt from ``seed + i``)."""
    env = make_env(opponents)
    losses, total = 0, 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            observation, reward, done, _, _ = env.step(choose(observation, env.action_masks()))
        assert env.position is not None
        losses += SEAT in env.position.result()["losers"]
        total += float(reward)
    return losses, total / games


def forms(policy: Any) -> dict[str, Choose]:
    """The policy as trained (actions sampled from it) and its greedy form, as ``choose`` functions."""

    def sampled(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(policy.predict(observation, action_masks=mask, deterministic=False)[0])

    def greedy(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(policy.predict(observation, action_masks=mask, deterministic=True)[0])

    return {"sampled": sampled, "greedy": greedy}


def evaluate(policy: Any, games: int, seed: int, opponents: str, torch_seed: int) -> dict[str, tuple[int, float]]:
    """(losses, mean return) of each form of ``policy`` on the games from ``seed`` (the sampled
    form's own draws seeded by ``torch_seed``)."""
    import torch

    results = {}
    for name, choose in forms(policy).items():
        torch.manual_seed(torch_seed)
        results[name] = play(choose, games, seed, opponents)
    return results


def line(label: str, losses: int, games: int, mean: float) -> str:
    low, high = wilson(losses, games)
    return f"{label:34} loses {losses / games:6.1%} of {games} [{low:6.1%}, {high:6.1%}]  mean return {mean:.3f}"


def train(seed: int, arguments: argparse.Namespace) -> dict[str, Any]:
    """One seed's run: the untrained evaluation, the training with its curve, the trained evaluation."""
    from sb3_contrib import MaskablePPO

    opponents, final_games = arguments.opponents, arguments.final_games
    model = MaskablePPO("MlpPolicy", make_env(opponents), seed=seed, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, ent_coef=0.01, gamma=1.0, verbose=0)  # fmt: skip
    untrained = evaluate(copy.deepcopy(model.policy), final_games, FINAL_SEED, opponents, seed)
    curve: dict[str, list[tuple[int, int]]] = {"sampled": [], "greedy": []}
    started = time.perf_counter()
    steps = 0
    while True:
        for name, (losses, _) in evaluate(model.policy, arguments.eval_games, CURVE_SEED, opponents, seed).items():
            curve[name].append((steps, losses))
        points = "  ".join(f"{name} {curve[name][-1][1] / arguments.eval_games:.1%}" for name in curve)
        print(f"seed {seed}: {steps:6d} steps {time.perf_counter() - started:6.0f} s  lost: {points}", flush=True)
        if steps >= arguments.timesteps:
            break
        chunk = min(arguments.eval_every, arguments.timesteps - steps)
        model.learn(chunk, reset_num_timesteps=False)
        steps += chunk
    trained = evaluate(model.policy, final_games, FINAL_SEED, opponents, seed)
    return {
        "seed": seed,
        "untrained": untrained,
        "trained": trained,
        "curve": curve,
        "seconds": time.perf_counter() - started,
    }


def plot(runs: list[dict[str, Any]], arguments: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = arguments.eval_games
    figure, axes = plt.subplots(figsize=(7.5, 4.2))
    for colour, run in zip(("C0", "C3", "C2", "C4"), runs, strict=False):
        for name, style in (("sampled", "-"), ("greedy", ":")):
            xs = [steps for steps, _ in run["curve"][name]]
            rates = [losses / games for _, losses in run["curve"][name]]
            bounds = [wilson(losses, games) for _, losses in run["curve"][name]]
            axes.plot(xs, rates, style, marker="o", color=colour, label=f"seed {run['seed']}, {name}")
            axes.fill_between(xs, [low for low, _ in bounds], [high for _, high in bounds], color=colour, alpha=0.12)
    axes.axhline(2 / PLAYERS, color="grey", linestyle="--", linewidth=0.8, label="2/3")
    axes.set_xlabel("training steps (learner decisions)")
    axes.set_ylabel(f"share of {games} games lost (95 % Wilson)")
    axes.set_title(f"Trump Cockroach Poker, 3 players: MaskablePPO against two '{arguments.opponents}' bots")
    axes.set_ylim(0, 1)
    axes.legend(fontsize=8, ncol=2)
    figure.tight_layout()
    figure.savefig(arguments.plot, dpi=110)
    print(f"learning curves: {arguments.plot}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    parser.add_argument("--timesteps", type=int, default=32_768)
    parser.add_argument("--eval-every", type=int, default=8_192)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=500)
    parser.add_argument("--opponents", default="normal", help="the bots in the other two seats")
    parser.add_argument("--plot", type=Path, default=Path(__file__).with_name("train_maskable_ppo.png"))
    arguments = parser.parse_args()

    import torch

    torch.set_num_threads(1)
    started = time.perf_counter()
    runs = [train(seed, arguments) for seed in arguments.seeds]
    games = arguments.final_games
    print(f"\nthe same {games} games for every policy (seat 0 of 3, two '{arguments.opponents}' bots):")
    for run in runs:
        for stage in ("untrained", "trained"):
            for name, (losses, mean) in run[stage].items():
                print(line(f"seed {run['seed']}, {stage}, {name}", losses, games, mean))
    print(f"took {time.perf_counter() - started:.0f} s")
    plot(runs, arguments)


if __name__ == "__main__":
    main()
