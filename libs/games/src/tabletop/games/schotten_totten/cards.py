"""Schotten Totten cards as small ints, and the bit masks the rules use.

Clan cards are 0..53: colour = card // 9, value = card % 9 + 1. Tactic cards
are 54..63 (two jokers, spy, shield-bearer, the two combat modes, the four
ruses). A set of cards is an int bit mask (bit `card`), which keeps the
early-claim proof and the pools cheap to compute and to cache.
"""

from __future__ import annotations

from typing import Literal

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
VALUES = range(1, 10)
CLAN_COUNT = 54  # clan cards are 0..53, tactic cards from here
CLAN_CARDS = tuple(range(CLAN_COUNT))

JOKER_A, JOKER_B, SPY, SHIELD = 54, 55, 56, 57
BLIND_MANS_BLUFF, MUD_FIGHT = 58, 59
RECRUITER, STRATEGIST, BANSHEE, TRAITOR = 60, 61, 62, 63
TACTIC_CARDS = tuple(range(CLAN_COUNT, 64))
ALL_CARDS = tuple(range(64))

JOKERS = (JOKER_A, JOKER_B)
ELITE_TROOPS = (JOKER_A, JOKER_B, SPY, SHIELD)
COMBAT_MODES = (BLIND_MANS_BLUFF, MUD_FIGHT)
RUSES = (RECRUITER, STRATEGIST, BANSHEE, TRAITOR)

TACTIC_NAMES = {
    JOKER_A: "joker",
    JOKER_B: "joker",
    SPY: "spy",
    SHIELD: "shield-bearer",
    BLIND_MANS_BLUFF: "blind-mans-bluff",
    MUD_FIGHT: "mud-fight",
    RECRUITER: "recruiter",
    STRATEGIST: "strategist",
    BANSHEE: "banshee",
    TRAITOR: "traitor",
}

# The values an elite troop may take when its stone is resolved (any colour).
ELITE_VALUES: dict[int, tuple[int, ...]] = {
    JOKER_A: tuple(VALUES),
    JOKER_B: tuple(VALUES),
    SPY: (7,),
    SHIELD: (1, 2, 3),
}

# Combat-mode bits on a stone.
MODE_BLIND = 1
MODE_MUD = 2
MODE_OF_CARD = {BLIND_MANS_BLUFF: MODE_BLIND, MUD_FIGHT: MODE_MUD}

Deck = Literal["clan", "tactics"]

CLAN_MASK = (1 << CLAN_COUNT) - 1
VALUE_MASK = tuple(
    sum(1 << (c * 9 + v - 1) for c in range(6)) if v else 0 for v in range(10)
)  # VALUE_MASK[v] for v in 1..9
COLOUR_MASK = tuple(((1 << 9) - 1) << (9 * c) for c in range(6))


def colour(card: int) -> int:
    return card // 9


def value(card: int) -> int:
    return card % 9 + 1


def clan_card(colour_index: int, card_value: int) -> int:
    return colour_index * 9 + card_value - 1


def is_clan(card: int) -> bool:
    return card < CLAN_COUNT


def deck_of(card: int) -> Deck:
    return "clan" if is_clan(card) else "tactics"


def mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for card in cards:
        m |= 1 << card
    return m


def card_name(card: int) -> str:
    if is_clan(card):
        return f"{COLOURS[card // 9]}-{card % 9 + 1}"
    return TACTIC_NAMES[card]


def stone_name(stone: int) -> str:
    return f"stone {stone}"
