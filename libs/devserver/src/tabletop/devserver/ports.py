"""Small network helpers for starting local servers."""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    return free_ports(1, host)[0]


def free_ports(count: int, host: str = "127.0.0.1") -> list[int]:
    """`count` different TCP ports nobody listens on right now. Each socket
    stays bound until all are picked: the OS may hand a port it just freed
    straight back, so ports picked one by one can repeat (two services of one
    platform were once given the same port, and the second failed to bind)."""
    with ExitStack() as held:
        socks = [held.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
                 for _ in range(count)]  # fmt: skip
        for sock in socks:
            sock.bind((host, 0))
        return [int(sock.getsockname()[1]) for sock in socks]


def wait_for_port(host: str, port: int, timeout: float, alive: object = None) -> None:
    """Block until something accepts connections on host:port.

    `alive` is an optional zero-argument callable; when it returns False (the
    child died) we stop waiting at once instead of running out the clock.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(alive) and not alive():
            raise RuntimeError(f"process serving {host}:{port} exited during startup")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listening on {host}:{port} after {timeout:.0f}s")


def port_is_free(port: int, host: str = "127.0.0.1") -> bool:
    """Nobody listens on the port (connections lingering in TIME_WAIT do not
    count: servers bind with SO_REUSEADDR, and so do we)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
        return True
