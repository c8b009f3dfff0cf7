"""Scores, leaders and the final ranking with the tie-break applied."""

from __future__ import annotations

from tabletop.kernel import Outcome

from .data import HELP_POINTS, SKILL_POINTS, TILES
from .state import OVER, Player, State


def score(player: Player) -> int:
    potions = sum(TILES[t].points for t in player.completed)
    return potions + SKILL_POINTS * player.skills + HELP_POINTS * player.helps


def leaders(state: State) -> list[int]:
    """Seats with the best score, in turn order."""
    scores = [score(p) for p in state.players]
    best = max(scores)
    return [seat for seat, s in enumerate(scores) if s == best]


def outcome(state: State) -> Outcome | None:
    if state.phase != OVER:
        return None
    scores = [score(p) for p in state.players]
    keys = [(s, state.tiebreak_marbles[seat]) for seat, s in enumerate(scores)]
    ranks = tuple(sum(1 for other in keys if other > key) for key in keys)
    return Outcome(ranks=ranks, scores=tuple(float(s) for s in scores), reason=state.ending)
