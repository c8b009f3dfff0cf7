"""The capacity model (deploy/capacity/model.py over figures.yaml) and what
deploy/ says agree: the README's table and the autoscaling limits are the
model's output, and every measured figure names the command that measured it."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

import pytest

from tests.deploy.manifests import DEPLOY, of_kind, render


def _model() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "capacity_model", DEPLOY / "capacity" / "model.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


MODEL = _model()


def test_the_readme_shows_the_models_table() -> None:
    rows, _ = MODEL.derive(MODEL.figures())
    readme = (DEPLOY / "README.md").read_text()
    assert f"{MODEL.BEGIN}\n{MODEL.table(rows)}\n{MODEL.END}" in readme


def test_the_autoscaling_limits_are_the_models() -> None:
    _, limits = MODEL.derive(MODEL.figures())
    objects = render("prod")
    hpas = of_kind(objects, "HorizontalPodAutoscaler")
    assert hpas["rules"]["spec"]["maxReplicas"] == limits["rules"]
    assert hpas["gateway"]["spec"]["maxReplicas"] == limits["gateway"]
    bots = of_kind(objects, "ScaledObject")["bots"]["spec"]
    assert bots["maxReplicaCount"] == limits["bots"]
    assert bots["triggers"][0]["metadata"]["lagThreshold"] == str(limits["bots_lag_threshold"])


def test_a_faster_rules_service_needs_fewer_replicas() -> None:
    data = MODEL.figures()
    _, before = MODEL.derive(data)
    data["measured"]["rules_commands_per_second"]["value"] *= 3
    _, after = MODEL.derive(data)
    assert after["rules"] == pytest.approx(before["rules"] / 3, abs=1)


def test_every_measured_figure_says_how_it_was_measured() -> None:
    def leaves(node: object) -> list[dict[str, object]]:
        if isinstance(node, dict) and "value" in node:
            return [node]
        if isinstance(node, dict):
            return [leaf for value in node.values() for leaf in leaves(value)]
        return []

    measured = leaves(MODEL.figures()["measured"])
    assert len(measured) >= 10
    assert all(str(leaf.get("command", "")).strip() for leaf in measured)
