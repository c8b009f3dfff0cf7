"""Events: everything that happened, chance outcomes included, so that
folding them (replay) never needs a random generator. Fields that hold hidden
cards are None in a redacted copy."""

from __future__ import annotations

from functools import cache
from typing import Literal

from tabletop.kernel import Event

from .cards import Deck


class GameStarted(Event):
    type: Literal["game_started"] = "game_started"
    variant: Literal["base", "tactics"]
    rounds: int


class RoundStarted(Event):
    """A deal: both hands and both deck orders (top first)."""

    type: Literal["round_started"] = "round_started"
    round: int
    starter: int
    hands: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    deck: tuple[int, ...] | None
    tactics_deck: tuple[int, ...] | None
    hand_sizes: tuple[int, int]
    deck_size: int
    tactics_deck_size: int


class CardPlayed(Event):
    type: Literal["card_played"] = "card_played"
    seat: int
    card: int
    stone: int


class Passed(Event):
    type: Literal["passed"] = "passed"
    seat: int


class StoneClaimed(Event):
    """`how`: 'claim' (both sides complete), 'early' (proved unbeatable) or
    'exhaustion' (awarded by the platform rule: both players passed in a row
    and neither could play or claim any more)."""

    type: Literal["stone_claimed"] = "stone_claimed"
    seat: int
    stone: int
    how: Literal["claim", "early", "exhaustion"]


class CardDrawn(Event):
    type: Literal["card_drawn"] = "card_drawn"
    seat: int
    deck: Deck
    card: int | None


class TurnEnded(Event):
    type: Literal["turn_ended"] = "turn_ended"
    seat: int


class RecruiterPlayed(Event):
    """The Recruiter went to the discard pile; these cards were drawn."""

    type: Literal["recruiter_played"] = "recruiter_played"
    seat: int
    decks: tuple[Deck, ...]
    cards: tuple[int, ...] | None


class CardsReturned(Event):
    """Cards put under their decks after the Recruiter, in this order."""

    type: Literal["cards_returned"] = "cards_returned"
    seat: int
    decks: tuple[Deck, ...]
    cards: tuple[int, ...] | None


class StrategistPlayed(Event):
    type: Literal["strategist_played"] = "strategist_played"
    seat: int
    card: int
    from_stone: int
    to_stone: int | None  # None: discarded


class BansheePlayed(Event):
    type: Literal["banshee_played"] = "banshee_played"
    seat: int
    card: int
    stone: int


class TraitorPlayed(Event):
    type: Literal["traitor_played"] = "traitor_played"
    seat: int
    card: int
    from_stone: int
    to_stone: int


class RoundEnded(Event):
    """`winner` is None for a drawn round; `points` are this round's."""

    type: Literal["round_ended"] = "round_ended"
    round: int
    winner: int | None
    reason: str
    stones: tuple[int, int]
    points: tuple[int, int]


EVENT_TYPES = (
    GameStarted,
    RoundStarted,
    CardPlayed,
    Passed,
    StoneClaimed,
    CardDrawn,
    TurnEnded,
    RecruiterPlayed,
    CardsReturned,
    StrategistPlayed,
    BansheePlayed,
    TraitorPlayed,
    RoundEnded,
)


# The events of every turn, made once per distinct value and shared: they are
# frozen, and building (validating) one cost about as much as folding it.
@cache
def card_played(seat: int, card: int, stone: int) -> CardPlayed:
    return CardPlayed(seat=seat, card=card, stone=stone)


@cache
def card_drawn(seat: int, deck: Deck, card: int) -> CardDrawn:
    return CardDrawn(seat=seat, deck=deck, card=card)


@cache
def turn_ended(seat: int) -> TurnEnded:
    return TurnEnded(seat=seat)


@cache
def passed(seat: int) -> Passed:
    return Passed(seat=seat)


@cache
def stone_claimed(
    seat: int, stone: int, how: Literal["claim", "early", "exhaustion"]
) -> StoneClaimed:
    return StoneClaimed(seat=seat, stone=stone, how=how)
