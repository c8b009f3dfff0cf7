"""A lean NATS core connection for the rules service's hot path (ADR 28).

nats-py handles each message in several loop turns: the read loop parses it
into a `Msg` and queues it, the subscription's task takes it and awaits the
callback, and every publish wakes a flusher task to write it. At 64 commands
in flight that machinery was about half a rules process's CPU (three
messages in and out per command). `Wire` speaks the same protocol (INFO,
CONNECT, PING/PONG, SUB/UNSUB, PUB/HPUB, MSG/HMSG) on an `asyncio.Protocol`:
every message in a read is parsed in one pass and handed to its handler at
once, and what a loop turn publishes leaves in one write.

Only what the hot path needs: plain `nats://` servers (user and password or
a token in the URL), reconnection to the next server with a backoff, and
subscriptions restored after it. JetStream, KV and everything else stay on
nats-py; a `tls://` URL keeps the hot path there too (`nats_link`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple, cast
from urllib.parse import unquote, urlsplit

log = logging.getLogger("tabletop.eventlog.wire")

_CRLF = b"\r\n"
HEADER_LINE = b"NATS/1.0"
PING_EVERY = 30.0  # seconds between our pings; two unanswered: the connection is dead
RECONNECT_WAIT = (0.05, 2.0)  # first and longest wait between connection attempts
CONNECT_TIMEOUT = 5.0


class Inbound(NamedTuple):
    """A message as a handler gets it (`headers` None when it had none)."""

    subject: str
    reply: str
    headers: Mapping[str, str] | None
    data: bytes


Handler = Callable[[Inbound], None]


class WireClosed(ConnectionError):
    """The connection is down (reconnecting) or closed: nothing was sent."""


def encode_headers(headers: Mapping[str, str], status: str = "") -> bytes:
    """A NATS header block (`NATS/1.0`, one `Key: Value` line each)."""
    lines = [HEADER_LINE + (b" " + status.encode() if status else b"")]
    lines += [f"{key}: {value}".encode() for key, value in headers.items()]
    return _CRLF.join(lines) + _CRLF + _CRLF


class LazyHeaders(Mapping[str, str]):
    """A message's header block, decoded when first read: most messages with
    headers (the commits a deadline keeper follows) are handled without."""

    __slots__ = ("_block", "_decoded")

    def __init__(self, block: bytes) -> None:
        self._block = block
        self._decoded: dict[str, str] | None = None

    def _headers(self) -> dict[str, str]:
        if self._decoded is None:
            self._decoded = decode_headers(self._block)
        return self._decoded

    def __bool__(self) -> bool:
        return True  # a block was sent (a status line alone is a header too)

    def __getitem__(self, key: str) -> str:
        return self._headers()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._headers())

    def __len__(self) -> int:
        return len(self._headers())

    def __repr__(self) -> str:
        return repr(self._headers())


def decode_headers(block: bytes) -> dict[str, str]:
    """The headers of a block; a status line (`NATS/1.0 503`) gives `Status`."""
    first, _, rest = block.partition(_CRLF)
    headers: dict[str, str] = {}
    status = first[len(HEADER_LINE) :].strip()
    if status:
        code, _, description = status.decode().partition(" ")
        headers["Status"] = code
        if description:
            headers["Description"] = description
    for line in rest.split(_CRLF):
        key, sep, value = line.decode().partition(":")
        if sep:
            headers[key.strip()] = value.strip()
    return headers


class _Server(NamedTuple):
    host: str
    port: int
    user: str | None
    password: str | None
    token: str | None


def parse_servers(url: str) -> list[_Server]:
    """The servers of a NATS URL list (`nats://[user:pass@|token@]host:port`,
    comma-separated). Raises ValueError for a scheme `Wire` does not speak."""
    servers = []
    for part in url.split(","):
        parts = urlsplit(part.strip() if "://" in part else f"nats://{part.strip()}")
        if parts.scheme != "nats":
            raise ValueError(f"the lean connection speaks nats:// only, not {parts.scheme}://")
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        token = user if user is not None and password is None else None
        servers.append(
            _Server(
                parts.hostname or "127.0.0.1",
                parts.port or 4222,
                None if token else user,
                password,
                token,
            )
        )
    return servers


_SWEEP_FLOOR = 64  # requests waiting before the first sweep of those given up on


class Replies:
    """Futures waiting for replies on one wildcard inbox (`<prefix>*`), a
    token each: what `request` needs on either link."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._waiting: dict[str, asyncio.Future[Inbound]] = {}
        self._tokens = itertools.count(1)
        self._sweep_at = _SWEEP_FLOOR

    def __len__(self) -> int:
        """Requests still waiting for their reply."""
        return sum(1 for future in self._waiting.values() if not future.done())

    def expect(self) -> tuple[str, asyncio.Future[Inbound]]:
        """A reply subject and the future its reply resolves."""
        token = str(next(self._tokens))
        future: asyncio.Future[Inbound] = asyncio.get_running_loop().create_future()
        waiting = self._waiting
        waiting[token] = future
        # An answered request leaves at its reply; one given up on (timed
        # out, cancelled) at the sweep once the table has doubled. (A done
        # callback per request to forget it ran before its waiter woke.)
        if len(waiting) > self._sweep_at:
            self._sweep()
        return self.prefix + token, future

    def _sweep(self) -> None:
        self._waiting = {token: f for token, f in self._waiting.items() if not f.done()}
        self._sweep_at = max(_SWEEP_FLOOR, 2 * len(self._waiting))

    def answered(self, msg: Inbound) -> None:
        """A handler for `<prefix>*`: a late reply (given up on) is dropped."""
        future = self._waiting.pop(msg.subject[len(self.prefix) :], None)
        if future is not None and not future.done():
            future.set_result(msg)

    def fail_all(self, error: Exception) -> None:
        waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_exception(error)


