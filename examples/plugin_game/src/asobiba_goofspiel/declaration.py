"""The declaration asobiba finds through the ``asobiba.games`` entry point (see ``pyproject.toml``).

Only ``name`` and ``game`` are needed; everything else is optional. Each part is named as
``"module:attribute"`` and imported on first use, through the declaration's typed accessors
(``DECLARATION.evaluator()``, ``DECLARATION.rl()``…). Without ``screen`` (a ``TerminalScreen``
subclass) and ``web_renderer`` the terminal and the browser draw the game with their generic
tables; without ``hard_settings`` (a ``HardSettings``) the ``hard`` bot is IS-MCTS.
"""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="goofspiel",
    game="asobiba_goofspiel:GAME",
    evaluator="asobiba_goofspiel.bots:evaluate",
    rules="asobiba_goofspiel:rules/goofspiel.{lang}.md",
    # its translations: locale/ja/LC_MESSAGES/goofspiel.po (log lines, option texts, error messages)
    locale="asobiba_goofspiel:locale",
    # A game lasts (cards) × (players + 1) steps: rollouts run to the end.
    analysis_rollout_depth=None,
    # the research API (asobiba.rl; needs numpy): the action codec, the observation encoder, OpenSpiel
    rl="asobiba_goofspiel.rl:RL",
    # a guided first game (`asobiba learn goofspiel`): a TOML file in the package, see its comments
    tutorial="asobiba_goofspiel:tutorials/basic.toml",
)
