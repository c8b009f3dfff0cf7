"""The archive's chain-link checks, without servers."""

from __future__ import annotations

from tabletop.archive.chain import chain_breaks
from tabletop.eventlog import GENESIS_HASH, next_commit


def chain(n: int) -> list:
    commits = []
    for i in range(n):
        commits.append(
            next_commit(
                commits[-1] if commits else None,
                game_id="g",
                game="toy",
                command_id=f"c{i}",
                seat=None if i == 0 else 0,
                events=[{"type": "x", "i": i}],
                rules_version="1",
            )
        )
    return commits


def test_a_good_chain_has_no_breaks_in_any_arrival_order() -> None:
    c1, c2, c3 = chain(3)
    assert chain_breaks(c1, None, None) == []
    assert chain_breaks(c3, None, None) == []  # predecessor not stored yet: nothing to say
    assert chain_breaks(c2, c1.hash, c3.prev_hash) == []


def test_a_wrong_link_is_found_from_either_side() -> None:
    c1, c2, _ = chain(3)
    other = chain(2)[1].model_copy(update={"prev_hash": "f" * 64})
    forged = other.model_copy(update={"hash": other.expected_hash()})
    assert [b.seq for b in chain_breaks(forged, c1.hash, None)] == [2]
    # the stored successor does not link to the newcomer
    assert [b.seq for b in chain_breaks(c1, None, forged.prev_hash)] == [2]
    assert chain_breaks(c2, c1.hash, None) == []


def test_altered_content_and_a_bad_genesis_link_are_found() -> None:
    c1, _ = chain(2)
    altered = c1.model_copy(update={"events": [{"type": "y"}]})
    assert [b.reason for b in chain_breaks(altered, None, None)] == [
        "content does not match its hash"
    ]
    relinked = c1.model_copy(update={"prev_hash": "1" * 64})
    relinked = relinked.model_copy(update={"hash": relinked.expected_hash()})
    assert relinked.prev_hash != GENESIS_HASH
    assert len(chain_breaks(relinked, None, None)) == 1
