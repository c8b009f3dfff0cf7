"""Splendor's 90 development cards and 10 nobles, from the package's own
data files (copied from the project's reference data; provenance in
docs/games/splendor.md)."""

from __future__ import annotations

from tabletop.games._gems import CardTable, card_table, read_csv

COLORS = ("white", "blue", "green", "red", "black", "gold")
NOBLE_POINTS = 3


def load_cards() -> CardTable:
    rows = read_csv(__package__, "cards.csv")
    return card_table(
        (
            int(r["level"]) - 1,
            (int(r[c]) for c in COLORS[:5]),
            0,
            COLORS.index(r["color"]),
            1,
            int(r["points"]),
            "",
        )
        for r in rows
    )


def load_nobles() -> tuple[tuple[int, ...], ...]:
    """Per noble, its requirement in card bonuses per colour."""
    rows = read_csv(__package__, "nobles.csv")
    assert all(int(r["points"]) == NOBLE_POINTS for r in rows)
    return tuple(tuple(int(r[c]) for c in COLORS[:5]) for r in rows)


CARDS = load_cards()
NOBLES = load_nobles()
