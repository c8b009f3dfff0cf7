"""The end of a round: by stones held (five, or three adjacent), or by the
platform rule EXHAUSTION; then the next round's deal. Steps of `decide`,
taking its event builder."""

from __future__ import annotations

from tabletop.kernel import EventBuilder, replace

from . import commands as cmd
from . import events as ev
from .claims import claimable, exhaustion_winner
from .legal import legal_commands
from .setup import deal
from .state import PLAY, STONES, State, holds_win, stones_held

WIN_POINTS = 5

# The one rule of this engine that is in no rulebook (docs/games/schotten-totten.md,
# "Platform rule"): when both players passed in a row and neither can play a card
# or claim a stone any more, the round ends and the table is decided as it stands.
EXHAUSTION = "exhaustion"
PLATFORM_RULES = (EXHAUSTION,)


def can_act(state: State, seat: int) -> bool:
    """Whether `seat`, on its turn, could do anything but pass and end it:
    play a card or a ruse, or claim a stone."""
    plays = legal_commands(replace(state, turn=seat, phase=PLAY), seat)
    if any(not isinstance(x, cmd.Pass) for x in plays):
        return True
    return any(claimable(state, seat, stone) for stone in range(STONES))


def nothing_can_change(state: State) -> bool:
    """The platform rule's condition (EXHAUSTION): neither player can ever
    play a card or claim a stone again, so the rules alone would go on with
    passes for ever. A pass draws no card and a claim only closes stones, so
    once this holds it holds for good."""
    return not can_act(state, 0) and not can_act(state, 1)


def exhaust(b: EventBuilder[State]) -> None:
    """The platform rule EXHAUSTION: award what the table decides, end the round."""
    for stone in range(STONES):
        if b.state.owner[stone] >= 0:
            continue
        seat = exhaustion_winner(b.state, stone)
        if seat < 0:
            continue
        b.emit(ev.stone_claimed(seat, stone, "exhaustion"))
        reason = holds_win(b.state.owner, seat)
        if reason:
            end_round(b, seat, reason)
            return
    held = (stones_held(b.state.owner, 0), stones_held(b.state.owner, 1))
    if held[0] == held[1]:
        end_round(b, None, "drawn by exhaustion")
    else:
        end_round(b, 0 if held[0] > held[1] else 1, "more stones at exhaustion")


def end_round(b: EventBuilder[State], winner: int | None, reason: str) -> None:
    """Score the round on the stones as they are now; deal the next, if any."""
    state = b.state
    held = (stones_held(state.owner, 0), stones_held(state.owner, 1))
    if winner is None:
        points = held
    else:
        points = (WIN_POINTS, held[1]) if winner == 0 else (held[0], WIN_POINTS)
    b.emit(
        ev.RoundEnded(round=state.round, winner=winner, reason=reason, stones=held, points=points)
    )
    if state.round < state.rounds:
        # The loser of a round starts the next; after a draw, the other player.
        starter = 1 - state.starter if winner is None else 1 - winner
        b.emit(deal(state.tactics, state.round + 1, starter, b.rng))
