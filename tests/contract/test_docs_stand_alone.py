"""The docs stand alone in a clone: every relative link resolves inside the
repository, and the walk-through's error table names every code the gateway
can answer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.kernel.errors import Code
from tabletop.messaging.codes import HTTP_STATUS, ServiceCode

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "deploy" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve_inside_the_repository(doc: Path) -> None:
    for target in LINK.findall(doc.read_text()):
        if re.match(r"^[a-z]+:", target):
            continue  # https:, mailto:
        resolved = (doc.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{doc.name} links outside the repo: {target}"
        assert resolved.exists(), f"{doc.name} links to a missing {target}"


def test_the_walkthrough_names_every_error_code() -> None:
    text = (ROOT / "docs" / "http-walkthrough.md").read_text()
    codes = set(HTTP_STATUS) | {c.value for e in (Code, ServiceCode) for c in e}
    missing = sorted(code for code in codes if f"`{code}`" not in text)
    assert not missing, f"docs/http-walkthrough.md does not list {missing}"
