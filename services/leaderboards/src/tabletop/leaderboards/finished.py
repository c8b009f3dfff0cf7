"""Is this commit the end of a game, and who played it?

Every commit of every game passes by; the one whose replayed state has an
outcome ends its game (the kernel refuses commands after that). States come
from a small cache, or from the event log when the cache misses. Players come
from the archive, which records who sits where (SeatPlayers).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from nats.aio.client import Client

from tabletop.eventlog import Commit, CommitLog, GameHeads
from tabletop.games.catalog import GameCatalog
from tabletop.kernel import Outcome
from tabletop.messaging.archive import ArchiveCode, ArchiveSubjects, GameReply, GetGame


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
        outcome = game.outcome(head.state)
        if outcome is None:
            return None
        self.heads.drop(commit.game_id)  # finished: nothing more will come
        return Ending(commit.game, outcome)


class SeatLookup:
    """Who played a game, from the archive over NATS request/reply."""

    def __init__(self, nc: Client, namespace: str, timeout: float) -> None:
        self.nc = nc
        self.subjects = ArchiveSubjects(namespace=namespace)
        self.timeout = timeout

    async def player_ids(self, game_id: str) -> list[str] | None:
        request = GetGame(game_id=game_id).model_dump_json().encode()
        try:
            msg = await self.nc.request(self.subjects.game, request, timeout=self.timeout)
        except Exception as exc:  # no responders, timeout: the archive is not there
            raise NotYet(f"archive did not answer: {type(exc).__name__}") from None
        reply = GameReply.model_validate(json.loads(msg.data))
        if reply.error is not None:
            if reply.error.code == ArchiveCode.UNKNOWN_GAME_ID:
                raise NotYet(f"archive has not seen {game_id} yet")
            raise NotYet(f"archive refused: {reply.error.code}: {reply.error.message}")
        assert reply.game is not None
        return reply.game.player_ids
