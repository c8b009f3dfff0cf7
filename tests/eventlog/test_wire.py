"""The lean NATS connection (`Wire`): its parser fed at every split of a read,
its URL and header helpers, and against real servers headers, queue groups,
requests, the payload limit, `flush`, pings, and reconnection after a kill."""

from __future__ import annotations

import asyncio
import signal
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from nats.aio.client import Client

from tabletop.devserver import EmbeddedNats, free_ports
from tabletop.eventlog import wire as wire_module
from tabletop.eventlog.links import NatsLink, open_link
from tabletop.eventlog.wire import Inbound, Replies, Wire, WireClosed, parse_servers
from tests.support.platform import eventually

integration = pytest.mark.integration


def unique() -> str:
    return f"wire.{uuid.uuid4().hex}"


async def until(condition: Callable[[], object], within: float = 10.0) -> None:
    async def probe() -> bool:
        return bool(condition())

    await eventually(probe, within, "the condition")


@pytest.fixture
async def wires(nats_url: str) -> AsyncIterator[list[Wire]]:
    opened = [await Wire.connect(nats_url, f"test-wire-{n}") for n in range(3)]
    yield opened
    for wire in opened:
        await wire.close()


def start_server(tmp_path: Path, config: str = "") -> EmbeddedNats:
    """A nats-server of the test's own, on ports it keeps across restarts."""
    (tmp_path / "nats.conf").write_text(config)
    port, monitor = free_ports(2)
    return EmbeddedNats(tmp_path, port, monitor, config=tmp_path / "nats.conf").start()


async def kill(server: EmbeddedNats) -> None:
    assert server.child is not None
    await asyncio.to_thread(server.child.stop, 5.0, signal.SIGKILL)


@integration
async def test_every_split_of_a_read_parses_the_same(wires: list[Wire]) -> None:
    wire = wires[0]  # connected, so the sids are the server's too; fed by hand
    got: list[Inbound] = []

    def bug(msg: Inbound) -> None:
        got.append(msg)
        raise RuntimeError("a handler's bug: later messages are handled all the same")

    sid = await wire.subscribe(unique(), got.append)
    buggy = await wire.subscribe(unique(), bug)
    gone = await wire.subscribe(unique(), got.append)
    await wire.unsubscribe(gone)
    await wire.flush()
    stream = b"".join([  # what a server sends, byte for byte
        b"MSG a.plain %d 5\r\nhello\r\n" % sid,
        b"MSG a.reply %d _INBOX.r.1 17\r\nline\r\nMSG x 1 2\r\n\r\n" % sid,
        b"PING\r\n",
        b"HMSG a.head %d 31 33\r\nNATS/1.0\r\nTrace: a:b\r\nId: 7\r\n\r\n{}\r\n" % sid,
        b"HMSG a.status %d r.2 16 16\r\nNATS/1.0 503\r\n\r\n\r\n" % sid,
        b"MSG a.gone %d 7\r\ndropped\r\n" % gone,
        b"MSG a.bug %d 6\r\nraises\r\n" % buggy,
        b"MSG a.last %d 0\r\n\r\n" % sid,
    ])  # fmt: skip
    expected = [
        Inbound("a.plain", "", None, b"hello"),
        Inbound("a.reply", "_INBOX.r.1", None, b"line\r\nMSG x 1 2\r\n"),
        Inbound("a.head", "", {"Trace": "a:b", "Id": "7"}, b"{}"),
        Inbound("a.status", "r.2", {"Status": "503"}, b""),
        Inbound("a.bug", "", None, b"raises"),
        Inbound("a.last", "", None, b""),
    ]
    splits: list[list[bytes]] = [[stream], [stream[i : i + 1] for i in range(len(stream))]]
    splits += [[stream[:i], stream[i:]] for i in range(1, len(stream))]
    for reads in splits:
        got.clear()
        for read in reads:
            wire.data_received(read)
        assert got == expected, reads


async def test_parse_servers() -> None:
    one, two, three = parse_servers("nats://alice:p%40ss@h1:4223, tok@h2,nats://h3")
    assert one == ("h1", 4223, "alice", "p@ss", None)
    assert two == ("h2", 4222, None, None, "tok")
    assert three == ("h3", 4222, None, None, None)
    with pytest.raises(ValueError, match="tls://"):
        parse_servers("nats://h1:4222,tls://h2:4222")
    # The hot path stays on nats-py (a client open_link only wraps, never connected here).
    assert isinstance(await open_link("tls://127.0.0.1:4222", Client(), "test"), NatsLink)


