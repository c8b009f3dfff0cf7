"""Chance comes from OS-random seeds read a page at a time: every seed is
fresh, and a forked process never reuses the seeds its parent had read. A
decision's generator takes its seed at its first draw only: one that draws
nothing costs no seeding, one that draws is a `random.Random` seeded with
exactly the seed it took."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

from tabletop.rules import engine


def test_seeds_are_fresh_across_pages() -> None:
    seeds = engine._FreshSeeds(seeds_per_read=4)
    drawn = [seeds.next() for _ in range(1000)]
    assert len(set(drawn)) == len(drawn)
    assert max(drawn).bit_length() > 100  # 128-bit seeds, not small ints


def test_a_forked_child_reads_its_own_page(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = engine._FreshSeeds()
    seeds.next()
    parent_pool = seeds._pool
    monkeypatch.setattr(engine.os, "getpid", lambda: -1)  # as if in a forked child
    seeds.next()
    assert seeds._pool != parent_pool and seeds._at == engine._FreshSeeds.SEED_BYTES


class _Taken(engine._FreshSeeds):
    """The seeds handed out, in order."""

    def __init__(self) -> None:
        super().__init__(seeds_per_read=4)
        self.taken: list[int] = []

    def next(self) -> int:
        seed = super().next()
        self.taken.append(seed)
        return seed


@pytest.fixture
def seeds(monkeypatch: pytest.MonkeyPatch) -> _Taken:
    taken = _Taken()
    monkeypatch.setattr(engine, "_seeds", taken)
    return taken


def test_a_generator_never_drawn_from_reads_no_seed(seeds: _Taken) -> None:
    """Most decisions draw nothing: their generator costs no seeding."""
    seeds.next()
    pool, at = seeds._pool, seeds._at
    for _ in range(10):
        engine._fresh_rng()
    assert (seeds._pool, seeds._at) == (pool, at) and len(seeds.taken) == 1


def test_a_drawn_generator_is_random_seeded_with_the_one_seed_it_took(seeds: _Taken) -> None:
    rng = engine._fresh_rng()
    first = rng.random()
    assert len(seeds.taken) == 1
    expected = random.Random(seeds.taken[0])
    assert first == expected.random()
    draws = [rng.random(), rng.getrandbits(70), rng.randrange(1000), rng.random()]
    assert draws == [
        expected.random(), expected.getrandbits(70), expected.randrange(1000), expected.random()
    ]  # fmt: skip
    assert len(seeds.taken) == 1  # seeded once
    assert type(rng) is random.Random  # later draws call the generator's own methods


def test_two_generators_draw_differently(seeds: _Taken) -> None:
    one, two = engine._fresh_rng(), engine._fresh_rng()
    assert [one.random() for _ in range(4)] != [two.random() for _ in range(4)]
    assert len(set(seeds.taken)) == 2


DRAWS: list[Callable[[random.Random], object]] = [
    lambda rng: rng.random(),
    lambda rng: rng.getrandbits(64),
    lambda rng: rng.randrange(3, 1000, 7),
    lambda rng: rng.randint(1, 6),
    lambda rng: rng.choice("abcdefghij"),
    lambda rng: rng.choices(range(50), k=5),  # binds `self.random` before its first draw
    lambda rng: rng.sample(range(100), 10),
    lambda rng: rng.uniform(0, 1),
    lambda rng: rng.gauss(0, 1),
    lambda rng: rng.randbytes(9),
    lambda rng: shuffled(rng, list(range(20))),
]


def shuffled(rng: random.Random, cards: list[int]) -> list[int]:
    rng.shuffle(cards)
    return cards


@pytest.mark.parametrize("draw", DRAWS)
def test_every_draw_seeds_the_generator_once(
    seeds: _Taken, draw: Callable[[random.Random], object]
) -> None:
    rng = engine._fresh_rng()
    got = [draw(rng), draw(rng)]
    assert len(seeds.taken) == 1
    expected = random.Random(seeds.taken[0])
    assert got == [draw(expected), draw(expected)]


def test_a_state_set_or_seeded_by_hand_is_kept_and_reads_no_seed(seeds: _Taken) -> None:
    state = random.Random(7).getstate()
    restored = engine._fresh_rng()
    restored.setstate(state)
    seeded = engine._fresh_rng()
    seeded.seed(7)
    assert restored.random() == seeded.random() == random.Random(7).random()
    assert seeds.taken == []
    fresh = engine._fresh_rng()
    assert fresh.getstate() == random.Random(seeds.taken[0]).getstate()
    assert copy.deepcopy(fresh).random() == fresh.random()


def test_a_generator_first_drawn_from_in_a_forked_child_takes_a_child_seed(
    seeds: _Taken, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeds.next()
    parent_pool = seeds._pool
    rng = engine._fresh_rng()
    monkeypatch.setattr(engine.os, "getpid", lambda: -1)  # as if in a forked child
    rng.random()
    assert seeds._pool != parent_pool
    assert seeds.taken[-1] == int.from_bytes(seeds._pool[:16], "big")
