"""Steps per second of asobiba's PettingZoo, Gymnasium and OpenSpiel versions of each setup, next
to PettingZoo's classic ``texas_holdem_v4`` and ``leduc_holdem_v4`` (RLCard-backed) and pyspiel's
own C++ games, measured in the same run, the same way.

    python benchmarks/rl.py                 # about 3 s per environment
    python benchmarks/rl.py --seconds 2 --env cockroach-poker

PettingZoo: one step is one ``env.step`` of the agent to move, after ``env.last()`` built its
observation; the action is drawn uniformly from the observation's ``action_mask``. Gymnasium:
one learner step (its observation and mask) against random bots. OpenSpiel: one player decision
— the observation tensor of the player to move, ``legal_actions()``, ``apply_action`` — with chance
nodes sampled from ``chance_outcomes()`` on the way (not counted as steps); the observation is
read through OpenSpiel's observer API (``open_spiel.python.observation.make_observation``, a
numpy tensor like PettingZoo's), and the column ``OS list`` is the same play reading
``state.observation_tensor(player)`` instead (pyspiel's list of Python floats: building and
freeing one float object per number costs about 0.3 ms a step for Survive!'s 9,699). Games are played to
the end and restarted. A setup's three versions take turns (``--slices`` turns each, the time
split between them), so a change in the shared machine's load weighs on each alike. The last
column is OpenSpiel's rate over PettingZoo's for the same setup. Needs ``asobiba[rl]``,
``open_spiel`` and, for the poker references, ``rlcard``.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import asobiba.rl

#: The setups measured (a named setup each).
SETUPS = (
    "cockroach_poker_trump_4p_v1",
    "cockroach_poker_original_4p_v1",
    "paper_safari_4p_v1",
    "survive_4p_v1",
    "survive_compact_4p_v1",
)
#: pyspiel's own (C++) games measured the same way.
SPIEL_GAMES = ("leduc_poker", "kuhn_poker(players=3)", "liars_dice")


def _pettingzoo_classic() -> dict[str, Callable[[], Any]]:
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4  # type: ignore[import-untyped]
    except ImportError as error:  # rlcard missing
        print(f"(PettingZoo's poker environments are not available: {error}; pip install rlcard)")
        return {}
    return {
        "pettingzoo texas_holdem_v4 (2p)": texas_holdem_v4.env,
        "pettingzoo leduc_holdem_v4 (2p)": leduc_holdem_v4.env,
    }


def gymnasium_steps(make: Callable[[], Any], seed: int) -> Iterator[None]:
    """One learner step per ``next``: a uniformly random learner against random bots, games after games."""
    env = make()
    rng = np.random.default_rng(seed)
    games = 0
    while True:
        env.reset(seed=seed + games)
        done = False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            yield
        games += 1


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal number per row of ``masks``."""
    scores: np.ndarray = rng.random(masks.shape) * masks
    chosen: np.ndarray = scores.argmax(axis=1)
    return chosen


def sync_vector_steps(setup: str, n: int, seed: int) -> Iterator[None]:
    """``n`` learner steps per vector step (``next`` once per learner step) of a ``SyncVectorEnv`` of
    ``n`` ``gymnasium.make`` environments (random bots), the masks asked with ``call("action_masks")``."""
    import gymnasium

    identifier = asobiba.rl.setup_gym_id(setup)
    envs = gymnasium.vector.SyncVectorEnv([functools.partial(gymnasium.make, identifier, opponents="random")] * n)
    envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    resetting = np.zeros(n, dtype=bool)
    while True:
        masks = np.stack(envs.call("action_masks"))
        _, _, terminated, truncated, _ = envs.step(random_legal(masks, rng))
        for _ in range(n - int(resetting.sum())):  # (a game's step after its end only resets it: not counted)
            yield
        resetting = terminated | truncated


def vector_steps(setup: str, n: int, seed: int) -> Iterator[None]:
    """The same with ``asobiba.rl.vector_env(setup, n)`` (its masks: ``action_masks()``)."""
    envs = asobiba.rl.vector_env(setup, n, opponents="random")
    envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        envs.step(random_legal(envs.action_masks(), rng))
        for _ in range(n):
            yield


