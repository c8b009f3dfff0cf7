"""What startup built is frozen out of the collector's reach (a full
collection over it was a pause every command in flight waited for)."""

from __future__ import annotations

import gc

from tabletop.rules.app import freeze_startup_objects


def test_startup_objects_are_frozen() -> None:
    try:
        freeze_startup_objects()
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()  # young objects are still collected
    finally:
        gc.unfreeze()
