"""`tabletop up` starts NATS, PostgreSQL and the rules service, and stops them
all cleanly on SIGINT (a real subprocess on free ports)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tabletop.devserver import free_port
from tabletop.devserver.ports import port_is_free

pytestmark = pytest.mark.integration

TABLETOP = str(Path(sys.executable).with_name("tabletop"))


def wait_for(path: Path, text: str, process: subprocess.Popen[bytes], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        output = path.read_text(errors="replace") if path.exists() else ""
        if text in output:
            return output
        if process.poll() is not None:
            pytest.fail(f"tabletop up exited early:\n{output}")
        time.sleep(0.2)
    pytest.fail(f"no {text!r} after {timeout}s:\n{path.read_text(errors='replace')}")


def test_up_starts_everything_and_stops_cleanly_on_sigint(tmp_path: Path) -> None:
    # PostgreSQL's data must not live under /tmp/pytest-of-<user>: other pytest
    # sessions reset that to 0700, locking out the user PostgreSQL runs as.
    with tempfile.TemporaryDirectory(prefix="tabletop-up-", ignore_cleanup_errors=True) as data:
        _up_and_down(tmp_path, data)


def _up_and_down(tmp_path: Path, data_dir: str) -> None:
    ports = {name: free_port() for name in ("nats", "monitor", "pg", "rules")}
    env = {k: v for k, v in os.environ.items() if k not in ("NATS_URL", "DATABASE_URL")}
    env["COLUMNS"] = "200"  # keep the printed table on one line per row
    out = tmp_path / "up.out"
    argv = [
        TABLETOP, "up", "--only", "rules",
        "--nats-port", str(ports["nats"]), "--monitor-port", str(ports["monitor"]),
        "--pg-port", str(ports["pg"]), "--http-base", str(ports["rules"]),
        "--data-dir", data_dir,
    ]  # fmt: skip
    with out.open("wb") as sink:
        process = subprocess.Popen(argv, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        output = wait_for(out, "Tabletop is up.", process, timeout=90)
        assert f"nats://127.0.0.1:{ports['nats']}" in output
        assert f"http://127.0.0.1:{ports['monitor']}" in output
        assert re.search(rf"postgresql://\S+@127\.0\.0\.1:{ports['pg']}/tabletop", output)
        assert f"http://127.0.0.1:{ports['rules']}/healthz" in output
        with urllib.request.urlopen(f"http://127.0.0.1:{ports['rules']}/readyz") as response:
            assert 200 <= response.status < 300
        process.send_signal(signal.SIGINT)
        assert process.wait(60) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert "stopped." in out.read_text()
    for name, port in ports.items():
        assert port_is_free(port), f"{name} still listening on {port}"
