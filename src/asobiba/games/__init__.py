"""The games that ship with asobiba. Each has a ``declaration`` module, registered through the
``asobiba.games`` entry points in ``pyproject.toml`` (see :mod:`asobiba.core.registry`)."""
