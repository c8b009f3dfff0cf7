"""Immutable game states as named tuples, and the one way to copy one with changes.

Every game keeps its internal state in `typing.NamedTuple` records of tuples,
ints and other records (ADR 0021): a tuple is built in one C call, compares and
hashes by value, pickles small, and needs no copy at all when shared, so bot
search can build millions. `replace` is the only state copier the games use.
"""

from __future__ import annotations

from typing import Any, TypeVar

# Any NamedTuple: mypy gives each its own `_replace` signature, so no protocol
# matches them all; the bound is the tuple they all are.
R = TypeVar("R", bound=tuple[Any, ...])


def replace(record: R, **changes: Any) -> R:
    """A copy of `record` with the named fields changed (a new tuple; the
    old one is untouched). Unknown field names raise ValueError."""
    new: R = record._replace(**changes)  # type: ignore[attr-defined]  # every NamedTuple has it
    return new
