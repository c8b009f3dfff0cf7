"""Queries over the state that both `decide` and `legal_commands` rely on:
what a seat may place, stash or drink, and every way to resolve an effect.
"""

from __future__ import annotations

from itertools import product

from tabletop.kernel import Command

from . import messages as m
from .data import (
    ABYSSAL,
    BLIND_LOVE,
    COLOURS,
    LAVA,
    MAGNETIC,
    POOL_LIMIT,
    PRISMATIC,
    SANDS,
    STICKY,
    TILES,
    WISDOM,
)
from .dispenser import reachable, takeable
from .messages import make
from .state import Burner, Marbles, Pending, Player, State


# ------------------------------------------------------------------ potions
def open_holes(burner: Burner) -> Marbles:
    h, f = TILES[burner.tile].holes, burner.filled
    return (h[0] - f[0], h[1] - f[1], h[2] - f[2], h[3] - f[3])


def slots_for(player: Player, colour: int) -> list[int]:
    """Burner slots whose potion has an open hole of `colour`."""
    return [i for i, b in enumerate(player.burners) if b is not None and open_holes(b)[colour] > 0]


def any_open_hole(player: Player) -> bool:
    return any(b is not None and any(open_holes(b)) for b in player.burners)


def placeable(state: State) -> list[tuple[int, int]]:
    """(colour, slot) pairs a marble in hand may go to."""
    player = state.players[state.current]
    hand = state.turn.hand
    return [(c, s) for c in range(len(COLOURS)) if hand[c] for s in slots_for(player, c)]


def stashable(state: State) -> list[int]:
    """Colours of hand marbles that may go into the pool now: it has room, no
    burner potion has an open hole of that colour, and the marble did not come
    from the pool this turn. While this is not empty the turn may not end:
    marbles go back to the dispenser only when the pool is full."""
    player = state.players[state.current]
    if sum(player.pool) >= POOL_LIMIT:
        return []
    hand, kept = state.turn.hand, state.turn.kept
    return [c for c in range(len(COLOURS)) if hand[c] > kept[c] and not slots_for(player, c)]


def may_end_take(state: State) -> bool:
    """The regular take is done, or impossible (the dispenser is out of reach)."""
    return state.turn.taken or not takeable(state.tracks)


# ------------------------------------------------------------------ effects
def effect_options(state: State, seat: int, pending: Pending) -> list[Command]:
    """Every command that resolves (one step of) `pending` for `seat`."""
    tracks = state.tracks
    effect = pending.effect
    out: list[Command] = []
    if effect == WISDOM:
        out = [make(m.Collect, seat=seat, marbles=((t, p),)) for t, p in takeable(tracks)]
    elif effect == MAGNETIC:
        for t, row in enumerate(tracks):
            for p in range(reachable(row) - 1):
                if row[p] != row[p + 1]:
                    out.append(make(m.Collect, seat=seat, marbles=((t, p), (t, p + 1))))
    elif effect == STICKY:
        for t, row in enumerate(tracks):
            reach = reachable(row)
            for p in range(reach - 1):
                q = p + 1
                while q < reach and row[q] == row[p]:
                    run = tuple((t, i) for i in range(p, q + 1))
                    out.append(make(m.Collect, seat=seat, marbles=run))
                    q += 1
    elif effect == ABYSSAL:
        by_colour: list[list[int | None]] = [[None] for _ in range(len(COLOURS))]
        for t, row in enumerate(tracks):
            if row:
                by_colour[row[0]].append(t)
        for pick in product(*by_colour):
            chosen = sorted(t for t in pick if t is not None)
            if chosen:
                out.append(make(m.Collect, seat=seat, marbles=tuple((t, 0) for t in chosen)))
    elif effect == BLIND_LOVE:
        out = [
            make(m.Steal, seat=seat, opponent=o)
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
                        holes = open_holes(b)
                        out.extend(
                            make(m.Transmute, seat=seat, colour=name, slot=slot, hole=COLOURS[h])
                            for h in range(len(COLOURS))
                            if holes[h]
                        )
        if pending.done and out:
            out.append(make(m.FinishEffect, seat=seat))
    elif effect == LAVA:
        if pending.done:
            row = tracks[pending.track]
            out = [
                make(m.Discard, seat=seat, track=pending.track, pos=p)
                for p in range(reachable(row))
                if row[p] == pending.colour
            ]
            out.append(make(m.FinishEffect, seat=seat))
        else:
            out = [make(m.Discard, seat=seat, track=t, pos=p) for t, p in takeable(tracks)]
    elif effect == SANDS:
        player = state.players[seat]
        for i, tile in enumerate(player.completed):
            kind = TILES[tile].type
            if player.drunk[i] and kind != SANDS and can_use(state, seat, kind):
                out.append(make(m.Reuse, seat=seat, potion=i))
    return out


def can_use(state: State, seat: int, effect: int) -> bool:
    """Whether a freshly drunk `effect` could do anything now: the same answer
    as `bool(effect_options(...))`, without building the commands."""
    tracks = state.tracks
    if effect in (WISDOM, ABYSSAL, LAVA):
        return any(tracks)
    if effect in (MAGNETIC, STICKY):
        same = effect == STICKY
        return any(
            (row[p] == row[p + 1]) == same for row in tracks for p in range(reachable(row) - 1)
        )
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
