"""`decide`: validate a command and record its events on the kernel's
`EventBuilder` (each folded at once, so later steps see the earlier ones).

The turn's own commands are here (draft, take, little help, place, stash,
unstash, end turn, choose stack); potion effects are in `effects`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command, EventBuilder, IllegalCommand

from . import commands as cm
from . import events as ev
from .codes import PotionCode
from .data import BURNERS, COLOUR_INDEX, COLOURS, POOL_LIMIT
from .dispenser import check_take, explode, refill
from .effects import EFFECT_COMMANDS, decide_effect
from .events import shared
from .evolve import evolve_decided
from .potions import check_completion_limit, complete_if_full, placeable, slots_for, stashable
from .state import DRAFT, NO_MARBLES, PLAY, REFILL, TIEBREAK, State
from .turns import check_phase, check_play, finish_turn, may_end_take, needs_burner

Builder = EventBuilder[State]


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


def _take(b: Builder, c: cm.Take) -> None:
    s = b.state
    if s.phase == TIEBREAK:
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
        return
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "a regular take")
    if s.turn.taken:
        raise IllegalCommand(PotionCode.ALREADY_TAKEN, "you already took your marble this turn")
    check_take(s.tracks, c.track, c.pos)
    removals = explode(s.tracks[c.track], c.pos)
    b.emit(
        shared(
            ev.Dispensed,
            seat=c.seat,
            source="take",
            removals=tuple((c.track, p, k) for p, k in removals),
        )
    )
    refill(b)


def _little_help(b: Builder, c: cm.LittleHelp) -> None:
    s = b.state
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "little help")
    if s.turn.helped:
        raise IllegalCommand(PotionCode.HELP_USED, "little help only once per turn")
    check_take(s.tracks, c.track, c.pos)
    b.emit(shared(ev.Dispensed, seat=c.seat, source="help", removals=((c.track, c.pos, 1),)))
    refill(b)


def _place(b: Builder, c: cm.Place) -> None:
    s = b.state
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "placing a marble")
    seat, name, slot = c.seat, c.colour, c.slot  # read once (see `_unstash`)
    colour = COLOUR_INDEX[name]
    if not s.turn.hand[colour]:
        raise IllegalCommand(PotionCode.NOT_IN_HAND, f"no {name} marble in hand")
    player = s.players[seat]
    if slot not in range(BURNERS) or player.burners[slot] is None:
        raise IllegalCommand(PotionCode.NO_POTION, f"no potion on burner {slot}")
    if slot not in slots_for(player, colour):
        raise IllegalCommand(
            PotionCode.NO_HOLE, f"the potion on burner {slot} has no open {name} hole"
        )
    check_completion_limit(s, slot, colour)
    b.emit(shared(ev.Placed, seat=seat, colour=name, slot=slot))
    complete_if_full(b, seat, slot)


def _stash(b: Builder, c: cm.Stash) -> None:
    s = b.state
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
    b.emit(shared(ev.Stashed, seat=seat, colour=name))


def _unstash(b: Builder, c: cm.Unstash) -> None:
    s = b.state
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "taking from the pool")
    seat, colour = c.seat, c.colour  # read once: a pydantic attribute costs twice a tuple's
    if not s.players[seat].pool[COLOUR_INDEX[colour]]:
        raise IllegalCommand(PotionCode.NOT_IN_POOL, f"no {colour} marble in your pool")
    b.emit(shared(ev.Unstashed, seat=seat, colour=colour))


def _end_turn(b: Builder, c: cm.EndTurn) -> None:
    s = b.state
    if s.phase != PLAY or s.turn.pending is not None:  # `check_play`, called only to refuse
        check_play(s, "ending the turn")
    if not may_end_take(s):
        raise IllegalCommand(PotionCode.TAKE_REQUIRED, "take a marble from the dispenser first")
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
    # What is left in hand now came from the pool this turn, or the pool is full:
    # those marbles go back into it while it has room (rulebook), the rest to the
    # dispenser with `turn_ended`.
    room, hand = POOL_LIMIT - sum(s.players[c.seat].pool), s.turn.hand
    if room and hand != NO_MARBLES:  # most turns end with an empty hand
        for colour in range(len(COLOURS)):
            for _ in range(min(room, hand[colour])):
                b.emit(shared(ev.Stashed, seat=c.seat, colour=COLOURS[colour]))
                room -= 1
    b.emit(shared(ev.TurnEnded, seat=c.seat))
    refill(b)
    if not needs_burner(b.state):
        finish_turn(b)


def _choose_stack(b: Builder, c: cm.ChooseStack) -> None:
    s = b.state
    check_phase(s, REFILL, "refilling a burner")
    if not 0 <= c.stack < len(s.stacks):
        raise IllegalCommand(PotionCode.NO_STACK, f"there is no stack {c.stack}")
    stack = s.stacks[c.stack]
    if not stack:
        raise IllegalCommand(PotionCode.EMPTY_STACK, f"stack {c.stack} is empty")
    slot = s.players[c.seat].burners.index(None)
    revealed = stack[1] if len(stack) > 1 else None
    b.emit(ev.BurnerFilled(seat=c.seat, slot=slot, stack=c.stack, tile=stack[0], revealed=revealed))
    if not needs_burner(b.state):
        finish_turn(b)


# Each handler takes its own command type; the dispatch on type(command) pairs them.
_TURN: dict[type[Command], Callable[[Builder, Any], None]] = {
    cm.Draft: _draft,
    cm.Take: _take,
    cm.LittleHelp: _little_help,
    cm.Place: _place,
    cm.Stash: _stash,
    cm.Unstash: _unstash,
    cm.EndTurn: _end_turn,
    cm.ChooseStack: _choose_stack,
}


def decide(state: State, command: Command, rng: random.Random) -> Builder:
    """The builder after `command`: its events, and the state they fold into."""
    b = EventBuilder(state, rng, evolve_decided)
    handler = _TURN.get(type(command))
    if handler is not None:
        handler(b, command)
    else:
        assert type(command) in EFFECT_COMMANDS
        decide_effect(b, command)
    return b
