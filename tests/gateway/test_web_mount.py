"""The gateway serves the built web client at `/` (GATEWAY_WEB_DIR), after
every API route: the API, /docs and health still answer as before; with no
build there, `/` is a plain 404 and the API is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tabletop.gateway.app import create_app
from tabletop.gateway.settings import GatewaySettings


def client(monkeypatch: pytest.MonkeyPatch, web_dir: Path) -> TestClient:
    monkeypatch.setenv("GATEWAY_WEB_DIR", str(web_dir))
    # No `with`: the lifespan (NATS) does not run; static files and /healthz need none.
    return TestClient(create_app(GatewaySettings(environment="development", metrics_port=0)))


def test_the_client_is_served_at_the_root_beside_the_api(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>Tabletop</title>")
    (tmp_path / "app.js").write_text("console.log('tabletop')")
    http = client(monkeypatch, tmp_path)
    root = http.get("/")
    assert root.status_code == 200 and "<title>Tabletop</title>" in root.text
    assert root.headers["content-type"].startswith("text/html")
    assert http.get("/app.js").headers["content-type"].startswith("text/javascript")
    assert http.get("/healthz").text == "ok"
    assert http.get("/openapi.json").json()["info"]["title"] == "Tabletop gateway"
    assert "/" not in http.get("/openapi.json").json()["paths"]
    missing = http.get("/no-such-file.js")
    assert missing.status_code == 404


def test_without_a_build_the_gateway_serves_the_api_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    http = client(monkeypatch, tmp_path / "absent")
    assert http.get("/").status_code == 404
    assert http.get("/healthz").text == "ok"
