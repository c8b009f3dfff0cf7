"""`decide`: validate a command and find its events and the state they fold into.

The turn's own commands are here (draft, take, little help, place, stash,
unstash, end turn, choose stack); potion effects are in `effects`.

`STEPS` maps each command type to its step, `(state, command, rng) -> (events,
state after)`, which `PotionExplosion.decide_and_fold` calls. The commonest
commands (unstash, place, stash, take, little help, the end of a turn and a
burner's refill: nearly nine in ten) thread their events and state without a
builder, folding with `evolve`'s own functions (`stash`, `unstash`, `place`,
`into_hand`, `refilled`, `turn_ended`, `turn_began`) called with the values the
step has checked. The others record on the kernel's `EventBuilder` (`_built`),
which folds each event at once, so later steps see the earlier ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command, Event, EventBuilder, IllegalCommand

from . import commands as cm
from . import events as ev
from .codes import PotionCode
from .data import BURNERS, COLOUR_INDEX, COLOURS, COMPLETIONS_PER_TURN, POOL_LIMIT
from .dispenser import check_take, draw_refill, explode, refill, refill_event, remove
from .effects import EFFECTS
from .events import PLACED, STASHED, TURN_ENDED, UNSTASHED, shared
from .evolve import evolve_decided, into_hand, place, refilled, stash, turn_ended, unstash
from .potions import complete_if_full, placeable, slots_for, stashable
from .state import DRAFT, NO_MARBLES, PLAY, REFILL, TIEBREAK, State, counts
from .turns import check_phase, check_play, finish_turn, may_end_take, needs_burner

Builder = EventBuilder[State]
Step = Callable[[State, Any, random.Random], tuple[list[Event], State]]


def _draft(b: Builder, c: cm.Draft) -> None:
    s = b.state
    check_phase(s, DRAFT, "drafting")
    if c.tile not in s.offer:
        raise IllegalCommand(
            PotionCode.NOT_OFFERED, f"tile {c.tile} is not among the offered starting tiles"
        )
    n = len(s.players)
    slot = (BURNERS * n - len(s.offer)) // n  # one starting tile per burner, in rounds
    b.emit(shared(ev.Drafted, seat=c.seat, tile=c.tile, slot=slot))
    if not b.state.offer:
        b.emit(shared(ev.TurnBegan, seat=0, round=1))


def _tiebreak_take(b: Builder, c: cm.Take) -> None:
    s = b.state
    check_take(s.tracks, c.track, c.pos)
    removals = explode(s.tracks[c.track], c.pos)
    b.emit(
        shared(
            ev.Dispensed,
            seat=c.seat,
            source="tiebreak",
            removals=tuple((c.track, p, k) for p, k in removals),
        )
    )
    refill(b)


def _topped_up(events: list[Event], s: State, rng: random.Random) -> tuple[list[Event], State]:
    """`refill` without a builder: the `refilled` event, if any, joins `events`."""
    added = draw_refill(s.tracks, s.reservoir, rng)
    if not added:
        return events, s
    events.append(refill_event(added))
    return events, refilled(s, added)


def _take(s: State, c: cm.Take, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase == TIEBREAK:
        return _TIEBREAK_TAKE(s, c, rng)
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "a regular take")
    if s.turn.taken:
        raise IllegalCommand(PotionCode.ALREADY_TAKEN, "you already took your marble this turn")
    seat, track, pos = c.seat, c.track, c.pos  # read once (see `_unstash`)
    check_take(s.tracks, track, pos)
    removals = tuple([(track, p, k) for p, k in explode(s.tracks[track], pos)])
    tracks, taken = remove(s.tracks, removals)
    events: list[Event] = [shared(ev.Dispensed, seat=seat, source="take", removals=removals)]
    return _topped_up(events, into_hand(s, seat, False, tracks, counts(taken)), rng)


def _little_help(s: State, c: cm.LittleHelp, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "little help")
    if s.turn.helped:
        raise IllegalCommand(PotionCode.HELP_USED, "little help only once per turn")
    seat, track, pos = c.seat, c.track, c.pos  # read once (see `_unstash`)
    check_take(s.tracks, track, pos)
    removals = ((track, pos, 1),)
    tracks, taken = remove(s.tracks, removals)
    events: list[Event] = [shared(ev.Dispensed, seat=seat, source="help", removals=removals)]
    return _topped_up(events, into_hand(s, seat, True, tracks, counts(taken)), rng)


def _place(s: State, c: cm.Place, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "placing a marble")
    seat, name, slot = c.seat, c.colour, c.slot  # read once (see `_unstash`)
    colour = COLOUR_INDEX[name]
    if not s.turn.hand[colour]:
        raise IllegalCommand(PotionCode.NOT_IN_HAND, f"no {name} marble in hand")
    burner = s.players[seat].burners[slot] if slot in range(BURNERS) else None
    if burner is None:
        raise IllegalCommand(PotionCode.NO_POTION, f"no potion on burner {slot}")
    holes = burner.unfilled
    if not holes[colour]:
        raise IllegalCommand(
            PotionCode.NO_HOLE, f"the potion on burner {slot} has no open {name} hole"
        )
    placed = PLACED[seat][colour][slot]
    if holes[colour] == 1 and sum(holes) == 1:  # its last hole: the potion completes
        if s.turn.completed >= COMPLETIONS_PER_TURN:
            raise IllegalCommand(
                PotionCode.POTION_LIMIT, f"at most {COMPLETIONS_PER_TURN} potions per turn"
            )
        b = EventBuilder(s, rng, evolve_decided)
        b.emit(placed)
        complete_if_full(b, seat, slot)
        return b.events, b.state
    return [placed], place(s, seat, slot, colour)


def _stash(s: State, c: cm.Stash, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "filling the pool")
    seat, name = c.seat, c.colour  # read once (see `_unstash`)
    colour = COLOUR_INDEX[name]
    hand, kept = s.turn.hand, s.turn.kept
    if not hand[colour]:
        raise IllegalCommand(PotionCode.NOT_IN_HAND, f"no {name} marble in hand")
    if hand[colour] <= kept[colour]:
        raise IllegalCommand(
            PotionCode.FROM_POOL, f"your {name} marbles in hand came from the pool this turn"
        )
    player = s.players[seat]
    if slots_for(player, colour):
        raise IllegalCommand(
            PotionCode.MUST_PLACE, f"a {name} marble must go onto your potion first"
        )
    if sum(player.pool) >= POOL_LIMIT:
        raise IllegalCommand(PotionCode.POOL_FULL, f"the pool holds at most {POOL_LIMIT} marbles")
    return [STASHED[seat][colour]], stash(s, seat, colour)


def _unstash(s: State, c: cm.Unstash, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "taking from the pool")
    seat, name = c.seat, c.colour  # read once: a pydantic attribute costs twice a tuple's
    colour = COLOUR_INDEX[name]
    if not s.players[seat].pool[colour]:
        raise IllegalCommand(PotionCode.NOT_IN_POOL, f"no {name} marble in your pool")
    return [UNSTASHED[seat][colour]], unstash(s, seat, colour)


def _end_turn(s: State, c: cm.EndTurn, rng: random.Random) -> tuple[list[Event], State]:
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "ending the turn")
    if not may_end_take(s):
        raise IllegalCommand(PotionCode.TAKE_REQUIRED, "take a marble from the dispenser first")
    seat, hand = c.seat, s.turn.hand
    events: list[Event] = []
    if hand != NO_MARBLES:  # most turns end with an empty hand
        places = placeable(s)
        if places:
            colour, slot = places[0]
            raise IllegalCommand(
                PotionCode.MUST_PLACE, f"place your {COLOURS[colour]} marble on burner {slot} first"
            )
        spare = stashable(s)
        if spare:
            raise IllegalCommand(
                PotionCode.MUST_STASH,
                f"put your {COLOURS[spare[0]]} marble into the pool first: marbles go back"
                " to the dispenser only when the pool is full",
            )
        # What is left in hand now came from the pool this turn, or the pool is
        # full: those marbles go back into it while it has room (rulebook), the
        # rest to the dispenser with `turn_ended`.
        room = POOL_LIMIT - sum(s.players[seat].pool)
        for colour in range(len(COLOURS)):
            for _ in range(min(room, hand[colour])):
                events.append(STASHED[seat][colour])
                s = stash(s, seat, colour)
                room -= 1
    events.append(TURN_ENDED[seat])
    events, s = _topped_up(events, turn_ended(s), rng)
    if needs_burner(s):
        return events, s
    return events, finish_turn(events, s)


def _choose_stack(s: State, c: cm.ChooseStack, rng: random.Random) -> tuple[list[Event], State]:
    check_phase(s, REFILL, "refilling a burner")
    if not 0 <= c.stack < len(s.stacks):
        raise IllegalCommand(PotionCode.NO_STACK, f"there is no stack {c.stack}")
    stack = s.stacks[c.stack]
    if not stack:
        raise IllegalCommand(PotionCode.EMPTY_STACK, f"stack {c.stack} is empty")
    slot = s.players[c.seat].burners.index(None)
    revealed = stack[1] if len(stack) > 1 else None
    filled = ev.BurnerFilled(
        seat=c.seat, slot=slot, stack=c.stack, tile=stack[0], revealed=revealed
    )
    events: list[Event] = [filled]
    s = evolve_decided(s, filled)
    if needs_burner(s):
        return events, s
    return events, finish_turn(events, s)


def _built(handler: Callable[[Builder, Any], None]) -> Step:
    """The step of a handler that records on an `EventBuilder`."""

    def step(state: State, command: Command, rng: random.Random) -> tuple[list[Event], State]:
        b = EventBuilder(state, rng, evolve_decided)
        handler(b, command)
        return b.events, b.state

    return step


_TIEBREAK_TAKE = _built(_tiebreak_take)

# Each step takes its own command type; the dispatch on type(command) pairs them.
STEPS: dict[type[Command], Step] = {
    cm.Unstash: _unstash,
    cm.Place: _place,
    cm.Stash: _stash,
    cm.Take: _take,
    cm.LittleHelp: _little_help,
    cm.EndTurn: _end_turn,
    cm.ChooseStack: _choose_stack,
    cm.Draft: _built(_draft),
    **{kind: _built(handler) for kind, handler in EFFECTS.items()},
}


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    """The events of `command` (after the kernel's shared checks)."""
    return STEPS[type(command)](state, command, rng)[0]