def compare_vector(arguments: argparse.Namespace) -> None:
    """``--vector N``: steps per second of ``vector_env`` against a ``SyncVectorEnv`` of the same size."""
    n = arguments.vector
    print(f"{'setup':34} {'SyncVectorEnv':>14} {'vector_env':>11} {'ratio':>6}   (learner steps/s, {n} games)")
    for name in SETUPS:
        if arguments.env is not None and arguments.env not in name:
            continue
        runners = {
            "sync": sync_vector_steps(name, n, arguments.seed),
            "vector": vector_steps(name, n, arguments.seed),
        }
        rates = interleaved(runners, arguments.seconds, arguments.slices)
        ratio = rates["vector"] / rates["sync"]
        print(f"{name:34} {rates['sync']:14.0f} {rates['vector']:11.0f} {ratio:6.2f}", flush=True)


def _profiled_seconds(stats: Any, function: str, caller: str | None = None) -> float:
    """Cumulative seconds of the profiled functions whose ``file:name`` ends with ``function``
    (only the calls made from ``caller``'s, when given)."""
    total = 0.0
    for (file, _, name), (_, _, _, cumulative, callers) in stats.stats.items():
        if not f"{file}:{name}".endswith(function):
            continue
        if caller is None:
            total += cumulative
            continue
        total += sum(seconds[3] for (where, _, who), seconds in callers.items() if f"{where}:{who}".endswith(caller))
    return total


#: ``--profile``: the parts of a ``vector_env`` step, as (what, function, its caller); the opponents'
#: part is their loop less the legal numbers it computes, the vector env's own part what is left.
VECTOR_PARTS = (
    ("new games", "rl/vector.py:_reset_one", "rl/vector.py:step"),
    ("learner's view", "core/state.py:view", "rl/vector.py:_write"),
    ("encoding", ":_fill", "rl/vector.py:_write"),
    ("learner's move", "core/state.py:apply_trusted", "rl/vector.py:step"),
    ("opponents", "rl/gymnasium_env.py:_play_opponents", "rl/vector.py:step"),
    ("codec.legal", "rl/codecs.py:legal", "rl/gymnasium_env.py:_play_opponents"),
    ("final obs", "core/state.py:view", "rl/vector.py:step"),
    ("final obs", "rl/encoders.py:encode", "rl/vector.py:step"),
    ("masks", "rl/vector.py:_write_masks", "rl/vector.py:step"),
)


def profile_vector(arguments: argparse.Namespace, steps: int = 60) -> None:
    """``--vector N --profile``: where a ``vector_env`` step's time goes (cProfile, shares of
    ``step``), and the share of a ``SyncVectorEnv``'s step spent outside asobiba's env."""
    import cProfile
    import pstats

    n = arguments.vector
    for name in SETUPS:
        if arguments.env is not None and arguments.env not in name:
            continue
        envs = asobiba.rl.vector_env(name, n, opponents="random")
        envs.reset(seed=arguments.seed)
        rng = np.random.default_rng(arguments.seed)
        for _ in range(10):
            envs.step(random_legal(envs.action_masks(), rng))
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(steps):
            envs.step(random_legal(envs.action_masks(), rng))
        profile.disable()
        stats = pstats.Stats(profile)
        total = _profiled_seconds(stats, "rl/vector.py:step")
        parts: dict[str, float] = {}
        for what, function, caller in VECTOR_PARTS:
            parts[what] = parts.get(what, 0.0) + _profiled_seconds(stats, function, caller)
        parts["opponents"] -= parts["codec.legal"]
        parts["vector_env's own"] = total - sum(parts.values())
        runner = sync_vector_steps(name, n, arguments.seed)
        for _ in range(10 * n):
            next(runner)
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(steps * n):
            next(runner)
        profile.disable()
        stats = pstats.Stats(profile)
        sync = _profiled_seconds(stats, "sync_vector_env.py:step") + _profiled_seconds(stats, "sync_vector_env.py:call")
        games = sum(
            _profiled_seconds(stats, f"rl/gymnasium_env.py:{method}") for method in ("step", "reset", "action_masks")
        )
        shares = ", ".join(f"{what} {seconds / total:.0%}" for what, seconds in parts.items())
        print(f"{name}: {1000 * total / steps / n:.2f} ms a learner step: {shares}", flush=True)
        print(
            f"    SyncVectorEnv: {1000 * sync / steps / n:.2f} ms, outside asobiba's env {1 - games / sync:.1%}",
            flush=True,
        )


