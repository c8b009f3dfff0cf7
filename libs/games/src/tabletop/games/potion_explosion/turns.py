"""The shape of a turn: whether the moment is right for a command, when the
regular take is done, and closing a turn (a burner to refill, skill tokens,
the end-of-game check, the next turn)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from tabletop.kernel import Event, IllegalCommand

from .codes import PotionCode
from .data import SETS_FOR_MASTERY, TILES, TYPES, TYPES_FOR_VARIETY, TypeName
from .dispenser import takeable
from .events import GameEnded, SkillAwarded, TurnBegan, shared
from .evolve import evolve_decided, turn_began
from .scoring import leaders
from .state import PLAY, Player, State


def check_phase(state: State, phase: int, what: str) -> None:
    if state.phase != phase:
        raise IllegalCommand(PotionCode.WRONG_PHASE, f"{what} is not possible now")


def check_play(state: State, what: str) -> None:
    if state.phase != PLAY:
        raise IllegalCommand(PotionCode.WRONG_PHASE, f"{what} is not possible now")
    if state.turn.pending is not None:
        raise IllegalCommand(PotionCode.EFFECT_PENDING, f"finish the potion effect before: {what}")


def may_end_take(state: State) -> bool:
    """The regular take is done, or impossible (the dispenser is out of reach)."""
    return state.turn.taken or not takeable(state.tracks)


def needs_burner(state: State) -> bool:
    """The seat has an empty burner and a stack to refill it from."""
    player = state.players[state.current]
    return None in player.burners and any(state.stacks)


def skill_awards(player: Player) -> list[TypeName | Literal["variety"]]:
    """Skill tokens `player` has earned and not yet received, in award order:
    3 potions of one type (once per type), then 5 different types (once)."""
    return list(_awards(player.completed, player.mastered, player.variety))


@lru_cache(maxsize=1024)
def _awards(
    completed: tuple[int, ...], mastered: tuple[int, ...], variety: bool
) -> tuple[TypeName | Literal["variety"], ...]:
    """`skill_awards` by the fields it reads (cached: every turn's end asks, and
    a seat's potions change at few of them)."""
    per_type = [0] * len(TYPES)
    for tile in completed:
        per_type[TILES[tile].type] += 1
    awards: list[TypeName | Literal["variety"]] = [
        TYPES[t] for t, n in enumerate(per_type) if n >= SETS_FOR_MASTERY and t not in mastered
    ]
    if not variety and sum(1 for n in per_type if n) >= TYPES_FOR_VARIETY:
        awards.append("variety")
    return tuple(awards)


_FEWEST = min(SETS_FOR_MASTERY, TYPES_FOR_VARIETY)


def finish_turn(events: list[Event], s: State) -> State:
    """Skill tokens, then the end-of-game check, then the next turn: their events
    join `events`; the state they fold into is returned."""
    seat = s.current
    p = s.players[seat]
    # A token needs three potions at least (of one type; five for variety).
    awards = _awards(p.completed, p.mastered, p.variety) if len(p.completed) >= _FEWEST else ()
    for reason in awards:
        if s.clock or s.supply:
            award = shared(SkillAwarded, seat=seat, reason=reason, clock=s.clock > 0)
            events.append(award)
            s = evolve_decided(s, award)
    n = len(s.players)
    if seat == n - 1 and (s.ending or s.round >= s.max_rounds):
        tied = leaders(s)
        ended = GameEnded(
            reason=s.ending or "rounds", tiebreak=tuple(tied) if len(tied) > 1 else ()
        )
        events.append(ended)
        return evolve_decided(s, ended)
    nxt = (seat + 1) % n
    round_ = s.round + (nxt == 0)
    events.append(shared(TurnBegan, seat=nxt, round=round_))
    return turn_began(s, nxt, round_)
