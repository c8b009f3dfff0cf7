"""Splendor Pokémon's 90 cards, from the package's own data file (copied from
the project's reference data; provenance in docs/games/splendor-pokemon.md).

Colour -> ball, from the rulebook's worked examples: black = Ultra (Hyper)
Ball, pink = Heal Ball, yellow = Quick Ball; blue = Great Ball and red = Poké
Ball are naming choices. The wild token is the master ball.
"""

from __future__ import annotations

from tabletop.games._gems import CardTable, card_table, read_csv

COLORS = ("black", "pink", "yellow", "blue", "red", "master")
ROW_OF_TIER = {"1": 0, "2": 1, "3": 2, "rare": 3, "legendary": 4}


def _load() -> tuple[CardTable, tuple[tuple[int, int] | None, ...], tuple[tuple[int, ...], ...]]:
    rows = read_csv(__package__, "cards.csv")
    table = card_table(
        (
            ROW_OF_TIER[r["tier"]],
            (int(r[f"cost_{c}"]) for c in COLORS[:5]),
            int(r["cost_master"]),
            COLORS.index(r["bonus_color"]),
            int(r["bonus_count"]),
            int(r["points"]),
            r["name"],
        )
        for r in rows
    )
    requirement = tuple(
        (COLORS.index(r["evolve_bonus_color"]), int(r["evolve_bonus_count"]))
        if r["evolves_to"]
        else None
        for r in rows
    )
    targets = tuple(
        tuple(c for c, name in enumerate(table.name) if name == r["evolves_to"]) for r in rows
    )
    return table, requirement, targets


# CARDS: the table; EVOLVE_REQUIREMENT[c]: (bonus colour, count) or None;
# EVOLVES_INTO[c]: the ids of the cards that are c's next stage.
CARDS, EVOLVE_REQUIREMENT, EVOLVES_INTO = _load()
