"""Is this commit the end of a game, and who played it?

Every commit of every game passes by; the one whose replayed state has an
outcome ends its game (the kernel refuses commands after that). States come
from a small cache, or from the event log when the cache misses. Players come
from the seating directory (tabletop.messaging.seating).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.eventlog import Commit, CommitLog, GameHeads
from tabletop.games.catalog import GameCatalog
from tabletop.kernel import Outcome


class NotYet(Exception):
    """Ask again later (the archive is behind or did not answer)."""


@dataclass(frozen=True, slots=True)
class Ending:
    game: str
    outcome: Outcome


class EndDetector:
    def __init__(self, catalog: GameCatalog, log: CommitLog, cache_size: int = 1024) -> None:
        self.catalog = catalog
        self.log = log
        self.heads = GameHeads(log, catalog.get, cache_size)

    async def ending(self, commit: Commit) -> Ending | None:
        """The game's ending if `commit` ends it; None otherwise (or when the
        game cannot be replayed here)."""
        game = self.catalog.find(commit.game)
        if game is None:
            return None

        async def stored() -> list[Commit]:  # a miss: the log's commits up to this one
            commits, _ = await self.log.load(commit.game_id)
            return [c for c in commits if c.seq <= commit.seq]

        head = await self.heads.as_of(commit, stored)
        if head is None or head.seq != commit.seq:
            raise NotYet(f"commits of {commit.game_id} before {commit.seq} are missing")
        self.heads.put(commit.game_id, head)
        outcome = head.outcome  # the platform's ends (resign, timeout, abandoned) included
        if outcome is None:
            return None
        self.heads.drop(commit.game_id)  # finished: nothing more will come
        return Ending(commit.game, outcome)
