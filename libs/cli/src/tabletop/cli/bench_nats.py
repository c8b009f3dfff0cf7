"""The NATS server a benchmark talks to: NATS_URL when set, else an embedded one."""

from __future__ import annotations

import os
from contextlib import ExitStack
from pathlib import Path

from tabletop.devserver import EmbeddedNats


def bench_nats(stack: ExitStack, tmp: Path, nats_url: str | None = None) -> tuple[str, str]:
    """(url, source): the given URL, else NATS_URL, else an embedded server
    stopped when `stack` closes; source says which, for the printed figures."""
    nats_url = nats_url or os.environ.get("NATS_URL")
    if nats_url:
        return nats_url, "NATS_URL"
    return stack.enter_context(EmbeddedNats(tmp / "nats")).url, "embedded"