def test_headers_round_trip() -> None:
    encode_headers, decode_headers = wire_module.encode_headers, wire_module.decode_headers
    headers = {"Nats-Msg-Id": "a-1", "traceparent": "00-ab-cd-01", "Colon": "a: b"}
    assert decode_headers(encode_headers(headers)) == headers
    assert decode_headers(encode_headers({})) == {}
    assert decode_headers(encode_headers({"K": "v"}, "408 Request Timeout")) == {
        "Status": "408", "Description": "Request Timeout", "K": "v",
    }  # fmt: skip


@integration
async def test_publish_and_subscribe_with_headers(wires: list[Wire], nc: Client) -> None:
    a, b, _ = wires
    subject, got = unique(), list[Inbound]()
    await b.subscribe(subject, got.append)
    await b.flush()
    await a.publish(subject, b"one\r\ntwo", "to.me", {"Trace": "t: 1", "Id": "7"})
    await nc.publish(subject, b"from nats-py", headers={"K": "v"})
    await a.flush()
    await nc.flush()
    await b.flush()  # what the server read before is delivered before this PONG
    assert sorted(got, key=lambda m: m.data) == [
        Inbound(subject, "", {"K": "v"}, b"from nats-py"),
        Inbound(subject, "to.me", {"Trace": "t: 1", "Id": "7"}, b"one\r\ntwo"),
    ]


@integration
async def test_a_queue_group_member_gets_each_message_once(wires: list[Wire]) -> None:
    a, b, c = wires
    subject, got_a, got_b = unique(), list[bytes](), list[bytes]()
    await a.subscribe(subject, lambda m: got_a.append(m.data), "workers")
    await b.subscribe(subject, lambda m: got_b.append(m.data), "workers")
    await asyncio.gather(a.flush(), b.flush())
    sent = [b"%d" % n for n in range(40)]
    for payload in sent:
        await c.publish(subject, payload)
    await c.flush()
    await asyncio.gather(a.flush(), b.flush())
    assert sorted(got_a + got_b) == sorted(sent)


@integration
async def test_a_request_gets_its_reply(wires: list[Wire]) -> None:
    a, b, _ = wires
    subject = unique()
    await b.subscribe(subject, lambda m: b.send(m.reply, b"re " + m.data, headers={"By": "b"}))
    await b.flush()
    replies = await asyncio.wait_for(
        asyncio.gather(*(a.request(subject, b"%d" % n) for n in range(20))), 5
    )
    assert [(r.data, r.headers) for r in replies] == [
        (b"re %d" % n, {"By": "b"}) for n in range(20)
    ]
    nobody = await asyncio.wait_for(a.request(unique(), b"?"), 5)
    assert nobody.headers and nobody.headers["Status"] == "503"  # no responders


