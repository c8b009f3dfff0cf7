"""Drinking potions and resolving their effects. Effect marbles never explode.

`drink` (and Sands of Time's `reuse`) opens a pending effect; the seat then
resolves it: `collect` (Wisdom, Magnetic Attraction, Abyssal Draft, Uttermost
Stickiness), `steal` (Blind Love), `transmute` (Prismatic Joy, up to 3) or
`discard` (Lavamancing Filter, up to 5), and `finish_effect` to stop early.
`effect_options` lists every way to resolve a pending effect (for
`legal_commands`), `can_use` says whether one could do anything at all.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import product
from operator import eq, ne
from typing import Any

from tabletop.kernel import Command, EventBuilder, IllegalCommand

from . import commands as cm
from . import events as ev
from .codes import PotionCode
from .commands import make
from .data import (
    ABYSSAL,
    BLIND_LOVE,
    BURNERS,
    COLLECTING,
    COLOUR_INDEX,
    COLOURS,
    LAVA,
    LAVA_LIMIT,
    MAGNETIC,
    PRISMATIC,
    PRISMATIC_LIMIT,
    REACH,
    SANDS,
    STICKY,
    TILES,
    TRACKS,
    TYPES,
    WISDOM,
)
from .dispenser import check_take, reachable, refill
from .events import shared
from .potions import any_open_hole, check_completion_limit, complete_if_full
from .state import PLAY, Pending, State
from .turns import check_play

Builder = EventBuilder[State]


# ------------------------------------------------------------------ queries
def effect_options(state: State, seat: int, pending: Pending) -> list[Command]:
    """Every command that resolves (one step of) `pending` for `seat`."""
    tracks = state.tracks
    effect = pending.effect
    out: list[Command] = []
    if effect == WISDOM:
        out = list(_at_every_marble(cm.Collect, seat, tuple(map(len, tracks))))
    elif effect == MAGNETIC:
        pairs = _pairs(seat)
        for t, row in enumerate(tracks):
            at = pairs[t]
            out += [at[p] for p in range(reachable(row) - 1) if row[p] != row[p + 1]]
    elif effect == STICKY:
        for t, row in enumerate(tracks):
            reach = reachable(row)
            for p in range(reach - 1):
                q = p + 1
                while q < reach and row[q] == row[p]:
                    run = tuple((t, i) for i in range(p, q + 1))
                    out.append(make(cm.Collect, seat=seat, marbles=run))
                    q += 1
    elif effect == ABYSSAL:
        out = list(_bottoms(seat, tuple([row[0] if row else -1 for row in tracks])))
    elif effect == BLIND_LOVE:
        out = [
            make(cm.Steal, seat=seat, opponent=o)
            for o, p in enumerate(state.players)
            if o != seat and any(p.pool)
        ]
    elif effect == PRISMATIC:
        player = state.players[seat]
        for c in range(len(COLOURS)):
            if player.pool[c]:
                name = COLOURS[c]
                for slot, b in enumerate(player.burners):
                    if b is not None:
                        holes = b.unfilled
                        out.extend(
                            make(cm.Transmute, seat=seat, colour=name, slot=slot, hole=COLOURS[h])
                            for h in range(len(COLOURS))
                            if holes[h]
                        )
        if pending.done and out:
            out.append(make(cm.FinishEffect, seat=seat))
    elif effect == LAVA:
        if pending.done:
            row = tracks[pending.track]
            out = [
                make(cm.Discard, seat=seat, track=pending.track, pos=p)
                for p in range(reachable(row))
                if row[p] == pending.colour
            ]
            out.append(make(cm.FinishEffect, seat=seat))
        else:
            out = list(_at_every_marble(cm.Discard, seat, tuple(map(len, tracks))))
    elif effect == SANDS:
        player = state.players[seat]
        for i, tile in enumerate(player.completed):
            kind = TILES[tile].type
            if player.drunk[i] and kind != SANDS and can_use(state, seat, kind):
                out.append(make(cm.Reuse, seat=seat, potion=i))
    return out


@cache
def _pairs(seat: int) -> tuple[tuple[Command, ...], ...]:
    """Magnetic Attraction's collects of `seat`: `[track][pos]` takes the marbles
    at `pos` and `pos + 1` (built once: a miss of `make` validates a command)."""
    return tuple(
        tuple(cm.Collect(seat=seat, marbles=((t, p), (t, p + 1))) for p in range(REACH - 1))
        for t in range(TRACKS)
    )


@lru_cache(maxsize=8192)
def _bottoms(seat: int, bottoms: tuple[int, ...]) -> tuple[Command, ...]:
    """Abyssal Draft's collects, given each track's bottom colour (-1: empty): at
    most one marble per colour, so every choice of a track (or none) per colour."""
    by_colour: list[list[int | None]] = [[None] for _ in range(len(COLOURS))]
    for t, colour in enumerate(bottoms):
        if colour >= 0:
            by_colour[colour].append(t)
    out = []
    for pick in product(*by_colour):
        chosen = sorted(t for t in pick if t is not None)
        if chosen:
            out.append(make(cm.Collect, seat=seat, marbles=tuple((t, 0) for t in chosen)))
    return tuple(out)


@lru_cache(maxsize=512)
def _at_every_marble(
    kind: type[cm.Collect | cm.Discard], seat: int, lengths: tuple[int, ...]
) -> tuple[Command, ...]:
    """Wisdom's one-marble collects, or Lavamancing Filter's first discards: one
    at every reachable marble, given the tracks' lengths (a few shapes recur)."""
    spots = [(t, p) for t, n in enumerate(lengths) for p in range(min(n, REACH))]
    if kind is cm.Collect:
        return tuple(make(cm.Collect, seat=seat, marbles=((t, p),)) for t, p in spots)
    return tuple(make(cm.Discard, seat=seat, track=t, pos=p) for t, p in spots)


