"""Child processes that stop cleanly: SIGTERM, a grace period, then SIGKILL."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path


class ChildProcess:
    """A started server process with its output going to a log file."""

    def __init__(
        self,
        name: str,
        argv: Sequence[str],
        log_file: Path,
        env: dict[str, str] | None = None,
        user: str | None = None,
    ) -> None:
        self.name = name
        self.argv = list(argv)
        self.log_file = log_file
        log_file.parent.mkdir(parents=True, exist_ok=True)
        self._log = log_file.open("ab")
        self.process = subprocess.Popen(
            self.argv,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            user=user,
            # Own process group: a Ctrl-C in the terminal reaches the parent
            # only, which then stops children in order.
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0, sig: int = signal.SIGTERM) -> int:
        """Ask the process to stop, wait, force it if it will not. Returns its exit code."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        self._log.close()
        return self.process.returncode

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""
