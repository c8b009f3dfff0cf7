"""What a seat may know, in exactly one place: `view`, `redact` and
`sample_world`. Everything on the table is public; the only hidden thing is
the order of the potion stacks below their tops."""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from tabletop.kernel import Event

from .data import COLOURS, TILES, TYPES
from .events import Started
from .legal import to_act
from .scoring import score
from .state import PHASES, Burner, Marbles, Pending, State

HIDDEN = -1  # a tile below a stack's top, in redacted events
_NAMES = COLOURS


# ---------------------------------------------------------------- view model
class TileView(BaseModel):
    id: int
    type: str
    points: int
    holes: dict[str, int]


class BurnerView(BaseModel):
    tile: TileView
    filled: dict[str, int]  # holes filled, by the hole's colour
    marbles: dict[str, int]  # marbles on the potion, by their own colour (Prismatic Joy)


class PotionView(BaseModel):
    tile: TileView
    drunk: bool


class PlayerView(BaseModel):
    burners: list[BurnerView | None]
    pool: dict[str, int]
    completed: list[PotionView]
    little_help: int
    skills: int
    mastered: list[str]
    variety: bool
    score: int


class PendingView(BaseModel):
    effect: str
    potion: int
    done: int
    track: int | None
    colour: str | None


class TurnView(BaseModel):
    hand: dict[str, int]
    from_pool: dict[str, int]
    taken: bool
    helped: bool
    completed: int
    pending: PendingView | None


class StackView(BaseModel):
    top: TileView | None
    size: int


class PotionExplosionView(BaseModel):
    seat: int | None
    phase: str
    to_act: list[int]
    round: int
    max_rounds: int
    current: int
    types: list[str]
    tracks: list[list[str]]
    reservoir: dict[str, int]
    stacks: list[StackView]
    offer: list[TileView]
    clock: int
    supply: int
    ending: str | None
    players: list[PlayerView]
    turn: TurnView
    tiebreak: list[int]
    tiebreak_marbles: list[int]


# ---------------------------------------------------------------------- view
def _marbles(m: Marbles) -> dict[str, int]:
    return {"red": m[0], "blue": m[1], "black": m[2], "yellow": m[3]}


_TILE_FACTS = tuple((t.id, TYPES[t.type], t.points, t.holes) for t in TILES)


def _tile(tile: int) -> dict[str, Any]:
    """A fresh dict each time: views are handed out and may be changed."""
    i, kind, points, h = _TILE_FACTS[tile]
    holes = {"red": h[0], "blue": h[1], "black": h[2], "yellow": h[3]}
    return {"id": i, "type": kind, "points": points, "holes": holes}


def _burner(b: Burner | None) -> dict[str, Any] | None:
    if b is None:
        return None
    return {"tile": _tile(b.tile), "filled": _marbles(b.filled), "marbles": _marbles(b.marbles)}


def _pending(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "effect": TYPES[p.effect],
        "potion": p.potion,
        "done": p.done,
        "track": p.track if p.track >= 0 else None,
        "colour": COLOURS[p.colour] if p.colour >= 0 else None,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    t = state.turn
    return {
        "seat": seat,
        "phase": PHASES[state.phase],
        "to_act": to_act(state),
        "round": state.round,
        "max_rounds": state.max_rounds,
        "current": state.current,
        "types": [TYPES[k] for k in state.types],
        "tracks": [[_NAMES[c] for c in row] for row in state.tracks],
        "reservoir": _marbles(state.reservoir),
        "stacks": [{"top": _tile(st[0]) if st else None, "size": len(st)} for st in state.stacks],
        "offer": [_tile(k) for k in state.offer],
        "clock": state.clock,
        "supply": state.supply,
        "ending": state.ending or None,
        "players": [
            {
                "burners": [_burner(b) for b in p.burners],
                "pool": _marbles(p.pool),
                "completed": [
                    {"tile": _tile(k), "drunk": d}
                    for k, d in zip(p.completed, p.drunk, strict=True)
                ],
                "little_help": p.helps,
                "skills": p.skills,
                "mastered": [TYPES[k] for k in p.mastered],
                "variety": p.variety,
                "score": score(p),
            }
            for p in state.players
        ],
        "turn": {
            "hand": _marbles(t.hand),
            "from_pool": _marbles(t.kept),
            "taken": t.taken,
            "helped": t.helped,
            "completed": t.completed,
            "pending": _pending(t.pending),
        },
        "tiebreak": list(state.tiebreak),
        "tiebreak_marbles": list(state.tiebreak_marbles),
    }


# -------------------------------------------------------------------- redact
def redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, Started):
        stacks = tuple(st[:1] + (HIDDEN,) * (len(st) - 1) for st in event.stacks)
        return event.model_copy(update={"stacks": stacks})
    return event


# -------------------------------------------------------------- sample_world
def sample_world(state: State, seat: int, seed: int) -> State:
    """Re-deal the tiles below the stack tops (the only hidden thing) at random.
    The unseen tiles are sorted first, so the result depends only on the view."""
    unseen = sorted(t for st in state.stacks for t in st[1:])
    random.Random(seed).shuffle(unseen)
    stacks = []
    for st in state.stacks:
        below = len(st) - 1 if st else 0
        stacks.append(st[:1] + tuple(unseen[:below]))
        unseen = unseen[below:]
    return state._replace(stacks=tuple(stacks))
