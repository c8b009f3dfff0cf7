"""Deadlines of live games: the keeper that turns a passed clock into a timeout."""

from .keeper import DeadlineKeeper, deadlines_bucket
from .schedule import DueAction, Schedule

__all__ = ["DeadlineKeeper", "DueAction", "Schedule", "deadlines_bucket"]
