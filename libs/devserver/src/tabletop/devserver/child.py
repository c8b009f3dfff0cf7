"""Child processes that stop cleanly: SIGTERM, a grace period, then SIGKILL."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Linux: the child gets SIGTERM if we die without stopping it (a killed
    test run or `tabletop up` must not leave servers behind)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


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
            preexec_fn=_die_with_parent,  # only a prctl call: safe before exec
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 10.0, sig: int = signal.SIGTERM) -> int:
        """Ask the process to stop, wait, force it if it will not. Returns its exit code."""
        self.ask_to_stop(sig)
        return self.wait_stopped(timeout)

    def ask_to_stop(self, sig: int = signal.SIGTERM) -> None:
        """Send `sig` (if it still runs) without waiting: see `stop_all`."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(sig)

    def wait_stopped(self, timeout: float) -> int:
        """Wait up to `timeout` for the exit, then SIGKILL its process group."""
        try:
            self.process.wait(max(0.0, timeout))
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


def stop_all(children: Iterable[ChildProcess], timeout: float = 10.0) -> list[int]:
    """Stop several processes side by side: each gets SIGTERM at once, and all
    share one grace period (stopping one after another waited out the sum of
    their shutdowns). Returns their exit codes, in order."""
    children = list(children)
    for child in children:
        child.ask_to_stop()
    deadline = time.monotonic() + timeout
    return [child.wait_stopped(deadline - time.monotonic()) for child in children]
