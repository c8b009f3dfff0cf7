"""The internal state: `NamedTuple` records of tuples and small ints, copied
with `tabletop.kernel.replace` (ADR 0021), and small pure queries on them.

Marble counts are 4-tuples indexed by colour. The only hidden part is the
order of the potion stacks below their tops; the reservoir is a multiset
(its "order" is the rng of the decider, drawn at refill time).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from .data import TILES

Marbles = tuple[int, int, int, int]
NO_MARBLES: Marbles = (0, 0, 0, 0)

DRAFT, PLAY, REFILL, TIEBREAK, OVER = range(5)
PHASES = ("draft", "play", "refill", "tiebreak", "over")


class Burner(NamedTuple):
    """A potion being brewed. `filled` counts the holes filled, by the hole's
    colour; `marbles` counts the marbles on it, by their own colour. They differ
    only after Prismatic Joy (a black marble in a red hole stays black), and the
    marbles, not the holes, go back to the dispenser when the potion completes.
    `unfilled` is the tile's holes minus `filled`: every command of a turn asks
    which holes are open, so the fold that fills one keeps it."""

    tile: int
    filled: Marbles
    marbles: Marbles
    unfilled: Marbles


def burner(tile: int, filled: Marbles = NO_MARBLES, marbles: Marbles = NO_MARBLES) -> Burner:
    """A burner of `tile` with those holes filled and marbles on it."""
    h = TILES[tile].holes
    unfilled = (h[0] - filled[0], h[1] - filled[1], h[2] - filled[2], h[3] - filled[3])
    return Burner(tile, filled, marbles, unfilled)


class Player(NamedTuple):
    """A seat's potions and tokens; `burners` and `pool` change most, so they
    come first (see `State`)."""

    burners: tuple[Burner | None, Burner | None] = (None, None)
    pool: Marbles = NO_MARBLES
    completed: tuple[int, ...] = ()  # tile ids, in completion order
    drunk: tuple[bool, ...] = ()  # parallel to `completed`
    helps: int = 0
    skills: int = 0
    mastered: tuple[int, ...] = ()  # types that earned the 3-of-a-kind token
    variety: bool = False  # earned the 5-different-types token


class Pending(NamedTuple):
    """A drunk potion's effect being resolved."""

    effect: int
    potion: int  # the completed potion whose effect this is
    done: int = 0  # marbles moved so far (Prismatic Joy, Lavamancing Filter)
    track: int = -1  # Lavamancing Filter: its track and colour once chosen
    colour: int = -1


class Turn(NamedTuple):
    """The turn in progress; `hand` and `kept` change most, so they come first."""

    hand: Marbles = NO_MARBLES
    kept: Marbles = NO_MARBLES  # marbles from the pool this turn: may not go back
    taken: bool = False  # the regular take is done
    helped: bool = False
    completed: int = 0
    pending: Pending | None = None


class State(NamedTuple):
    """The whole game. The fields most events change come first (`players`,
    `turn`, `tracks`, `reservoir`), so `evolve`'s hot folds rebuild a state
    from them and the untouched rest (`*s[2:]`) in one constructor call."""

    players: tuple[Player, ...]
    turn: Turn
    tracks: tuple[tuple[int, ...], ...]
    reservoir: Marbles
    types: tuple[int, ...]  # the six potion types in the game
    stacks: tuple[tuple[int, ...], ...]  # top first
    offer: tuple[int, ...]  # starting tiles still to draft
    clock: int
    supply: int
    max_rounds: int
    phase: int = DRAFT
    current: int = 0
    round: int = 0
    ending: Literal["", "clock", "stacks", "rounds"] = ""  # why the game ends ("": not yet)
    tiebreak: tuple[int, ...] = ()  # seats still to take their tie-break marble
    tiebreak_marbles: tuple[int, ...] = ()


@lru_cache(maxsize=4096)
def bump(marbles: Marbles, colour: int, delta: int) -> Marbles:
    """`marbles` with `delta` more of `colour` (cached: the counts are small, so
    few keys recur, and a hit costs no Python frame; the folds bump every event)."""
    m = list(marbles)
    m[colour] += delta
    return (m[0], m[1], m[2], m[3])


def plus(a: Marbles, b: Marbles) -> Marbles:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def counts(colours: list[int]) -> Marbles:
    m = [0, 0, 0, 0]
    for c in colours:
        m[c] += 1
    return (m[0], m[1], m[2], m[3])


def draft_seat(state: State) -> int:
    """Snake draft: clockwise from the first seat, then back from the last."""
    n = len(state.players)
    k = 2 * n - len(state.offer)
    return k if k < n else 2 * n - 1 - k
