"""Settings read from the environment the way a Deployment writes them."""

from __future__ import annotations

import pytest

from tabletop.archive.settings import ArchiveSettings
from tabletop.leaderboards.settings import LeaderboardsSettings
from tabletop.rules.settings import RulesSettings


@pytest.mark.parametrize(
    ("model", "variable"),
    [
        (RulesSettings, "RULES_EXTRA_GAMES"),
        (ArchiveSettings, "ARCHIVE_EXTRA_GAMES"),
        (LeaderboardsSettings, "LEADERBOARDS_EXTRA_GAMES"),
    ],
)
def test_extra_games_is_a_comma_separated_list(
    monkeypatch: pytest.MonkeyPatch, model: type, variable: str
) -> None:
    monkeypatch.setenv(variable, " pkg.a:GAME, pkg.b:GAME ,")
    assert model().extra_games == ["pkg.a:GAME", "pkg.b:GAME"]
    monkeypatch.delenv(variable)
    assert model().extra_games == []
