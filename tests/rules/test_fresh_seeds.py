"""Chance comes from OS-random seeds read a page at a time: every seed is
fresh, and a forked process never reuses the seeds its parent had read."""

from __future__ import annotations

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
