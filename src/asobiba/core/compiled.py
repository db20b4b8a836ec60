"""The compiled core: which path the games' rules engines run on, and the switch to the pure one.

A game may list modules of its package in ``games/<game>/compiled.toml`` (``modules = ["state", …]``,
dotted names below the game's package). ``setup.py`` compiles them with mypyc when a C compiler and
mypy are at hand, next to the ``.py`` files they are built from, and records the sources' digests in
``asobiba/_compiled.json``. Built or not, the ``.py`` files stay: they are the pure path.

The compiled path is used when every listed module has its extension and the sources are those the
build compiled; otherwise (or with ``ASOBIBA_PURE=1`` in the environment) every listed module is
loaded from its ``.py`` file, all of them together, never a mix. :func:`install` (run by ``import
asobiba``) puts the finder doing that first on ``sys.meta_path``; :func:`core_status` says which path
is in use and why.

>>> status = core_status()
>>> status.path in ("compiled", "pure")
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Final, Literal

#: The environment variable forcing the pure-Python path (any value but empty or ``0``).
PURE_VARIABLE: Final = "ASOBIBA_PURE"
#: The list of a game's compiled modules, in the game's package.
LIST_NAME: Final = "compiled.toml"
#: The digests of the compiled sources, written by the build next to the package's ``__init__.py``.
MANIFEST_NAME: Final = "_compiled.json"

_PACKAGE: Final = Path(__file__).resolve().parent.parent
_GAMES: Final = _PACKAGE / "games"

Reason = Literal["compiled", "requested", "not-built", "partly-built", "changed"]


@dataclass(frozen=True)
class CoreStatus:
    """Which path the listed modules run on (``compiled`` or ``pure``) and why."""

    path: Literal["compiled", "pure"]
    reason: Reason
    modules: tuple[str, ...]


def pure_requested(environ: dict[str, str] | None = None) -> bool:
    """Whether the environment asks for the pure path.

    >>> pure_requested({"ASOBIBA_PURE": "1"}), pure_requested({"ASOBIBA_PURE": "0"}), pure_requested({})
    (True, False, False)
    """
    value = (os.environ if environ is None else environ).get(PURE_VARIABLE, "")
    return value.strip() not in ("", "0")


def listed_sources(games: Path = _GAMES) -> dict[str, Path]:
    """Every module the games list in their ``compiled.toml``, by dotted name, with its ``.py`` file."""
    found: dict[str, Path] = {}
    for listing in sorted(games.glob(f"*/{LIST_NAME}")):
        names = tomllib.loads(listing.read_text(encoding="utf-8")).get("modules", [])
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ValueError(f"{listing}: 'modules' must be a list of module names")
        package = f"{_PACKAGE.name}.{games.name}.{listing.parent.name}"
        for name in names:
            found[f"{package}.{name}"] = listing.parent.joinpath(*name.split(".")).with_suffix(".py")
    return found


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension_of(source: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.is_file():
            return candidate
    return None


@cache
def _listed() -> dict[str, Path]:
    return listed_sources()


@cache
def core_status() -> CoreStatus:
    """The path in use for this process (decided once, on first use)."""
    sources = _listed()
    modules = tuple(sorted(sources))
    built = [name for name, source in sources.items() if _extension_of(source) is not None]
    if pure_requested():
        return CoreStatus("pure", "requested", modules)
    if not built:
        return CoreStatus("pure", "not-built", modules)
    if len(built) != len(sources):
        return CoreStatus("pure", "partly-built", modules)
    try:
        manifest = json.loads((_PACKAGE / MANIFEST_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return CoreStatus("pure", "partly-built", modules)
    if not isinstance(manifest, dict) or any(
        manifest.get(name) != source_digest(source) for name, source in sources.items()
    ):
        return CoreStatus("pure", "changed", modules)
    return CoreStatus("compiled", "compiled", modules)


class SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their ``.py`` files when the pure path is in use."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(f"{_PACKAGE.name}.{_GAMES.name}."):
            return None
        source = _listed().get(fullname)
        if source is None or core_status().path == "compiled" or _extension_of(source) is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    """Put :class:`SourceFirst` first on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst())


def module_is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension (a compiled module).

    >>> import json
    >>> module_is_compiled(json)
    False
    """
    origin = getattr(module, "__file__", None) or ""
    return any(origin.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
