"""deploy/schemas holds upstream files verbatim, each with its source
(SOURCES.yaml: project, tag, commit, URL, sha256), and our NATS chart values
use only values the pinned chart has."""

from __future__ import annotations

import hashlib
import re

import pytest
import yaml

from tests.deploy.crd_schemas import SCHEMAS, chart_value_errors, nats_chart_defaults, sources
from tests.deploy.manifests import DEPLOY, ROOT


def _entries() -> list[dict[str, str]]:
    return [*sources()["crds"], sources()["nats_chart"]]


@pytest.mark.parametrize("entry", _entries(), ids=lambda e: e["file"])
def test_every_kept_file_is_the_one_its_source_names(entry: dict[str, str]) -> None:
    data = (SCHEMAS / entry["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"])
    assert f"/blob/{entry['tag']}/" in entry["url"]


def test_the_readme_pins_the_versions_the_schemas_come_from() -> None:
    readme = (DEPLOY / "README.md").read_text()
    for entry in _entries():
        assert entry["tag"].removeprefix("nats-") in readme, entry["project"]


def test_every_kept_file_is_listed() -> None:
    listed = {entry["file"] for entry in _entries()} | {"SOURCES.yaml", "README.md"}
    kept = {str(p.relative_to(SCHEMAS)) for p in SCHEMAS.rglob("*") if p.is_file()}
    assert kept == listed


@pytest.mark.parametrize("values", ["values.yaml", "values-dev.yaml", "values-prod.yaml"])
def test_nats_values_are_values_of_the_pinned_chart(values: str) -> None:
    ours = yaml.safe_load((DEPLOY / "nats" / values).read_text())
    assert chart_value_errors(ours, nats_chart_defaults()) == []


def test_a_misspelt_or_mistyped_nats_value_is_caught() -> None:
    chart = nats_chart_defaults()
    assert chart_value_errors({"config": {"jetstream": {"enabled": "yes"}}}, chart) == [
        ".config.jetstream.enabled: str where the chart has bool"
    ]
    assert chart_value_errors({"config": {"jetstrem": {"enabled": True}}}, chart) == [
        ".config.jetstrem: not a value of the chart"
    ]


def test_the_schemas_are_not_in_the_image() -> None:
    dockerfile = (ROOT / "deploy" / "image" / "Dockerfile").read_text()
    assert "deploy/schemas" not in dockerfile
