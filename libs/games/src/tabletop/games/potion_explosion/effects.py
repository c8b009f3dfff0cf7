"""Drinking potions and resolving their effects. Effect marbles never explode.

`drink` (and Sands of Time's `reuse`) opens a pending effect; the seat then
resolves it: `collect` (Wisdom, Magnetic Attraction, Abyssal Draft, Uttermost
Stickiness), `steal` (Blind Love), `transmute` (Prismatic Joy, up to 3) or
`discard` (Lavamancing Filter, up to 5), and `finish_effect` to stop early.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel import Command

from . import messages as m
from .data import (
    ABYSSAL,
    BLIND_LOVE,
    BURNERS,
    COLLECTING,
    COLOUR_INDEX,
    LAVA,
    LAVA_LIMIT,
    MAGNETIC,
    PRISMATIC,
    PRISMATIC_LIMIT,
    SANDS,
    STICKY,
    TILES,
    TYPES,
    WISDOM,
)
from .errors import PotionCode
from .flow import Flow, check_completion_limit, check_play, check_take, refuse
from .rules import (
    can_use,
    effect_options,
    open_holes,
)
from .state import PLAY, Pending, State


def _pending(state: State, effects: frozenset[int], what: str) -> Pending:
    if state.phase != PLAY or state.turn.pending is None:
        raise refuse(PotionCode.NO_EFFECT, f"{what}: no potion effect is being resolved")
    pending = state.turn.pending
    if pending.effect not in effects:
        raise refuse(PotionCode.WRONG_EFFECT, f"{what} does not resolve {TYPES[pending.effect]}")
    return pending


def _drink(f: Flow, c: m.Drink) -> None:
    s = f.state
    check_play(s, "drinking a potion")
    player = s.players[c.seat]
    if not 0 <= c.potion < len(player.completed):
        raise refuse(PotionCode.UNKNOWN_POTION, f"you have no completed potion {c.potion}")
    if player.drunk[c.potion]:
        raise refuse(PotionCode.ALREADY_DRUNK, f"potion {c.potion} was already drunk")
    kind = TILES[player.completed[c.potion]].type
    if not can_use(s, c.seat, kind):
        raise refuse(PotionCode.EFFECT_IMPOSSIBLE, f"{TYPES[kind]} cannot be used now")
    f.emit(m.Drunk(seat=c.seat, potion=c.potion))


def _reuse(f: Flow, c: m.Reuse) -> None:
    s = f.state
    _pending(s, frozenset({SANDS}), "reuse")
    player = s.players[c.seat]
    if not 0 <= c.potion < len(player.completed):
        raise refuse(PotionCode.UNKNOWN_POTION, f"you have no completed potion {c.potion}")
    if not player.drunk[c.potion]:
        raise refuse(PotionCode.NOT_DRUNK, f"potion {c.potion} has not been drunk yet")
    kind = TILES[player.completed[c.potion]].type
    if kind == SANDS:
        raise refuse(PotionCode.CANNOT_REUSE, "Sands of Time cannot reuse Sands of Time")
    if not can_use(s, c.seat, kind):
        raise refuse(PotionCode.EFFECT_IMPOSSIBLE, f"{TYPES[kind]} cannot be used now")
    f.emit(m.Reused(seat=c.seat, potion=c.potion))


def _collect(f: Flow, c: m.Collect) -> None:
    s = f.state
    pending = _pending(s, COLLECTING, "collect")
    marbles = sorted(set(c.marbles))
    if len(marbles) != len(c.marbles):
        raise refuse(PotionCode.REPEATED, "a marble is listed twice")
    for t, p in marbles:
        check_take(s, t, p)
    colours = [s.tracks[t][p] for t, p in marbles]
    tracks = {t for t, _ in marbles}
    effect = pending.effect
    run = len(tracks) == 1 and all(
        marbles[i + 1][1] == marbles[i][1] + 1 for i in range(len(marbles) - 1)
    )
    if effect == WISDOM and len(marbles) != 1:
        raise refuse(PotionCode.WRONG_COUNT, "Wisdom takes exactly 1 marble")
    if effect == MAGNETIC:
        if len(marbles) != 2:
            raise refuse(PotionCode.WRONG_COUNT, "Magnetic Attraction takes exactly 2 marbles")
        if not run:
            raise refuse(PotionCode.NOT_ADJACENT, "the 2 marbles must be adjacent in one track")
        if colours[0] == colours[1]:
            raise refuse(PotionCode.SAME_COLOUR, "the 2 marbles must differ in colour")
    if effect == STICKY:
        if len(marbles) < 2:
            raise refuse(PotionCode.WRONG_COUNT, "Uttermost Stickiness takes 2 marbles or more")
        if not run:
            raise refuse(PotionCode.NOT_ADJACENT, "the marbles must be adjacent in one track")
        if len(set(colours)) != 1:
            raise refuse(PotionCode.MIXED_COLOURS, "the marbles must all share one colour")
    if effect == ABYSSAL:
        if not marbles:
            raise refuse(PotionCode.WRONG_COUNT, "Abyssal Draft takes at least 1 marble")
        if any(p != 0 for _, p in marbles):
            raise refuse(
                PotionCode.NOT_BOTTOM, "Abyssal Draft takes only the bottom marble of a track"
            )
        if len(set(colours)) != len(colours):
            raise refuse(PotionCode.REPEATED, "Abyssal Draft takes marbles of different colours")
    if effect in (MAGNETIC, STICKY):
        removals: tuple[tuple[int, int, int], ...] = ((marbles[0][0], marbles[0][1], len(marbles)),)
    else:
        removals = tuple((t, p, 1) for t, p in marbles)
    f.emit(m.Dispensed(seat=c.seat, source="effect", removals=removals))
    f.emit(m.EffectFinished(seat=c.seat))
    f.refill()


def _steal(f: Flow, c: m.Steal) -> None:
    s = f.state
    _pending(s, frozenset({BLIND_LOVE}), "steal")
    if c.opponent == c.seat or not 0 <= c.opponent < len(s.players):
        raise refuse(PotionCode.BAD_OPPONENT, f"seat {c.opponent} is not an opponent")
    if not any(s.players[c.opponent].pool):
        raise refuse(PotionCode.EMPTY_POOL, f"seat {c.opponent} has nothing in their pool")
    f.emit(m.Stolen(seat=c.seat, opponent=c.opponent))
    f.emit(m.EffectFinished(seat=c.seat))


def _transmute(f: Flow, c: m.Transmute) -> None:
    s = f.state
    _pending(s, frozenset({PRISMATIC}), "transmute")
    player = s.players[c.seat]
    if not player.pool[COLOUR_INDEX[c.colour]]:
        raise refuse(PotionCode.NOT_IN_POOL, f"no {c.colour} marble in your pool")
    burner = player.burners[c.slot] if c.slot in range(BURNERS) else None
    if burner is None:
        raise refuse(PotionCode.NO_POTION, f"no potion on burner {c.slot}")
    hole = COLOUR_INDEX[c.hole]
    if not open_holes(burner)[hole]:
        raise refuse(PotionCode.NO_HOLE, f"the potion on burner {c.slot} has no open {c.hole} hole")
    check_completion_limit(s, c.slot, hole)
    f.emit(m.Transmuted(seat=c.seat, colour=c.colour, slot=c.slot, hole=c.hole))
    f.complete_if_full(c.seat, c.slot)
    s = f.state
    assert s.turn.pending is not None
    if s.turn.pending.done >= PRISMATIC_LIMIT or not effect_options(s, c.seat, s.turn.pending):
        f.emit(m.EffectFinished(seat=c.seat))


def _discard(f: Flow, c: m.Discard) -> None:
    s = f.state
    pending = _pending(s, frozenset({LAVA}), "discard")
    check_take(s, c.track, c.pos)
    if pending.done:
        if c.track != pending.track:
            raise refuse(
                PotionCode.WRONG_TRACK, f"Lavamancing Filter works on track {pending.track}"
            )
        if s.tracks[c.track][c.pos] != pending.colour:
            raise refuse(
                PotionCode.WRONG_COLOUR, "Lavamancing Filter removes marbles of one colour"
            )
    f.emit(m.Dispensed(seat=c.seat, source="discard", removals=((c.track, c.pos, 1),)))
    s = f.state
    assert s.turn.pending is not None
    if s.turn.pending.done >= LAVA_LIMIT or len(effect_options(s, c.seat, s.turn.pending)) == 1:
        f.emit(m.EffectFinished(seat=c.seat))
        f.refill()


def _finish(f: Flow, c: m.FinishEffect) -> None:
    s = f.state
    pending = _pending(s, frozenset({PRISMATIC, LAVA}), "finish_effect")
    if not pending.done:
        raise refuse(PotionCode.NOTHING_DONE, f"use {TYPES[pending.effect]} at least once first")
    f.emit(m.EffectFinished(seat=c.seat))
    f.refill()


# Each handler takes its own command type; the dispatch on type(command) pairs them.
_EFFECTS: dict[type[Command], Callable[[Flow, Any], None]] = {
    m.Drink: _drink,
    m.Reuse: _reuse,
    m.Collect: _collect,
    m.Steal: _steal,
    m.Transmute: _transmute,
    m.Discard: _discard,
    m.FinishEffect: _finish,
}
EFFECT_COMMANDS = frozenset(_EFFECTS)


def decide_effect(f: Flow, command: Command) -> None:
    _EFFECTS[type(command)](f, command)
