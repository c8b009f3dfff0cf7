"""deploy/monitoring: the alert rules load in Prometheus and fire on the series
they are meant for (`promtool check rules`, `promtool test rules`), and every
expression of the Grafana dashboard is valid PromQL over metrics the platform
exports. promtool comes from `make tools` (.tools/bin/promtool)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.deploy.manifests import DEPLOY, ROOT, tool

MONITORING = DEPLOY / "monitoring"
DASHBOARD = json.loads((MONITORING / "dashboard.json").read_text())
# What a Tabletop dashboard or alert may query: our services' own metrics and
# the NATS exporter's consumer figures.
KNOWN_PREFIXES = ("tabletop_", "nats_consumer_")
TOPICS = ("lag", "refus", "conflict", "timeout", "p99")

pytestmark = pytest.mark.tools


def promtool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([tool("promtool"), *args], capture_output=True, text=True, cwd=MONITORING)


def test_alert_rules_load() -> None:
    result = promtool("check", "rules", "alerts.yaml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_alerts_fire_on_their_series_and_only_then() -> None:
    result = promtool("test", "rules", "alerts.test.yaml")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_alert_is_exercised_by_the_unit_tests() -> None:
    rules = yaml.safe_load((MONITORING / "alerts.yaml").read_text())
    alerts = {r["alert"] for group in rules["groups"] for r in group["rules"]}
    tests = yaml.safe_load((MONITORING / "alerts.test.yaml").read_text())["tests"]
    tested = {case["alertname"] for t in tests for case in t["alert_rule_test"]}
    assert alerts == tested


def test_a_broken_rule_is_refused(tmp_path: Path) -> None:
    broken = {"groups": [{"name": "x", "rules": [{"alert": "X", "expr": "rate(x[5m] > 1"}]}]}
    (tmp_path / "broken.yaml").write_text(yaml.safe_dump(broken))
    result = subprocess.run(
        [tool("promtool"), "check", "rules", str(tmp_path / "broken.yaml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0


def _dashboard_exprs() -> dict[str, str]:
    return {
        panel["title"]: target["expr"]
        for panel in DASHBOARD["panels"]
        for target in panel["targets"]
    }


def test_dashboard_queries_are_valid_promql(tmp_path: Path) -> None:
    """promtool parses PromQL in rule files: each panel's query becomes a recording rule."""
    rules = [
        {"record": f"tabletop:panel_{i}", "expr": expr}
        for i, expr in enumerate(_dashboard_exprs().values())
    ]
    panels = {"groups": [{"name": "panels", "rules": rules}]}
    (tmp_path / "panels.yaml").write_text(yaml.safe_dump(panels))
    result = subprocess.run(
        [tool("promtool"), "check", "rules", str(tmp_path / "panels.yaml")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _metrics_declared() -> set[str]:
    """Every metric name the services declare (the source's metric constructors)."""
    names: set[str] = set()
    for path in [*ROOT.glob("services/*/src/**/*.py"), *ROOT.glob("libs/runtime/src/**/*.py")]:
        names |= set(re.findall(r'"(tabletop_[a-z_]+)"', path.read_text()))
    return names


def test_dashboard_and_alerts_use_metrics_that_exist() -> None:
    declared = _metrics_declared()
    text = json.dumps(_dashboard_exprs()) + (MONITORING / "alerts.yaml").read_text()
    used = set(re.findall(r"\b((?:tabletop|nats)_[a-z_]+)\b", text)) - {"tabletop_overview"}
    for name in used:
        assert name.startswith(KNOWN_PREFIXES), name
        if name.startswith("tabletop_"):
            base = re.sub(r"_(total|bucket|sum|count)$", "", name)
            assert base in declared, f"{name}: no service declares {base}"


def test_dashboard_covers_what_an_operator_watches() -> None:
    titles = " ".join(panel["title"].lower() for panel in DASHBOARD["panels"])
    for topic in TOPICS:
        assert topic in titles, topic
