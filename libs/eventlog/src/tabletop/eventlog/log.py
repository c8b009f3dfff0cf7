"""The event log on JetStream: load a game's commits, append the next one.

One stream for all games, one subject per game, one message per commit.
Appends are conditional on the subject's last sequence (optimistic
concurrency) and carry the command id as `Nats-Msg-Id` (a retry lands once).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from typing import Any

from nats.js import JetStreamContext
from nats.js.api import ConsumerConfig, DeliverPolicy, Header
from nats.js.errors import APIError, NotFoundError
from opentelemetry import propagate, trace

from .acks import Acks
from .commit import Commit
from .errors import AppendConflict, DuplicateAppend
from .links import Link, NatsLink
from .streams import Topology
from .wire import Inbound

# JetStream's error code for a failed Nats-Expected-Last-Subject-Sequence check.
WRONG_LAST_SEQUENCE = 10071

# Up to this many missing commits are fetched one direct get each; beyond,
# an ordered consumer (one consumer creation, then a stream) is cheaper.
SHORT_GAP = 4

# From nats-server 2.11 one direct get may ask for a batch of messages. Up to
# this many missing commits (most loads from a snapshot, taken every 64) come
# in one batch; beyond, the server spent more CPU per commit than streaming
# them to an ordered consumer (measured on 2.15: 0.25 vs 0.6 ms of its CPU for
# 10 commits, 2.2 vs 1.2 ms for 100).
BATCHED_GETS = (2, 11)
BATCHED_RANGE = 32

# A whole game arrives well within this; a stalled read is an outage, not a slow game.
READ_TIMEOUT_SECONDS = 10.0

_EXPECTED_SEQ = Header.EXPECTED_LAST_SUBJECT_SEQUENCE.value
_MSG_ID = Header.MSG_ID.value
_EXPECTED_STREAM = Header.EXPECTED_STREAM.value


class EventLog:
    """Commits of every game, over a JetStream context."""

    def __init__(
        self, js: JetStreamContext, topology: Topology | None = None, link: Link | None = None
    ) -> None:
        """`link`: what appends are published on (default: `js`'s client)."""
        self.js = js
        self.topology = topology or Topology()
        self._acks = Acks(link or NatsLink(js._nc), js._timeout)  # appends' acks

    async def last(self, game_id: str) -> tuple[Commit | None, int]:
        """The game's last commit and its stream sequence (None, 0 for no game)."""
        try:
            raw = await self.js.get_last_msg(
                self.topology.games_stream, self.topology.game_subject(game_id), direct=True
            )
        except NotFoundError:
            return None, 0
        return Commit.from_bytes(raw.data or b""), raw.seq or 0

    async def load(self, game_id: str, after: tuple[int, int] = (0, 0)) -> tuple[list[Commit], int]:
        """The game's commits and the stream sequence of its last one (what
        `append` expects next). `after=(commit_seq, stream_seq)` of a commit the
        caller already holds loads only the commits that follow it.

        One direct get finds the end (often it is the only new commit). Up to
        `BATCHED_RANGE` more come in one batched direct get (nats-server 2.11+;
        before, a few are walked with direct next-by-subject gets); longer
        ranges are streamed by an ordered consumer filtered on the game's
        subject, without acks.
        """
        held_seq, held_stream_seq = after
        last, last_stream_seq = await self.last(game_id)
        if last is None or last_stream_seq <= held_stream_seq:
            return [], last_stream_seq
        missing = last.seq - held_seq
        if missing == 1:
            return [last], last_stream_seq
        if 1 < missing <= BATCHED_RANGE + 1 and self._batched_gets():
            commits = await self._batch(game_id, held_stream_seq + 1, missing - 1)
            return [*commits, last], last_stream_seq
        if held_seq and missing <= SHORT_GAP:
            commits = await self._walk(game_id, held_stream_seq + 1, last_stream_seq)
            return [*commits, last], last_stream_seq
        commits = await self._read_range(game_id, held_stream_seq + 1, last_stream_seq)
        return commits, last_stream_seq

    def _batched_gets(self) -> bool:
        version = self.js._nc.connected_server_version
        return (version.major, version.minor) >= BATCHED_GETS

    async def _batch(self, game_id: str, start_seq: int, count: int) -> list[Commit]:
        """The `count` commits of the game from stream seq `start_seq` on, in
        one batched direct get (one request, no consumer to create)."""
        nc = self.js._nc
        request = {"seq": start_seq, "next_by_subj": self.topology.game_subject(game_id),
                   "batch": count}  # fmt: skip
        commits: list[Commit] = []
        inbox = nc.new_inbox()
        sub = await nc.subscribe(inbox)
        try:
            async with asyncio.timeout(READ_TIMEOUT_SECONDS):
                api = f"$JS.API.DIRECT.GET.{self.topology.games_stream}"
                await nc.publish(api, json.dumps(request).encode(), reply=inbox)
                # Messages, then a status (no data): 204 at the batch's end, 404 for none.
                while (msg := await sub.next_msg(timeout=READ_TIMEOUT_SECONDS)).data:
                    commits.append(Commit.from_bytes(msg.data))
        finally:
            await sub.unsubscribe()
        return commits[:count]

    async def _walk(self, game_id: str, start_seq: int, last_seq: int) -> list[Commit]:
        """Commits from `start_seq` up to (not including) `last_seq`, one direct get each."""
        commits: list[Commit] = []
        subject = self.topology.game_subject(game_id)
        while True:
            raw = await self.js.get_msg(
                self.topology.games_stream, seq=start_seq, subject=subject, next=True, direct=True
            )
            if raw.seq is None or raw.seq >= last_seq:
                return commits
            commits.append(Commit.from_bytes(raw.data or b""))
            start_seq = raw.seq + 1

    async def _read_range(self, game_id: str, start_seq: int, last_seq: int) -> list[Commit]:
        sub = await self.js.subscribe(
            self.topology.game_subject(game_id),
            stream=self.topology.games_stream,
            ordered_consumer=True,
            deliver_policy=DeliverPolicy.BY_START_SEQUENCE,
            config=ConsumerConfig(opt_start_seq=start_seq),
        )
        commits: list[Commit] = []
        try:
            async with asyncio.timeout(READ_TIMEOUT_SECONDS):
                while True:
                    msg = await sub.next_msg(timeout=READ_TIMEOUT_SECONDS)
                    commits.append(Commit.from_bytes(msg.data))
                    if msg.metadata.sequence.stream >= last_seq:
                        break
        finally:
            await sub.unsubscribe()
        return commits

    def append(
        self, commit: Commit, expected_last_subject_seq: int, data: bytes | None = None
    ) -> Coroutine[Any, Any, int]:
        """Append `commit` if the game's subject still ends at
        `expected_last_subject_seq` (0: the game must not exist yet). `data`:
        its bytes, when the caller has them from `seal` (not encoded again).

        The commit is published by this call; awaiting what it returns gives
        the commit's stream sequence (so a caller can prepare what follows
        while the append travels). Raises AppendConflict when the game moved
        on, DuplicateAppend when this command id already landed.
        """
        headers = {
            _EXPECTED_SEQ: str(expected_last_subject_seq),
            _MSG_ID: commit.command_id,
            _EXPECTED_STREAM: self.topology.games_stream,  # as `js.publish(stream=...)` sends
        }
        if trace.get_current_span().get_span_context().is_valid:
            propagate.inject(headers)  # the trace goes on to the commit's consumers
        sent = self._acks.send(
            self.topology.game_subject(commit.game_id),
            commit.to_bytes() if data is None else data,
            headers,
        )
        return _landed(sent, commit, expected_last_subject_seq)


async def _landed(sent: asyncio.Future[Inbound], commit: Commit, expected_seq: int) -> int:
    """The stream sequence the append `sent` landed at, or its refusal raised."""
    ack = await Acks.ack(sent)
    error = ack.get("error")
    if error is not None:
        if error.get("err_code") == WRONG_LAST_SEQUENCE:
            raise AppendConflict(commit.game_id, expected_seq)
        raise APIError.from_error(error)  # raises the error's own class
    seq: int = ack["seq"]
    if ack.get("duplicate"):
        raise DuplicateAppend(commit.game_id, commit.command_id, seq)
    return seq
