"""Bot levels: every game's levels are bounded policies, the default level
exists everywhere, and anything else is refused or falls back loudly."""

from __future__ import annotations

import pytest

from tabletop.games import game_ids
from tabletop.policies import (
    DEFAULT_LEVEL,
    MAX_SECONDS_PER_MOVE,
    UnknownLevel,
    levels_for,
    make_policy,
    resolve,
    spec_for,
)
from tabletop.policies.levels import is_bounded


@pytest.mark.parametrize("game_id", game_ids())
def test_every_level_of_every_game_is_a_bounded_policy(game_id: str) -> None:
    levels = levels_for(game_id)
    assert DEFAULT_LEVEL in levels
    assert list(levels) == ["easy", "medium", "hard", "expert"]
    for spec in levels.values():
        assert is_bounded(spec), spec
        make_policy(spec)  # a real policy


def test_only_time_budgets_within_the_cap_count_as_bounded() -> None:
    assert is_bounded(f"ismcts:{MAX_SECONDS_PER_MOVE:g}s")
    assert is_bounded("ismcts:250ms:c=0.5")
    for spec in ("ismcts:99999999s", "ismcts:1.5s", "ismcts:500", "ismcts", "genius"):
        assert not is_bounded(spec), spec


def test_an_unknown_level_is_refused_and_resolves_to_the_default_loudly() -> None:
    assert spec_for("splendor", "expert") == "ismcts:1s"
    with pytest.raises(UnknownLevel, match="genius"):
        spec_for("splendor", "genius")
    played = resolve("splendor", "ismcts:99999999s")
    assert (played.level, played.spec, played.fell_back) == ("easy", "random", True)
    assert not resolve("splendor", "hard").fell_back
