"""The end of a turn and of a round (rules/paper_safari.en.md "End of a round and scoring"): a round
ends the moment somebody has six cards face up; the grids are scored, the lowest takes a token, and
the first with enough tokens wins the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobiba.core.events import Event
from asobiba.core.state import CHANCE
from asobiba.games.paper_safari import events as ev
from asobiba.games.paper_safari.grid import ALL_GRID_SLOTS, GRID, grid_slots, round_winner, score_places
from asobiba.games.paper_safari.phase import Phase

if TYPE_CHECKING:
    from asobiba.games.paper_safari.state import PaperSafariState


def end_turn(state: PaperSafariState, events: list[Event]) -> None:
    """The whole action has resolved: the round ends the moment somebody has six cards face up
    (with option final_turns, after one more turn of everybody else)."""
    state.turns += 1
    state.turn_steps = []
    if state.turns == state.turn_limit:  # research option turn_limit (0: none)
        end_round(state, events)
        return
    if state.final_left < 0:
        # Somebody's six cards all face up (a scan in C: this runs after every turn).
        if any(map(all, map(state.face_up.__getitem__, ALL_GRID_SLOTS[: state.players]))):
            if not state.final_turns:
                end_round(state, events)
                return
            state.final_left = state.players - 1
    else:
        state.final_left -= 1
        if state.final_left == 0:
            end_round(state, events)
            return
    state.player = (state.player + 1) % state.players
    if state.pile:
        state.phase = Phase.TURN
        state.to_play = state.player
    else:
        state.phase = Phase.RESHUFFLE
        state.to_play = CHANCE


def end_round(state: PaperSafariState, events: list[Event]) -> None:
    """All cards face up; score; the lowest takes a token (see :func:`round_winner`)."""
    values = state.deck.values
    state.face_up = [True] * (GRID * state.players)
    state.peeked = [0] * state.players
    scores: list[int] = []
    numbers: list[list[int]] = []
    for player in range(state.players):
        score, counted = score_places(
            [values[card] if card >= 0 else None for card in state.cards[grid_slots(player)]], state.columns
        )
        scores.append(score)
        numbers.append(counted)
    winner = round_winner(scores, numbers)
    if winner is not None:
        state.tokens[winner] += 1
    ids = state.deck.ids
    state.rounds = (
        *state.rounds,
        {
            "round": state.round,
            "starter": state.starter,
            "scores": scores,
            "numbers": numbers,
            "winner": winner,
            "grids": [
                [ids[card] if card >= 0 else "" for card in state.cards[grid_slots(p)]] for p in range(state.players)
            ],
            "tokens": list(state.tokens),
        },
    )
    events.append(ev.RoundScored(state.round, tuple(scores), winner, tuple(state.tokens)))
    state.hand = -1
    if winner is not None and state.tokens[winner] >= state.tokens_to_win:
        state.phase = Phase.OVER
        state.to_play = None
        events.append(ev.MatchWon(winner, state.tokens[winner]))
        return
    if state.round == state.round_limit:  # research option rounds (0: none): the most tokens win
        state.phase = Phase.OVER
        state.to_play = None
        return
    # Setup 3: the winner starts the next round; nobody won: the previous starter's left.
    state.starter = winner if winner is not None else (state.starter + 1) % state.players
    state.round += 1
    state.phase = Phase.DEAL
    state.to_play = CHANCE


def result(state: PaperSafariState) -> dict[str, Any]:
    """The winners of the match: whoever has the tokens it takes ("End of a round and scoring")."""
    winners = [player for player in range(state.players) if state.tokens[player] >= state.tokens_to_win]
    if not winners and state.phase is Phase.OVER:  # research option rounds: the most tokens win, a tie shared
        winners = [player for player in range(state.players) if state.tokens[player] == max(state.tokens)]
    losers = [player for player in range(state.players) if player not in winners]
    return {"winners": winners, "losers": losers, "scores": list(state.tokens)}