def openspiel_steps(game: Any, seed: int, as_list: bool = False) -> Iterator[None]:
    """One player decision per ``next`` of uniformly random play of an OpenSpiel game: the
    observation of the player to move through OpenSpiel's observer (``make_observation``, a numpy
    tensor, as PettingZoo gives), or with ``as_list`` pyspiel's ``observation_tensor`` (a list)."""
    from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

    rng = np.random.default_rng(seed)
    observation = make_observation(game)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=probabilities)]))
                continue
            if as_list:
                state.observation_tensor(state.current_player())
            else:
                observation.set_from(state, state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            yield


def pettingzoo_steps(make: Callable[[], Any], seed: int) -> Iterator[None]:
    """One ``env.step`` of the agent to move per ``next``, after ``env.last()`` built its observation."""
    env = make()
    rng = np.random.default_rng(seed)
    games = 0
    while True:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            yield
        games += 1


def interleaved(runners: dict[str, Iterator[None]], seconds: float, slices: int) -> dict[str, float]:
    """Steps per second of each runner, each given ``seconds`` in all, in ``slices`` turns taken in
    rotation (the machine's load, shared with other jobs, then weighs on each alike)."""
    steps = dict.fromkeys(runners, 0)
    spent = dict.fromkeys(runners, 0.0)
    for _ in range(slices):
        for name, runner in runners.items():
            started = time.perf_counter()
            deadline = started + seconds / slices
            count = 0
            while True:
                next(runner)
                count += 1
                if not count % 8 and time.perf_counter() >= deadline:
                    break
            steps[name] += count
            spent[name] += time.perf_counter() - started
    return {name: steps[name] / spent[name] for name in runners}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per environment")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slices", type=int, default=6, help="turns each environment takes, in rotation")
    parser.add_argument("--env", default=None, help="only setups whose name contains this")
    parser.add_argument(
        "--vector", type=int, default=0, metavar="N", help="compare vector_env(setup, N) with a SyncVectorEnv of N"
    )
    parser.add_argument("--profile", action="store_true", help="with --vector: where a step's time goes")
    arguments = parser.parse_args()
    if arguments.vector and arguments.profile:
        profile_vector(arguments)
        return
    if arguments.vector:
        compare_vector(arguments)
        return
    try:
        import pyspiel  # type: ignore[import-not-found]

        importlib.import_module("asobiba.rl.openspiel")  # registers the games (binds no local name)
    except ImportError as error:
        pyspiel = None
        print(f"(OpenSpiel is not available: {error}; the OpenSpiel columns are left empty)")
    seconds, seed = arguments.seconds, arguments.seed
    print(
        f"{'setup':34} {'PettingZoo':>11} {'Gymnasium':>10} {'OpenSpiel':>10} {'OS / PZ':>8} {'OS list':>8}   (steps/s)"
    )
    for name in SETUPS:
        if arguments.env is not None and arguments.env not in name:
            continue
        runners = {
            "pettingzoo": pettingzoo_steps(functools.partial(asobiba.rl.make, name), seed),
            "gymnasium": gymnasium_steps(
                functools.partial(asobiba.rl.make, name, api="gymnasium", opponents="random"), seed
            ),
        }
        if pyspiel is not None:
            game = asobiba.rl.make(name, api="openspiel")
            runners["openspiel"] = openspiel_steps(game, seed)
            runners["openspiel list"] = openspiel_steps(game, seed, as_list=True)
        rates = interleaved(runners, seconds, arguments.slices)
        pettingzoo, gym = rates["pettingzoo"], rates["gymnasium"]
        spiel, listed = rates.get("openspiel", float("nan")), rates.get("openspiel list", float("nan"))
        print(
            f"{name:34} {pettingzoo:11.0f} {gym:10.0f} {spiel:10.0f} {spiel / pettingzoo:8.2f} {listed:8.0f}",
            flush=True,
        )
    if arguments.env is not None:
        return
    for name, make in _pettingzoo_classic().items():
        rate = interleaved({name: pettingzoo_steps(make, seed)}, seconds, 1)[name]
        print(f"{name:34} {rate:11.0f}", flush=True)
    if pyspiel is not None:
        for name in SPIEL_GAMES:
            rate = interleaved({name: openspiel_steps(pyspiel.load_game(name), seed)}, seconds, 1)[name]
            print(f"{'pyspiel ' + name:34} {'':>11} {'':>10} {rate:10.0f}", flush=True)


if __name__ == "__main__":
    main()
