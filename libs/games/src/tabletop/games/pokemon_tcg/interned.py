"""One shared instance per distinct message: commands and events are frozen, so
the same `EndTurn(seat=0)` or `TurnEnded(seat=0)` may be handed out every time.
`legal_commands` lists the same commands step after step and every turn ends
with the same few events; validating each anew was a large part of the time."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeVar

from tabletop.kernel import Message

M = TypeVar("M", bound=Message)


@lru_cache(maxsize=1 << 16)
def _interned(kind: type[Message], fields: tuple[tuple[str, Any], ...]) -> Message:
    return kind(**dict(fields))


def shared(kind: type[M], **fields: Any) -> M:
    """`kind(**fields)`, built (and validated) once. Fields must be hashable."""
    message = _interned(kind, tuple(fields.items()))
    assert type(message) is kind
    return message  # type: ignore[return-value]  # the cache is keyed by kind
