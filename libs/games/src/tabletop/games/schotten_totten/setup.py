"""`start`: the first events of a game, and the deal that starts every round."""

from __future__ import annotations

import random

from tabletop.kernel import Event

from . import events as ev
from .cards import CLAN_CARDS, TACTIC_CARDS
from .commands import SchottenTottenConfig
from .state import BASE_HAND, TACTICS_HAND


def start(config: SchottenTottenConfig, rng: random.Random) -> list[Event]:
    first = config.first_player if config.first_player is not None else rng.randrange(2)
    return [
        ev.GameStarted(variant=config.variant, rounds=config.rounds),
        deal(config.variant == "tactics", 1, first, rng),
    ]


def deal(tactics: bool, round_no: int, starter: int, rng: random.Random) -> ev.RoundStarted:
    """Shuffle both decks and deal both hands (the order lands in the event)."""
    clan = list(CLAN_CARDS)
    rng.shuffle(clan)
    tdeck = list(TACTIC_CARDS) if tactics else []
    rng.shuffle(tdeck)
    h = TACTICS_HAND if tactics else BASE_HAND
    hands = (tuple(sorted(clan[:h])), tuple(sorted(clan[h : 2 * h])))
    return ev.RoundStarted(
        round=round_no,
        starter=starter,
        hands=hands,
        deck=tuple(clan[2 * h :]),
        tactics_deck=tuple(tdeck),
        hand_sizes=(h, h),
        deck_size=len(CLAN_CARDS) - 2 * h,
        tactics_deck_size=len(tdeck),
    )
