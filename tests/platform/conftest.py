"""A fresh platform namespace per test (its processes are started by the test)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from .services import Platform


@pytest.fixture
async def platform(nats_url: str, database_url: str, tmp_path: Path) -> AsyncIterator[Platform]:
    found = Platform(nats_url, database_url, tmp_path)
    yield found
    await found.close()
