"""Is this commit the end of a game, and who played it?

Every commit of every game passes by; the one whose replayed state has an
outcome ends its game (the kernel refuses commands after that). States come
from a small cache, or from the event log when the cache misses. Players come
from the seating directory (tabletop.messaging.seating).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.eventlog import Commit, CommitLog
from tabletop.eventlog.replayed import Replayed, StateCache
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
        self.states = StateCache(cache_size)

    async def ending(self, commit: Commit) -> Ending | None:
        """The game's ending if `commit` ends it; None otherwise (or when the
        game cannot be replayed here)."""
        game = self.catalog.find(commit.game)
        if game is None:
            return None
        cached = self.states.get(commit.game_id)
        if cached is not None and cached.seq == commit.seq:
            replayed: Replayed | None = cached  # a redelivery of the commit folded last
        elif cached is not None and cached.seq == commit.seq - 1:
            replayed = cached.then(commit)
        else:
            commits, _ = await self.log.load(commit.game_id)
            replayed = Replayed.of(game, [c for c in commits if c.seq <= commit.seq])
        if replayed is None or replayed.seq != commit.seq:
            raise NotYet(f"commits of {commit.game_id} before {commit.seq} are missing")
        self.states.put(commit.game_id, replayed)
        outcome = game.outcome(replayed.state)
        if outcome is None:
            return None
        self.states.drop(commit.game_id)  # finished: nothing more will come
        return Ending(commit.game, outcome)
