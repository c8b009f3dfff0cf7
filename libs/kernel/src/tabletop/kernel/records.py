"""Immutable game states as named tuples, and the one way to copy one with changes.

Every game keeps its internal state in `typing.NamedTuple` records of tuples,
ints and other records (ADR 0021): a tuple is built in one C call, compares and
hashes by value, pickles small, and needs no copy at all when shared, so bot
search can build millions. `replace` is the only state copier the games use.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar


class Record(Protocol):
    """What `typing.NamedTuple` classes provide (the static face of a record)."""

    _fields: tuple[str, ...]

    def _replace(self, **changes: Any) -> Any: ...


R = TypeVar("R", bound=Record)


def replace(record: R, **changes: Any) -> R:
    """A copy of `record` with the named fields changed (a new tuple; the
    old one is untouched). Unknown field names raise ValueError."""
    new: R = record._replace(**changes)
    return new
