"""Proving a game's hash chain: a pure function over its commits."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from .commit import GENESIS_HASH, Commit


class ChainReport(BaseModel):
    """`ok` with the number of commits checked, or the first bad commit."""

    game_id: str
    checked: int
    ok: bool
    first_bad_seq: int | None = None
    reason: str = ""
    head_hash: str | None = None  # the last good hash: what a signed receipt would quote


def verify_chain(game_id: str, commits: Sequence[Commit]) -> ChainReport:
    """Check order, links and hashes from the first commit; stop at the first bad one.

    Position `i` must hold seq `i + 1` of `game_id`, link to the previous hash
    (the genesis hash for the first) and hash to its own `hash`.
    """
    prev_hash = GENESIS_HASH
    for index, commit in enumerate(commits):
        expected_seq = index + 1
        problem = ""
        if commit.game_id != game_id:
            problem = f"belongs to game {commit.game_id!r}"
        elif commit.seq != expected_seq:
            problem = f"has seq {commit.seq} where {expected_seq} was expected"
        elif commit.prev_hash != prev_hash:
            problem = "does not link to the previous commit's hash"
        elif commit.hash != commit.expected_hash():
            problem = "content does not match its hash (altered after it was written)"
        if problem:
            return ChainReport(
                game_id=game_id,
                checked=index,
                ok=False,
                first_bad_seq=expected_seq,
                reason=f"commit {expected_seq} {problem}",
                head_hash=prev_hash if index else None,
            )
        prev_hash = commit.hash
    return ChainReport(
        game_id=game_id,
        checked=len(commits),
        ok=bool(commits),
        reason="" if commits else "no commits for this game",
        head_hash=prev_hash if commits else None,
    )
