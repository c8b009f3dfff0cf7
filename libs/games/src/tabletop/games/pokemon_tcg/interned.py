"""Messages the engine makes from its own values, cheaply.

Commands and events are frozen pydantic models. Those the engine makes itself (the
commands `legal_commands` lists, the events `decide` records) hold values of exactly
the fields' types (ints, tuples of ints, the events' own literals), which validation
would hand back unchanged: `made` builds them without it, as `model_construct` would,
for a fraction of the cost (pydantic's own `model_construct` costs more than
validating). `interned` also shares one instance per distinct message, in a table
looked up in C: the same `EndTurn(seat=0)` or `TurnEnded(seat=0)` is handed out
every time.
tests/games/pokemon_tcg/test_tcg_interned.py checks every message of many random
games against the validated model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from tabletop.kernel import Message

M = TypeVar("M", bound=Message)
M_co = TypeVar("M_co", bound=Message, covariant=True)


class _Maker(Protocol[M_co]):
    def __call__(self, *values: Any) -> M_co: ...


_new = object.__new__
_set = object.__setattr__


def made(kind: type[M], *names: str) -> _Maker[M]:
    """`make(*values)`: `kind(**dict(zip(names, values)))` without validation, for
    values of the fields' own types. The instance is what validation makes: every
    field in declaration order (the others at their defaults), `names` as the
    fields set, no extra or private values."""
    fields = kind.model_fields
    unknown = [name for name in names if name not in fields]
    missing = [n for n, f in fields.items() if f.is_required() and n not in names]
    factories = [n for n, f in fields.items() if f.default_factory is not None]
    private = kind.__private_attributes__
    if unknown or missing or factories or private or kind.__pydantic_post_init__:
        raise TypeError(f"{kind.__name__} cannot be made from {names}")
    # Required fields are among `names`: their placeholder is always replaced.
    defaults = {n: f.default for n, f in fields.items()}
    given = frozenset(names)

    def make(*values: Any) -> M:
        message = _new(kind)
        values_of = defaults.copy()  # keeps the declaration order
        values_of.update(zip(names, values, strict=True))
        _set(message, "__dict__", values_of)
        _set(message, "__pydantic_fields_set__", set(given))
        _set(message, "__pydantic_extra__", None)
        _set(message, "__pydantic_private__", None)
        return message

    return make


K = TypeVar("K")
V = TypeVar("V")


class Table(dict[K, V]):
    """`table[key]`: `derive(key)`, derived at its first look-up (`__missing__`), then a
    plain dict hit with no Python frame. For pure functions of small keys asked step
    after step. Bounded: a long-lived service starts it afresh when it fills."""

    def __init__(self, derive: Callable[[K], V]) -> None:
        super().__init__()
        self._derive = derive

    def __missing__(self, key: K) -> V:
        if len(self) >= 1 << 16:
            self.clear()
        found = self[key] = self._derive(key)
        return found


def interned(kind: type[M], *names: str) -> Table[Any, M]:
    """`table[v1, v2, ...]`: the shared `made(kind, *names)(v1, v2, ...)`, built once: the
    commands `legal_commands` lists and the events of every turn come back step after
    step. Each field has one type at every call site, so 1 and True never share a key.
    A single field is looked up by its value alone (`table[seat]`)."""
    make = made(kind, *names)
    if len(names) == 1:
        return Table(make)
    return Table(lambda values: make(*values))
