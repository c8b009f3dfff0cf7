"""Splendor Pokémon's events: the engine's, and an evolution."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.events import EVENTS as GEMS_EVENTS
from tabletop.kernel import Event


class Evolved(Event):
    type: Literal["evolved"] = "evolved"
    seat: int
    card: int
    into: int
    refill: int | None = None  # the card that replaced `into` face up


EVENTS: tuple[type[Event], ...] = (*GEMS_EVENTS, Evolved)
