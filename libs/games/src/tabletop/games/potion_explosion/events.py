"""The events of Potion Explosion: what the log records. Colours and potion
types travel by name, tiles, tracks, positions and seats by number."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, TypeVar

from tabletop.kernel import Event

from .data import BURNERS, COLOURS, MAX_PLAYERS, ColourName, TypeName


class Started(Event):
    """Stacks list tiles top first; redacted stacks show -1 below the tops."""

    type: Literal["started"] = "started"
    players: int
    types: tuple[TypeName, ...]
    tracks: tuple[tuple[ColourName, ...], ...]
    reservoir: tuple[int, int, int, int]
    offer: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    clock: int
    supply: int
    max_rounds: int


class Drafted(Event):
    type: Literal["drafted"] = "drafted"
    seat: int
    tile: int
    slot: int


class TurnBegan(Event):
    type: Literal["turn_began"] = "turn_began"
    seat: int
    round: int


class Dispensed(Event):
    """Marbles leave the dispenser: `removals` are (track, pos, count) in order.
    `take`/`help`/`effect` go to hand; `discard` and `tiebreak` to the reservoir."""

    type: Literal["dispensed"] = "dispensed"
    seat: int
    source: Literal["take", "help", "effect", "discard", "tiebreak"]
    removals: tuple[tuple[int, int, int], ...]


class Refilled(Event):
    type: Literal["refilled"] = "refilled"
    marbles: tuple[tuple[int, ColourName], ...]  # (track, colour), added at the top


class Placed(Event):
    type: Literal["placed"] = "placed"
    seat: int
    colour: ColourName
    slot: int


class Completed(Event):
    type: Literal["completed"] = "completed"
    seat: int
    slot: int
    tile: int


class Stashed(Event):
    type: Literal["stashed"] = "stashed"
    seat: int
    colour: ColourName


class Unstashed(Event):
    type: Literal["unstashed"] = "unstashed"
    seat: int
    colour: ColourName


class Drunk(Event):
    type: Literal["drunk"] = "drunk"
    seat: int
    potion: int


class Reused(Event):
    type: Literal["reused"] = "reused"
    seat: int
    potion: int


class Stolen(Event):
    type: Literal["stolen"] = "stolen"
    seat: int
    opponent: int


class Transmuted(Event):
    """Prismatic Joy: a `colour` pool marble into a `hole`-coloured hole. The
    marble keeps its colour (it returns to the dispenser as `colour`)."""

    type: Literal["transmuted"] = "transmuted"
    seat: int
    colour: ColourName
    slot: int
    hole: ColourName


class EffectFinished(Event):
    type: Literal["effect_finished"] = "effect_finished"
    seat: int


class TurnEnded(Event):
    """Marbles still in hand return to the reservoir (the pool is full by then,
    or they came from it and `stashed` events put them back first)."""

    type: Literal["turn_ended"] = "turn_ended"
    seat: int


class BurnerFilled(Event):
    type: Literal["burner_filled"] = "burner_filled"
    seat: int
    slot: int
    stack: int
    tile: int
    revealed: int | None  # the stack's new top


class SkillAwarded(Event):
    type: Literal["skill_awarded"] = "skill_awarded"
    seat: int
    reason: TypeName | Literal["variety"]
    clock: bool  # from the game clock (else the general supply)


class GameEnded(Event):
    type: Literal["game_ended"] = "game_ended"
    reason: Literal["clock", "stacks", "rounds"]
    tiebreak: tuple[int, ...]  # tied leaders, in turn order, who take a tie-break marble


EVENTS = (
    Started, Drafted, TurnBegan, Dispensed, Refilled, Placed, Completed, Stashed,
    Unstashed, Drunk, Reused, Stolen, Transmuted, EffectFinished, TurnEnded,
    BurnerFilled, SkillAwarded, GameEnded,
)  # fmt: skip


E = TypeVar("E", bound=Event)


@lru_cache(maxsize=4096)
def shared(cls: type[E], **fields: Any) -> E:
    """A shared instance of an event (they are frozen) whose fields take few
    values (a seat, a colour, a slot): most events of a game are a handful of
    these, so each is validated once, not once per command."""
    return cls(**fields)


# The events of the turn's commonest commands, by seat (and colour index and
# burner slot): the decider picks one by index, without building `shared`'s
# key from keyword arguments (a quarter of an unstash's cost).
STASHED = tuple(tuple(Stashed(seat=s, colour=n) for n in COLOURS) for s in range(MAX_PLAYERS))
UNSTASHED = tuple(tuple(Unstashed(seat=s, colour=n) for n in COLOURS) for s in range(MAX_PLAYERS))
TURN_ENDED = tuple(TurnEnded(seat=s) for s in range(MAX_PLAYERS))
PLACED = tuple(
    tuple(tuple(Placed(seat=s, colour=n, slot=k) for k in range(BURNERS)) for n in COLOURS)
    for s in range(MAX_PLAYERS)
)
