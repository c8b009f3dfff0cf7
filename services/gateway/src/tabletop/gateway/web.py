"""The reference web client (web/, built by `make web`) served at `/`.

Mounted after every API route, so `/v1/...`, `/docs` and the health checks
win; the client routes with the URL's fragment (`#/game/...`), so one
index.html serves every page. `GATEWAY_WEB_DIR` points at another build;
with no build there the gateway serves the API alone (`/` answers 404)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

log = logging.getLogger("tabletop.gateway")

# services/gateway/src/tabletop/gateway/web.py -> the repository's web/dist.
BUILT = Path(__file__).resolve().parents[5] / "web" / "dist"


def web_dir() -> Path:
    return Path(os.environ.get("GATEWAY_WEB_DIR") or BUILT)


def mount_web(app: FastAPI, directory: Path | None = None) -> None:
    """Serve the built client at `/` when its index.html is there."""
    directory = directory or web_dir()
    if not (directory / "index.html").is_file():
        log.info("no web client build at %s; `make web` builds it", directory)
        return
    app.mount("/", StaticFiles(directory=directory, html=True), name="web")
