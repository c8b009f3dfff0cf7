"""Potion Explosion's fixed facts: marble colours, the eight potion types and
their effects, and the potion tiles (`tiles.csv`: the printed tiles as a public
fan record lists them; its source, and what is and is not confirmed, are in
docs/games/potion-explosion.md).

Everything is a small int inside the engine: colour 0..3, type 0..7, tile 0..63.
Names appear only at the edges (commands, events, views).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from importlib import resources
from typing import Literal, get_args

ColourName = Literal["red", "blue", "black", "yellow"]
COLOURS: tuple[ColourName, ...] = ("red", "blue", "black", "yellow")
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
MARBLES_PER_COLOUR = 20

TRACKS = 5
STACKS = 5  # potion stacks beside the dispenser
TRACK_LENGTH = 9  # marbles a track shows, bottom to top
REACH = TRACK_LENGTH - 1  # the 9th (half visible) marble cannot be taken
POOL_LIMIT = 3
BURNERS = 2
COMPLETIONS_PER_TURN = 2
SKILL_POINTS = 4
HELP_POINTS = -2
SKILL_TOKENS = 15
CLOCK = {2: 4, 3: 5, 4: 6}
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TYPES_IN_GAME = 6  # of the eight; the other two stay in the box
SETS_FOR_MASTERY = 3  # a skill token at your 3rd potion of one type
TYPES_FOR_VARIETY = 5  # ... and at your 5th different type
PRISMATIC_LIMIT = 3
LAVA_LIMIT = 5

WISDOM, MAGNETIC, BLIND_LOVE, PRISMATIC, ABYSSAL, SANDS, STICKY, LAVA = range(8)
TypeName = Literal[
    "wisdom",
    "magnetic_attraction",
    "blind_love",
    "prismatic_joy",
    "abyssal_draft",
    "sands_of_time",
    "uttermost_stickiness",
    "lavamancing_filter",
]
TYPES: tuple[TypeName, ...] = get_args(TypeName)
TYPE_INDEX: dict[str, int] = {name: i for i, name in enumerate(TYPES)}
# Effects whose marbles are chosen with one `collect` command.
COLLECTING = frozenset({WISDOM, MAGNETIC, ABYSSAL, STICKY})


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    type: int
    start: bool
    holes: tuple[int, int, int, int]  # holes per colour
    points: int

    @property
    def size(self) -> int:
        return sum(self.holes)


def _load() -> tuple[Tile, ...]:
    text = resources.files(__package__).joinpath("tiles.csv").read_text(encoding="utf-8")
    # `#` lines at the top name the data's source.
    data = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    tiles = []
    for row in csv.DictReader(io.StringIO(data)):
        h = [int(row[c]) for c in COLOURS]
        tiles.append(
            Tile(
                id=int(row["id"]),
                type=TYPE_INDEX[row["type"]],
                start=row["start"] == "1",
                holes=(h[0], h[1], h[2], h[3]),
                points=int(row["points"]),
            )
        )
    assert [t.id for t in tiles] == list(range(len(tiles))), "tile ids must be 0..n-1"
    return tuple(tiles)


TILES = _load()
