"""The event log contract against the in-memory log."""

from __future__ import annotations

import pytest

from tabletop.eventlog import MemoryEventLog
from tests.eventlog.log_contract import EventLogContract


class TestMemoryEventLog(EventLogContract):
    @pytest.fixture
    def log(self) -> MemoryEventLog:
        return MemoryEventLog()
