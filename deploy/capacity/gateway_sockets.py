"""WebSockets per gateway replica: one gateway process (with rules, archive and
matchmaking beside it, as `tabletop up` runs them) on NATS_URL / DATABASE_URL,
one game, `--sockets` spectators watching it. Measures the gateway's resident
memory per open socket and how long one commit takes to reach every socket.

    NATS_URL=... DATABASE_URL=... PYTHONPATH=. .venv/bin/python \\
        deploy/capacity/gateway_sockets.py --sockets 400

(Uses the test suite's platform helper, tests/support/platform.py, to start the
services in a namespace and schemas of their own, removed afterwards.)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from tests.support.http import Player
from tests.support.platform import Platform

SECRET = "capacity-measurement-secret-0123456789"
# Every watcher signs in from this one address: lift the per-IP limits.
UNLIMITED = {"GATEWAY_RATE_SIGN_IN": "100000/minute", "GATEWAY_RATE_PER_IP": "100000/minute"}


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


async def measure(sockets: int) -> dict[str, float]:
    platform = Platform(os.environ["NATS_URL"], os.environ["DATABASE_URL"],
                        Path(tempfile.mkdtemp(prefix="sockets-")))  # fmt: skip
    try:
        processes = platform.start_all({
            "rules": {}, "archive": {}, "matchmaking": {"MATCHMAKING_BOT_WAIT": "600"},
            "gateway": {"GATEWAY_TOKEN_SECRET": SECRET, **UNLIMITED},
        })  # fmt: skip
        gateway = processes[-1]
        base = f"http://127.0.0.1:{gateway.http_port}"
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            ann, ben = await Player.sign_in(http), await Player.sign_in(http)
            await ann.ok("POST", "/v1/queue", {"game": "schotten-totten", "players": 2})
            ticket = await ben.ok("POST", "/v1/queue", {"game": "schotten-totten", "players": 2})
            path = f"/v1/games/{ticket['game_id']}"
            watchers = [await Player.sign_in(http) for _ in range(sockets)]
            pid = gateway.child.process.pid
            before = rss_bytes(pid)
            url = base.replace("http", "ws") + f"{path}/ws?token="
            open_sockets = [await websockets.connect(url + w.token) for w in watchers]
            await asyncio.gather(*(ws.recv() for ws in open_sockets))  # the first view each
            after = rss_bytes(pid)
            seen = await ann.ok("GET", path)
            mover = {0: ann, 1: ben}[seen["to_act"][0]]
            command = (await mover.ok("GET", f"{path}/legal"))["commands"][0]
            started = time.perf_counter()
            await mover.ok("POST", f"{path}/commands", {"command": command})
            await asyncio.gather(*(ws.recv() for ws in open_sockets))
            fan_out = time.perf_counter() - started
            for ws in open_sockets:
                await ws.close()
    finally:
        for process in platform.processes:
            process.stop()
        await platform.close()
    per_socket = (after - before) / sockets
    return {"sockets": sockets, "rss_before_mib": round(before / 2**20, 1),
            "rss_after_mib": round(after / 2**20, 1),
            "kib_per_socket": round(per_socket / 1024, 1),
            "one_commit_to_every_socket_ms": round(fan_out * 1000, 1),
            "sockets_per_second_of_fan_out": round(sockets / fan_out),
            "load_average": round(os.getloadavg()[0], 2)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=400)
    print(json.dumps(asyncio.run(measure(parser.parse_args().sockets)), indent=2))


if __name__ == "__main__":
    main()
