"""The kernel's event builder folds as it records; `replace` copies a record."""

from __future__ import annotations

import random
from typing import Literal, NamedTuple

import pytest

from tabletop.kernel import Event, EventBuilder, replace


class Added(Event):
    type: Literal["added"] = "added"
    amount: int


class Counter(NamedTuple):
    total: int
    seen: tuple[int, ...] = ()


def fold(state: Counter, event: Event) -> Counter:
    assert isinstance(event, Added)
    return replace(state, total=state.total + event.amount, seen=(*state.seen, event.amount))


def test_each_event_is_folded_before_the_next_is_recorded() -> None:
    b = EventBuilder(Counter(0), random.Random(1), fold)
    b.emit(Added(amount=2))
    assert b.state.total == 2  # a later step of the command sees the first event
    b.emit(Added(amount=b.state.total), Added(amount=1))
    assert [e.amount for e in b.events if isinstance(e, Added)] == [2, 2, 1]
    assert b.state == Counter(5, (2, 2, 1))


def test_replace_leaves_the_original_untouched_and_refuses_unknown_fields() -> None:
    a = Counter(1, (1,))
    b = replace(a, total=3)
    assert (a, b) == (Counter(1, (1,)), Counter(3, (1,)))
    with pytest.raises(ValueError):
        replace(a, nope=1)
