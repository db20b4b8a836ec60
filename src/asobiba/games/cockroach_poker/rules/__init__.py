"""The rules of Cockroach Poker, both rule sets, one module per section of
``rules/cockroach_poker.en.md``: plain functions over
:class:`~asobiba.games.cockroach_poker.state.CockroachPokerState`, each module using only those before it.

- :mod:`.components` the cards, the claims and the players a move names ("Components"),
- :mod:`.setup` the rules in force and the deal ("Setup"),
- :mod:`.end` a row that loses, an empty hand, the result ("End of the game"),
- :mod:`.rounds` an offer, an answer, a peek and a pass ("A round"),
- :mod:`.jokers` redirecting with a joker (the trump rule set's "Jokers"),
- :mod:`.views` what each player may know, :mod:`.determinize` sampling what he may not ("Who may know what").

The steps of a round as the state keeps them, and its sets of players, are in
:mod:`asobiba.games.cockroach_poker.steps`.
"""
