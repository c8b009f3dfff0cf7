"""Commit hashing and `verify_chain`: a tampered chain names its first bad commit."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tabletop.eventlog import GENESIS_HASH, Commit, canonical_json, next_commit, verify_chain
from tabletop.eventlog.commit import seal


def chain(n: int, game_id: str = "g1") -> list[Commit]:
    commits: list[Commit] = []
    for i in range(n):
        commits.append(
            next_commit(
                commits[-1] if commits else None,
                game_id=game_id,
                game="counting",
                command_id=f"c{i + 1}",
                seat=None if i == 0 else i % 2,
                events=[{"type": "added", "seat": i % 2, "amount": 1 + i % 3, "v": 1}],
                rules_version="1",
            )
        )
    return commits


def test_first_commit_links_to_genesis_and_seqs_count_up() -> None:
    commits = chain(3)
    assert commits[0].prev_hash == GENESIS_HASH
    assert [c.seq for c in commits] == [1, 2, 3]
    assert commits[1].prev_hash == commits[0].hash
    assert len(commits[0].hash) == 64


def test_hash_covers_every_field_and_is_stable() -> None:
    commit = chain(1)[0]
    assert commit.hash == commit.expected_hash()
    assert Commit.from_bytes(commit.to_bytes()) == commit
    for change in ({"seat": 1}, {"command_id": "other"}, {"rules_version": "2"}, {"game": "x"}):
        assert commit.model_copy(update=change).expected_hash() != commit.hash


def test_canonical_json_ignores_key_order() -> None:
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == canonical_json(
        {"a": [1, {"c": 3, "d": 2}], "b": 1}
    )


def test_good_chain_verifies() -> None:
    report = verify_chain("g1", chain(5))
    assert report.ok and report.checked == 5 and report.first_bad_seq is None
    assert report.head_hash == chain(5)[-1].hash


def test_altered_events_name_the_commit() -> None:
    commits = chain(5)
    forged = commits[2].model_copy(update={"events": [{"type": "added", "seat": 0, "amount": 3}]})
    report = verify_chain("g1", [*commits[:2], forged, *commits[3:]])
    assert not report.ok
    assert report.first_bad_seq == 3
    assert report.checked == 2
    assert "hash" in report.reason


def test_rehashed_forgery_breaks_the_next_link() -> None:
    commits = chain(5)
    # A forger who recomputes the forged commit's own hash still breaks commit 4's link.
    forged, _ = seal(**{**commits[2].body(), "events": []})
    report = verify_chain("g1", [*commits[:2], forged, *commits[3:]])
    assert report.first_bad_seq == 4
    assert "link" in report.reason


@pytest.mark.parametrize(
    ("mutate", "bad_seq"),
    [
        (lambda cs: cs[:1] + cs[2:], 2),  # a commit removed
        (lambda cs: [cs[1], cs[0], *cs[2:]], 1),  # reordered
        (lambda cs: [*cs[:3], chain(4, "other")[3]], 4),  # another game's commit
    ],
)
def test_gaps_reorders_and_strangers_are_caught(mutate, bad_seq) -> None:  # type: ignore[no-untyped-def]
    report = verify_chain("g1", mutate(chain(4)))
    assert not report.ok and report.first_bad_seq == bad_seq


def test_no_commits_is_not_a_proof() -> None:
    report = verify_chain("g1", [])
    assert not report.ok and report.first_bad_seq is None


def test_made_at_is_the_rules_stamp_in_utc() -> None:
    """Archive and leaderboards date a finished game by it (seasons), so a
    game ending at a quarter's last millisecond lands in that quarter in both."""
    first = chain(1)[0]
    assert first.made_at() is None  # made before clocks: no stamp
    last_ms = int(datetime(2026, 12, 31, 23, 59, 59, 999000, tzinfo=UTC).timestamp() * 1000)
    stamped = next_commit(
        None, game_id="g1", game="counting", command_id="c1", seat=None,
        events=[], rules_version="1", at=last_ms,
    )  # fmt: skip
    assert stamped.made_at() == datetime(2026, 12, 31, 23, 59, 59, 999000, tzinfo=UTC)
