"""Tickets, queues and seatings in JetStream KV.

Every change to a queue is a compare-and-set on its key's revision
(`kv.create` for a new key, `kv.update(last=revision)` after), retried on a
lost race; that is what lets any number of replicas serve the same queues
(ADR 0015). A player's ticket has its own key, so a status read is one get.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError, NoKeysError
from nats.js.kv import KeyValue
from pydantic import BaseModel

from tabletop.messaging.matchmaking import Seating, Ticket, player_token

from .queues import QueueState

M = TypeVar("M", bound=BaseModel)

CAS_ATTEMPTS = 50


class Contended(Exception):
    """A queue kept changing under us for CAS_ATTEMPTS tries."""


class MatchmakingStore:
    def __init__(self, tickets: KeyValue, seats: KeyValue) -> None:
        self.kv = tickets
        self.seats = seats

    # ----------------------------------------------------------------- tickets
    async def ticket(self, player_id: str) -> Ticket | None:
        found = await self._get(f"ticket.{player_token(player_id)}", Ticket)
        return found[0] if found else None

    async def put_ticket(self, ticket: Ticket) -> None:
        await self.kv.put(
            f"ticket.{player_token(ticket.player_id)}", ticket.model_dump_json().encode()
        )

    # ------------------------------------------------------------------ queues
    async def queue_keys(self) -> list[str]:
        try:
            keys = await self.kv.keys()  # filtered here: servers < 2.10 ignore key filters
        except NoKeysError:
            return []
        return [key.removeprefix("queue.") for key in keys if key.startswith("queue.")]

    async def queue(self, key: str) -> QueueState | None:
        found = await self._get(f"queue.{key}", QueueState)
        return found[0] if found else None

    async def change_queue(
        self, key: str, fresh: Callable[[], QueueState], change: Callable[[QueueState], QueueState]
    ) -> tuple[QueueState, QueueState]:
        """Apply `change` to the queue atomically (compare-and-set, retried).
        Returns (before, after); nothing is written when `change` returns its input."""
        for _ in range(CAS_ATTEMPTS):
            found = await self._get(f"queue.{key}", QueueState)
            before, revision = found if found else (fresh(), None)
            after = change(before)
            if after is before:
                return before, after
            payload = after.model_dump_json().encode()
            try:
                if revision is None:
                    await self.kv.create(f"queue.{key}", payload)
                else:
                    await self.kv.update(f"queue.{key}", payload, last=revision)
            except KeyWrongLastSequenceError:
                continue  # another replica changed the queue: re-read, re-apply
            except Exception as exc:  # create on a key that appeared meanwhile
                if "wrong last sequence" in str(exc).lower():
                    continue
                raise
            return before, after
        raise Contended(f"queue {key} kept changing")

    # ----------------------------------------------------------------- seating
    async def put_seating(self, seating: Seating) -> None:
        await self.seats.put(seating.game_id, seating.model_dump_json().encode())

    async def _get(self, key: str, model: type[M]) -> tuple[M, int] | None:
        try:
            entry = await self.kv.get(key)
        except KeyNotFoundError:
            return None
        if entry.value is None:
            return None
        return model.model_validate_json(entry.value), entry.revision or 0
