"""The rules of Survive!, one module per section of ``rules/survive.en.md``: plain functions over
:class:`~asobiba.games.survive.state.SurviveState`, each module using only those before it.

- :mod:`.pieces` the pieces ("Components", "The board"): small questions and the fates of pieces,
- :mod:`.end` the end of the game and the scores ("End of the game"),
- :mod:`.tiles` removing tiles and their backs, held tiles ("The tiles", "A turn" 1 and 3),
- :mod:`.turn` the order of a turn ("A turn"),
- :mod:`.setup` the layout, the values, the first player, placing explorers and boats ("Setup"),
- :mod:`.movement` explorers and boats, the dolphin and the winds ("A turn" 2),
- :mod:`.creatures` the die, the creatures and the counter tiles ("A turn" 4, "Kill a shark, kill a whale"),
- :mod:`.views` what each player may know, :mod:`.determinize` sampling what he may not ("Who may know what").

The phase and the pending step of a multi-step decision are in :mod:`asobiba.games.survive.steps`.

Where the seed (``seeds/survive_ja.txt``) and the page disagree the seed is followed; where both are
silent, these choices are made:

- Boats are set up on any sea space next to a land tile holding no other boat (the seed; the page
  says "empty"): creatures do not block, so a boat may start in the lagoon beside its serpent.
- Explorers are placed on tiles holding no other *player's* explorer (the seed); with
  ``two_colours`` a player's two colours may share a tile. Turns go by player; boats are controlled
  per colour, and a player controls a boat when one of his colours does.
- Stepping into a sea space with a boat that has room boards it; with no room (or no boat) the
  explorer swims. A swimmer's one move of the turn is a step, boarding a boat or escaping; an
  explorer that jumps into the sea this turn has swum. Explorers washed off a removed tile or a
  capsized boat have not.
- A boat standing on a serpent's space only sinks when it enters one or a serpent enters its
  space; boarding it there is safe. A swimmer may share a whale's space.
- Boat tile: up to 3 swimmers there board at once; with more, the remover chooses 3.
  Shark tile: the shark eats the swimmers on its space (no counter: the counters answer a creature
  *moved* by another player). A tile whose piece is out of supply does nothing.
- Pieces removed by a whirlpool or a counter tile leave the game.
- Dolphin: one step at a time, up to 3, stopping at will, on boarding, or when eaten; it does not
  use the swimmer's move of the turn. Winds: a boat the player controls (the page; not an empty one).
- An explorer that swam onto a boat this turn (stepping or climbing aboard) does not swim again that
  turn; it may step on to another boat with room (no swim: the seed limits only swimmers), escape
  from it or be carried by it.
- A held tile is played before the first move of the turn; a player with no explorer on the board
  skips moving but may still play one.
- The rolled creature may be left where it is (``stop``), as the seed says "may".
"""
