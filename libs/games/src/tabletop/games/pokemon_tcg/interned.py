"""One shared instance per distinct message: commands and events are frozen, so
the same `EndTurn(seat=0)` or `TurnEnded(seat=0)` may be handed out every time.
`legal_commands` lists the same commands step after step and every turn ends
with the same few events; validating each anew was a large part of the time."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol, TypeVar, cast

from tabletop.kernel import Message

M = TypeVar("M", bound=Message)
M_co = TypeVar("M_co", bound=Message, covariant=True)


class _Shared(Protocol):
    def __call__(self, kind: type[M], /, **fields: Any) -> M: ...


def _build(kind: type[Message], /, **fields: Any) -> Message:
    return kind(**fields)


# `shared(kind, **fields)`: `kind(**fields)`, built (and validated) once; fields must
# be hashable (typed: 1 and True stay apart). The cache's C wrapper is the function:
# no Python frame per call.
shared = cast(_Shared, lru_cache(maxsize=1 << 16, typed=True)(_build))


class _Maker(Protocol[M_co]):
    def __call__(self, *values: Any) -> M_co: ...


def interned(kind: type[M], *names: str) -> _Maker[M]:
    """`make(*values)`: the shared `kind(**dict(zip(names, values)))`, built (and
    validated) once. Positional values keyed in a plain dict: several times
    cheaper than `shared`'s keyword key, for the messages made on every step.
    Each field has one type at every call site, so 1 and True never share a key."""
    cache: dict[tuple[Any, ...], M] = {}

    def make(*values: Any) -> M:
        found = cache.get(values)
        if found is None:
            if len(cache) >= 1 << 16:  # bounded, like `shared`: a long-lived service
                cache.clear()
            found = cache[values] = kind(**dict(zip(names, values, strict=True)))
        return found

    return make
