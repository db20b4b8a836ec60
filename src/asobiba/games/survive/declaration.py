"""The declaration of survive: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="survive",
    game="asobiba.games.survive:GAME",
    evaluator="asobiba.games.survive.bots:evaluate",
    # PIMC around the game's own stronger player, play-outs to the end of the turn.
    hard_settings="asobiba.games.survive.bots:HARD_SETTINGS",
    screen="asobiba.games.survive.screen_fit:SurviveScreen",
    web_renderer="asobiba.games.survive:renderer.js",
    web_style="asobiba.games.survive:renderer.css",
    rules="asobiba:rules/survive.{lang}.md",
    locale="asobiba.games.survive:locale",
    # Analysis rollouts are cut short (benchmarks/hard_settings.md: how long a game lasts).
    analysis_rollout_depth=8,
    rl="asobiba.games.survive.rl:RL",
    # Why a move was better, in words, from what the seat knew (the coach, hints, learning verdicts).
    explain="asobiba.games.survive.explain:explain",
    move_words="asobiba.games.survive.explain:move_words",
    # The guided first game (issue 34): you and Ken on a scripted island.
    tutorial="asobiba.games.survive:tutorials/basic.toml",
)
