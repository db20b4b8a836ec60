"""OpenSpiel's Python IS-MCTS, as ``docs/research.md`` sets it up, against uniformly random players.

    python benchmarks/rl_ismcts.py                               # 100 games of every setup it applies to
    python benchmarks/rl_ismcts.py --games 20 --only cockroach_poker_trump_3p
    python benchmarks/rl_ismcts.py --max-seconds 600 --only survive   # start no game after 600 s a setup

In each game of a setup one seat (the game's number modulo the players) is
``asobiba.rl.openspiel.ismcts_bot(game)`` — OpenSpiel's ``ISMCTSBot`` with a random-rollout
evaluator, ``uct_c=2.0``, ``max_simulations=100`` and asobiba's ``determinize_resampler`` — and
the others choose uniformly among the legal actions. The same games are then played again with a
uniformly random player in that seat (the same seeds for chance and for the other players: duplicate
deals where the play lets the deal be the same). A game is *won* when the seat's return is the
highest (a shared first place counts: in Cockroach Poker every player but the loser). The table
gives each share of games won with its 95 % Wilson interval and says ``clear`` where IS-MCTS's
interval lies wholly above random's; ``errors`` counts games that raised (it must be 0). With
``paired`` compares the two plays of each game (the same seat and seeds): the games IS-MCTS won where
random lost, and the reverse, with the 95 % Wilson interval of the first's share of the two —
``clear`` where it lies wholly above one half (a sign test; more telling than the two shares apart
where random already wins most games, as in Cockroach Poker with four or five players, where all
but the loser win). With ``--max-seconds`` a setup's row gives the games played before the time ran
out; ``seconds`` is wall time, ``CPU s`` the process's own (on a shared machine they differ by the load).

IS-MCTS applies to the setups whose play-outs end in a few dozen decisions: every Cockroach Poker
setup, Paper Safari's one-round setups, Survive!'s first 60 decisions (``horizon60``). A whole Paper
Safari match or Survive! game runs too (tests/rl/test_rl_openspiel.py plays moves of both), but its
random rollouts of hundreds of decisions make 100 games an affair of hours at these settings.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np

import asobiba.rl
import asobiba.rl.openspiel as spiel
from asobiba.rl.named import all_setups


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``successes`` of ``trials``."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def applies(name: str) -> bool:
    """The setups IS-MCTS is measured on (see the module)."""
    return name.startswith("cockroach_poker_") or "one_round" in name or "horizon" in name


def play(game: Any, seat: int, bot: Any, seed: int) -> list[float]:
    """One game: ``bot`` in ``seat`` (``None``: a uniformly random player there), the others random."""
    chance = np.random.default_rng(seed)
    others = np.random.default_rng(seed + 1)
    mine = np.random.default_rng(seed + 2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probabilities)))
        elif state.current_player() == seat:
            state.apply_action(bot.step(state) if bot is not None else int(mine.choice(state.legal_actions())))
        else:
            state.apply_action(int(others.choice(state.legal_actions())))
    returns: list[float] = state.returns()
    return returns


def won(returns: list[float], seat: int) -> bool:
    return returns[seat] >= max(returns) - 1e-12


def measure(name: str, games: int, simulations: int, seed: int = 0, max_seconds: float = 0.0) -> dict[str, Any]:
    """Play ``games`` games of ``name`` with IS-MCTS in turn in each seat, then the same with random;
    with ``max_seconds``, start no game after that many seconds but the first (the row gives the games played)."""
    game = asobiba.rl.make(name, api="openspiel")
    bot = spiel.ismcts_bot(game, max_simulations=simulations, seed=seed + 1)
    players = game.num_players()
    wins = {"ismcts": 0, "random": 0}
    returns = {"ismcts": 0.0, "random": 0.0}
    errors: list[str] = []
    paired = {"better": 0, "worse": 0}  # games IS-MCTS won and random lost in the same seat and seeds; the reverse
    started, cpu = time.perf_counter(), time.process_time()
    played = 0
    for number in range(games):
        if max_seconds and played and time.perf_counter() - started > max_seconds:
            break
        played += 1
        seat, game_seed = number % players, seed * 1_000_003 + number * 7
        outcome: dict[str, bool] = {}
        for kind, player in (("ismcts", bot), ("random", None)):
            try:
                result = play(game, seat, player, game_seed)
            except Exception as error:  # counted and shown: the measurement is that there are none
                errors.append(f"{kind} game {number}: {type(error).__name__}: {error}"[:200])
                continue
            outcome[kind] = won(result, seat)
            wins[kind] += outcome[kind]
            returns[kind] += result[seat]
        if len(outcome) == 2 and outcome["ismcts"] != outcome["random"]:
            paired["better" if outcome["ismcts"] else "worse"] += 1
    return {
        "name": name,
        "games": played,
        "simulations": simulations,
        "errors": errors,
        "wins": wins,
        "paired": paired,
        "returns": {kind: total / max(played, 1) for kind, total in returns.items()},
        "seconds": time.perf_counter() - started,
        "cpu": time.process_time() - cpu,
    }


def row(found: dict[str, Any]) -> str:
    games = found["games"]
    shown = []
    for kind in ("ismcts", "random"):
        low, high = wilson(found["wins"][kind], games)
        shown.append(f"{found['wins'][kind]:4d}/{games} [{low:4.0%}, {high:4.0%}]")
    clear = wilson(found["wins"]["ismcts"], games)[0] > wilson(found["wins"]["random"], games)[1]
    means = f"{found['returns']['ismcts']:.3f} {found['returns']['random']:.3f}"
    better, worse = found["paired"]["better"], found["paired"]["worse"]
    low, high = wilson(better, better + worse)
    paired = f"{better:3d}-{worse:<3d} [{low:4.0%}, {high:4.0%}] {'clear' if low > 0.5 else 'no':>5}"
    return (
        f"{found['name']:34} {len(found['errors']):6d}  {shown[0]:>22}  {shown[1]:>22}  {means:>13}  "
        f"{'clear' if clear else 'no':>6}  {paired:>25} {found['seconds']:8.0f} {found['cpu']:8.0f} "
        f"{found['simulations']:5d}"
    )


HEADER = (
    f"{'setup':34} {'errors':>6}  {'IS-MCTS won [95 % Wilson]':>22}  {'random won [95 % Wilson]':>22}  "
    f"{'mean return':>13}  {'margin':>6}  {'paired: better-worse':>25} {'seconds':>8} {'CPU s':>8} {'sims':>5}"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100, help="IS-MCTS's max_simulations (the doc's: 100)")
    parser.add_argument("--only", nargs="*", default=None, help="only setups whose name contains one of these")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--max-seconds", type=float, default=0.0, help="per setup: start no game but the first after this many seconds"
    )
    arguments = parser.parse_args()
    names = [
        name
        for name in sorted(all_setups())
        if applies(name) and (not arguments.only or any(part in name for part in arguments.only))
    ]
    print(HEADER, flush=True)
    for name in names:
        found = measure(name, arguments.games, arguments.simulations, arguments.seed, arguments.max_seconds)
        print(row(found), flush=True)
        for error in found["errors"][:3]:
            print("    " + error, flush=True)


if __name__ == "__main__":
    main()
