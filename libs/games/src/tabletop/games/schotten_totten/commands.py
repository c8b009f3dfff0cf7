"""The options a game starts with, and the commands a seat may send.

Cards are ids (cards.py), stones are 0..8 from left to right. A card's stone
is implied by the card (ids are unique), so ruses name only the card moved.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop.kernel import Command, GameConfig

from .cards import Deck

CardId = int
StoneId = int


class SchottenTottenConfig(GameConfig):
    variant: Literal["base", "tactics"] = "base"
    rounds: int = Field(1, ge=1, le=15)
    first_player: int | None = Field(None, ge=0, le=1)  # None: drawn at random


class PlayCard(Command):
    """Play a clan card or an elite troop to your side of `stone`, or a combat
    mode (Blind-man's bluff, Mud fight) onto `stone`."""

    type: Literal["play_card"] = "play_card"
    card: CardId = Field(ge=0, le=63)
    stone: StoneId = Field(ge=0, le=8)


class Pass(Command):
    """Play no card this turn (only when no clan card can be played)."""

    type: Literal["pass"] = "pass"


class Claim(Command):
    """Claim a stone (after playing, before drawing)."""

    type: Literal["claim"] = "claim"
    stone: StoneId = Field(ge=0, le=8)


class EndTurn(Command):
    """End the turn, drawing from `deck` when a draw is due (None when not)."""

    type: Literal["end_turn"] = "end_turn"
    deck: Deck | None = None


class PlayRecruiter(Command):
    """Recruiter: draw 3 cards, `clan` of them from the clan deck and the rest
    from the tactics deck (fewer when the decks hold fewer)."""

    type: Literal["recruiter"] = "recruiter"
    clan: int = Field(ge=0, le=3)


class ReturnCards(Command):
    """After the Recruiter: put these drawn cards (all but the one kept) under
    the decks they came from, in this order."""

    type: Literal["return_cards"] = "return_cards"
    cards: tuple[CardId, ...] = Field(max_length=2)


class PlayStrategist(Command):
    """Strategist: move your `card` from an unclaimed stone to your side of
    another unclaimed stone, or discard it (`to_stone` None)."""

    type: Literal["strategist"] = "strategist"
    card: CardId = Field(ge=0, le=63)
    to_stone: StoneId | None = Field(None, ge=0, le=8)


class PlayBanshee(Command):
    """Banshee: discard the opponent's `card` from an unclaimed stone."""

    type: Literal["banshee"] = "banshee"
    card: CardId = Field(ge=0, le=63)


class PlayTraitor(Command):
    """Traitor: take the opponent's clan `card` from an unclaimed stone and
    place it on your side of the unclaimed stone `to_stone`."""

    type: Literal["traitor"] = "traitor"
    card: CardId = Field(ge=0, le=63)
    to_stone: StoneId = Field(ge=0, le=8)


COMMAND_TYPES = (
    PlayCard,
    Pass,
    Claim,
    EndTurn,
    PlayRecruiter,
    ReturnCards,
    PlayStrategist,
    PlayBanshee,
    PlayTraitor,
)
