"""A game's search hints (`Game.search_hints`): defaults the search starts
from, between a spec's explicit settings and the seat-count defaults."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop.games import registry
from tabletop.kernel import Game, SearchHints
from tabletop.policies import Budget, SearchSettings, make_policy, search
from tests.toy_game import ToyGame

ONE = Budget(iterations=1)


class HintedToyGame(ToyGame):
    """The toy game with hints for every knob (an override, not a module)."""

    def search_hints(self, state: Any) -> SearchHints:
        return {"c": 0.7, "prior": 5, "expand": 4, "widen": 2.0}


def _knobs(settings: SearchSettings) -> tuple[Any, ...]:
    return (settings.exploration, settings.prior_visits, settings.expand, settings.widen)


def _resolved(spec: str, game: Game[Any], state: Any) -> tuple[Any, ...]:
    policy = make_policy(spec)
    return _knobs(policy.settings.resolved(game, state))  # type: ignore[attr-defined]


def _schotten(variant: str) -> tuple[Game[Any], Any]:
    game = registry()["schotten-totten"]
    return game, game.new(2, seed=1, variant=variant)


def test_schotten_tactics_hints_prior_10_and_expand_3() -> None:
    game, state = _schotten("tactics")
    assert game.search_hints(state) == {"prior": 10, "expand": 3}
    assert _resolved("ismcts:1s", game, state) == (0.3, 10, 3, 0.0)


def test_schotten_base_variant_keeps_the_two_seat_defaults() -> None:
    game, state = _schotten("base")
    assert game.search_hints(state) == {}
    assert _resolved("ismcts:1s", game, state) == (0.3, 2, 1, 0.0)


@pytest.mark.parametrize(
    ("game_id", "players", "expected"),
    [
        ("splendor", 2, (0.3, 2, 1, 0.0)),
        ("splendor", 4, (0.3, 2, 3, 1.0)),
    ],
)
def test_other_games_keep_the_seat_defaults(
    game_id: str, players: int, expected: tuple[Any, ...]
) -> None:
    game = registry()[game_id]
    state = game.new(players, seed=1)
    assert game.search_hints(state) == {}
    assert _resolved("ismcts:1s", game, state) == expected


def test_no_game_but_schotten_tactics_hints() -> None:
    for game in registry().values():
        for options in game.option_sets:
            state = game.new(game.min_players, seed=1, **options)
            hints = game.search_hints(state)
            if game.id == "schotten-totten" and options.get("variant") == "tactics":
                assert hints == {"prior": 10, "expand": 3}
            else:
                assert hints == {}, (game.id, options)


def test_a_spec_setting_beats_the_hints() -> None:
    game, state = _schotten("tactics")
    assert _resolved("ismcts:1s:prior=4", game, state) == (0.3, 4, 3, 0.0)
    assert _resolved("ismcts:1s:expand=1:c=0.5", game, state) == (0.5, 10, 1, 0.0)
    assert _resolved("ismcts:1s:prior=0:expand=2:widen=1", game, state) == (0.3, 0, 2, 1.0)


def test_hints_beat_the_seat_defaults() -> None:
    game = HintedToyGame()
    state = game.new(3, seed=1)
    assert _knobs(SearchSettings(ONE).for_seats(3)) == (0.3, 2, 3, 1.0)
    assert _knobs(SearchSettings(ONE).resolved(game, state)) == (0.7, 5, 4, 2.0)
    pinned = SearchSettings(ONE, exploration=0.1, prior_visits=1, expand=1, widen=0.0)
    assert _knobs(pinned.resolved(game, state)) == (0.1, 1, 1, 0.0)


def test_a_game_without_hints_searches_with_the_seat_defaults() -> None:
    game = ToyGame()  # no evaluation module, no override
    state = game.new(2, seed=1)
    assert game.search_hints(state) == {}
    assert _knobs(SearchSettings(ONE).resolved(game, state)) == (0.3, 2, 1, 0.0)
    seat = game.to_act(state)[0]
    command = make_policy("ismcts:30").choose(game, state, seat, seed=1)
    assert command in game.legal_commands(state, seat)


def test_unknown_hints_fail_loudly() -> None:
    with pytest.raises(ValueError, match="prio"):
        SearchSettings(ONE).hinted({"prio": 10})  # type: ignore[typeddict-unknown-key]


def _root_visits(spec: str, variant: str) -> set[int]:
    """The visits of the root's commands after no iteration: the prior's."""
    game, state = _schotten(variant)
    seat = game.to_act(state)[0]
    legal = game.legal_commands(state, seat)
    assert len(legal) > 1
    settings = make_policy(spec).settings  # type: ignore[attr-defined]
    budgetless = replace(settings, budget=Budget(iterations=0))

    def sample(world_seed: int) -> Any:
        return game.sample_world(state, seat, world_seed)

    result = search(game, sample, legal, budgetless, seed=3)
    return set(result.visits.values())


def test_search_starts_from_the_resolved_settings() -> None:
    assert _root_visits("ismcts:1s", "tactics") == {10}
    assert _root_visits("ismcts:1s", "base") == {2}
    assert _root_visits("ismcts:1s:prior=4", "tactics") == {4}
