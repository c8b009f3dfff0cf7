"""The decider's workbench: a `Flow` emits events and folds them as it goes,
so later steps of a command see the state the earlier ones made. Shared
consequences live here: refilling the dispenser, completing potions, and
closing a turn (burners, skill tokens, end of game)."""

from __future__ import annotations

import random
from typing import Literal

from tabletop.kernel import Event, IllegalCommand

from . import messages as m
from .data import (
    COLOURS,
    COMPLETIONS_PER_TURN,
    SETS_FOR_MASTERY,
    TILES,
    TYPES,
    TYPES_FOR_VARIETY,
    TypeName,
)
from .dispenser import can_take, draw_refill, reachable
from .errors import PotionCode
from .evolve import evolve
from .rules import (
    open_holes,
)
from .scoring import leaders
from .state import PLAY, Player, State


def refuse(code: PotionCode, message: str) -> IllegalCommand:
    return IllegalCommand(code, message)


class Flow:
    __slots__ = ("events", "rng", "state")

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def refill(self) -> None:
        s = self.state
        added = draw_refill(s.tracks, s.reservoir, self.rng)
        if added:
            self.emit(m.Refilled(marbles=tuple((t, COLOURS[c]) for t, c in added)))

    def complete_if_full(self, seat: int, slot: int) -> None:
        burner = self.state.players[seat].burners[slot]
        if burner is not None and not any(open_holes(burner)):
            self.emit(m.Completed(seat=seat, slot=slot, tile=burner.tile))
            self.refill()

    def finish_turn(self) -> None:
        """Skill tokens, then the end-of-game check, then the next turn."""
        s = self.state
        seat = s.current
        for reason in skill_awards(s.players[seat]):
            s = self.state
            if s.clock or s.supply:
                self.emit(m.SkillAwarded(seat=seat, reason=reason, clock=s.clock > 0))
        s = self.state
        n = len(s.players)
        if seat == n - 1 and (s.ending or s.round >= s.max_rounds):
            tied = leaders(s)
            ended = s.ending or "rounds"
            self.emit(m.GameEnded(reason=ended, tiebreak=tuple(tied) if len(tied) > 1 else ()))
            return
        nxt = (seat + 1) % n
        self.emit(m.TurnBegan(seat=nxt, round=s.round + (nxt == 0)))


def skill_awards(player: Player) -> list[TypeName | Literal["variety"]]:
    """Skill tokens `player` has earned and not yet received, in award order:
    3 potions of one type (once per type), then 5 different types (once)."""
    per_type = [0] * len(TYPES)
    for tile in player.completed:
        per_type[TILES[tile].type] += 1
    awards: list[TypeName | Literal["variety"]] = [
        TYPES[t]
        for t, n in enumerate(per_type)
        if n >= SETS_FOR_MASTERY and t not in player.mastered
    ]
    if not player.variety and sum(1 for n in per_type if n) >= TYPES_FOR_VARIETY:
        awards.append("variety")
    return awards


def check_take(state: State, track: int, pos: int) -> None:
    if not can_take(state.tracks, track, pos):
        if 0 <= track < len(state.tracks) and reachable(state.tracks[track]) <= pos < len(
            state.tracks[track]
        ):
            raise refuse(PotionCode.OUT_OF_REACH, "the 9th (top) marble of a track cannot be taken")
        raise refuse(PotionCode.NO_MARBLE, f"there is no marble at track {track}, position {pos}")


def check_completion_limit(state: State, slot: int, colour: int) -> None:
    burner = state.players[state.current].burners[slot]
    assert burner is not None
    would_complete = sum(open_holes(burner)) == 1 and open_holes(burner)[colour] == 1
    if would_complete and state.turn.completed >= COMPLETIONS_PER_TURN:
        raise refuse(PotionCode.POTION_LIMIT, f"at most {COMPLETIONS_PER_TURN} potions per turn")


def check_phase(state: State, phase: int, what: str) -> None:
    if state.phase != phase:
        raise refuse(PotionCode.WRONG_PHASE, f"{what} is not possible now")


def check_play(state: State, what: str) -> None:
    check_phase(state, PLAY, what)
    if state.turn.pending is not None:
        raise refuse(PotionCode.EFFECT_PENDING, f"finish the potion effect before: {what}")
