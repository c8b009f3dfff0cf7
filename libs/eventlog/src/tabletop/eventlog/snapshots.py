"""Snapshots of game heads, so a cold load reads a bounded tail, not the whole log.

A snapshot is one game's state pickled as of one commit, tagged with the rules
version that folded it and the chain position it was made at (that commit
itself: its seq and hash, and its stream sequence). It is only a shortcut: a
head loaded from one is the snapshot's state extended by the commits that
follow it, and a snapshot that does not fit — another rules version, a commit
after it that does not chain to its hash — is ignored in favour of a full
replay. Kept in a JetStream KV bucket, one key per game, latest only (ADR 0024).
"""

from __future__ import annotations

import logging
import pickle
from dataclasses import dataclass
from typing import Any, Protocol

from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType
from nats.js.errors import BadRequestError, KeyNotFoundError, NotFoundError
from nats.js.kv import KeyValue

from .commit import Commit
from .streams import Topology

log = logging.getLogger(__name__)

# A head is snapshotted once this many commits followed its last snapshot:
# a cold load then folds at most this many commits (plus those in flight).
SNAPSHOT_EVERY = 64

# Bumped if the stored form below changes; other forms are ignored.
FORMAT = 2  # 2: the platform's table (clock, retired seats) beside the state


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game's state as of `last` (the commit folded in last)."""

    rules_version: str
    last: Commit
    stream_seq: int
    state: Any
    table: Any = None  # tabletop.kernel.table.Table (None: a default table)

    def to_bytes(self) -> bytes:
        # The commit as its own canonical bytes: a snapshot never re-derives it.
        last = self.last.to_bytes()
        stored = (FORMAT, self.rules_version, last, self.stream_seq, self.state, self.table)
        return pickle.dumps(stored, protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def from_bytes(cls, data: bytes) -> Snapshot | None:
        """The snapshot, or None for one this code cannot read (another format,
        a state class that no longer unpickles): a cold load then replays."""
        try:
            form, rules_version, last, stream_seq, state, *table = pickle.loads(data)
            if form != FORMAT:
                return None
            return cls(rules_version, Commit.from_bytes(last), stream_seq, state, *table)
        except Exception:  # any unreadable snapshot is only a missed shortcut
            log.warning("ignoring an unreadable snapshot", exc_info=True)
            return None


class SnapshotStore(Protocol):
    async def get(self, game_id: str) -> Snapshot | None: ...

    async def put(self, game_id: str, snapshot: Snapshot) -> None: ...


class MemorySnapshots:
    """Snapshots in a dict (stored as bytes, so a round trip is exercised)."""

    def __init__(self) -> None:
        self.stored: dict[str, bytes] = {}

    async def get(self, game_id: str) -> Snapshot | None:
        data = self.stored.get(game_id)
        return Snapshot.from_bytes(data) if data is not None else None

    async def put(self, game_id: str, snapshot: Snapshot) -> None:
        self.stored[game_id] = snapshot.to_bytes()


def snapshots_bucket_config(topology: Topology) -> KeyValueConfig:
    # Latest only: an older snapshot is never wanted while a later one exists.
    return KeyValueConfig(
        bucket=topology.snapshots_bucket,
        history=1,
        storage=StorageType.FILE,
        replicas=topology.replicas,
    )


class KeyValueSnapshots:
    """Snapshots in the namespace's KV bucket (`Topology.snapshots_bucket`)."""

    def __init__(self, kv: KeyValue) -> None:
        self.kv = kv

    @classmethod
    async def ensure(cls, js: JetStreamContext, topology: Topology) -> KeyValueSnapshots:
        config = snapshots_bucket_config(topology)
        try:
            kv = await js.create_key_value(config)
        except BadRequestError as exc:
            if exc.err_code != 10058:  # exists with another config: use it as it is
                raise
            kv = await js.key_value(config.bucket)
        return cls(kv)

    async def get(self, game_id: str) -> Snapshot | None:
        try:
            entry = await self.kv.get(game_id)
        except (KeyNotFoundError, NotFoundError):
            return None
        return Snapshot.from_bytes(entry.value) if entry.value else None

    async def put(self, game_id: str, snapshot: Snapshot) -> None:
        await self.kv.put(game_id, snapshot.to_bytes())
