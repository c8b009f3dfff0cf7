"""Stored playthroughs of every registered game and option set (see
tests/conformance/playthroughs.py): the seeded games are replayed and must
match `playthroughs.json` view for view and outcome for outcome.

An intended rule change updates the stored fingerprints in the same commit:

    .venv/bin/python -m tests.conformance.playthroughs --update [GAME_ID ...]
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tables import every_table
from tests.toy_game import ToyGame

from . import playthroughs

UPDATE = "run `.venv/bin/python -m tests.conformance.playthroughs --update {game}`"


@pytest.fixture(scope="module")
def stored() -> dict[str, list[dict[str, Any]]]:
    return playthroughs.load()


@pytest.mark.parametrize(("game", "players", "options"), every_table())
def test_stored_playthroughs_are_unchanged(
    request: pytest.FixtureRequest,
    stored: dict[str, list[dict[str, Any]]],
    game: Any,
    players: int,
    options: dict[str, Any],
) -> None:
    table = request.node.callspec.id
    assert table in stored, f"{table} has no stored playthroughs: " + UPDATE.format(game=game.id)
    fresh = playthroughs.table_entries(game, players, options)
    diff = playthroughs.differences(stored[table], fresh)
    assert not diff, (
        f"{table}: " + "; ".join(diff) + ". If intended, " + UPDATE.format(game=game.id)
    )


def test_every_stored_table_is_still_played(stored: dict[str, list[dict[str, Any]]]) -> None:
    assert sorted(stored) == sorted(str(p.id) for p in every_table())


def test_stored_games_end_within_the_step_cap(stored: dict[str, list[dict[str, Any]]]) -> None:
    capped = [t for t, entries in stored.items() for e in entries if e["outcome"] is None]
    assert not capped, f"games cut at {playthroughs.STEP_CAP} steps: {capped}"


class _OtherRule(ToyGame):
    """The toy game with one rule changed: the lowest total wins."""

    def outcome(self, state: Any) -> Any:
        outcome = super().outcome(state)
        if outcome is None:
            return None
        flipped = tuple(-s for s in outcome.scores)
        ranks = tuple(sorted(set(flipped), reverse=True).index(s) for s in flipped)
        return outcome.model_copy(update={"ranks": ranks})


def test_a_rule_change_changes_the_fingerprint() -> None:
    same = playthroughs.playthrough(ToyGame(), 2, {}, seed=3)
    assert same == playthroughs.playthrough(ToyGame(), 2, {}, seed=3)
    changed = playthroughs.playthrough(_OtherRule(), 2, {}, seed=3)
    assert changed["steps"] == same["steps"]
    assert changed["sha256"] != same["sha256"]
    assert playthroughs.differences([same], [changed]) == [
        f"seed 3: outcome {same['outcome']} -> {changed['outcome']}"
    ]


def test_update_rewrites_only_the_named_game(tmp_path: Any, monkeypatch: Any) -> None:
    data = tmp_path / "playthroughs.json"
    monkeypatch.setattr(playthroughs, "DATA_FILE", data)
    tables = playthroughs.tables()
    stale = {t: [{"seed": 0, "steps": 0, "outcome": None, "sha256": "x"}] for t in tables}
    stale["gone-2p-default"] = []
    playthroughs.save(stale)
    game_id = "splendor"  # quick to play
    assert playthroughs.main(["--update", game_id]) == 0
    after = playthroughs.load()
    assert "gone-2p-default" not in after
    for table, (game, _, _) in tables.items():
        if game.id == game_id:
            assert after[table][0]["sha256"] != "x"
        else:
            assert after[table] == stale[table]
    assert playthroughs.main([game_id]) == 0  # check mode: now unchanged
