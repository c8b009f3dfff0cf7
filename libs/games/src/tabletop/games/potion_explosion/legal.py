"""`to_act` and `legal_commands`: who acts, and everything they may do.

The lists mirror `decide` exactly (a test checks it); loops are bounded: a
marble moved from the pool to hand this turn cannot go back to the pool,
Little Help is once per turn, each potion is drunk once.

`legal_commands` runs before every command of a playout or a bot search, so
its commands are built once and shared (they are frozen): the takes of a
dispenser shape, and each seat's place / stash / unstash / end-turn commands.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.kernel import Command

from . import commands as cm
from .commands import make
from .data import BURNERS, COLOURS, POOL_LIMIT, REACH, TRACKS
from .effects import drinkable, effect_options
from .state import DRAFT, PLAY, REFILL, TIEBREAK, Marbles, State, draft_seat

_COLOURS = range(len(COLOURS))
_SLOTS = range(BURNERS)
_TRACKS = range(TRACKS)
_REACH = range(REACH)  # a track's slice [:n] keeps the marbles in reach (the 9th is not)


class _SeatCommands:
    """The few commands of one seat's turn that depend on its hand, built once."""

    __slots__ = ("drink", "end", "help", "place", "seat", "stash", "take", "unstash", "unstashes")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.place = tuple(
            tuple(cm.Place(seat=seat, colour=name, slot=s) for s in _SLOTS) for name in COLOURS
        )
        self.stash = tuple(cm.Stash(seat=seat, colour=name) for name in COLOURS)
        self.unstash = tuple(cm.Unstash(seat=seat, colour=name) for name in COLOURS)
        self.end = cm.EndTurn(seat=seat)
        # The regular takes and Little Helps of each track, by position in reach.
        self.take = tuple(
            tuple(cm.Take(seat=seat, track=t, pos=p) for p in _REACH) for t in _TRACKS
        )
        self.help = tuple(
            tuple(cm.LittleHelp(seat=seat, track=t, pos=p) for p in _REACH) for t in _TRACKS
        )
        # The unstash commands of each pool content (at most POOL_LIMIT marbles: few).
        self.unstashes: dict[Marbles, tuple[Command, ...]] = {}
        self.drink: list[Command] = []  # by potion index, grown as the seat completes potions

    def unstash_for(self, pool: Marbles) -> tuple[Command, ...]:
        found = self.unstashes.get(pool)
        if found is None:
            found = self.unstashes[pool] = tuple(self.unstash[c] for c in _COLOURS if pool[c])
        return found

    def drinks(self, potions: list[int]) -> list[Command]:
        known = self.drink
        while len(known) <= potions[-1]:
            known.append(cm.Drink(seat=self.seat, potion=len(known)))
        return [known[i] for i in potions]


_SEATS: dict[int, _SeatCommands] = {}


def _seat_commands(seat: int) -> _SeatCommands:
    found = _SEATS[seat] = _SeatCommands(seat)
    return found


def _elsewhere(state: State, seat: int) -> list[Command]:
    """Another seat's commands, a pending effect's, and those of the other phases."""
    phase = state.phase
    if phase == PLAY:
        pending = state.turn.pending
        if seat != state.current:
            return []
        assert pending is not None  # (`legal_commands` answers otherwise)
        return effect_options(state, seat, pending)
    if seat not in to_act(state):
        return []
    if phase == DRAFT:
        return [make(cm.Draft, seat=seat, tile=t) for t in state.offer]
    if phase == REFILL:
        return [make(cm.ChooseStack, seat=seat, stack=i) for i, st in enumerate(state.stacks) if st]
    if phase == TIEBREAK:
        return list(_spots(seat, tuple(map(len, state.tracks)), True, False))
    return []


@lru_cache(maxsize=1024)
def _spots(seat: int, lengths: tuple[int, ...], take: bool, help_: bool) -> tuple[Command, ...]:
    """The regular takes (when `take`), then the Little Helps (when `help_`), at
    every reachable marble, given each track's length (keyed by the lengths,
    which `map(len, ...)` gives without a Python-level loop). A miss slices the
    seat's own commands (at four seats the tracks take many shapes)."""
    mine = _SEATS.get(seat) or _seat_commands(seat)
    takes = [c for t, n in enumerate(lengths) for c in mine.take[t][:n]] if take else []
    helps = [c for t, n in enumerate(lengths) for c in mine.help[t][:n]] if help_ else []
    return (*takes, *helps)


_NONE = (0, 0, 0, 0)
# The phases in which the current seat acts (a constant: `to_act` runs twice
# per command, and `phase in (PLAY, REFILL)` builds the tuple each time).
_CURRENT_ACTS = (PLAY, REFILL)


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase in _CURRENT_ACTS:
        return [state.current]
    if phase == DRAFT:
        return [draft_seat(state)]
    if phase == TIEBREAK:
        return [state.tiebreak[0]]
    return []


def legal_commands(state: State, seat: int) -> list[Command]:
    """The turn's commands of the current seat with no effect pending (nearly
    every call) here, in the order of the rules' queries: takes, little helps,
    places (by colour, then burner), stashes, unstashes, drinks, and the end of
    the turn when nothing blocks it; anything else in `_elsewhere`."""
    if state.phase != PLAY or seat != state.current or state.turn.pending is not None:
        return _elsewhere(state, seat)
    turn = state.turn
    taken = turn.taken
    if taken and turn.helped:  # most of a turn's commands come after both
        out: list[Command] = []
    else:
        out = list(_spots(seat, tuple(map(len, state.tracks)), not taken, not turn.helped))
    player = state.players[seat]
    mine = _SEATS.get(seat) or _seat_commands(seat)  # a C lookup, a call only once a seat
    hand, pool = turn.hand, player.pool
    blocked = False  # a marble in hand must go onto a potion or into the pool first
    if hand != _NONE:
        # The two burners' open holes (BURNERS == 2: unrolled, this runs every command).
        first, second = player.burners
        open0 = _NONE if first is None else first.unfilled
        open1 = _NONE if second is None else second.unfilled
        for c in _COLOURS:
            if hand[c]:
                if open0[c]:
                    out.append(mine.place[c][0])
                    blocked = True
                if open1[c]:
                    out.append(mine.place[c][1])
                    blocked = True
        if pool[0] + pool[1] + pool[2] + pool[3] < POOL_LIMIT:
            kept = turn.kept
            for c in _COLOURS:
                if hand[c] > kept[c] and not (open0[c] or open1[c]):
                    out.append(mine.stash[c])
                    blocked = True
    if pool != _NONE:
        unstashes = mine.unstashes.get(pool)  # `unstash_for`, without its call when cached
        out += mine.unstash_for(pool) if unstashes is None else unstashes
    if False in player.drunk:  # a potion still to drink
        potions = drinkable(state, seat)
        if potions:
            out += mine.drinks(potions)
    if not blocked and (taken or not any(map(len, state.tracks))):
        out.append(mine.end)
    return out
