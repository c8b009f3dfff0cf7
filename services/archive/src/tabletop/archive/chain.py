"""The hash-chain checks made when a commit is archived: pure functions.

Commits may reach the archive out of order (redeliveries), so a new commit is
checked against whichever neighbours are already stored: its predecessor's
hash must be its `prev_hash`, and its own hash its successor's `prev_hash`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.eventlog import GENESIS_HASH, Commit


@dataclass(frozen=True, slots=True)
class ChainBreak:
    game_id: str
    seq: int  # the commit whose link or content is wrong
    reason: str


def chain_breaks(
    commit: Commit, prev_hash: str | None, next_prev_hash: str | None
) -> list[ChainBreak]:
    """What is wrong around `commit`. `prev_hash` is the stored predecessor's
    hash (None: not stored yet; ignored for seq 1, whose predecessor is the
    genesis hash); `next_prev_hash` the stored successor's `prev_hash`."""
    breaks: list[ChainBreak] = []
    if commit.hash != commit.expected_hash():
        breaks.append(ChainBreak(commit.game_id, commit.seq, "content does not match its hash"))
    expected_prev = GENESIS_HASH if commit.seq == 1 else prev_hash
    if expected_prev is not None and commit.prev_hash != expected_prev:
        breaks.append(
            ChainBreak(commit.game_id, commit.seq, "prev_hash is not the previous commit's hash")
        )
    if next_prev_hash is not None and next_prev_hash != commit.hash:
        breaks.append(
            ChainBreak(
                commit.game_id, commit.seq + 1, "prev_hash is not the previous commit's hash"
            )
        )
    return breaks
