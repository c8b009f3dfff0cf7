"""What Splendor adds to the engine's views: a noble's printed facts."""

from __future__ import annotations

from tabletop.kernel import JsonDict

from .data import COLORS, NOBLE_POINTS, NOBLES


def noble_view(n: int) -> JsonDict:
    req = {COLORS[i]: k for i, k in enumerate(NOBLES[n]) if k}
    return {"id": n, "points": NOBLE_POINTS, "requires": req}