_ANY_MARBLE = frozenset({WISDOM, ABYSSAL, LAVA})  # any marble in reach will do
_TOUCHING = frozenset({MAGNETIC, STICKY})  # two touching marbles


def can_use(state: State, seat: int, effect: int) -> bool:
    """Whether a freshly drunk `effect` could do anything now: the same answer
    as `bool(effect_options(...))`, without building the commands."""
    tracks = state.tracks
    if effect in _ANY_MARBLE:
        return any(tracks)
    if effect in _TOUCHING:
        # Two touching reachable marbles of the same colour (Sticky) or of two
        # colours (Magnetic); compared pairwise in C (`drinkable` asks on every
        # command while such a potion waits to be drunk).
        differ = eq if effect == STICKY else ne
        for row in tracks:
            reach = min(len(row), REACH)
            if any(map(differ, row[: reach - 1], row[1:reach])):
                return True
        return False
    if effect == BLIND_LOVE:
        return any(any(p.pool) for o, p in enumerate(state.players) if o != seat)
    player = state.players[seat]
    if effect == PRISMATIC:
        return any(player.pool) and any_open_hole(player)
    return any(  # SANDS
        player.drunk[i] and TILES[tile].type != SANDS and can_use(state, seat, TILES[tile].type)
        for i, tile in enumerate(player.completed)
    )


def drinkable(state: State, seat: int) -> list[int]:
    """Completed, undrunk potions of `seat` whose effect can be used now."""
    player = state.players[seat]
    return [
        i
        for i, tile in enumerate(player.completed)
        if not player.drunk[i] and can_use(state, seat, TILES[tile].type)
    ]


# ---------------------------------------------------------------- decisions
def _pending(state: State, effects: frozenset[int], what: str) -> Pending:
    if state.phase != PLAY or state.turn.pending is None:
        raise IllegalCommand(PotionCode.NO_EFFECT, f"{what}: no potion effect is being resolved")
    pending = state.turn.pending
    if pending.effect not in effects:
        raise IllegalCommand(
            PotionCode.WRONG_EFFECT, f"{what} does not resolve {TYPES[pending.effect]}"
        )
    return pending


