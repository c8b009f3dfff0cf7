"""Commands shared by the gem-market games (what a seat may send).

Token multisets travel as lists of colour names (`["red", "red", "gold"]`),
canonically ordered by the rule set's colour order. Cards travel as ids into
the game's card table. Game-specific commands (nobles, evolution) live in the
game's own package.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from tabletop.kernel import Command


class TakeDifferent(Command):
    """Take 3 tokens of different colours (fewer only when fewer colours remain)."""

    type: Literal["take_different"] = "take_different"
    colors: tuple[str, ...]


class TakeSame(Command):
    """Take 2 tokens of one colour (only when at least 4 are in the supply)."""

    type: Literal["take_same"] = "take_same"
    color: str


class Reserve(Command):
    """Reserve a face-up card (and take a wild token if any is left)."""

    type: Literal["reserve"] = "reserve"
    card: int


class ReserveTop(Command):
    """Reserve the top card of a level's deck, unseen by the others."""

    type: Literal["reserve_top"] = "reserve_top"
    level: int


class Buy(Command):
    """Buy a face-up card or one of your reserved cards. Bonuses discount the
    price; wild tokens pay any printed wild cost. `wild_for` says how the
    rest is paid: one colour name per wild token spent in place of a token of
    that colour (`["red"]`: a gold pays one of the red). Without it (None)
    coloured tokens pay first and wild tokens only what they cannot; that
    default is sent only this way (one command per payment: a `wild_for`
    spelling it out is refused). The event lists what was paid."""

    # A field that says how a move is made, not which move it is: bots may
    # treat commands differing only here as one move (docs/policies.md).
    variant_fields: ClassVar[tuple[str, ...]] = ("wild_for",)

    type: Literal["buy"] = "buy"
    card: int
    wild_for: tuple[str, ...] | None = None


class ReturnTokens(Command):
    """End of turn above the token limit: the tokens you give back."""

    type: Literal["return_tokens"] = "return_tokens"
    tokens: tuple[str, ...]


class Pass(Command):
    """Only when no action at all is possible."""

    type: Literal["pass"] = "pass"


COMMANDS: tuple[type[Command], ...] = (
    TakeDifferent,
    TakeSame,
    Reserve,
    ReserveTop,
    Buy,
    ReturnTokens,
    Pass,
)
