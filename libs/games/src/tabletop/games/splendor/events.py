"""Splendor's events: the engine's, and a noble's visit."""

from __future__ import annotations

from typing import Literal

from tabletop.games._gems.events import EVENTS as GEMS_EVENTS
from tabletop.kernel import Event


class NobleVisited(Event):
    type: Literal["noble_visited"] = "noble_visited"
    seat: int
    noble: int


EVENTS: tuple[type[Event], ...] = (*GEMS_EVENTS, NobleVisited)