def _drink(b: Builder, c: cm.Drink) -> None:
    s = b.state
    check_play(s, "drinking a potion")
    player = s.players[c.seat]
    if not 0 <= c.potion < len(player.completed):
        raise IllegalCommand(PotionCode.UNKNOWN_POTION, f"you have no completed potion {c.potion}")
    if player.drunk[c.potion]:
        raise IllegalCommand(PotionCode.ALREADY_DRUNK, f"potion {c.potion} was already drunk")
    kind = TILES[player.completed[c.potion]].type
    if not can_use(s, c.seat, kind):
        raise IllegalCommand(PotionCode.EFFECT_IMPOSSIBLE, f"{TYPES[kind]} cannot be used now")
    b.emit(shared(ev.Drunk, seat=c.seat, potion=c.potion))


def _reuse(b: Builder, c: cm.Reuse) -> None:
    s = b.state
    _pending(s, frozenset({SANDS}), "reuse")
    player = s.players[c.seat]
    if not 0 <= c.potion < len(player.completed):
        raise IllegalCommand(PotionCode.UNKNOWN_POTION, f"you have no completed potion {c.potion}")
    if not player.drunk[c.potion]:
        raise IllegalCommand(PotionCode.NOT_DRUNK, f"potion {c.potion} has not been drunk yet")
    kind = TILES[player.completed[c.potion]].type
    if kind == SANDS:
        raise IllegalCommand(PotionCode.CANNOT_REUSE, "Sands of Time cannot reuse Sands of Time")
    if not can_use(s, c.seat, kind):
        raise IllegalCommand(PotionCode.EFFECT_IMPOSSIBLE, f"{TYPES[kind]} cannot be used now")
    b.emit(shared(ev.Reused, seat=c.seat, potion=c.potion))


def _collect(b: Builder, c: cm.Collect) -> None:
    s = b.state
    pending = _pending(s, COLLECTING, "collect")
    marbles = sorted(set(c.marbles))
    if len(marbles) != len(c.marbles):
        raise IllegalCommand(PotionCode.REPEATED, "a marble is listed twice")
    for t, p in marbles:
        check_take(s.tracks, t, p)
    colours = [s.tracks[t][p] for t, p in marbles]
    tracks = {t for t, _ in marbles}
    effect = pending.effect
    run = len(tracks) == 1 and all(
        marbles[i + 1][1] == marbles[i][1] + 1 for i in range(len(marbles) - 1)
    )
    if effect == WISDOM and len(marbles) != 1:
        raise IllegalCommand(PotionCode.WRONG_COUNT, "Wisdom takes exactly 1 marble")
    if effect == MAGNETIC:
        if len(marbles) != 2:
            raise IllegalCommand(
                PotionCode.WRONG_COUNT, "Magnetic Attraction takes exactly 2 marbles"
            )
        if not run:
            raise IllegalCommand(
                PotionCode.NOT_ADJACENT, "the 2 marbles must be adjacent in one track"
            )
        if colours[0] == colours[1]:
            raise IllegalCommand(PotionCode.SAME_COLOUR, "the 2 marbles must differ in colour")
    if effect == STICKY:
        if len(marbles) < 2:
            raise IllegalCommand(
                PotionCode.WRONG_COUNT, "Uttermost Stickiness takes 2 marbles or more"
            )
        if not run:
            raise IllegalCommand(
                PotionCode.NOT_ADJACENT, "the marbles must be adjacent in one track"
            )
        if len(set(colours)) != 1:
            raise IllegalCommand(PotionCode.MIXED_COLOURS, "the marbles must all share one colour")
    if effect == ABYSSAL:
        if not marbles:
            raise IllegalCommand(PotionCode.WRONG_COUNT, "Abyssal Draft takes at least 1 marble")
        if any(p != 0 for _, p in marbles):
            raise IllegalCommand(
                PotionCode.NOT_BOTTOM, "Abyssal Draft takes only the bottom marble of a track"
            )
        if len(set(colours)) != len(colours):
            raise IllegalCommand(
                PotionCode.REPEATED, "Abyssal Draft takes marbles of different colours"
            )
    if effect in (MAGNETIC, STICKY):
        removals: tuple[tuple[int, int, int], ...] = ((marbles[0][0], marbles[0][1], len(marbles)),)
    else:
        removals = tuple((t, p, 1) for t, p in marbles)
    b.emit(shared(ev.Dispensed, seat=c.seat, source="effect", removals=removals))
    b.emit(shared(ev.EffectFinished, seat=c.seat))
    refill(b)


