"""A game's declaration: its parts, each loaded through a typed accessor.

A part is given as the object itself or, so that listing the games imports no screen, bot or
research module, as a ``"module:attribute"`` text imported on first use. Either way a consumer
reads it through its accessor, which says its type and checks it once loaded:

=====================  ==================================  ============================================
part                   accessor                            what it names
=====================  ==================================  ============================================
``game``               ``game() -> Game``                  the rules (:class:`~asobiba.core.game.Game`)
``evaluator``          ``evaluator() -> Evaluator | None``  scores a position for every player
``hard_settings``      ``hard_settings() -> HardSettings``  the ``hard`` bot's search
``screen``             ``screen() -> TerminalScreen``      a ``TerminalScreen`` subclass
``rl``                 ``rl() -> RLSupport | None``        the research API's declaration
``explain``            ``explain() -> Explainer | None``   why a move was better, in words
``move_words``         ``move_words() -> MoveWords | None`` a move's pieces as the player saw them
=====================  ==================================  ============================================

A game's tutorials (its ``tutorial`` part: one or more TOML files in its package) are read through
``tutorials()`` (:mod:`asobiba.core.tutorial`).

The screen and the research declaration are types of layers above this one
(:mod:`asobiba.cli.screens.terminal`, :mod:`asobiba.rl.types`); they are looked up by name, the
same way as the parts themselves, when such a part is first loaded.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Literal, cast

from asobiba.core.hard_settings import Evaluator, HardSettings

if TYPE_CHECKING:
    from asobiba.cli.screens.terminal import TerminalScreen
    from asobiba.core.explain import Explainer, MoveWords
    from asobiba.core.game import Game
    from asobiba.core.tutorial import Tutorial
    from asobiba.rl.types import RLSupport

__all__ = ["GameDeclaration", "Part", "Resource"]

#: The parts loaded as Python objects, each through the accessor of its name.
Part = Literal["game", "evaluator", "hard_settings", "screen", "rl", "explain", "move_words"]
#: The parts that are package files (``"package:path"``), read with :meth:`GameDeclaration.resource`.
Resource = Literal["web_renderer", "web_style", "rules"]

#: The classes of the parts from layers above the core, by name (loaded when such a part is).
_SCREEN_CLASS = "asobiba.cli.screens.terminal:TerminalScreen"
_RL_CLASS = "asobiba.rl.types:RLSupport"


def import_named(where: str) -> object:
    """The object a ``"module:attribute"`` text names (``attribute`` may be dotted)."""
    module_name, _, attribute = where.partition(":")
    found: object = importlib.import_module(module_name)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found


def _tutorial_files(name: str, given: str | Sequence[str] | None) -> tuple[str, ...]:
    named = () if given is None else (given,) if isinstance(given, str) else tuple(given)
    for where in named:
        package, colon, path = where.partition(":") if isinstance(where, str) else ("", "", "")
        if not (package and colon and path.endswith(".toml")):
            raise ValueError(f"the game {name}'s tutorial must be named as 'package:path.toml', not {where!r}")
    return named


def _check_named(name: str, part: str, given: object) -> None:
    if isinstance(given, str):
        module_name, colon, attribute = given.partition(":")
        if not (module_name and colon and attribute):
            raise ValueError(
                f"the game {name}'s {part} must be named as 'module:attribute' (or given as the object), not {given!r}"
            )


class GameDeclaration:
    """Everything asobiba knows of one game.

    - ``name``: the game's name (``"cockroach-poker"``);
    - ``game``: the :class:`~asobiba.core.game.Game` instance (state, notation, heuristic, texts,
      capabilities);
    - ``evaluator``: a function ``State -> list[float]`` scoring a position for every player
      (a search's play-outs cut short, the research API's ``horizon``);
    - ``hard_settings``: a :class:`~asobiba.core.hard_settings.HardSettings`, the ``hard`` level's search;
    - ``screen``: a subclass of :class:`~asobiba.cli.screens.terminal.TerminalScreen`, the terminal screen
      (its methods default to the generic table);
    - ``web_renderer``: the browser module drawing the game, as ``"package:file.js"`` (a file the
      package carries; the server serves it and the files beside it at ``/games/<name>/<file>``);
    - ``web_style``: the game's style sheet, as ``"package:file.css"`` (the classes its renderer draws
      with; the client adds it to the page once, when it loads the game's renderer, and the page's own
      style sheet holds no game's rules); served at ``/games/<name>/<file>`` too;
    - ``rules``: the rules pages, as ``"package:path"`` with ``{lang}`` in the path;
    - ``locale``: the folder of the game's translations, as ``"package:folder"``, holding gettext
      catalogs ``<lang>/LC_MESSAGES/<domain>.po`` (its domain is ``Game.text_domain``: its log lines,
      option texts and error messages); :class:`~asobiba.core.i18n.Catalog` reads them from there;
    - ``analysis_rollout_depth``: moves an analysis rollout plays before the evaluator scores it
      (``None``: to the end);
    - ``rl``: the research API's declaration (an :class:`~asobiba.rl.types.RLSupport`: the encoder,
      the action spaces, how OpenSpiel deals the game); without it the game gets the generic one;
    - ``explain``: the explanation hook (an :data:`~asobiba.core.explain.Explainer`): why a move was
      better, in words, for the coach, the hints and the learning verdicts (without it they say the
      numbers alone);
    - ``move_words``: a :data:`~asobiba.core.explain.MoveWords`, the coach's words for a move's pieces
      where the game's description names them by number ("your red explorer worth 5 on r3c4");
    - ``tutorial``: the game's tutorials, as ``"package:path.toml"`` (or a list of them, the first the
      default): a guided first game each (:mod:`asobiba.core.tutorial`), read by ``tutorials()``;
    - ``gym_version``: the version of its Gymnasium id ``asobiba/<Game>-v<version>`` (here, not in
      ``rl``: ``import asobiba.rl`` registers every game's id without importing any game's research
      module, so a game's ``rl`` module may be the first thing imported).

    A game declaring only ``name`` and ``game`` plays everywhere: the terminal and the browser
    draw it with their generic table (its view as panels, its actions grouped by their data), the
    ``hard`` bot is IS-MCTS and the research API uses its generic encoder and codec.
    """

    name: str
    web_renderer: str | None
    web_style: str | None
    rules: str | None
    locale: str | None
    tutorial: tuple[str, ...]
    analysis_rollout_depth: int | None
    gym_version: int
    _parts: dict[str, object]
    _loaded: dict[str, object]

    __slots__ = (
        "_loaded",
        "_parts",
        "analysis_rollout_depth",
        "gym_version",
        "locale",
        "name",
        "rules",
        "tutorial",
        "web_renderer",
        "web_style",
    )

    def __init__(
        self,
        name: str,
        game: str | Game,
        *,
        evaluator: str | Evaluator[Any] | None = None,
        hard_settings: str | HardSettings[Any, Any] | None = None,
        screen: str | type[TerminalScreen] | None = None,
        web_renderer: str | None = None,
        web_style: str | None = None,
        rules: str | None = None,
        locale: str | None = None,
        analysis_rollout_depth: int | None = None,
        rl: str | RLSupport | None = None,
        explain: str | Explainer | None = None,
        move_words: str | MoveWords | None = None,
        tutorial: str | Sequence[str] | None = None,
        gym_version: int = 1,
    ) -> None:
        if not isinstance(name, str) or not name:
            raise TypeError(f"a game's name is a text, not {name!r}")
        parts: dict[str, object] = {
            "game": game,
            "evaluator": evaluator,
            "hard_settings": hard_settings,
            "screen": screen,
            "rl": rl,
            "explain": explain,
            "move_words": move_words,
        }
        for part, given in parts.items():
            _check_named(name, part, given)
        fields: dict[str, object] = {
            "name": name,
            "_parts": {part: given for part, given in parts.items() if given is not None},
            "_loaded": {},
            "web_renderer": web_renderer,
            "web_style": web_style,
            "rules": rules,
            "locale": locale,
            "tutorial": _tutorial_files(name, tutorial),
            "analysis_rollout_depth": analysis_rollout_depth,
            "gym_version": gym_version,
        }
        self.__setstate__(fields)

    def __getstate__(self) -> dict[str, object]:
        """What a copy sent to another process holds: the parts as declared, nothing loaded (the
        receiver imports them itself, once its path is set)."""
        return {name: getattr(self, name) for name in self.__slots__ if name != "_loaded"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in {**state, "_loaded": {}}.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a GameDeclaration is not changed once made (its {name} is set where it is declared)")

    def __eq__(self, other: object) -> bool:
        """Two declarations are equal when they declare the same parts the same way."""
        if not isinstance(other, GameDeclaration):
            return NotImplemented
        return self.__getstate__() == other.__getstate__()

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        named = ", ".join(f"{part}={given!r}" for part, given in self._parts.items())
        return f"GameDeclaration(name={self.name!r}, {named})"

    # ------------------------------------------------------------------ the parts

    def declares(self, part: Part) -> bool:
        """Whether the declaration names ``part`` (else its accessor gives the default)."""
        return part in self._parts

    def named(self, part: Part) -> str | None:
        """The ``"module:attribute"`` text ``part`` is declared as (``None``: given as the object, or not declared)."""
        given = self._parts.get(part)
        return given if isinstance(given, str) else None

    def _load(self, part: Part, check: Callable[[object], bool], what: str) -> object | None:
        """The part called ``part``, imported if named (``None`` if the declaration has none);
        :class:`TypeError` naming the part and what it should be if ``check`` refuses it."""
        if part in self._loaded:
            return self._loaded[part]
        given = self._parts.get(part)
        if given is None:
            return None
        found = import_named(given) if isinstance(given, str) else given
        if not check(found):
            kind = type(found).__name__
            raise TypeError(f"the game {self.name}'s {part} ({given!r}) is not {what} (it is of type {kind})")
        self._loaded[part] = found
        return found

    def game(self) -> Game:
        """The rules."""
        from asobiba.core.game import Game

        found = self._load("game", lambda found: isinstance(found, Game), "a Game")
        return cast(Game, found)

    def evaluator(self) -> Evaluator | None:
        """The function scoring a position for every player, or ``None`` if the game has none."""
        found = self._load("evaluator", callable, "a function State -> list[float]")
        # Checked callable; its signature is the declaration's word (a text cannot say more).
        return None if found is None else cast(Evaluator, found)

    def hard_settings(self) -> HardSettings[Any, Any]:
        """The ``hard`` level's search (the defaults, IS-MCTS, if the game declares none); its
        functions read the game's own states and views."""
        found = self._load("hard_settings", lambda found: isinstance(found, HardSettings), "a HardSettings")
        return found if isinstance(found, HardSettings) else HardSettings()

    def screen(self) -> TerminalScreen:
        """The terminal screen (the generic table if the game has none of its own)."""
        screen_class = cast("type[TerminalScreen]", import_named(_SCREEN_CLASS))
        if "screen" not in self._loaded:
            found = self._load(
                "screen",
                lambda found: isinstance(found, type) and issubclass(found, screen_class),
                "a TerminalScreen subclass",
            )
            self._loaded["screen"] = (found if isinstance(found, type) else screen_class)()
        made = self._loaded["screen"]
        assert isinstance(made, screen_class)
        return made

    def rl(self) -> RLSupport | None:
        """The research API's declaration, or ``None`` (the generic one then serves)."""
        support_class = cast("type[RLSupport]", import_named(_RL_CLASS))
        found = self._load("rl", lambda found: isinstance(found, support_class), "an RLSupport")
        return found if isinstance(found, support_class) else None

    def explain(self) -> Explainer | None:
        """The explanation hook, or ``None`` if the game has none (the coach then says the numbers alone)."""
        found = self._load("explain", callable, "a function MoveToExplain -> list[str]")
        return None if found is None else cast("Explainer", found)

    def move_words(self) -> MoveWords | None:
        """The coach's words for a move's pieces, or ``None`` (the game's description serves)."""
        found = self._load("move_words", callable, "a function (observation, action, text, lang, merged) -> str")
        return None if found is None else cast("MoveWords", found)

    def tutorials(self) -> tuple[Tutorial, ...]:
        """The game's tutorials, loaded from its package (the default first; empty if it has none).

        >>> from asobiba.core.registry import declaration
        >>> all(tutorial.game == "cockroach-poker" for tutorial in declaration("cockroach-poker").tutorials())
        True
        """
        if "tutorials" not in self._loaded:
            from asobiba.core.tutorial import load_tutorial

            self._loaded["tutorials"] = tuple(load_tutorial(self.name, where) for where in self.tutorial)
        return cast("tuple[Tutorial, ...]", self._loaded["tutorials"])

    # ------------------------------------------------------------------ package files

    def resource(self, part: Resource, **fields: str) -> Traversable | None:
        """The package file the part called ``part`` names (``"web_renderer"``, ``"web_style"``, ``"rules"``), its
        ``{field}`` marks filled from ``fields``; ``None`` if unset or not a file.

        >>> from asobiba.core.registry import declaration
        >>> declaration("cockroach-poker").resource("rules", lang="en").name
        'cockroach_poker.en.md'
        """
        where: str | None = getattr(self, part)
        if where is None:
            return None
        package, _, path = where.partition(":")
        found = files(package).joinpath(path.format(**fields))
        return found if found.is_file() else None

    def catalog(self, domain: str, lang: str) -> Traversable | None:
        """The game's gettext catalog of ``domain`` in ``lang`` (``None`` if its ``locale`` has none).

        >>> from asobiba.core.registry import declaration
        >>> declaration("survive").catalog("survive", "ja").name
        'survive.po'
        """
        if self.locale is None:
            return None
        package, _, folder = self.locale.partition(":")
        found = files(package).joinpath(f"{folder}/{lang}/LC_MESSAGES/{domain}.po")
        return found if found.is_file() else None
