"""The rules of Paper Safari, one module per section of ``rules/paper_safari.en.md``: plain
functions over :class:`~asobiba.games.paper_safari.state.PaperSafariState`, each module using only
those before it. A grid's slots and its score are in :mod:`asobiba.games.paper_safari.grid`.

- :mod:`.cards` the cards and the grids' places ("Components"),
- :mod:`.end` the end of a turn and of a round, the scores and the match ("End of a round and scoring"),
- :mod:`.specials` Charizard, Snorlax, Mew, Zapdos and Team Rocket ("Special cards"),
- :mod:`.turn` draw, take the discard, swap or discard; the pile made again ("A turn"),
- :mod:`.setup` the starter, the deal, the first flips ("Setup"),
- :mod:`.moves` each field of a move in range, and what the player to move must do ("Typing moves"),
- :mod:`.views` what each player may know, :mod:`.determinize` sampling what he may not ("Who may know what").

Where the rules page is silent, this engine decides:

* The first round's starter is a chance action (``start p2``); ``card_order`` fixes the first deal
  only (later deals are shuffled).
* The pile is reshuffled as soon as it is empty at the end of an action (so a decision never meets
  an empty pile), or in the middle of Team Rocket's refill when a card is needed.
* A drawn Team Rocket or Mew is shown to everybody at once (its coin or its choices show it);
  any other drawn card stays the drawer's secret until he places or discards it.
* Cards drawn for Team Rocket's refill, passed by Zapdos or taken by Mew trigger nothing.
* Charizard with no face-down card left, or a peek of a card already peeked, are allowed
  (the former has no step); the round's end is checked after the optional step.
* In a tie, cards compare by the numbers they count for (a Ditto: the number it copies; between
  Ditto choices giving equal totals, the higher numbers).
"""