def _steal(b: Builder, c: cm.Steal) -> None:
    s = b.state
    _pending(s, frozenset({BLIND_LOVE}), "steal")
    if c.opponent == c.seat or not 0 <= c.opponent < len(s.players):
        raise IllegalCommand(PotionCode.BAD_OPPONENT, f"seat {c.opponent} is not an opponent")
    if not any(s.players[c.opponent].pool):
        raise IllegalCommand(PotionCode.EMPTY_POOL, f"seat {c.opponent} has nothing in their pool")
    b.emit(shared(ev.Stolen, seat=c.seat, opponent=c.opponent))
    b.emit(shared(ev.EffectFinished, seat=c.seat))


def _transmute(b: Builder, c: cm.Transmute) -> None:
    s = b.state
    _pending(s, frozenset({PRISMATIC}), "transmute")
    player = s.players[c.seat]
    if not player.pool[COLOUR_INDEX[c.colour]]:
        raise IllegalCommand(PotionCode.NOT_IN_POOL, f"no {c.colour} marble in your pool")
    burner = player.burners[c.slot] if c.slot in range(BURNERS) else None
    if burner is None:
        raise IllegalCommand(PotionCode.NO_POTION, f"no potion on burner {c.slot}")
    hole = COLOUR_INDEX[c.hole]
    if not burner.unfilled[hole]:
        raise IllegalCommand(
            PotionCode.NO_HOLE, f"the potion on burner {c.slot} has no open {c.hole} hole"
        )
    check_completion_limit(s, c.slot, hole)
    b.emit(shared(ev.Transmuted, seat=c.seat, colour=c.colour, slot=c.slot, hole=c.hole))
    complete_if_full(b, c.seat, c.slot)
    s = b.state
    assert s.turn.pending is not None
    if s.turn.pending.done >= PRISMATIC_LIMIT or not effect_options(s, c.seat, s.turn.pending):
        b.emit(shared(ev.EffectFinished, seat=c.seat))


def _discard(b: Builder, c: cm.Discard) -> None:
    s = b.state
    pending = _pending(s, frozenset({LAVA}), "discard")
    check_take(s.tracks, c.track, c.pos)
    if pending.done:
        if c.track != pending.track:
            raise IllegalCommand(
                PotionCode.WRONG_TRACK, f"Lavamancing Filter works on track {pending.track}"
            )
        if s.tracks[c.track][c.pos] != pending.colour:
            raise IllegalCommand(
                PotionCode.WRONG_COLOUR, "Lavamancing Filter removes marbles of one colour"
            )
    b.emit(shared(ev.Dispensed, seat=c.seat, source="discard", removals=((c.track, c.pos, 1),)))
    s = b.state
    assert s.turn.pending is not None
    if s.turn.pending.done >= LAVA_LIMIT or len(effect_options(s, c.seat, s.turn.pending)) == 1:
        b.emit(shared(ev.EffectFinished, seat=c.seat))
        refill(b)


def _finish(b: Builder, c: cm.FinishEffect) -> None:
    s = b.state
    pending = _pending(s, frozenset({PRISMATIC, LAVA}), "finish_effect")
    if not pending.done:
        raise IllegalCommand(
            PotionCode.NOTHING_DONE, f"use {TYPES[pending.effect]} at least once first"
        )
    b.emit(shared(ev.EffectFinished, seat=c.seat))
    refill(b)


# Each handler takes its own command type; `decide.STEPS` dispatches on type(command).
EFFECTS: dict[type[Command], Callable[[Builder, Any], None]] = {
    cm.Drink: _drink,
    cm.Reuse: _reuse,
    cm.Collect: _collect,
    cm.Steal: _steal,
    cm.Transmute: _transmute,
    cm.Discard: _discard,
    cm.FinishEffect: _finish,
}
