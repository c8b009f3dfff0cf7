"""Sealing encodes a commit's body once and puts the hash into those bytes:
for every commit of the stored playthroughs (every game, option set and
player count, the conformance suite's seeds) the hash and the bytes are
exactly what dumping the model gives, as they were before. Sealing builds
the commit without validating it: it is the validated model all the same, and
refuses what validation refused."""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest
from pydantic import ValidationError

from tabletop.eventlog import Commit, canonical_json, chain_hash, next_sealed
from tabletop.eventlog.commit import seal
from tabletop.kernel import Game, random_playout
from tests.conformance.playthroughs import STEP_CAP, seeds_for
from tests.tables import every_table

AT = 1_764_600_000_000


def dumped(commit: Commit) -> tuple[str, bytes]:
    """The hash and bytes by the model (`Commit.body()`, `model_dump`)."""
    at = {} if commit.at is not None else {"exclude": {"at"}}
    return chain_hash(commit.prev_hash, commit.body()), canonical_json(
        commit.model_dump(mode="json", **at)
    )


@pytest.mark.parametrize(("game", "players", "options"), every_table())
def test_sealed_bytes_are_the_models_for_every_stored_playthrough(
    game: Game[Any], players: int, options: dict[str, Any]
) -> None:
    for seed in seeds_for(game):
        setup, steps = random_playout(game, players, seed, max_steps=STEP_CAP + 1, **options)
        batches = [setup, *(step.events for step in islice(steps, STEP_CAP))]
        previous: Commit | None = None
        for n, events in enumerate(batches):
            commit, data = next_sealed(
                previous,
                game_id=f"g{seed}",
                game=game.id,
                command_id=f"c{n}",
                seat=None if n == 0 else n % players,
                events=[event.model_dump(mode="json") for event in events],
                rules_version=game.rules_version,
                at=None if n % 7 == 3 else AT + n,  # commits made before clocks have no `at`
            )
            assert (commit.hash, data) == dumped(commit), (game.id, seed, n)
            assert Commit.from_bytes(data) == commit
            previous = commit


def test_a_sealed_commit_is_the_validated_model() -> None:
    """Sealing builds the commit without validation: it is what validating
    its fields makes, down to the fields set and their order."""
    for at in (None, AT):
        commit, _ = next_sealed(
            None, game_id="g-1_A", game="counting", command_id="c1", seat=None,
            events=[{"type": "added", "seat": 0, "amount": 1, "v": 1}], rules_version="1", at=at,
        )  # fmt: skip
        validated = Commit.model_validate(
            {name: getattr(commit, name) for name in Commit.model_fields}
        )
        assert list(commit.__dict__.items()) == list(validated.__dict__.items())
        assert commit.model_fields_set == validated.model_fields_set
        assert (commit.__pydantic_extra__, commit.__pydantic_private__) == (None, None)
        assert commit.to_bytes() == validated.to_bytes()
        with pytest.raises(ValidationError):  # still frozen
            commit.seq = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    "bad",
    [
        {"seq": 0},
        {"seq": -1},
        {"command_id": ""},
        {"command_id": "c" * 129},
        {"game_id": ""},
        {"game_id": "g" * 65},
        {"game_id": "g/1"},
        {"game_id": "g1\n"},  # `$` would let a trailing newline through a search
        {"game_id": "g 1"},
    ],
)
def test_sealing_refuses_what_the_model_refuses(bad: dict[str, Any]) -> None:
    fields: dict[str, Any] = {
        "game_id": "g1", "game": "counting", "seq": 1, "command_id": "c1", "seat": None,
        "events": [], "rules_version": "1", "prev_hash": "0" * 64, "at": AT,
    }  # fmt: skip
    with pytest.raises(ValidationError):
        Commit.model_validate({**fields, **bad, "hash": "0" * 64})
    with pytest.raises(ValueError):
        seal(**{**fields, **bad})


def test_sealing_takes_the_model_s_edge_values() -> None:
    commit, _ = seal(
        game_id="g" * 64, game="counting", seq=1, command_id="c" * 128, seat=None,
        events=[], rules_version="1", prev_hash="0" * 64,
    )  # fmt: skip
    assert Commit.from_bytes(commit.to_bytes()) == commit
