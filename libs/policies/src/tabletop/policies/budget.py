"""A search budget: a number of iterations, or a time per move.

Time is the CPU time of the searching thread (`time.thread_time()`), not the
wall clock: "1s" is one second of computation, equal to one second of wall
time on an idle core, but on a loaded machine a move takes longer and the
bot stays as strong. Tournament results then depend on the code, not on what
else the machine runs (docs/policies.md). CPU time spent waiting for the GIL
is not counted, so threads in one process do not steal each other's budget.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

_TIME = re.compile(r"^(\d+(?:\.\d+)?)(ms|s)$")


def cpu_clock() -> float:
    """Seconds of CPU time this thread has used (the clock of time budgets)."""
    return time.thread_time()


@dataclass(frozen=True, slots=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None  # of the searching thread's CPU time

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a budget is either iterations or seconds")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """ "500" = 500 iterations; "1s", "0.5s", "200ms" = CPU time per move."""
        text = text.strip().lower()
        if text.isdigit():
            return cls(iterations=int(text))
        match = _TIME.match(text)
        if not match:
            raise ValueError(f"budget {text!r}: expected iterations (500) or time (1s, 200ms)")
        amount = float(match.group(1))
        return cls(seconds=amount / 1000 if match.group(2) == "ms" else amount)

    def deadline(self) -> float | None:
        """When the budget runs out, on `cpu_clock` (call from the searching thread)."""
        return None if self.seconds is None else cpu_clock() + self.seconds

    def spent(self, iterations: int, deadline: float | None) -> bool:
        if self.iterations is not None:
            return iterations >= self.iterations
        return deadline is not None and cpu_clock() >= deadline

    def __str__(self) -> str:
        if self.iterations is not None:
            return str(self.iterations)
        assert self.seconds is not None
        return f"{self.seconds:g}s" if self.seconds >= 1 else f"{self.seconds * 1000:g}ms"
