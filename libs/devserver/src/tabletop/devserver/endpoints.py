"""Where a running platform listens, written by `tabletop up` to
`<data dir>/endpoints.json` and read by the CLI (`verify`, `replay`), so a
platform moved off a taken port (NATS on a free port instead of 4222) is
still found. The file exists only while `tabletop up` runs."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from pydantic import BaseModel, ValidationError

ENDPOINTS_FILE = "endpoints.json"
DEFAULT_DATA_DIR = ".tabletop"


class ServiceEndpoint(BaseModel):
    http: str  # base URL of /healthz, /readyz (and the API, for the gateway)
    metrics: str  # URL of /metrics


class Endpoints(BaseModel):
    nats_url: str
    database_url: str | None = None
    namespace: str = "tabletop"
    pid: int  # the `tabletop up` process
    services: dict[str, ServiceEndpoint] = {}


def endpoints_path(data_dir: str | Path | None = None) -> Path:
    return (
        Path(data_dir or os.environ.get("TABLETOP_DATA_DIR") or DEFAULT_DATA_DIR) / ENDPOINTS_FILE
    )


def write_endpoints(path: Path, endpoints: Endpoints) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(endpoints.model_dump_json(indent=2) + "\n")
    temporary.replace(path)  # readers never see half a file


def read_endpoints(path: Path) -> Endpoints | None:
    """The recorded endpoints, None when there are none or their platform is gone."""
    try:
        endpoints = Endpoints.model_validate_json(path.read_text())
    except (OSError, ValidationError):
        return None
    return endpoints if _running(endpoints.pid) else None


def remove_endpoints(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
