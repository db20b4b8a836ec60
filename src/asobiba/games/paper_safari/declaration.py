"""The declaration of paper-safari: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="paper-safari",
    game="asobiba.games.paper_safari:GAME",
    evaluator="asobiba.games.paper_safari.bots:evaluate",
    # PIMC over the heuristic's best placings, play-outs to the end of the round (benchmarks/hard_settings.md).
    hard_settings="asobiba.games.paper_safari.bots:HARD_SETTINGS",
    screen="asobiba.games.paper_safari.screen_fit:PaperSafariScreen",
    web_renderer="asobiba.games.paper_safari:renderer.js",
    web_style="asobiba.games.paper_safari:renderer.css",
    rules="asobiba:rules/paper_safari.{lang}.md",
    locale="asobiba.games.paper_safari:locale",
    # Analysis rollouts are cut short (benchmarks/hard_settings.md: how long a game lasts).
    analysis_rollout_depth=24,
    rl="asobiba.games.paper_safari.rl:RL",
    explain="asobiba.games.paper_safari.explain:explain",
    move_words="asobiba.games.paper_safari.explain:move_words",
    tutorial="asobiba.games.paper_safari:tutorials/basic.toml",
)
