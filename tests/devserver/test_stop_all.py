"""`stop_all` asks every child to stop before it waits for any: stopping one
after another summed their shutdowns (the test platform's 20 s teardowns)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tabletop.devserver import ChildProcess, stop_all

# On SIGTERM: say so, then exit 0 only once the other child was asked too
# (its file exists). Asked one after another, the first never sees the
# second's file and is SIGKILLed when the grace period ends.
WAITS_FOR_THE_OTHER = """
import pathlib, signal, sys, time
me, other = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
asked = []
signal.signal(signal.SIGTERM, lambda *_: asked.append(me.write_text("asked")))
pathlib.Path(sys.argv[3]).write_text("ready")
while not (asked and other.exists()):
    time.sleep(0.01)
"""


def started(tmp_path: Path, name: str, code: str, *args: str) -> ChildProcess:
    """`code` as a child, once it wrote its ready file (its handler is installed)."""
    ready = tmp_path / f"{name}.ready"
    argv = [sys.executable, "-c", code, *args, str(ready)]
    child = ChildProcess(name, argv, tmp_path / f"{name}.log")
    deadline = time.monotonic() + 60
    while not ready.exists():
        assert child.alive() and time.monotonic() < deadline, child.tail()
        time.sleep(0.01)
    return child


def test_every_child_is_asked_before_any_is_waited_for(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    children = [
        started(tmp_path, "a", WAITS_FOR_THE_OTHER, str(a), str(b)),
        started(tmp_path, "b", WAITS_FOR_THE_OTHER, str(b), str(a)),
    ]
    assert stop_all(children, timeout=30) == [0, 0]
    assert a.read_text() == b.read_text() == "asked"


IGNORES_SIGTERM = """
import pathlib, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
pathlib.Path(sys.argv[1]).write_text("ready")
time.sleep(60)
"""


def test_one_that_will_not_stop_is_killed_after_the_grace(tmp_path: Path) -> None:
    child = started(tmp_path, "stubborn", IGNORES_SIGTERM)
    assert stop_all([child], timeout=0.5) == [-9]
