"""The three games have one shape (CONTRIBUTING.md, "The shape of a game"): the same role modules
under the same names; one state class in ``state.py`` whose methods are the contract's and nothing
else, and the rules in the ``rules`` package, a module per section of the rules page, of plain
functions over the state (no rule class, no mixin); one state machine (``state.phase``, a member of
the game's ``Phase`` StrEnum whose value is the view's ``phase``); one way to check (``_check``
dispatching to the rules' ``verify_<action>`` functions); and the game given to its state in the
constructor, so that ``core/state.py`` imports nothing of ``core/game.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import random
import re
from enum import StrEnum
from pathlib import Path
from types import ModuleType

import pytest

import asobiba
from asobiba.core.state import State

PACKAGES = {
    "cockroach-poker": "asobiba.games.cockroach_poker",
    "paper-safari": "asobiba.games.paper_safari",
    "survive": "asobiba.games.survive",
}
ROLES = ("state", "rules", "actions", "notation", "phase", "view", "events", "text", "positions", "bots", "declaration")
CORE = Path(asobiba.__file__).parent / "core"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_core_state_imports_nothing_of_core_game() -> None:
    """Not even for type checking: the game is given to the state, typed by ``GameRules``."""
    assert "asobiba.core.game" not in _imports(CORE / "state.py")
    assert "asobiba.core.state" in _imports(CORE / "game.py")


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_game_has_the_same_role_modules(package: str) -> None:
    for role in ROLES:
        importlib.import_module(f"{package}.{role}")
    assert issubclass(importlib.import_module(f"{package}.phase").Phase, StrEnum)
    assert callable(importlib.import_module(f"{package}.notation").parse)


@pytest.mark.parametrize(("game", "package"), PACKAGES.items(), ids=list(PACKAGES))
def test_the_game_is_given_to_its_state_and_its_phase_is_the_views(game: str, package: str) -> None:
    phase_type = importlib.import_module(f"{package}.phase").Phase
    state = asobiba.new_game(game, players=3, seed=5)
    assert state.game is asobiba.get_game(game)
    assert not any("game" in vars(klass) for klass in type(state).__mro__ if klass is not State), (
        "the game is an attribute of each state, not of its class"
    )
    rng = random.Random(3)
    for _ in range(200):
        if state.is_over:
            break
        assert isinstance(state.phase, phase_type)
        assert state.view(None)["phase"] == state.phase.value
        state.apply(rng.choice(state.legal_actions()))
        assert state.clone().game is state.game


def _state_type(package: str) -> type[State]:
    module = importlib.import_module(f"{package}.state")
    classes = [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, State) and value.__module__ == module.__name__
    ]
    assert len(classes) == 1, classes
    return classes[0]


def _rule_modules(package: str) -> list[ModuleType]:
    rules = importlib.import_module(f"{package}.rules")
    assert hasattr(rules, "__path__"), f"{package}.rules is a package: a module per section of the rules page"
    return [importlib.import_module(f"{rules.__name__}.{info.name}") for info in pkgutil.iter_modules(rules.__path__)]


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_game_has_one_state_class_whose_methods_are_the_contracts(package: str) -> None:
    state_type = _state_type(package)
    assert state_type.__bases__ == (State,), "no mixin: the state derives from State alone"
    extra = [
        name
        for name, value in vars(state_type).items()
        if inspect.isfunction(value) and not name.startswith("__") and not hasattr(State, name)
    ]
    assert not extra, f"rules belong in {package}.rules as functions over the state, not methods: {extra}"


@pytest.mark.parametrize(("game", "package"), PACKAGES.items(), ids=list(PACKAGES))
def test_every_game_keeps_its_rules_in_modules_of_plain_functions(game: str, package: str) -> None:
    modules = _rule_modules(package)
    assert len(modules) >= 3, [module.__name__ for module in modules]
    page = f"rules/{game.replace('-', '_')}.en.md"
    for module in modules:
        assert page in (module.__doc__ or ""), f"{module.__name__} names the section of {page} it follows"
        own_classes = [
            name
            for name, value in vars(module).items()
            if inspect.isclass(value)
            and value.__module__ == module.__name__
            and hasattr(value, "__dict__")
            and any(inspect.isfunction(member) and not key.startswith("__") for key, member in vars(value).items())
        ]
        assert not own_classes, f"{module.__name__}: rules are functions, not classes with methods: {own_classes}"


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_rule_module_imports_only_those_before_it(package: str) -> None:
    """The order is the rules package's docstring; the state is imported for the type checker only."""
    rules = importlib.import_module(f"{package}.rules")
    order = re.findall(r"^- :mod:`\.(\w+)`", rules.__doc__ or "", re.MULTILINE)
    order += re.findall(r", :mod:`\.(\w+)`", rules.__doc__ or "")
    modules = {module.__name__.rpartition(".")[2]: module for module in _rule_modules(package)}
    assert sorted(order) == sorted(modules), f"{package}.rules' docstring lists every rule module once: {order}"
    for index, name in enumerate(order):
        tree = ast.parse(Path(modules[name].__file__ or "").read_text(encoding="utf-8"))
        runtime = {
            node.module
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package)
        }
        later = {f"{package}.rules.{after}" for after in order[index:]} | {f"{package}.state"}
        assert not runtime & later, f"{package}.rules.{name} imports {sorted(runtime & later)} at run time"


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_game_checks_through_verify_functions(package: str) -> None:
    verifiers = [
        name
        for module in _rule_modules(package)
        for name, value in vars(module).items()
        if name.startswith("verify_") and inspect.isfunction(value) and value.__module__ == module.__name__
    ]
    assert len(verifiers) >= 5, verifiers
    own = set(dir(_state_type(package))) - set(dir(State))
    assert not [name for name in own if name.startswith(("verify_", "_illegal", "_check_"))]
