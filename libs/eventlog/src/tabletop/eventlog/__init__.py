"""The event log: hash-chained commits on NATS JetStream, one subject per game."""

from .commit import (
    GAME_ID_PATTERN,
    GENESIS_HASH,
    Commit,
    canonical_json,
    chain_hash,
    next_commit,
    next_sealed,
)
from .errors import AppendConflict, AppendError, DuplicateAppend
from .heads import GameHead, GameHeads
from .log import EventLog
from .memory import CommitLog, MemoryEventLog
from .retention import PrunedGame, PrunedGames
from .snapshots import KeyValueSnapshots, MemorySnapshots, Snapshot, SnapshotStore
from .streams import (
    DEADLINES_DURABLE,
    Topology,
    consumer_drained,
    drop_namespace,
    ensure_consumer,
    ensure_key_values,
    ensure_streams,
)
from .verify import ChainReport, verify_chain

__all__ = [
    "DEADLINES_DURABLE",
    "GAME_ID_PATTERN",
    "GENESIS_HASH",
    "AppendConflict",
    "AppendError",
    "ChainReport",
    "Commit",
    "CommitLog",
    "DuplicateAppend",
    "EventLog",
    "GameHead",
    "GameHeads",
    "KeyValueSnapshots",
    "MemoryEventLog",
    "MemorySnapshots",
    "PrunedGame",
    "PrunedGames",
    "Snapshot",
    "SnapshotStore",
    "Topology",
    "canonical_json",
    "chain_hash",
    "consumer_drained",
    "drop_namespace",
    "ensure_consumer",
    "ensure_key_values",
    "ensure_streams",
    "next_commit",
    "next_sealed",
    "verify_chain",
]
