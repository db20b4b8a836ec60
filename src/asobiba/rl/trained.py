"""Trained agents shipped with asobiba: the ``ppo`` bot, a small network per game, run without torch.

``examples/train_agents.py`` trains sb3-contrib's MaskablePPO on one named setup of each game
(:data:`TRAINED`) and exports the policy network (the actor: its layers' weights, float16) to
``asobiba/rl/weights/<setup>.npz``, package data of a few hundred kB. :class:`NetworkPolicy` reads
such a file and runs the forward pass in numpy (the ``rl`` extra); nothing is downloaded and torch
is not needed to play. The ``ppo`` bot (``asobiba.bot("ppo")``) plays the game's network from its
own observation like every bot: the encoded view, the legal numbers as the mask; it samples from
the network's distribution over the legal numbers with its own seed (``greedy=true``: the most
likely number).

A network reads one observation shape and one action space: the ``ppo`` bot plays the setups
whose encoder and codec have the trained setup's sizes (the trained player count; a Paper Safari
match of any length, since one round's tensors have the match's shape) and refuses any other,
naming the setup it was trained on.

>>> import asobiba
>>> state = asobiba.new_game("cockroach-poker", players=4, seed=2)
>>> asobiba.bot("ppo", seed=1).choose(state.observe(state.to_move)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from asobiba.bots.base import Bot
from asobiba.core.errors import AsobibaError, InvalidOption
from asobiba.core.state import Action, Observation
from asobiba.rl.policy import PolicyBot

if TYPE_CHECKING:
    import random

__all__ = [
    "TRAINED",
    "NetworkPolicy",
    "TrainedBot",
    "check_table",
    "export_maskable_ppo",
    "network",
    "plays_table",
    "weights_path",
]


def _shipped() -> dict[str, str]:
    """Game -> the named setup its shipped network was trained on, read from the weights files (each
    names its game and setup), so that this module names no game."""
    found: dict[str, str] = {}
    for entry in sorted(files("asobiba.rl").joinpath("weights").iterdir(), key=lambda entry: entry.name):
        if entry.name.endswith(".npz"):
            with np.load(Path(str(entry)), allow_pickle=False) as data:
                found[str(data["game"])] = str(data["setup"])
    return found


#: Game -> the named setup its shipped network was trained on.
TRAINED: dict[str, str] = _shipped()

ACTIVATIONS = ("tanh", "relu")


def weights_path(setup: str) -> Path:
    """The shipped weights of ``setup`` (``asobiba/rl/weights/<setup>.npz``)."""
    return Path(str(files("asobiba.rl").joinpath("weights", f"{setup}.npz")))


class NetworkPolicy:
    """A policy network's forward pass in numpy: ``(observation, mask) -> action number``.

    The file (``.npz``, read without pickle) holds ``scale`` (the observation is multiplied by it
    first), the layers ``w0, b0, w1, b1, …`` (``w`` is inputs × outputs; every layer but the last is
    followed by ``activation``) and the setup it was trained on (``setup``, ``game``,
    ``action_space``). Called with a ``rng`` it samples among the legal numbers by the network's
    probabilities, without one it takes the most likely.
    """

    def __init__(self, path: Path | str) -> None:
        with np.load(path, allow_pickle=False) as data:
            self.setup = str(data["setup"])
            self.game = str(data["game"])
            space = str(data["action_space"])
            self.action_space: str | None = space or None
            self.activation = str(data["activation"])
            self.scale = data["scale"].astype(np.float32)
            count = sum(1 for key in data.files if key.startswith("w"))
            self.layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32)) for i in range(count)]
        if self.activation not in ACTIVATIONS:
            raise InvalidOption("unknown activation {value}", domain="rl", value=repr(self.activation))
        self.inputs = self.layers[0][0].shape[0]
        self.outputs = self.layers[-1][0].shape[1]

    def logits(self, observation: np.ndarray) -> np.ndarray:
        """The network's logits for one observation (or a batch, rows)."""
        hidden = np.asarray(observation, dtype=np.float32) * self.scale
        for weights, bias in self.layers[:-1]:
            hidden = hidden @ weights + bias
            hidden = np.tanh(hidden) if self.activation == "tanh" else np.maximum(hidden, 0.0)
        weights, bias = self.layers[-1]
        result: np.ndarray = hidden @ weights + bias
        return result

    def __call__(self, observation: np.ndarray, mask: np.ndarray, rng: random.Random | None = None) -> int:
        legal = np.flatnonzero(mask)
        logits = self.logits(observation)[legal].astype(np.float64)
        if rng is None or len(legal) == 1:
            return int(legal[int(np.argmax(logits))])
        weights = np.exp(logits - logits.max())
        cumulative = np.cumsum(weights)
        drawn = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return int(legal[min(drawn, len(legal) - 1)])


