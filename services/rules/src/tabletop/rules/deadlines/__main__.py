"""`python -m tabletop.rules.deadlines`: the deadline keeper on its own, asking
the rules service (over NATS) for each timeout. The rules service also runs
one in-process unless `RULES_DEADLINE_KEEPER=false`."""

from __future__ import annotations

import asyncio
import logging
import signal

import nats

from tabletop.eventlog import Topology, ensure_streams
from tabletop.eventlog.links import open_link
from tabletop.eventlog.wire import Wire
from tabletop.games.catalog import GameCatalog
from tabletop.messaging import RulesClient

from ..settings import RulesSettings
from .keeper import DeadlineKeeper


async def main() -> None:
    settings = RulesSettings()
    logging.basicConfig(level=settings.log_level.upper())
    nc = await nats.connect(settings.nats_url)
    js = nc.jetstream()
    topology = Topology(namespace=settings.namespace, replicas=settings.stream_replicas)
    await ensure_streams(js, topology)
    rules = RulesClient(nc, namespace=settings.namespace, timeout=5.0)
    # Its commits fetched and acknowledged on a lean connection (ADR 28, #17).
    link = await open_link(settings.nats_url, nc, "deadlines")
    keeper = DeadlineKeeper(
        js,
        topology,
        rules.submit,
        GameCatalog.from_paths(settings.extra_games),
        abandon_after_ms=settings.abandon_after_ms,
        link=link,
    )
    await keeper.start()
    logging.getLogger("tabletop.rules.deadlines").info("keeping deadlines")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await keeper.stop()
    if isinstance(link, Wire):
        await link.close()
    await nc.drain()


if __name__ == "__main__":
    asyncio.run(main())
