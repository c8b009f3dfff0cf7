"""Hot and cold storage: a finished game may leave JetStream once the archive
holds it whole, and this ledger remembers that it did.

Live games are in the games stream (hot). `tabletop storage prune` purges a
finished game's subject only after proving the archive holds every commit with
its chain verified (cold); before purging it writes the game's tombstone here,
in a stream of its own (`Topology.pruned_stream`, declared by every service
with the others; one message per game). The rules service and the gateway
read it only when a game is missing from the games stream, to refuse with
`game_archived` instead of `unknown_game_id`, and so that a pruned game's id
can never be started again (an empty subject would accept a new first commit).
"""

from __future__ import annotations

from datetime import UTC, datetime

from nats.js import JetStreamContext
from nats.js.errors import NotFoundError
from pydantic import BaseModel, Field

from .commit import GAME_ID_PATTERN
from .streams import Topology


class PrunedGame(BaseModel):
    """What the games stream held when the game left it."""

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    last_seq: int = Field(ge=1)
    last_hash: str
    pruned_at: datetime


class PrunedGames:
    """The ledger of games whose commits now live only in the archive."""

    def __init__(self, js: JetStreamContext, topology: Topology | None = None) -> None:
        self.js = js
        self.topology = topology or Topology()

    async def get(self, game_id: str) -> PrunedGame | None:
        """The game's tombstone; None when it was never pruned."""
        try:
            raw = await self.js.get_last_msg(
                self.topology.pruned_stream, self.topology.pruned_subject(game_id), direct=True
            )
        except NotFoundError:
            return None
        return PrunedGame.model_validate_json(raw.data or b"")

    async def record(self, game_id: str, last_seq: int, last_hash: str) -> PrunedGame:
        """Write the tombstone first: a purge that follows a crash is then
        redone, never lost (the archive still holds the game either way)."""
        tombstone = PrunedGame(
            game_id=game_id, last_seq=last_seq, last_hash=last_hash, pruned_at=datetime.now(UTC)
        )
        existing = await self.get(game_id)
        if existing is not None:
            return existing
        await self.js.publish(
            self.topology.pruned_subject(game_id),
            tombstone.model_dump_json().encode(),
            stream=self.topology.pruned_stream,
            headers={"Nats-Msg-Id": f"pruned-{game_id}"},
        )
        return tombstone

    async def purge_game(self, game_id: str) -> None:
        """Remove the game's commits from the games stream (its subject only)."""
        await self.js.purge_stream(
            self.topology.games_stream, subject=self.topology.game_subject(game_id)
        )
