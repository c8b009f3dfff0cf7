"""Matchmaking, bots, gateway and rules as deployable services: settings from the
environment, importable documented apps, health and metrics, clean SIGTERM."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from faststream.specification import AsyncAPI

from tabletop.bots.settings import BotsSettings
from tabletop.gateway.settings import GatewaySettings
from tabletop.matchmaking.settings import MatchmakingSettings
from tests.support.platform import Platform


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_NAMESPACE", "staging")
    monkeypatch.setenv("MATCHMAKING_BOT_WAIT", "2.5")
    monkeypatch.setenv("BOTS_ACK_WAIT", "7")
    monkeypatch.setenv("GATEWAY_TOKEN_SECRET", "s" * 32)
    monkeypatch.setenv("GATEWAY_TOKEN_TTL", "60")
    assert MatchmakingSettings().bot_wait == 2.5 and MatchmakingSettings().namespace == "staging"
    assert MatchmakingSettings().http_port == 8102
    assert BotsSettings().ack_wait == 7.0 and BotsSettings().http_port == 8103
    gateway = GatewaySettings()
    assert (gateway.token_secret, gateway.token_ttl, gateway.http_port) == ("s" * 32, 60, 8100)
    assert (gateway.environment, gateway.metrics_port) == ("production", 9100)


def test_apps_are_importable_and_documented() -> None:
    from tabletop.bots.app import app as bots
    from tabletop.gateway.app import app as gateway
    from tabletop.matchmaking.app import app as matchmaking

    def channels(app: object) -> str:
        spec = AsyncAPI(app.broker, title="t", version="1")  # type: ignore[attr-defined]
        return json.dumps(json.loads(spec.to_specification().to_json())["channels"])

    assert all(s in channels(matchmaking) for s in ("matchmaking.join", "matchmaking.leave",
                                                    "matchmaking.status"))  # fmt: skip
    assert "tabletop.games" in channels(bots)
    paths = gateway.openapi()["paths"]
    assert {"/v1/auth/guest", "/v1/queue", "/v1/games/{game_id}/commands",
            "/v1/games/{game_id}/replay", "/v1/leaderboards/{game}"} <= set(paths)  # fmt: skip


@pytest.mark.integration
def test_health_metrics_and_a_clean_sigterm(platform: Platform) -> None:
    # The rules service runs its deadline keeper (a KV watcher and a pull
    # consumer): its stop once waited out the connection's 30 s drain.
    names = {"matchmaking": "tabletop_matchmaking_waiting", "bots": "tabletop_bots_commits",
             "gateway": "tabletop_gateway_request", "rules": "tabletop_rules_request"}  # fmt: skip
    processes = platform.start_all({name: {} for name in names})
    for process in processes:
        base = f"http://127.0.0.1:{process.http_port}"
        for path in ("/healthz", "/readyz"):
            with urllib.request.urlopen(base + path, timeout=5) as response:
                assert 200 <= response.status < 300, (process.name, path)
        assert names[process.name] in process.metrics(), process.name
    with urllib.request.urlopen(f"http://127.0.0.1:{processes[2].http_port}/docs") as response:
        assert b"swagger" in response.read().lower()
    for process in processes:
        started = time.monotonic()
        assert process.stop() == 0, process.name
        assert time.monotonic() - started < 10, process.name
        # the last line says so (the tracing flush runs on the same way out)
        assert f"{process.name} stopped" in process.child.log_file.read_text(), process.name
    platform.processes.clear()
