"""The image and the manifests pass hadolint and checkov; every check checkov
is told to skip says why, inline, where it is skipped."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.manifests import DEPLOY, OVERLAYS, ROOT, of_kind, render, rendered_text, tool

DOCKERFILE = DEPLOY / "image" / "Dockerfile"


def test_hadolint_is_clean() -> None:
    result = subprocess.run([tool("hadolint"), str(DOCKERFILE)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def checkov_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """One checkov run (it takes ~20 s to start) over the Dockerfile, both
    rendered overlays and the NATS NetworkPolicy: framework -> report."""
    folder = tmp_path_factory.mktemp("checkov")
    shutil.copy(DOCKERFILE, folder / "Dockerfile")
    for overlay in OVERLAYS:
        (folder / f"{overlay}.yaml").write_text(rendered_text(overlay))
    shutil.copy(DEPLOY / "nats" / "networkpolicy.yaml", folder / "nats-networkpolicy.yaml")
    # --skip-download: no network; the checks ship in the package.
    result = subprocess.run(
        [
            *(tool("checkov"), "--skip-download", "--compact", "-o", "json"),
            *("-d", str(folder), "--framework", "kubernetes", "dockerfile"),
        ],
        capture_output=True,
        text=True,
    )
    assert result.stdout, result.stderr[-2000:]
    report = json.loads(result.stdout)
    return {r["check_type"]: r for r in (report if isinstance(report, list) else [report])}


def failures(report: dict) -> list[str]:
    return [
        f"{c['check_id']} {c['resource']}: {c['check_name']}"
        for c in report["results"]["failed_checks"]
    ]


@pytest.mark.tools
@pytest.mark.parametrize("framework", ["dockerfile", "kubernetes"])
def test_checkov_passes(checkov_reports: dict[str, dict], framework: str) -> None:
    report = checkov_reports[framework]
    assert report["summary"]["passed"] > 50
    assert not failures(report)
    for skipped in report["results"]["skipped_checks"]:
        assert len(skipped.get("check_result", {}).get("suppress_comment", "")) > 20, skipped


@pytest.mark.tools
def test_checkov_scanned_both_overlays(checkov_reports: dict[str, dict]) -> None:
    passed = checkov_reports["kubernetes"]["results"]["passed_checks"]
    assert {Path(c["file_path"]).name for c in passed} >= {f"{o}.yaml" for o in OVERLAYS}


def test_every_skip_carries_its_reason() -> None:
    """Dockerfile: `#checkov:skip=ID:reason`; manifests: `checkov.io/skipN: ID=reason`."""
    skips = re.findall(r"#checkov:skip=(\w+):(.*)", DOCKERFILE.read_text())
    for deployment in of_kind(render("prod"), "Deployment").values():
        for key, value in deployment["metadata"].get("annotations", {}).items():
            if key.startswith("checkov.io/skip"):
                skips.append(tuple(value.split("=", 1)))
    assert skips
    for check, reason in skips:
        assert re.fullmatch(r"CKV_[A-Z0-9_]+", check) and len(reason.split()) >= 5, (check, reason)


def test_the_image_installs_every_workspace_member_before_its_source() -> None:
    """Each member's pyproject.toml is copied before the sources (the locked
    dependency layer), and each service runs from the image's `python -m`."""
    text = DOCKERFILE.read_text()
    members = sorted(p.parent.relative_to(ROOT) for p in ROOT.glob("*/*/pyproject.toml"))
    members = [m for m in members if m.parts[0] in ("libs", "services")]
    first_source = text.index("COPY libs/ libs/")
    for member in members:
        line = f"COPY {member}/pyproject.toml {member}/"
        assert line in text and text.index(line) < first_source, line
    assert "--frozen --no-dev --no-install-workspace" in text[:first_source]
    assert 'ENTRYPOINT ["python", "-m"]' in text
    assert re.search(r"^USER 10001", text, re.MULTILINE)
    # The final stage copies the venv and installs nothing: no uv, no pip.
    final = text[text.rindex("\nFROM ") :]
    assert "uv " not in final and "pip install" not in final
    # Its venv comes in two layers: the locked dependencies (cached until the lock
    # changes), then the workspace's own packages (all that a code change rebuilds).
    assert final.index("COPY --from=dependencies") < final.index("COPY --from=build")
