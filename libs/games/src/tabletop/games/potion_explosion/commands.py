"""The commands of Potion Explosion: what a seat may send.

Every decision of a turn is its own command of the acting seat, so
`legal_commands` lists them all. Colours travel by name; tiles, tracks,
positions (0 = bottom of a track), burner slots and potions (index into the
seat's completed potions) by number.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from tabletop.kernel import Command

from .data import ColourName

Marble = tuple[int, int]  # (track, pos)


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


@cache
def make(cls: type[Command], **fields: Any) -> Command:
    """A shared instance of a command (they are frozen): `legal_commands` lists
    the same few hundred commands over and over, built once each."""
    return cls(**fields)
