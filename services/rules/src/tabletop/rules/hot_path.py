"""The per-command subject served by a plain queue subscription on a `Link`
(the lean `Wire` connection, ADR 28, or nats-py for a `tls://` server).

faststream's per-message stack (subscriber, middlewares, fast_depends decode,
reply publish with headers) was about 40% of a rules process's CPU at 64 in
flight, more than deciding and appending the command. Commands arrive here
instead, on the same subject and queue group, and leave with the same reply
body and error codes as the faststream handler gives (which still serves the
subject on faststream's in-memory test broker and documents it in AsyncAPI).

Each message is answered by one of at most `workers` worker tasks (the
others wait their turn in arrival order), so
appends of different games are in flight together; a game's commands are
taken one after another (in arrival order), so the second decides on the head
the first left instead of losing the race to it.

Game affinity (ADR 27): the process also serves a subject of its own (`at`),
and a reply to a command taken from the shared subject names it in a header,
so the client sends the game's next commands where the game's head is cached
(from the shared subject they reach either process, and half of them found a
head a commit behind, to be read from the log before deciding).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from nats.errors import Error as NatsError
from opentelemetry import propagate, trace
from opentelemetry.trace import SpanKind
from pydantic import ValidationError

from tabletop.eventlog.links import Link
from tabletop.eventlog.wire import Inbound, WireClosed
from tabletop.messaging import RulesReply, ServiceCode, StartGame, SubmitCommand
from tabletop.messaging.errors import Refusal
from tabletop.messaging.refusals import malformed_message
from tabletop.messaging.subjects import RULES_AT_HEADER

_tracer = trace.get_tracer("tabletop.rules")

Decide = Callable[[SubmitCommand], Awaitable[RulesReply]]
Start = Callable[[StartGame], Awaitable[RulesReply]]
Refuse = Callable[[ServiceCode, str], dict[str, Any]]


def encode_reply(reply: RulesReply) -> bytes:
    """The reply body the faststream handler sends for the same `RulesReply`."""
    return reply.model_dump_json().encode()


class SubmitPath:
    """Answers `subject` (in `queue`) with `decide`, refusing what does not
    parse as `malformed_request` and what fails unexpectedly as
    `internal_error` (`unavailable` for a timeout), as `refusing_middleware` does."""

    def __init__(
        self,
        subject: str,
        queue: str,
        workers: int,
        decide: Decide,
        refuse: Refuse,
        log: logging.Logger,
        at: str | None = None,
        start: tuple[str, Start] | None = None,
    ) -> None:
        """`start`: the start subject and what answers it, served beside
        (a faststream handler cost a start 0.2-0.3 ms of CPU)."""
        self.subject, self.queue, self.at = subject, queue, at
        self._start_subject = start[0] if start else ""
        self._start: Start | None = start[1] if start else None
        # The header naming this process's own subject (None: no affinity).
        self.affinity = {RULES_AT_HEADER: at} if at else None
        self._decide, self._refuse, self._log = decide, refuse, log
        # Workers are tasks answering one message after another: a task per
        # message (made, registered, its done callback) cost ~3 µs more than
        # handing the message to a worker waiting for one.
        self._workers = max(1, workers)
        self._tasks: set[asyncio.Task[None]] = set()  # the workers
        self._idle: list[asyncio.Future[Inbound | None]] = []  # waiting; the last idle first
        self._busy = 0  # workers answering a message
        self._waiting: deque[Inbound] = deque()  # taken, waiting for a worker
        self._games: dict[str, _Turns] = {}  # only games with a command under way
        self._link: Link | None = None
        self._sub: int | None = None
        self._own: int | None = None
        self._starts: int | None = None
        self._drained = asyncio.Event()

    @property
    def serving(self) -> bool:
        """Whether the process's own subject is served (started, not stopping)."""
        return self._own is not None

    async def start(self, link: Link) -> None:
        self._link = link
        if self.at:
            self._own = await link.subscribe(self.at, self._received)
        self._sub = await link.subscribe(self.subject, self._received, self.queue)
        if self._start is not None:
            self._starts = await link.subscribe(self._start_subject, self._received, self.queue)
        # Serving once the server has the subscriptions: a request sent on
        # another connection right after this returns finds a responder.
        async with asyncio.timeout(5.0):
            await link.flush()

    async def stop(self) -> None:
        """Stop taking commands, then let those taken finish and reply."""
        subs = (self._own, self._sub, self._starts)
        self._sub, self._own, self._starts = None, None, None
        link = self._link
        if link is None:
            return
        for sid in subs:  # its own first: a client finds it gone and asks the others
            if sid is not None:
                await link.unsubscribe(sid)
        # Once the server has read the unsubscriptions, nothing more arrives:
        # what it delivered before is answered.
        try:
            async with asyncio.timeout(5.0):
                await link.flush()
        except (TimeoutError, WireClosed, NatsError) as exc:
            self._log.warning("unsubscribing not confirmed: %s", exc)
        while self._busy or self._waiting:
            self._drained.clear()
            await self._drained.wait()
        idle, self._idle = self._idle, []
        for worker in idle:  # no more to come: the idle workers end
            if not worker.done():
                worker.set_result(None)

    def _received(self, msg: Inbound) -> None:
        idle = self._idle
        while idle:
            worker = idle.pop()
            if not worker.done():  # (done: its worker was cancelled while idle)
                self._busy += 1
                worker.set_result(msg)
                return
        if len(self._tasks) < self._workers:
            self._busy += 1
            task = asyncio.ensure_future(self._work(msg))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        else:
            self._waiting.append(msg)

    async def _work(self, taken: Inbound) -> None:
        """A worker: answers `taken`, then those waiting, then waits idle for
        the next one `_received` hands it (None: the path stopped)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                await self._answer(taken)
            except BaseException:
                self._rest()
                raise
            if self._waiting:
                taken = self._waiting.popleft()
                continue
            self._rest()
            worker: asyncio.Future[Inbound | None] = loop.create_future()
            self._idle.append(worker)
            handed = await worker
            if handed is None:
                return
            taken = handed

    def _rest(self) -> None:
        self._busy -= 1
        if not self._busy and not self._waiting:
            self._drained.set()

    async def _answer(self, msg: Inbound) -> None:
        if msg.headers and "traceparent" in msg.headers:
            body = await self._traced(msg)
        else:  # tracing off (clients inject only with a provider): no span at all
            body = await self.answer(msg.data, msg.subject)
        if msg.reply and self._link is not None:
            # Where to send the game's next commands: only needed by a client
            # that asked the shared subject (a header costs both sides CPU),
            # and never once the process's own subject is no longer served.
            shared = msg.subject != self.at and self.serving
            headers = self.affinity if shared else None
            try:
                await self._link.publish(msg.reply, body, headers=headers)
            except (WireClosed, NatsError) as exc:  # the client retries by command id
                self._log.warning("reply not sent: %s", exc)

    async def _traced(self, msg: Inbound) -> bytes:
        """`answer` inside a span that continues the caller's trace, so the
        commit it appends (whose headers carry the current context) joins it."""
        with _tracer.start_as_current_span(
            f"{self.subject} process",
            context=propagate.extract(msg.headers or {}),
            kind=SpanKind.CONSUMER,
        ):
            return await self.answer(msg.data, msg.subject)

    async def answer(self, data: bytes, subject: str = "") -> bytes:
        """The reply body to one request body (a start's on the start subject)."""
        starting = self._start is not None and subject == self._start_subject
        try:
            request = (StartGame if starting else SubmitCommand).model_validate_json(data)
        except ValidationError as exc:
            return _json(self._refuse(ServiceCode.MALFORMED_REQUEST, malformed_message(exc, 0)))
        try:
            if isinstance(request, StartGame):
                assert self._start is not None
                return encode_reply(await self._start(request))
            return encode_reply(await self._in_turn(request))
        except Refusal as refusal:  # `decide` gives refusals as replies; just in case
            return encode_reply(
                RulesReply.refused(refusal.code, refusal.message, refusal.game_id, refusal.seq)
            )
        except Exception as exc:  # the service keeps answering whatever happens
            self._log.exception("request failed", exc_info=exc)
            lost = isinstance(exc, (TimeoutError, WireClosed))  # an outage, not a bug
            code = ServiceCode.UNAVAILABLE if lost else ServiceCode.INTERNAL
            return _json(self._refuse(code, f"{type(exc).__name__}: {exc}"))

    async def _in_turn(self, request: SubmitCommand) -> RulesReply:
        """`decide`, after the commands of the same game taken before it."""
        turns = self._games.get(request.game_id)
        if turns is None:
            turns = self._games[request.game_id] = _Turns()
        turns.waiting += 1
        try:
            async with turns.lock:
                return await self._decide(request)
        finally:
            turns.waiting -= 1
            if not turns.waiting:
                del self._games[request.game_id]


class _Turns:
    """One game's commands, decided one at a time."""

    __slots__ = ("lock", "waiting")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.waiting = 0


def _json(reply: dict[str, Any]) -> bytes:
    return json.dumps(reply, separators=(",", ":")).encode()  # as faststream sends it
