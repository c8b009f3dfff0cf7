"""A rule set of the gem-market engine: everything in which Splendor and
Splendor Pokémon differ as data rather than as code.

A `CardTable` holds the cards as parallel tuples of small ints, indexed by card
id, so the hot path (affordability, legal commands) reads plain tuples.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources

N_COLORS = 5  # gem / ball colours; the wild token (gold, master ball) is index 5
WILD = N_COLORS


@dataclass(frozen=True, slots=True)
class Row:
    """A market row: a deck and its face-up slots."""

    name: str  # "1", "2", "3", "rare", "legendary"
    slots: int
    reservable: bool


@dataclass(frozen=True)
class CardTable:
    """Cards by id. `cost[c]` has one entry per colour; `wild_cost[c]` is a
    printed cost in wild tokens (master balls); `bonus[c]` the colour index."""

    row: tuple[int, ...]
    cost: tuple[tuple[int, ...], ...]
    wild_cost: tuple[int, ...]
    bonus: tuple[int, ...]
    bonus_count: tuple[int, ...]
    points: tuple[int, ...]
    name: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.row)

    def ids_in_row(self, row: int) -> tuple[int, ...]:
        return tuple(c for c, r in enumerate(self.row) if r == row)


@dataclass(frozen=True)
class Rules:
    colors: tuple[str, ...]  # 5 colour names, then the wild token's name
    rows: tuple[Row, ...]
    cards: CardTable
    target: int  # points that end the game at the end of the round
    per_color: Mapping[int, int]  # players -> tokens per colour
    wild_tokens: int = 5
    max_reserved: int = 3
    token_limit: int = 10
    # When fewer than 3 colours remain: True = take exactly as many as remain
    # (Splendor); False = take any 1..that many different ones (Pokémon rulebook).
    short_take_exact: bool = True
    index: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {c: i for i, c in enumerate(self.colors)})

    @property
    def wild(self) -> str:
        return self.colors[WILD]

    def supply(self, players: int) -> tuple[int, ...]:
        return (self.per_color[players],) * N_COLORS + (self.wild_tokens,)


def read_csv(package: str, name: str) -> list[dict[str, str]]:
    """A data file shipped inside a game's `data` package (never read from
    ../shared): `read_csv(__package__, "cards.csv")` from that package."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def card_table(
    rows: Iterable[tuple[int, Iterable[int], int, int, int, int, str]],
) -> CardTable:
    """Build a table from (row, cost per colour, wild cost, bonus colour,
    bonus count, points, name) tuples, in card-id order."""
    cols: list[list] = [[], [], [], [], [], [], []]
    for r, cost, wild_cost, bonus, count, points, name in rows:
        for col, value in zip(
            cols, (r, tuple(cost), wild_cost, bonus, count, points, name), strict=True
        ):
            col.append(value)
    return CardTable(*(tuple(c) for c in cols))
