"""pytest collects this package's doctests only where the extra ``asobiba[rl]`` is installed."""

from __future__ import annotations

from importlib.util import find_spec

#: Modules left out of collection: all of them without the extra, the OpenSpiel one without open_spiel.
collect_ignore_glob: list[str] = []
if any(find_spec(name) is None for name in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob.append("*.py")
    collect_ignore_glob.append("encoders/*.py")
elif find_spec("pyspiel") is None:
    collect_ignore_glob.append("openspiel.py")
