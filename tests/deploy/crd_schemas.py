"""The upstream CRDs of the operators deploy/ pins (deploy/schemas/SOURCES.yaml),
as JSON Schemas the deploy tests validate custom resources with.

Each CRD is kept verbatim; this module takes the `openAPIV3Schema` of the
served version an object names and makes it strict the way the API server
is: an object with declared `properties` and no `additionalProperties`
(nor `x-kubernetes-preserve-unknown-fields`) gets `additionalProperties:
false`, because the server would silently prune such a field (a misspelt
field is lost, never an error; here it fails the test). CEL rules
(`x-kubernetes-validations`) are not evaluated.
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import jsonschema
import yaml

from tests.deploy.manifests import DEPLOY, Obj

SCHEMAS = DEPLOY / "schemas"


@cache
def sources() -> dict[str, Any]:
    return yaml.safe_load((SCHEMAS / "SOURCES.yaml").read_text())


@cache
def _crds() -> dict[tuple[str, str], Obj]:
    """(group, kind) -> CRD, for every CRD file SOURCES.yaml lists."""
    found = {}
    for source in sources()["crds"]:
        crd = yaml.safe_load((SCHEMAS / source["file"]).read_text())
        found[(crd["spec"]["group"], crd["spec"]["names"]["kind"])] = crd
    return found


def has_schema(api_version: str, kind: str) -> bool:
    group = api_version.split("/")[0] if "/" in api_version else ""
    return (group, kind) in _crds()


@cache
def _strict_schema(api_version: str, kind: str) -> dict[str, Any]:
    group, version = api_version.split("/")
    crd = _crds()[(group, kind)]
    (served,) = [v for v in crd["spec"]["versions"] if v["name"] == version and v["served"]]
    schema = copy.deepcopy(served["schema"]["openAPIV3Schema"])
    _close_objects(schema)
    return schema


def _close_objects(node: Any) -> None:
    if isinstance(node, dict):
        if (
            "properties" in node
            and "additionalProperties" not in node
            and not node.get("x-kubernetes-preserve-unknown-fields")
        ):
            node["additionalProperties"] = False
        for key, value in node.items():
            if key != "properties":
                _close_objects(value)
        for value in node.get("properties", {}).values():
            _close_objects(value)
    elif isinstance(node, list):
        for item in node:
            _close_objects(item)


def validate_custom(obj: Obj) -> None:
    """Raise jsonschema.ValidationError when `obj` breaks its CRD's schema."""
    schema = _strict_schema(obj["apiVersion"], obj["kind"])
    # metadata is the API server's ObjectMeta (checked by kubernetes-validate
    # for built-in kinds); the CRD declares it only as `type: object`.
    jsonschema.validate(obj, schema)


# -------------------------------------------------------------- NATS chart
# Keys whose values the chart passes through whole (free-form by design).
FREE_FORM = {"merge", "patch", "env", "annotations", "labels"}


def chart_value_errors(ours: Any, chart: Any, path: str = "") -> list[str]:
    """Where our Helm values leave the pinned chart's values.yaml: a key the
    chart does not have (Helm would ignore it silently) or a scalar of
    another type than the chart's default."""
    errors: list[str] = []
    if isinstance(ours, dict):
        if not isinstance(chart, dict):
            return [f"{path or '.'}: a map where the chart has {type(chart).__name__}"]
        for key, value in ours.items():
            where = f"{path}.{key}"
            if key not in chart:
                if chart:  # an empty map in the chart's defaults takes any key
                    errors.append(f"{where}: not a value of the chart")
                continue
            if key in FREE_FORM:
                continue
            errors.extend(chart_value_errors(value, chart[key], where))
    elif chart is not None and not isinstance(ours, list) and type(ours) is not type(chart):
        errors.append(f"{path}: {type(ours).__name__} where the chart has {type(chart).__name__}")
    return errors


def nats_chart_defaults() -> Any:
    return yaml.safe_load((SCHEMAS / sources()["nats_chart"]["file"]).read_text())
