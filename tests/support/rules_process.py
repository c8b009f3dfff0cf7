"""The rules service as a real subprocess, serving the test counting game."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from pathlib import Path

from tabletop.devserver import free_port, start_service, wait_ready
from tabletop.devserver.child import ChildProcess
from tabletop.runtime import SERVICES

REPO = Path(__file__).resolve().parents[2]
RULES = next(spec for spec in SERVICES if spec.name == "rules")
COUNTING = "tests.rules.counting_game:GAME"


@dataclass
class RulesProcess:
    namespace: str
    http_port: int
    child: ChildProcess

    @classmethod
    def start(
        cls, nats_url: str, namespace: str, log_dir: Path, extra_env: dict[str, str] | None = None
    ) -> RulesProcess:
        port = free_port()
        env = {
            "NATS_URL": nats_url,
            "TABLETOP_NAMESPACE": namespace,
            "RULES_EXTRA_GAMES": COUNTING,
            "PYTHONPATH": str(REPO),
            "LOG_LEVEL": "INFO",
            **(extra_env or {}),
        }
        child = start_service(RULES, env, log_dir, port)
        try:
            wait_ready(child, port, timeout=60)
        except Exception:
            child.stop()
            raise
        return cls(namespace, port, child)

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def stop(self) -> int:
        return self.child.stop()

    def kill(self) -> int:
        return self.child.stop(sig=signal.SIGKILL)
