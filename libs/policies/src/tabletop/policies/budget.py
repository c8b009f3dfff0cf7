"""A search budget: a number of iterations, or a time per move."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

_TIME = re.compile(r"^(\d+(?:\.\d+)?)(ms|s)$")


@dataclass(frozen=True, slots=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a budget is either iterations or seconds")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """ "500" = 500 iterations; "1s", "0.5s", "200ms" = time per move."""
        text = text.strip().lower()
        if text.isdigit():
            return cls(iterations=int(text))
        match = _TIME.match(text)
        if not match:
            raise ValueError(f"budget {text!r}: expected iterations (500) or time (1s, 200ms)")
        amount = float(match.group(1))
        return cls(seconds=amount / 1000 if match.group(2) == "ms" else amount)

    def deadline(self) -> float | None:
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def spent(self, iterations: int, deadline: float | None) -> bool:
        if self.iterations is not None:
            return iterations >= self.iterations
        return deadline is not None and time.perf_counter() >= deadline

    def __str__(self) -> str:
        if self.iterations is not None:
            return str(self.iterations)
        assert self.seconds is not None
        return f"{self.seconds:g}s" if self.seconds >= 1 else f"{self.seconds * 1000:g}ms"
