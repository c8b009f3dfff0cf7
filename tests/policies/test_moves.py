"""Moves and their ways (`tabletop.policies.moves`): the payments of one
Splendor card are one move to the bots' branching, and each policy still
makes the move the way it should (docs/policies.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tabletop.games import get_game
from tabletop.games._gems import Buy
from tabletop.policies import Budget, SearchSettings, make_policy, search
from tabletop.policies.moves import is_variant, move_key, moves
from tabletop.policies.policy import command_key

from ..games.splendor.test_splendor_rules import _two_red_card_and_two_red_one_gold

GAME = get_game("splendor")


def _position() -> tuple[Any, int]:
    """Seat 0 to move, card 20 payable with 2 red or with 1 red + 1 gold."""
    return _two_red_card_and_two_red_one_gold()


def test_the_payments_of_a_card_are_one_move_led_by_the_default() -> None:
    s, card = _position()
    legal = GAME.legal_commands(s, 0)
    groups = moves(legal)
    (buy,) = [g for g in groups if g[0].type == "buy" and g[0].card == card]
    assert [c.wild_for for c in buy] == [None, ("red",)]
    assert [is_variant(c) for c in buy] == [False, True]
    assert move_key(buy[1]) == move_key(buy[0]) == command_key(buy[0])
    assert sum(map(len, groups)) == len(legal)
    assert all(len(g) == 1 for g in groups if g[0].type != "buy")


def test_random_draws_a_move_uniformly_then_a_way() -> None:
    s, card = _position()
    n_moves = len(moves(GAME.legal_commands(s, 0)))
    policy = make_policy("random")
    drawn = Counter(policy.choose(GAME, s, 0, seed) for seed in range(2000))
    ways = [c for c in drawn if c.type == "buy" and c.card == card]
    assert {c.wild_for for c in ways} == {None, ("red",)}
    share = sum(drawn[c] for c in ways) / 2000
    expected = 1 / n_moves  # not 2 / len(legal): the two ways are one move
    assert abs(share - expected) < 0.4 * expected, (share, expected)


class _Valuing:
    """Splendor, with an evaluation that counts seat 0's cards and, a little,
    its red tokens: paying card 20 with gold (keeping a red) is the best move,
    and the way that makes it best is not the default way."""

    def __init__(self, red_weight: float) -> None:
        self._red = red_weight

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def evaluate_all(self, state: Any) -> tuple[float, ...]:
        me = state.players[0]
        mine = min(0.99, 0.5 + 0.1 * len(me.cards) + self._red * me.tokens[3])
        return (mine, 1.0 - mine)

    def evaluate(self, state: Any, seat: int) -> float:
        return self.evaluate_all(state)[seat]


def test_greedy_takes_another_way_only_when_it_evaluates_better() -> None:
    s, card = _position()
    greedy = make_policy("greedy")
    keeps_red = _Valuing(0.01)
    assert greedy.choose(keeps_red, s, 0, 0) == Buy(seat=0, card=card, wild_for=("red",))
    indifferent = _Valuing(0.0)  # every buy ties: only default ways are drawn
    chosen = {greedy.choose(indifferent, s, 0, seed) for seed in range(40)}
    assert chosen and all(c.type == "buy" and c.wild_for is None for c in chosen)


def test_search_keeps_one_node_per_move_and_returns_the_best_way() -> None:
    s, card = _position()
    legal = GAME.legal_commands(s, 0)
    settings = SearchSettings(Budget(iterations=60))
    result = search(_Valuing(0.01), lambda seed: GAME.sample_world(s, 0, seed), legal, settings, 3)
    assert result.command.type == "buy" and result.command.card == card
    assert result.command.wild_for == ("red",)  # the move, made the better way
    assert set(result.visits) <= {command_key(c) for c in legal if not is_variant(c)}
    assert len(result.visits) == len(moves(legal))
    plain = search(_Valuing(0.0), lambda seed: GAME.sample_world(s, 0, seed), legal, settings, 3)
    assert plain.command.wild_for is None
