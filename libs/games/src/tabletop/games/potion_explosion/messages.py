"""The wire edge of Potion Explosion: its options, commands and events.

Every decision of a turn is its own command of the acting seat, so
`legal_commands` lists them all. Colours and potion types travel by name;
tiles, tracks, positions (0 = bottom of a track), burner slots and potions
(index into the seat's completed potions) by number.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import Field, model_validator

from tabletop.kernel import Command, Event, GameConfig

from .data import ColourName, TypeName

Marble = tuple[int, int]  # (track, pos)


class PotionExplosionConfig(GameConfig):
    """`excluded`: the two potion types left in the box (random when None).
    `clock`: game-clock skill tokens (default 4 / 5 / 6 for 2 / 3 / 4 players).
    `max_rounds`: safety stop for a dispenser deadlock (see the doc)."""

    excluded: tuple[TypeName, TypeName] | None = None
    clock: int | None = Field(default=None, ge=1, le=15)
    max_rounds: int = Field(default=100, ge=1, le=1000)

    @model_validator(mode="after")
    def _distinct(self) -> PotionExplosionConfig:
        if self.excluded is not None and self.excluded[0] == self.excluded[1]:
            raise ValueError("exclude two different potion types")
        return self


# ------------------------------------------------------------------ commands
class Draft(Command):
    type: Literal["draft"] = "draft"
    tile: int


class Take(Command):
    """The turn's regular take (explodes); also the tie-break take."""

    type: Literal["take"] = "take"
    track: int
    pos: int


class LittleHelp(Command):
    type: Literal["little_help"] = "little_help"
    track: int
    pos: int


class Place(Command):
    """A marble from hand into a matching hole of the potion on burner `slot`."""

    type: Literal["place"] = "place"
    colour: ColourName
    slot: int


class Stash(Command):
    """A marble from hand into the pool (flask)."""

    type: Literal["stash"] = "stash"
    colour: ColourName


class Unstash(Command):
    """A marble from the pool back into hand."""

    type: Literal["unstash"] = "unstash"
    colour: ColourName


class Drink(Command):
    type: Literal["drink"] = "drink"
    potion: int


class Reuse(Command):
    """Sands of Time: the drunk potion whose effect is used again."""

    type: Literal["reuse"] = "reuse"
    potion: int


class Collect(Command):
    """Wisdom, Magnetic Attraction, Abyssal Draft, Uttermost Stickiness."""

    type: Literal["collect"] = "collect"
    marbles: tuple[Marble, ...]


class Steal(Command):
    """Blind Love: the opponent whose pool you take."""

    type: Literal["steal"] = "steal"
    opponent: int


class Transmute(Command):
    """Prismatic Joy: a pool marble of `colour` into a `hole` of any colour."""

    type: Literal["transmute"] = "transmute"
    colour: ColourName
    slot: int
    hole: ColourName


class Discard(Command):
    """Lavamancing Filter: one marble back into the reservoir."""

    type: Literal["discard"] = "discard"
    track: int
    pos: int


class FinishEffect(Command):
    """Stop Prismatic Joy or Lavamancing Filter before its limit."""

    type: Literal["finish_effect"] = "finish_effect"


class EndTurn(Command):
    type: Literal["end_turn"] = "end_turn"


class ChooseStack(Command):
    """Refill an empty burner from the top of a potion stack."""

    type: Literal["choose_stack"] = "choose_stack"
    stack: int


COMMANDS = (
    Draft, Take, LittleHelp, Place, Stash, Unstash, Drink, Reuse, Collect,
    Steal, Transmute, Discard, FinishEffect, EndTurn, ChooseStack,
)  # fmt: skip


# -------------------------------------------------------------------- events
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


@cache
def make(cls: type[Command], **fields: Any) -> Command:
    """A shared instance of a command (they are frozen): `legal_commands` lists
    the same few hundred commands over and over, built once each."""
    return cls(**fields)