class _Subscription(NamedTuple):
    subject: str
    queue: str
    handler: Handler


class Wire(asyncio.Protocol):
    """One NATS connection. `connect` it, `subscribe` handlers (called in the
    read's pass, so they must not block: schedule work), `publish` (buffered;
    written at the end of the loop turn) and `request` (a reply future on one
    wildcard inbox). `close` ends it."""

    def __init__(self, url: str, name: str = "tabletop") -> None:
        self._servers = parse_servers(url)
        self._name = name
        self._loop = asyncio.get_running_loop()
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._out: list[bytes] = []
        self._flush_scheduled = False
        self._alone = False  # the last write carried one message: write the next at once
        self._subs: dict[int, _Subscription] = {}
        self._sids = itertools.count(1)
        self._pongs: deque[asyncio.Future[None] | None] = deque()  # a PONG each, in order
        self.replies = Replies(f"_INBOX.{secrets.token_hex(11)}.")
        self._handshake: asyncio.Future[None] | None = None
        self._closing = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._unanswered_pings = 0
        self._server = self._servers[0]
        self._pending_transport: asyncio.Transport | None = None
        self.max_payload = 1 << 20
        self.reconnects = 0

    # ------------------------------------------------------------ lifecycle
    @classmethod
    async def connect(cls, url: str, name: str = "tabletop") -> Wire:
        wire = cls(url, name)
        await wire._dial(attempts=len(wire._servers))
        wire._sub(f"{wire.replies.prefix}*", "", wire.replies.answered)
        wire._spawn(wire._keepalive())
        return wire

    @property
    def connected(self) -> bool:
        return self._transport is not None

    async def close(self) -> None:
        """Write what is buffered, then close (no reconnection)."""
        self._closing = True
        for task in self._tasks:
            task.cancel()
        transport, self._transport = self._transport, None
        if transport is not None:
            self._flush_to(transport)
            transport.close()
        self._fail_waiting(WireClosed("the connection was closed"))

    async def _dial(self, attempts: int | None = None) -> None:
        """Connect to the servers in turn, waiting longer after each failure
        (`attempts` None: until it works or the wire is closed)."""
        wait = RECONNECT_WAIT[0]
        for attempt in itertools.count():
            if self._closing:
                raise WireClosed("the connection was closed")
            server = self._servers[attempt % len(self._servers)]
            try:
                await self._open(server)
                return
            except (OSError, TimeoutError) as exc:  # ConnectionError is an OSError
                log.warning("NATS at %s:%s: %s", server.host, server.port, exc)
                if attempts is not None and attempt + 1 >= attempts:
                    raise
            await asyncio.sleep(wait)
            wait = min(RECONNECT_WAIT[1], wait * 2)

    async def _open(self, server: _Server) -> None:
        self._server = server
        self._handshake = self._loop.create_future()
        self._buffer.clear()
        self._unanswered_pings = 0
        async with asyncio.timeout(CONNECT_TIMEOUT):
            transport, _ = await self._loop.create_connection(
                lambda: self, server.host, server.port
            )
            try:
                await self._handshake  # INFO read, CONNECT and PING sent, PONG back
            except BaseException:
                transport.close()
                raise

    # --------------------------------------------------------------- sending
    async def subscribe(self, subject: str, handler: Handler, queue: str = "") -> int:
        """Deliver `subject`'s messages (one of `queue`'s members) to `handler`."""
        return self._sub(subject, queue, handler)

    def _sub(self, subject: str, queue: str, handler: Handler) -> int:
        sid = next(self._sids)
        self._subs[sid] = _Subscription(subject, queue, handler)
        self._send(_sub_line(sid, subject, queue))
        return sid

    async def unsubscribe(self, sid: int) -> None:
        if self._subs.pop(sid, None) is not None and self._transport is not None:
            self._send(b"UNSUB %d\r\n" % sid)

    async def publish(
        self,
        subject: str,
        payload: bytes,
        reply: str = "",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """Send a message (written at the end of this loop turn). Raises
        `WireClosed` while the connection is down: nothing is queued for later."""
        self.send(subject, payload, reply, headers)

    def send(
        self,
        subject: str,
        payload: bytes,
        reply: str = "",
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """`publish`, from code that is not a coroutine."""
        if self._transport is None:
            raise WireClosed("not connected to NATS")
        block = encode_headers(headers) if headers else b""
        if len(block) + len(payload) > self.max_payload:  # the server counts both
            raise ValueError(
                f"message of {len(block) + len(payload)} bytes over the server's {self.max_payload}"
            )
        head = f"{subject} {reply} " if reply else f"{subject} "
        if block:
            self._send(
                b"HPUB %s%d %d\r\n%s%s\r\n"
                % (head.encode(), len(block), len(block) + len(payload), block, payload)
            )
        else:
            self._send(b"PUB %s%d\r\n%s\r\n" % (head.encode(), len(payload), payload))

    def request(
        self, subject: str, payload: bytes, headers: Mapping[str, str] | None = None
    ) -> asyncio.Future[Inbound]:
        """Publish with a reply subject of this connection's inbox; the future
        gets the reply (never times out by itself: wrap it)."""
        reply, future = self.replies.expect()
        try:
            self.send(subject, payload, reply, headers)
        except BaseException:
            future.cancel()
            raise
        return future

    async def flush(self) -> None:
        """Until the server has read everything sent so far (a PING's PONG;
        callers bound the wait). Raises `WireClosed` while the connection is down."""
        if self._transport is None:
            raise WireClosed("not connected to NATS")
        pong: asyncio.Future[None] = self._loop.create_future()
        self._pongs.append(pong)
        self._send(b"PING\r\n")
        await pong

    def _send(self, data: bytes) -> None:
        self._out.append(data)
        if self._flush_scheduled:
            return
        transport = self._transport
        if self._alone and transport is not None:
            # The last write carried this message alone: the load is light,
            # so write now instead of a loop turn later (the latency of one
            # command in flight); under load, a turn's messages go together.
            self._alone = False
            self._loop.call_soon(self._relax)
            self._flush_to(transport)
            return
        self._flush_scheduled = True
        self._loop.call_soon(self._flush)

    def _relax(self) -> None:
        self._alone = not self._out and not self._flush_scheduled

    def _flush(self) -> None:
        self._flush_scheduled = False
        self._alone = len(self._out) <= 1
        if self._transport is not None:
            self._flush_to(self._transport)

    def _flush_to(self, transport: asyncio.Transport) -> None:
        if self._out:
            out, self._out = self._out, []
            transport.writelines(out)

    # ------------------------------------------------------------- receiving
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._pending_transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        at = 0
        try:
            while True:
                end = buffer.find(_CRLF, at)
                if end < 0:
                    break
                op = buffer[at : at + 4]
                if op == b"MSG ":
                    args = buffer[at + 4 : end].split()
                    size = int(args[-1])
                    start, stop = end + 2, end + 2 + size
                    if len(buffer) < stop + 2:
                        break
                    reply = args[2].decode() if len(args) == 4 else ""
                    self._deliver(int(args[1]), args[0], reply, None, bytes(buffer[start:stop]))
                    at = stop + 2
                elif op == b"HMSG":
                    args = buffer[at + 5 : end].split()
                    header_size, size = int(args[-2]), int(args[-1])
                    start, stop = end + 2, end + 2 + size
                    if len(buffer) < stop + 2:
                        break
                    reply = args[2].decode() if len(args) == 5 else ""
                    headers = LazyHeaders(bytes(buffer[start : start + header_size]))
                    data_ = bytes(buffer[start + header_size : stop])
                    self._deliver(int(args[1]), args[0], reply, headers, data_)
                    at = stop + 2
                else:
                    self._control(bytes(buffer[at:end]))
                    at = end + 2
        finally:
            del buffer[:at]

    def _deliver(
        self, sid: int, subject: bytearray, reply: str, headers: LazyHeaders | None, data: bytes
    ) -> None:
        sub = self._subs.get(sid)
        if sub is None:
            return  # unsubscribed: what the server sent before it knew
        try:
            sub.handler(Inbound(subject.decode(), reply, headers, data))
        except Exception:  # one handler's bug must not stop the connection
            log.exception("handling a message on %s failed", sub.subject)

    def _control(self, line: bytes) -> None:
        if line == b"PING":
            self._send(b"PONG\r\n")
        elif line == b"PONG":
            self._unanswered_pings = 0
            if self._pongs:
                pong = self._pongs.popleft()  # None: the keepalive's
                if pong is not None and not pong.done():
                    pong.set_result(None)
        elif line.startswith(b"INFO "):
            self._info(json.loads(line[5:]))
        elif line.startswith(b"-ERR"):
            log.error("NATS said %s", line[5:].decode(errors="replace"))
            handshake = self._handshake
            if handshake is not None and not handshake.done():
                handshake.set_exception(ConnectionError(line[5:].decode(errors="replace")))

    def _info(self, info: dict[str, Any]) -> None:
        self.max_payload = int(info.get("max_payload", self.max_payload))
        handshake = self._handshake
        if handshake is None or handshake.done():
            return  # an update (cluster topology): nothing to do here
        transport = self._pending_transport
        if transport is None:
            return
        if info.get("tls_required"):
            handshake.set_exception(ConnectionError("the server requires TLS"))
            return
        options = _connect_options(self._name, self._server)
        transport.write(b"CONNECT %s\r\nPING\r\n" % json.dumps(options).encode())
        pong: asyncio.Future[None] = self._loop.create_future()
        self._pongs.appendleft(pong)

        def ready(done: asyncio.Future[None]) -> None:
            if handshake.done():
                return
            if done.exception() is not None:
                handshake.set_exception(ConnectionError("no PONG after CONNECT"))
                return
            self._connected_to(transport)
            handshake.set_result(None)

        pong.add_done_callback(ready)

    def _connected_to(self, transport: asyncio.Transport) -> None:
        """The handshake is done: (re)send every subscription. Nothing else
        can be waiting (a publish while down raises `WireClosed`)."""
        self._transport = transport
        self._out = [_sub_line(sid, sub.subject, sub.queue) for sid, sub in self._subs.items()]
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        was_up = self._transport is not None
        self._transport = None
        self._fail_waiting(WireClosed(f"connection to NATS lost: {exc or 'closed by the server'}"))
        handshake = self._handshake
        if handshake is not None and not handshake.done():
            handshake.set_exception(ConnectionError("closed during the handshake"))
        if was_up and not self._closing:
            log.warning("NATS connection lost (%s); reconnecting", exc or "closed by the server")
            self._spawn(self._reconnect())

    async def _reconnect(self) -> None:
        await self._dial()
        self.reconnects += 1
        log.info("NATS connection back (%s:%s)", self._server.host, self._server.port)

    def _fail_waiting(self, error: Exception) -> None:
        self.replies.fail_all(error)
        while self._pongs:
            pong = self._pongs.popleft()
            if pong is not None and not pong.done():
                pong.set_exception(error)
        self._out = []

    async def _keepalive(self) -> None:
        """Ping now and then: a server gone without a word (a cut network)
        would otherwise leave the connection up and every request waiting."""
        while True:
            await asyncio.sleep(PING_EVERY)
            transport = self._transport
            if transport is None:
                continue
            if self._unanswered_pings >= 2:
                log.warning("NATS did not answer two pings; reconnecting")
                transport.abort()
                continue
            self._unanswered_pings += 1
            self._pongs.append(None)  # its PONG must not end a later `flush`
            self._send(b"PING\r\n")

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _sub_line(sid: int, subject: str, queue: str) -> bytes:
    if queue:
        return f"SUB {subject} {queue} {sid}\r\n".encode()
    return f"SUB {subject} {sid}\r\n".encode()


def _connect_options(name: str, server: _Server) -> dict[str, Any]:
    options: dict[str, Any] = {
        "verbose": False, "pedantic": False, "tls_required": False, "name": name,
        "lang": "python", "version": "tabletop-wire", "protocol": 1, "headers": True,
        "no_responders": True,
    }  # fmt: skip
    if server.token:
        options["auth_token"] = server.token
    elif server.user is not None:
        options["user"], options["pass"] = server.user, server.password or ""
    return options
