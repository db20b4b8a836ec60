"""Game-agnostic players: random, heuristic (each game's own), search; levels; the arena.

A *bot spec* names a bot and, optionally, its parameters: ``"hard"``, ``"ismcts:iterations=300"``,
``"ismcts:time_limit=0.5,rollout=random"``. Values are read as numbers, ``true``/``false``/``none``
where they look like one, else as text.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from asobiba.bots.base import Bot, HeuristicBot, RandomBot
from asobiba.bots.pimc import load_function

#: Bot name -> factory taking a seed (and, for some, keyword parameters). Levels add themselves.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def _parameter(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its name and parameters.

    >>> parse_spec("ismcts:iterations=300,rollout=random")
    ('ismcts', {'iterations': 300, 'rollout': 'random'})
    >>> parse_spec("policy:my_package.policies:greedy")
    ('policy', {'function': 'my_package.policies:greedy'})
    """
    from asobiba.core.errors import InvalidOption

    name, _, rest = spec.partition(":")
    if name.strip() == "policy":  # a learned policy: its "module:function" path
        return "policy", {"function": rest.strip()}
    parameters: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, equals, value = item.partition("=")
        if not equals or not key.strip():
            raise InvalidOption(
                "bot spec {spec}: parameters are written key=value, not {item}", spec=repr(spec), item=repr(item)
            )
        parameters[key.strip()] = _parameter(value.strip())
    return name.strip(), parameters


def bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name or spec: ``random``, ``heuristic``, a level (``easy``, ``normal``, ``hard``),
    or ``ismcts`` with parameters (``"ismcts:iterations=200"``), or a learned policy of the research
    API (``"policy:package.module:function"``, :mod:`asobiba.rl.policy`), or ``ppo``, the trained
    agent shipped for each game (:mod:`asobiba.rl.trained`; needs ``asobiba[rl]``).

    >>> import asobiba
    >>> state = asobiba.new_game("cockroach-poker", players=3, seed=2)
    >>> action = asobiba.bot("random", seed=1).choose(state.observe(state.to_move))
    >>> action in state.legal_actions()
    True
    """
    from asobiba.core.errors import InvalidOption

    kind, parameters = parse_spec(name)
    if kind not in BOTS:
        raise InvalidOption("unknown bot {name}; the bots are: {bots}", name=repr(kind), bots=", ".join(BOTS))
    try:
        return BOTS[kind](seed, **parameters)
    except TypeError as error:
        raise InvalidOption("bot spec {spec}: {error}", spec=repr(name), error=str(error)) from None


from asobiba.bots.levels import register_levels  # noqa: E402  (the levels use BOTS above)

register_levels(BOTS)

#: The research API's policy bot, by its path: it lives in :mod:`asobiba.rl` (above the bots, which
#: import nothing of it) and is imported when a ``policy:`` spec first asks for it.
POLICY_BOT = "asobiba.rl.policy:PolicyBot"


def _policy_bot(seed: int | None = None, **parameters: Any) -> Bot:
    factory: Callable[..., Bot] = load_function(POLICY_BOT)
    return factory(seed, **parameters)


BOTS["policy"] = _policy_bot

#: The trained agents shipped with asobiba (:mod:`asobiba.rl.trained`: a small network per game, run
#: in numpy, no torch), by their path like the policy bot: ``asobiba.bot("ppo")``.
TRAINED_BOT = "asobiba.rl.trained:TrainedBot"


def _trained_bot(seed: int | None = None, **parameters: Any) -> Bot:
    factory: Callable[..., Bot] = load_function(TRAINED_BOT)
    return factory(seed, **parameters)


BOTS["ppo"] = _trained_bot

#: Bots that play only some tables, by name -> the path of their check ``(game, players, options)``,
#: which raises an :class:`~asobiba.core.errors.AsobibaError` saying why for a table they cannot play.
TABLE_CHECKS: dict[str, str] = {"ppo": "asobiba.rl.trained:check_table"}


def check_table(spec: str, game: str, players: int, options: Mapping[str, Any] | None = None) -> None:
    """Refuse (an :class:`~asobiba.core.errors.AsobibaError` saying why) a bot spec that cannot play
    this table: the ``ppo`` bot plays only the setups its networks were trained for, and needs the
    ``rl`` extra (numpy). Any other bot plays every table.

    >>> check_table("normal", "cockroach-poker", 3)
    >>> check_table("ppo", "cockroach-poker", 4, {"rules": "trump"})
    """
    from asobiba.core.errors import InvalidOption

    kind, _ = parse_spec(spec)
    path = TABLE_CHECKS.get(kind)
    if path is None:
        return
    try:
        check: Callable[..., None] = load_function(path)
    except ImportError as error:
        raise InvalidOption(
            "the {bot} bot needs the rl extra (pip install 'asobiba[rl]'): {error}", bot=kind, error=str(error)
        ) from None
    check(game, players, dict(options or {}))


def plays_table(spec: str, game: str, players: int, options: Mapping[str, Any] | None = None) -> bool:
    """Whether the bot spec plays this table (see :func:`check_table`)."""
    from asobiba.core.errors import AsobibaError

    try:
        check_table(spec, game, players, options)
    except AsobibaError:
        return False
    return True


__all__ = [
    "BOTS",
    "TABLE_CHECKS",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "bot",
    "check_table",
    "parse_spec",
    "plays_table",
]
