"""The deadline keeper: follows every commit, keeps each live game's next
deadline in a JetStream KV bucket, and when one passes asks the rules service
for the timeout, or the end as abandoned: once no human is left, or, in a game
without a clock, once no human has moved for `abandon_after_ms`.

Durable by construction (ADR 0025): the commits come from a durable consumer
(acknowledged only after the bucket holds the deadline they imply; fetched
and acknowledged over the rules process's lean connection, a `Link`, #17) and the
deadlines from the bucket (read whole at start, then watched), so a keeper
killed at any point restarts where it was, and a deadline that passed while it
was down fires at once. Exactly once: a deadline's command is conditional on
the commit it was computed from (`expected_seq`) and has one id per commit
(`timeout:<game>:<seq>`), so a second replica firing the same deadline, a redelivery
or a move that landed first is refused by the rules service; only one timeout
commit can exist.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from cachetools import FIFOCache
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import (
    BadRequestError,
    BucketNotFoundError,
    KeyNotFoundError,
    KeyWrongLastSequenceError,
    NotFoundError,
)
from nats.js.kv import KV_DEL, KV_PURGE, KeyValue

from tabletop.eventlog import (
    DEADLINES_DURABLE,
    Commit,
    EventLog,
    GameHead,
    GameHeads,
    Topology,
)
from tabletop.eventlog.links import Link, NatsLink
from tabletop.eventlog.pull import PullConsumer, delivery
from tabletop.eventlog.wire import Inbound
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import ServiceCode, SubmitCommand
from tabletop.messaging.errors import Refusal
from tabletop.messaging.matchmaking import Seating

from ..lifecycle import Now, wall_clock_ms
from .schedule import DueAction, Schedule

log = logging.getLogger("tabletop.rules.deadlines")

Submit = Callable[[SubmitCommand], Awaitable[object]]

DURABLE = DEADLINES_DURABLE
# Refusals that mean the deadline is moot: a move (or another replica) got there first.
MOOT = {
    ServiceCode.STALE_COMMAND,
    ServiceCode.DUPLICATE_COMMAND,
    "game_over",
    ServiceCode.UNKNOWN_GAME_ID,
}
RETRY_MS = 250  # a refusal worth retrying (rules unavailable, or its clock a little behind)
FIRING = 64  # timeout requests in flight at once
SEATS_RECHECK_MS = 10_000  # no seats bucket yet: matchmaking may create it later
ABANDON_AFTER_MS = 24 * 60 * 60 * 1000  # a game without a clock no human moved in for a day
FETCH = 256  # commits asked for at once
FETCH_EXPIRES = 1.0  # s a fetch waits for the first commit when there is none
FETCH_RETRY = 0.5  # s before fetching again after a failed fetch
# Caught up, the keeper waits this long before asking again, so commits come
# in batches (one delivery and one loop turn for many) instead of one by one
# as they land, each costing the rules process and the server a wake-up. A
# deadline is kept at most this much later; it fires on time all the same
# (it is computed from the commit's own time).
CAUGHT_UP_PAUSE = 0.1
IDLE_GAMES = 65536  # games remembered as having nothing to keep (the oldest forgotten first)


def deadlines_bucket(topology: Topology) -> str:
    return topology.deadlines_bucket


class DeadlineKeeper:
    def __init__(
        self,
        js: JetStreamContext,
        topology: Topology,
        submit: Submit,
        catalog: GameCatalog | None = None,
        *,
        cache_size: int = 16384,
        now: Now = wall_clock_ms,
        abandon_after_ms: int = ABANDON_AFTER_MS,
        link: Link | None = None,
    ) -> None:
        self.js = js
        # The commits are fetched and acknowledged on `link` (the rules
        # process's `Wire`); without one, on the JetStream context's client.
        self.link: Link = link if link is not None else NatsLink(js._nc)
        self.topology = topology
        self.submit = submit
        self.now = now
        self.abandon_after_ms = abandon_after_ms
        self.log = EventLog(js, topology)
        self.heads = GameHeads(self.log, (catalog or GameCatalog()).get, cache_size)
        self.schedule = Schedule()
        self.lateness_ms: deque[int] = deque(maxlen=100_000)  # accepted timeouts, for bench/metrics
        self.fired = 0
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._firing = asyncio.Semaphore(FIRING)
        self._in_flight: set[asyncio.Task[None]] = set()
        self._bucket: KeyValue | None = None
        self._seats: KeyValue | None = None
        self._seats_looked_at = -SEATS_RECHECK_MS  # when the seats bucket was last looked for
        self._seatings: dict[str, Seating | None] = {}
        # Games that can never have a deadline: no clock (only a first commit
        # sets one) and no human seat (seated before the start). Their commits
        # are acknowledged unread: before, each one read and replayed its whole
        # game (no head was kept for them), the rules process's largest cost.
        self._idle: FIFOCache[str, None] = FIFOCache(maxsize=IDLE_GAMES)  # oldest forgotten first
        self._games_prefix = topology.game_subject("")
        self._human_moved: dict[str, int] = {}  # no clock: when a human last moved (Unix ms)
        self._watcher: KeyValue.KeyWatcher | None = None
        self._commits: PullConsumer | None = None

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        try:
            self._bucket = await self.js.create_key_value(self.topology.deadlines_bucket_config())
        except BadRequestError:  # it exists (another replica made it)
            self._bucket = await self.js.key_value(self.topology.deadlines_bucket)
        await self._bind_seats()
        watcher = self._watcher = await self._bucket.watchall()
        self._tasks = [
            asyncio.create_task(self._watch(watcher), name="deadlines-watch"),
            asyncio.create_task(self._timer(), name="deadlines-timer"),
            asyncio.create_task(self._follow(), name="deadlines-follow"),
        ]
        for task in self._tasks:
            task.add_done_callback(_log_death)

    async def stop(self) -> None:
        for task in [*self._tasks, *self._in_flight]:
            task.cancel()
        for task in [*self._tasks, *self._in_flight]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        # Unsubscribe what the cancelled tasks read: a subscription left with a
        # message nobody takes (a cancelled fetch's late reply) holds the
        # connection's drain at shutdown until its timeout (30 s). Commits
        # fetched but not acked are redelivered to the next keeper.
        watcher, commits, self._watcher, self._commits = self._watcher, self._commits, None, None
        if watcher is not None:
            with contextlib.suppress(Exception):  # the connection may be gone already
                await watcher.stop()
        if commits is not None:
            with contextlib.suppress(Exception):
                await commits.stop()

    # ---------------------------------------------------- commits -> bucket
    async def _follow(self) -> None:
        await self._bind_consumer()
        commits = self._commits = PullConsumer(self.link, self.topology.games_stream, DURABLE)
        await commits.start()
        while True:
            try:
                batch = await commits.fetch(FETCH, FETCH_EXPIRES)
            except Exception as exc:
                log.warning("fetching commits failed: %s", exc)
                await asyncio.sleep(FETCH_RETRY)
                continue
            await self._keep(commits, batch)
            if len(batch) < FETCH:
                await asyncio.sleep(CAUGHT_UP_PAUSE)

    async def _keep(self, commits: PullConsumer, batch: list[Inbound]) -> None:
        """Record a batch of commits and acknowledge them. An idle game's are
        acknowledged at once, unread (the game id is the subject's last token:
        no body, header or ack subject parsed, no task). The others' games
        apart in parallel (their work is round trips to NATS); each game's
        commits in order, so a later deadline is never overtaken."""
        by_game: dict[str, list[Inbound] | None] = {}  # None: an idle game
        unread: list[Inbound] = []
        prefix = len(self._games_prefix)
        for msg in batch:
            subject = msg.subject
            try:
                msgs = by_game[subject]
            except KeyError:
                msgs = by_game[subject] = None if subject[prefix:] in self._idle else []
            if msgs is None:
                unread.append(msg)
            else:
                msgs.append(msg)
        try:
            for msg in unread:
                await commits.ack(msg)
        except Exception as exc:  # not sent (the connection down): the ack wait brings it back
            log.warning("acknowledging a commit failed (it will be redelivered): %s", exc)
        games = [msgs for msgs in by_game.values() if msgs]
        if len(games) == 1:
            await self._record_in_order(commits, games[0])
        elif games:
            await asyncio.gather(*(self._record_in_order(commits, msgs) for msgs in games))

    async def _bind_consumer(self) -> None:
        """The durable consumer on the games stream, made by the first keeper
        (one that exists is kept as it is, as `js.pull_subscribe` did)."""
        stream = self.topology.games_stream
        try:
            await self.js.consumer_info(stream, DURABLE)
        except NotFoundError:
            await self.js.add_consumer(
                stream,
                ConsumerConfig(
                    name=DURABLE,
                    durable_name=DURABLE,
                    filter_subject=self.topology.games_subjects,
                    deliver_policy=DeliverPolicy.ALL,
                    ack_policy=AckPolicy.EXPLICIT,
                    ack_wait=30.0,
                    max_deliver=-1,
                    max_ack_pending=1024,
                ),
            )

    async def _record_in_order(self, commits: PullConsumer, msgs: list[Inbound]) -> None:
        """Record a game's commits in order, acknowledging each once its
        deadline is kept (one of a game found idle meanwhile: unread). One
        whose record failed is nak'ed (redelivered a second later); when an
        ack cannot be sent (the connection down), it and the game's later
        ones in this batch come back after the consumer's ack wait."""
        try:
            for msg in msgs:
                if not self.idle(msg.subject[len(self._games_prefix) :]):
                    try:
                        redelivered = delivery(msg.reply).num_delivered > 1
                        await self.record(Commit.from_bytes(msg.data), redelivered=redelivered)
                    except Exception:  # a redelivery will try again
                        log.exception("recording a deadline failed")
                        await commits.nak(msg, delay=1.0)
                        continue
                await commits.ack(msg)
        except Exception as exc:  # an ack or nak not sent: the ack wait brings it back
            log.warning("acknowledging a commit failed (it will be redelivered): %s", exc)

    async def record(self, commit: Commit, *, redelivered: bool = True) -> None:
        """Bring the bucket to the deadline `commit` implies (none: deleted).
        `redelivered=False` promises no later commit of the game was recorded
        yet (a first delivery: the consumer is in order per game)."""
        log.debug("commit %s/%s at %s", commit.game_id, commit.seq, commit.at)
        if self.idle(commit.game_id):
            return
        if commit.at is None and commit.game_id not in self.heads:
            return  # made before clocks: no deadline can follow from it
        head = await self.heads.as_of(commit, lambda: self._stored(commit, redelivered))
        if head is None:
            return
        if (
            head.table.settings is None
            and not head.table.retired
            and not await self._humans(commit.game_id)
        ):  # no clock and no human to wait for: nothing to keep (and no entry to delete)
            self._seatings.pop(commit.game_id, None)
            self._idle[commit.game_id] = None  # a forgotten one reads its game once more
            return
        due = await self._due(commit, head)
        if due is None:
            self.heads.drop(commit.game_id)
            self._seatings.pop(commit.game_id, None)
            self._human_moved.pop(commit.game_id, None)
            await self._clear(commit.game_id, head.seq, finished=head.outcome is not None)
        else:
            self.heads.put(commit.game_id, head)
            await self._store(commit.game_id, due, first=head.seq == 1)

    def idle(self, game_id: str) -> bool:
        """Whether the game is known to need no deadline, ever (its commits
        are then acknowledged without being read)."""
        return game_id in self._idle

    async def _stored(self, commit: Commit, redelivered: bool) -> list[Commit]:
        """The game's commits for a head not cached. A first commit delivered
        for the first time is all of the game the keeper must know: no read
        (one round trip less per new game). A redelivered one reads the whole
        game, so a game that ended meanwhile gets no deadline back."""
        if commit.seq == 1 and not redelivered:
            return [commit]
        return (await self.log.load(commit.game_id))[0]

    async def _due(self, commit: Commit, head: GameHead) -> DueAction | None:
        if head.outcome is not None:
            return None
        if head.table.retired and await self._no_human_left(head):
            at = head.last.at if head.last.at is not None else self.now()
            return DueAction(seq=head.seq, seat=0, at_ms=at, action="abandon")
        if head.table.settings is None:
            return await self._idle_due(commit, head)
        deadline = head.table.deadline()
        if deadline is None:
            return None
        return DueAction(seq=head.seq, seat=deadline.seat, at_ms=deadline.at_ms)

    async def _idle_due(self, commit: Commit, head: GameHead) -> DueAction | None:
        """A game without a clock ends as abandoned `abandon_after_ms` after
        its humans' last move (or its start). A bot's commit carries that time
        on, conditional on the bot's commit, so a human's move still wins."""
        game_id = commit.game_id
        humans = await self._humans(game_id)
        if not humans:
            return None
        moved = self._human_moved.get(game_id)
        if moved is None and commit.seq > 1 and commit.seat not in humans:
            held = await self._held(game_id)  # a restarted keeper: the bucket remembers
            if held is not None and held.action == "abandon":
                moved = held.at_ms - self.abandon_after_ms
        if moved is None or commit.seq == 1 or commit.seat in humans:
            moved = commit.at if commit.at is not None else self.now()
        self._human_moved[game_id] = moved
        return DueAction(
            seq=head.seq, seat=0, at_ms=moved + self.abandon_after_ms, action="abandon"
        )

    async def _no_human_left(self, head: GameHead) -> bool:
        """Every human seat has left (a game nobody seated has no known humans)."""
        humans = await self._humans(head.last.game_id)
        return bool(humans) and humans <= head.table.retired_seats

    async def _humans(self, game_id: str) -> frozenset[int]:
        """The seats matchmaking gave to humans (none when nobody seated the game)."""
        seating = await self._seating(game_id)
        if seating is None:
            return frozenset()
        return frozenset(seat for seat, info in enumerate(seating.seats) if not info.bot)

    async def _held(self, game_id: str) -> DueAction | None:
        try:
            return _parse((await self._kv().get(game_id)).value)
        except KeyNotFoundError:
            return None

    async def _seating(self, game_id: str) -> Seating | None:
        if game_id in self._seatings:
            return self._seatings[game_id]
        found: Seating | None = None
        if self._seats is None:
            await self._bind_seats()
        if self._seats is not None:
            with contextlib.suppress(KeyNotFoundError):
                entry = await self._seats.get(game_id)
                found = Seating.model_validate_json(entry.value or b"")
        self._seatings[game_id] = found
        return found

    async def _bind_seats(self) -> None:
        """The seats bucket, once matchmaking has made it (until then nobody is
        seated: no game has a known human); looked for again now and then."""
        now = self.now()
        if now - self._seats_looked_at < SEATS_RECHECK_MS:
            return
        self._seats_looked_at = now
        with contextlib.suppress(BucketNotFoundError):
            self._seats = await self.js.key_value(self.topology.seats_bucket)

    async def _store(self, game_id: str, due: DueAction, first: bool = False) -> None:
        """Put `due` unless the bucket already holds a later commit's (a
        compare-and-set: replicas sharing the consumer may race). A game's
        first deadline is a create (one round trip; a redelivery falls back)."""
        bucket = self._kv()
        value = due.model_dump_json().encode()
        if first:
            with contextlib.suppress(KeyWrongLastSequenceError):
                await bucket.create(game_id, value)
                return
        while True:
            try:
                entry = await bucket.get(game_id)
            except KeyNotFoundError:
                try:
                    await bucket.create(game_id, value)
                    return
                except KeyWrongLastSequenceError:
                    continue
            held = _parse(entry.value)
            if held is not None and held.seq > due.seq:
                return
            try:
                await bucket.update(game_id, value, last=entry.revision)
                return
            except KeyWrongLastSequenceError:
                continue

    async def _clear(self, game_id: str, seq: int, finished: bool = False) -> None:
        bucket = self._kv()
        if finished:  # nothing can follow the end: no later deadline to keep
            await bucket.delete(game_id)
            return
        with contextlib.suppress(KeyNotFoundError):
            entry = await bucket.get(game_id)
            held = _parse(entry.value)
            if held is None or held.seq <= seq:
                await bucket.delete(game_id)

    def _kv(self) -> KeyValue:
        if self._bucket is None:
            raise RuntimeError("the keeper is not started")
        return self._bucket

    # ------------------------------------------------------ bucket -> timer
    async def _watch(self, watcher: Any) -> None:
        async for entry in watcher:
            if entry is None:
                continue  # the marker after the initial values
            if entry.operation in (KV_DEL, KV_PURGE):
                self.schedule.drop(entry.key)
            else:
                due = _parse(entry.value)
                if due is not None:
                    self.schedule.set(entry.key, due)
            self._wake.set()

    async def _timer(self) -> None:
        while True:
            next_at = self.schedule.next_at()
            wait = None if next_at is None else max(0.0, (next_at - self.now()) / 1000)
            if wait is None or wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
            self._wake.clear()
            for game_id, due in self.schedule.pop_due(self.now()):
                task = asyncio.create_task(self._fire(game_id, due))
                self._in_flight.add(task)
                task.add_done_callback(self._in_flight.discard)

    async def _fire(self, game_id: str, due: DueAction) -> None:
        request = SubmitCommand(
            game_id=game_id,
            command_id=due.command_id(game_id),
            command={"type": due.action, "seat": due.seat},
            expected_seq=due.seq,
        )
        async with self._firing:
            try:
                await self.submit(request)
            except Refusal as refusal:
                if refusal.code in MOOT:
                    return
                log.info("%s of %s refused (%s); retrying", due.action, game_id, refusal.code)
                self._retry(game_id, due)
                return
            except Exception:
                log.exception("%s of %s failed; retrying", due.action, game_id)
                self._retry(game_id, due)
                return
        self.fired += 1
        if due.action == "timeout":
            self.lateness_ms.append(self.now() - due.at_ms)

    def _retry(self, game_id: str, due: DueAction) -> None:
        later = due.model_copy(update={"at_ms": self.now() + RETRY_MS})
        self.schedule.set(game_id, later)
        self._wake.set()


def _log_death(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("%s stopped", task.get_name(), exc_info=task.exception())


def _parse(value: bytes | None) -> DueAction | None:
    if not value:
        return None
    try:
        return DueAction.model_validate_json(value)
    except ValueError:
        return None
