"""Tickets, queues and seatings in JetStream KV, one bucket each.

Every change to a queue is a compare-and-set on its key's revision
(`kv.create` for a new key, `kv.update(last=revision)` after), retried on a
lost race; that is what lets any number of replicas serve the same queues
(ADR 0015). A player's ticket has its own key, so a status read is one get.
The queues have a bucket of their own: the tick lists it every pass, and
listing a bucket reads every key in it (the tickets of everyone who ever
queued would make each pass grow with the player count).
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
    def __init__(self, tickets: KeyValue, queues: KeyValue, seats: KeyValue) -> None:
        self.tickets = tickets
        self.queues = queues
        self.seats = seats

    # ----------------------------------------------------------------- tickets
    async def ticket(self, player_id: str) -> Ticket | None:
        found = await _get(self.tickets, f"ticket.{player_token(player_id)}", Ticket)
        return found[0] if found else None

    async def put_ticket(self, ticket: Ticket) -> None:
        await self.tickets.put(
            f"ticket.{player_token(ticket.player_id)}", ticket.model_dump_json().encode()
        )

    # ------------------------------------------------------------------ queues
    async def queue_keys(self) -> list[str]:
        """Every queue's key: the queues bucket holds nothing else."""
        try:
            return await self.queues.keys()
        except NoKeysError:
            return []

    async def queue(self, key: str) -> QueueState | None:
        found = await _get(self.queues, key, QueueState)
        return found[0] if found else None

    async def change_queue(
        self, key: str, fresh: Callable[[], QueueState], change: Callable[[QueueState], QueueState]
    ) -> tuple[QueueState, QueueState]:
        """Apply `change` to the queue atomically (compare-and-set, retried).
        Returns (before, after); nothing is written when `change` returns its input."""
        for _ in range(CAS_ATTEMPTS):
            found = await _get(self.queues, key, QueueState)
            before, revision = found if found else (fresh(), None)
            after = change(before)
            if after is before:
                return before, after
            payload = after.model_dump_json().encode()
            try:
                if revision is None:
                    await self.queues.create(key, payload)
                else:
                    await self.queues.update(key, payload, last=revision)
            except KeyWrongLastSequenceError:
                continue  # another replica changed the queue: re-read, re-apply
            except Exception as exc:  # create on a key that appeared meanwhile
                if "wrong last sequence" in str(exc).lower():
                    continue
                raise
            return before, after
        raise Contended(f"queue {key} kept changing")

    async def drop_queue_if_empty(self, key: str) -> bool:
        """Delete a queue nobody waits in and no match is pending on, unless it
        changed since it was read (compare-and-set: a join that lands first
        keeps it). A later join creates it again. True when deleted."""
        found = await _get(self.queues, key, QueueState)
        if found is None:
            return False
        state, revision = found
        if state.waiting or state.pending:
            return False
        try:
            await self.queues.delete(key, last=revision)
        except KeyWrongLastSequenceError:
            return False
        return True

    async def purge_old_deletes(self, older_than: float) -> None:
        """Drop the delete markers of queues deleted `older_than` seconds ago,
        so one-off queues (private tables) leave nothing in the bucket."""
        await self.queues.purge_deletes(olderthan=int(older_than))

    # ----------------------------------------------------------------- seating
    async def put_seating(self, seating: Seating) -> None:
        await self.seats.put(seating.game_id, seating.model_dump_json().encode())

    async def seated_games(self) -> list[str]:
        """The game ids that have a seating (live and recently finished games)."""
        try:
            return await self.seats.keys()
        except NoKeysError:
            return []

    async def drop_seating(self, game_id: str) -> None:
        await self.seats.purge(game_id)  # the value and its history: nothing is kept


async def _get(kv: KeyValue, key: str, model: type[M]) -> tuple[M, int] | None:
    try:
        entry = await kv.get(key)
    except KeyNotFoundError:
        return None
    if entry.value is None:
        return None
    return model.model_validate_json(entry.value), entry.revision or 0