@integration
async def test_a_message_over_max_payload_is_refused(wires: list[Wire]) -> None:
    wire, limit = wires[0], wires[0].max_payload
    subject, got = unique(), list[Inbound]()
    await wire.subscribe(subject, got.append)
    with pytest.raises(ValueError):
        await wire.publish(subject, bytes(limit + 1))
    with pytest.raises(ValueError):  # the server counts the headers too
        await wire.publish(subject, bytes(limit - 4), headers={"K": "v"})
    largest = b"\r\n" * (limit // 2)  # comes back over many reads
    await wire.publish(subject, largest)
    await wire.flush()
    assert [m.data for m in got] == [largest] and wire.reconnects == 0


@integration
async def test_flush_returns_once_the_server_has_read_everything(wires: list[Wire]) -> None:
    wire, subject, got = wires[0], unique(), list[Inbound]()
    await wire.subscribe(subject, got.append)
    for n in range(2000):
        await wire.publish(subject, b"%d" % n)
    await wire.flush()  # the server read them all, so delivered them before the PONG
    assert [m.data for m in got] == [b"%d" % n for n in range(2000)]


class _Server(asyncio.Transport):
    """The test in the server's place: what the wire writes is kept."""

    written = b""

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += bytes(data)

    def close(self) -> None: ...

    def abort(self) -> None: ...


async def test_a_keepalive_pong_does_not_end_a_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    server = _Server()

    async def dial(factory: Callable[[], Wire], host: str, port: int) -> tuple[_Server, Wire]:
        wire = factory()
        wire.connection_made(server)
        wire.data_received(b'INFO {"max_payload": 1024}\r\nPONG\r\n')  # CONNECT's PING answered
        return server, wire

    monkeypatch.setattr(asyncio.get_running_loop(), "create_connection", dial)
    monkeypatch.setattr(wire_module, "PING_EVERY", 0.02)
    wire = await Wire.connect("nats://stub:4222")
    try:  # CONNECT's PING, then two of the keepalive's unanswered: it pings no more
        await until(lambda: server.written.count(b"PING\r\n") == 3)
        flushing = asyncio.ensure_future(wire.flush())
        await until(lambda: server.written.count(b"PING\r\n") == 4)
        wire.data_received(b"PONG\r\nPONG\r\n")  # the keepalive's
        done, _ = await asyncio.wait({flushing}, timeout=0.05)
        assert not done
        wire.data_received(b"PONG\r\n")
        await asyncio.wait_for(flushing, 5)
    finally:
        await wire.close()


class _CountingServer(_Server):
    writes = 0

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.writes += 1
        super().write(data)


async def test_a_lone_message_leaves_at_once_and_a_busy_turns_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = _CountingServer()

    async def dial(factory: Callable[[], Wire], host: str, port: int) -> tuple[_Server, Wire]:
        wire = factory()
        wire.connection_made(server)
        wire.data_received(b'INFO {"max_payload": 1024}\r\nPONG\r\n')
        return server, wire

    monkeypatch.setattr(asyncio.get_running_loop(), "create_connection", dial)
    wire = await Wire.connect("nats://stub:4222")
    try:
        for _ in range(3):
            await asyncio.sleep(0)  # the connection's own messages are out: all quiet
        before = server.writes
        wire.send("lone", b"1")  # light load: written now, not a loop turn later
        assert server.writes == before + 1 and server.written.endswith(b"PUB lone 1\r\n1\r\n")
        wire.send("busy", b"2")  # more in the same turn: they wait for its end, together
        wire.send("busy", b"3")
        assert server.writes == before + 1
        await asyncio.sleep(0)
        assert server.writes == before + 2 and server.written.endswith(b"3\r\n")
        await asyncio.sleep(0)
        wire.send("after", b"4")  # the last write carried two: still batching
        assert server.writes == before + 2
        await asyncio.sleep(0)
        assert server.writes == before + 3
    finally:
        await wire.close()


class _CountingWire(Wire):
    pings = 0

    def data_received(self, data: bytes) -> None:
        self.pings += data.count(b"PING\r\n")
        super().data_received(data)


@integration
async def test_the_servers_pings_are_answered(tmp_path: Path) -> None:
    # Two pings unanswered and the server drops the connection as stale.
    server = start_server(tmp_path, 'ping_interval: "200ms"\nping_max: 2\n')
    wire = await _CountingWire.connect(server.url)
    try:
        assert isinstance(wire, _CountingWire)
        await until(lambda: wire.pings >= 3)
        assert wire.reconnects == 0 and wire.connected
    finally:
        await wire.close()
        server.stop()


@integration
async def test_a_restarted_server_gets_the_subscriptions_back(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    wire = await Wire.connect(server.url, "test-reconnect")
    try:
        got = list[Inbound]()
        await wire.subscribe("news", got.append)
        await wire.subscribe("silent", lambda _: None)  # takes requests, never answers
        in_flight = wire.request("silent", b"?")
        await wire.flush()
        await kill(server)
        with pytest.raises(WireClosed):
            await asyncio.wait_for(in_flight, 5)
        for down in (wire.publish("news", b"lost"), wire.flush()):
            with pytest.raises(WireClosed):
                await asyncio.wait_for(down, 5)
        with pytest.raises(WireClosed):
            wire.request("silent", b"?")

        await asyncio.to_thread(server.start)  # same ports
        await until(lambda: wire.connected)
        await wire.flush()  # the subscriptions, sent again, are read
        other = await Wire.connect(server.url, "test-other")
        await other.subscribe("echo", lambda m: other.send(m.reply, m.data))
        await other.publish("news", b"back")
        await other.flush()
        await wire.flush()
        assert [m.data for m in got] == [b"back"] and wire.reconnects == 1
        assert (await asyncio.wait_for(wire.request("echo", b"hi"), 5)).data == b"hi"
        await other.close()

        # Closed while reconnecting: it stays closed once the server is back.
        await kill(server)
        await until(lambda: not wire.connected)
        await wire.close()
        await asyncio.to_thread(server.start)  # listening when it returns
        await until(lambda: not wire._tasks)  # no reconnection left to try
        assert not wire.connected and wire.reconnects == 1
    finally:
        await wire.close()
        server.stop()


async def test_a_reply_table_forgets_requests_given_up_on_as_it_grows() -> None:
    replies = Replies("_INBOX.t.")
    for _ in range(1000):  # each given up on (a timeout, a cancelled caller)
        replies.expect()[1].cancel()
    subject, waiting = replies.expect()
    assert len(replies._waiting) <= 2 * 64 + 1  # swept whenever it doubled
    assert len(replies) == 1
    replies.answered(Inbound(subject, "", None, b"ok"))
    assert waiting.result().data == b"ok" and len(replies) == 0
    replies.answered(Inbound(subject, "", None, b"late"))  # a second reply is dropped
    assert waiting.result().data == b"ok"
