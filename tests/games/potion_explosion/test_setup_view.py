"""Setup (options, the draft offer, stacks, clock), the tile data set, and
hidden information: views, redaction and sample_world."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.games import get_game
from tabletop.games.potion_explosion import GAME
from tabletop.games.potion_explosion import events as ev
from tabletop.games.potion_explosion.data import TILES, TYPES
from tabletop.games.potion_explosion.view import HIDDEN
from tabletop.kernel import IllegalCommand, random_playout

from .helpers import playing, total_marbles


def test_registered() -> None:
    assert get_game("potion-explosion") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def test_tile_data_set() -> None:
    """The printed tiles as the fan record lists them (see the doc): 8 per type,
    four recipes each printed twice, the starter (star) one of 4 holes."""
    assert len(TILES) == 64
    assert set(Counter(t.type for t in TILES).values()) == {8}
    starts = Counter(t.type for t in TILES if t.start)
    assert set(starts.values()) == {2} and len(starts) == 8
    assert all(t.size == 4 for t in TILES if t.start)
    for kind in range(8):
        mine = [t for t in TILES if t.type == kind]
        assert Counter(t.size for t in mine) == {4: 2, 5: 2, 6: 2, 7: 2}
        assert len({(t.holes, t.points) for t in mine}) == 4  # each recipe twice
        by_size = sorted((t.size, t.points) for t in mine)  # points grow with holes
        assert [p for _, p in by_size] == sorted(p for _, p in by_size)
    assert all(max(t.holes) <= 4 for t in TILES)
    assert [sum(t.holes[c] for t in TILES) for c in range(4)] == [88, 88, 88, 88]
    assert sum(t.points for t in TILES) == 432
    assert (min(t.points for t in TILES), max(t.points for t in TILES)) == (3, 11)
    # Two rows spelled out: Wisdom's 7-hole and the Prismatic Joy starter.
    assert (TILES[6].type, TILES[6].holes, TILES[6].points) == (0, (2, 4, 1, 0), 11)
    assert (TILES[24].type, TILES[24].start, TILES[24].holes, TILES[24].points) == (
        3,
        True,
        (2, 1, 0, 1),
        3,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    s = GAME.new(players, seed=players)
    assert total_marbles(s) == 80
    assert all(len(t) == 9 for t in s.tracks) and sum(s.reservoir) == 35
    assert len(s.types) == 6 and len(s.offer) == 2 * players
    assert all(TILES[t].start and TILES[t].type in s.types for t in s.offer)
    stacked = [t for st in s.stacks for t in st]
    assert sorted(stacked + list(s.offer)) == sorted(t.id for t in TILES if t.type in s.types)
    assert max(map(len, s.stacks)) - min(map(len, s.stacks)) <= 1
    assert s.clock == {2: 4, 3: 5, 4: 6}[players] and s.clock + s.supply == 15


def test_options() -> None:
    s = GAME.new(2, seed=1, excluded=["sands_of_time", "wisdom"], clock=3)
    assert [TYPES[t] for t in s.types] == [
        "magnetic_attraction",
        "blind_love",
        "prismatic_joy",
        "abyssal_draft",
        "uttermost_stickiness",
        "lavamancing_filter",
    ]
    assert s.clock == 3 and s.supply == 12
    for bad in ({"excluded": ["wisdom", "wisdom"]}, {"excluded": ["tea"]}, {"clock": 0}):
        with pytest.raises(IllegalCommand) as exc:
            GAME.new(2, seed=1, **bad)
        assert exc.value.code == "invalid_options"
    with pytest.raises(IllegalCommand):
        GAME.new(5, seed=1)
    kinds = {GAME.new(2, seed=seed).types for seed in range(20)}
    assert len(kinds) > 3  # the two types left out are drawn at random


def test_view_is_public_and_matches_the_model() -> None:
    s = playing(3)
    v = GAME.view(s, 1)
    GAME.view_model.model_validate(v)
    assert v["seat"] == 1 and v["phase"] == "play" and v["to_act"] == [0]
    assert [st["size"] for st in v["stacks"]] == [len(st) for st in s.stacks]
    assert v["stacks"][0]["top"]["id"] == s.stacks[0][0]
    flat = str(v)
    below = [t for st in s.stacks for t in st[1:]]
    assert all(f"'id': {t}," not in flat for t in below if all(t != st[0] for st in s.stacks))


def test_redact_hides_the_stacks_below_their_tops() -> None:
    start = GAME.setup(2, seed=3)[0]
    assert isinstance(start, ev.Started)
    for seat in (0, 1, None):
        red = GAME.redact(start, seat)
        assert [st[0] for st in red.stacks] == [st[0] for st in start.stacks]
        assert all(t == HIDDEN for st in red.stacks for t in st[1:])
        assert [len(st) for st in red.stacks] == [len(st) for st in start.stacks]


def test_sample_world_redeals_only_the_hidden_tiles() -> None:
    s = playing(2)
    world = GAME.sample_world(s, 0, seed=5)
    assert GAME.view(world, 0) == GAME.view(s, 0)
    assert world != s and world.stacks != s.stacks
    assert sorted(t for st in world.stacks for t in st) == sorted(t for st in s.stacks for t in st)
    assert world.tracks == s.tracks and world.reservoir == s.reservoir
    # Depends only on the seat's view and the seed.
    assert GAME.sample_world(world, 0, seed=9) == GAME.sample_world(s, 0, seed=9)
    assert GAME.sample_world(s, 0, seed=9) != GAME.sample_world(s, 0, seed=10)


def test_views_match_the_model_through_a_game() -> None:
    _, steps = random_playout(GAME, 3, 7)
    for i, step in enumerate(steps):
        if i % 10 == 0:
            for seat in (0, 2, None):
                GAME.view_model.model_validate(GAME.view(step.after, seat))
