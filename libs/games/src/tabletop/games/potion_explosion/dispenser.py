"""The marble dispenser: five tracks (bottom to top) fed from a reservoir.

Pure functions over tuples of colour ints. A removal is `(track, pos, count)`:
`count` marbles from `pos` upwards leave the track and the marbles above slide
down. Only the regular take explodes (`explode`); refills are drawn with the
decider's rng and recorded as `(track, colour)` pairs.
"""

from __future__ import annotations

import random
from functools import lru_cache

from tabletop.kernel import EventBuilder, IllegalCommand

from .codes import PotionCode
from .data import COLOURS, REACH, TRACK_LENGTH, TRACKS
from .events import Refilled
from .state import State

Track = tuple[int, ...]
Tracks = tuple[Track, ...]
Removal = tuple[int, int, int]  # (track, pos, count)


def reachable(track: Track) -> int:
    """How many marbles of `track` may be taken (the 9th may not)."""
    return min(len(track), REACH)


def takeable(tracks: Tracks) -> list[tuple[int, int]]:
    return [(t, p) for t, track in enumerate(tracks) for p in range(reachable(track))]


def check_take(tracks: Tracks, track: int, pos: int) -> None:
    """Refuse a take of a marble that is not there or out of reach."""
    if 0 <= track < TRACKS and 0 <= pos < REACH and pos < len(tracks[track]):
        return
    if 0 <= track < len(tracks) and reachable(tracks[track]) <= pos < len(tracks[track]):
        raise IllegalCommand(
            PotionCode.OUT_OF_REACH, "the 9th (top) marble of a track cannot be taken"
        )
    raise IllegalCommand(
        PotionCode.NO_MARBLE, f"there is no marble at track {track}, position {pos}"
    )


def explode(track: Track, pos: int) -> list[tuple[int, int]]:
    """The removals `(pos, count)` of a regular take at `pos`, chain included.

    The gap closes; if the two marbles that meet share a colour they explode
    with every same-coloured marble connected to them, and the check repeats
    where the track closed. Marbles that were already touching never explode.
    """
    t = list(track)
    del t[pos]
    removals = [(pos, 1)]
    gap = pos
    while 0 < gap < len(t) and t[gap - 1] == t[gap]:
        colour = t[gap]
        lo, hi = gap - 1, gap
        while lo > 0 and t[lo - 1] == colour:
            lo -= 1
        while hi + 1 < len(t) and t[hi + 1] == colour:
            hi += 1
        removals.append((lo, hi - lo + 1))
        del t[lo : hi + 1]
        gap = lo
    return removals


def remove(tracks: Tracks, removals: tuple[Removal, ...]) -> tuple[Tracks, list[int]]:
    """Apply removals in order; the new tracks and the colours removed."""
    rows = list(tracks)
    taken: list[int] = []
    for t, pos, count in removals:
        row = rows[t]
        taken.extend(row[pos : pos + count])
        rows[t] = row[:pos] + row[pos + count :]
    return tuple(rows), taken


def draw_refill(
    tracks: Tracks, reservoir: tuple[int, ...], rng: random.Random
) -> tuple[tuple[int, int], ...]:
    """Random marbles from the reservoir onto the shortest tracks (lowest index
    first) until every track is full or the reservoir is empty."""
    lengths = list(map(len, tracks))
    if min(lengths) >= TRACK_LENGTH:  # full (most turns' ends)
        return ()
    counts = list(reservoir)
    total = sum(counts)
    added: list[tuple[int, int]] = []
    getrandbits = rng.getrandbits
    while total:
        shortest = min(lengths)
        if shortest >= TRACK_LENGTH:
            break
        track = lengths.index(shortest)
        # `rng.randrange(total)` drawn as `random.Random` draws it (a test checks
        # they agree), without its two Python frames per marble.
        bits = total.bit_length()
        r = getrandbits(bits)
        while r >= total:
            r = getrandbits(bits)
        colour = 0
        while r >= counts[colour]:
            r -= counts[colour]
            colour += 1
        counts[colour] -= 1
        total -= 1
        lengths[track] += 1
        added.append((track, colour))
    return tuple(added)


def add(tracks: Tracks, marbles: tuple[tuple[int, int], ...]) -> Tracks:
    rows = list(tracks)
    for t, colour in marbles:
        rows[t] = (*rows[t], colour)
    return tuple(rows)


@lru_cache(maxsize=4096)
def refill_event(added: tuple[tuple[int, int], ...]) -> Refilled:
    """The `refilled` event of marbles drawn as (track, colour) pairs (cached by
    them: a refill of one or two marbles recurs often)."""
    return Refilled(marbles=tuple([(t, COLOURS[c]) for t, c in added]))


def refill(b: EventBuilder[State]) -> None:
    """Top the tracks up from the reservoir (drawn with the builder's rng)."""
    s = b.state
    added = draw_refill(s.tracks, s.reservoir, b.rng)
    if added:
        b.emit(refill_event(added))