@cache
def network(game: str) -> NetworkPolicy:
    """The shipped network of ``game`` (loaded once)."""
    if game not in TRAINED:
        raise InvalidOption(
            "the ppo bot has no trained network for {game}; it plays {games}",
            domain="rl",
            game=game,
            games=", ".join(TRAINED),
        )
    return NetworkPolicy(weights_path(TRAINED[game]))


class _Play:
    """The policy function a :class:`TrainedBot` hands to :class:`PolicyBot`: its current network."""

    def __init__(self, bot: TrainedBot) -> None:
        self.bot = bot
        self.network: NetworkPolicy | None = None
        self.action_space: str | None = None

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        assert self.network is not None
        return self.network(observation, mask, None if self.bot.greedy else self.bot.rng)


class TrainedBot(PolicyBot):
    """The ``ppo`` level: the game's shipped network (:func:`network`), sampled with the bot's seed."""

    name = "ppo"

    def __init__(self, seed: int | None = None, greedy: bool = False) -> None:
        Bot.__init__(self, seed)  # (not PolicyBot's: the function is the network of the game played)
        self.greedy = greedy
        self._tools = {}
        self.function: _Play = _Play(self)

    def choose(self, observation: Observation) -> Action:
        found = network(observation.game.name)
        self.function.network = found
        self.function.action_space = found.action_space
        encoder, codec = self._encoder_and_codec(observation)
        if not _fits(found, encoder.shape, codec.size):
            raise _unfit(found, int(observation.view["players"]))
        return super().choose(observation)


def _fits(found: NetworkPolicy, shape: tuple[int, ...], size: int) -> bool:
    return shape == (found.inputs,) and size == found.outputs


def _unfit(found: NetworkPolicy, players: int) -> InvalidOption:
    return InvalidOption(
        "the ppo bot's network for {game} was trained on {setup}; it cannot play this table "
        "({players} players with these options)",
        domain="rl",
        game=found.game,
        setup=found.setup,
        players=players,
    )


def check_table(game: str, players: int, options: Mapping[str, Any] | None = None) -> None:
    """Refuse (:class:`InvalidOption`, naming the setup it was trained on) a table the ``ppo`` bot
    cannot play: a game without a network, or a player count and options whose observation or
    action numbers differ from the trained setup's. Bad options are refused as the game refuses them."""
    from asobiba.rl import codec, encoder

    found = network(game)
    chosen = dict(options or {})
    if not _fits(
        found, encoder(game, players, **chosen).shape, codec(game, players, found.action_space, **chosen).size
    ):
        raise _unfit(found, players)


def plays_table(game: str, players: int, options: Mapping[str, Any] | None = None) -> bool:
    """Whether the ``ppo`` bot plays this table (see :func:`check_table`)."""
    try:
        check_table(game, players, options)
    except AsobibaError:
        return False
    return True


def export_maskable_ppo(
    model: Any,
    path: Path | str,
    *,
    game: str,
    setup: str = "",
    action_space: str | None = None,
    scale: np.ndarray | None = None,
) -> Path:
    """Write the actor of an sb3 ``MaskablePPO`` ``MlpPolicy`` (tanh or ReLU layers over a flat
    observation) as a :class:`NetworkPolicy` file for ``game``: ``scale`` is what the observation
    was multiplied by in training (none: 1), ``action_space`` the codec's (``"compact"``: Survive!'s;
    a named ``setup``'s own by default). Needs torch (training only)."""
    torch = importlib.import_module("torch")  # (training only: the rl extra does not have it)
    policy = model.policy
    linear = [module for module in policy.mlp_extractor.policy_net if isinstance(module, torch.nn.Linear)]
    activations = {type(module).__name__ for module in policy.mlp_extractor.policy_net} - {"Linear"}
    activation = {"Tanh": "tanh", "ReLU": "relu"}[activations.pop()] if activations else "tanh"
    arrays: dict[str, Any] = {}
    for i, layer in enumerate([*linear, policy.action_net]):
        arrays[f"w{i}"] = layer.weight.detach().cpu().numpy().T.astype(np.float16)
        arrays[f"b{i}"] = layer.bias.detach().cpu().numpy().astype(np.float16)
    if action_space is None and setup:
        from asobiba.rl.named import all_setups

        action_space = all_setups()[setup].action_space
    inputs = arrays["w0"].shape[0]
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        target,
        setup=np.array(setup),
        game=np.array(game),
        action_space=np.array(action_space or ""),
        activation=np.array(activation),
        scale=np.ones(inputs, dtype=np.float32) if scale is None else np.asarray(scale, dtype=np.float32),
        **arrays,
    )
    return target
