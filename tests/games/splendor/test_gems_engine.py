"""The shared gem-market engine, through both games: views match the view
model, recurring events are shared, memo and copies behave."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest

from tabletop.games import get_game
from tabletop.games._gems import EMPTY
from tabletop.games._gems.commands import Buy
from tabletop.games._gems.events import GameStarted, TokensTaken, TurnEnded
from tabletop.games._gems.legal import _multisets
from tabletop.games._gems.payment import payment
from tabletop.kernel import IllegalCommand

GAMES = [get_game("splendor"), get_game("splendor-pokemon")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_match_the_view_model_and_commands_validate(game) -> None:
    rng = random.Random(1)
    s = game.new(3, seed=1)
    while game.to_act(s):
        for seat in (None, 0, 1, 2):
            view = game.view(s, seat)
            assert game.view_model.model_validate(view).model_dump(exclude_unset=True) == view
        commands = game.legal_commands(s, s.seat)
        for cmd in commands:  # built once per seat and shared
            assert game.parse_command(cmd.model_dump(mode="json")) == cmd
        s = game.apply(s, rng.choice(commands))
    assert game.view(s, None)["outcome"]["ranks"] == list(game.outcome(s).ranks)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_recurring_events_are_built_once_and_equal_validated_ones(game) -> None:
    s = game.new(2, seed=4)
    take = next(c for c in game.legal_commands(s, 0) if c.type == "take_different")
    first = game.decide(s, take, random.Random(0))
    again = game.decide(game.new(2, seed=5), take, random.Random(0))
    assert [type(e) for e in first] == [TokensTaken, TurnEnded]
    assert all(a is b for a, b in zip(first, again, strict=True))  # shared, not rebuilt
    assert first[0] == TokensTaken(seat=0, tokens=list(take.colors))
    for event in first:
        assert type(event).model_validate_json(event.model_dump_json()) == event


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_start_event_round_trips(game) -> None:
    (started,) = game.setup(4, seed=2)
    assert started == GameStarted.model_validate(started.model_dump())
    assert GameStarted.model_validate_json(started.model_dump_json()) == started


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_memo_is_not_part_of_the_state(game) -> None:
    s = game.new(2, seed=3)
    after = game.apply(s, game.legal_commands(s, 0)[0])
    assert s.memo  # legal_commands memoized its list
    for clone in (copy.deepcopy(s), copy.copy(s), pickle.loads(pickle.dumps(s))):
        assert clone == s and not clone.memo
        assert game.apply(clone, game.legal_commands(clone, 0)[0]) == after


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_legal_buys_are_exactly_the_cards_payment_accepts(game) -> None:
    """The packed affordability test of `legal_commands` agrees with `payment`
    (what `decide` charges), including holdings past the packed fields' 15
    and every mix of wild tokens."""
    rng = random.Random(5)
    wild_cost = game.rules.cards.wild_cost
    start = game.new(2, seed=5)
    for _ in range(300):
        bonus = tuple(rng.choice((0, 1, 2, 4, 7, 15, 16, 22)) for _ in range(5))
        tokens = (*(rng.randint(0, 4) for _ in range(5)), rng.randint(0, 5))
        reserved = tuple(rng.sample(range(len(game.rules.cards)), rng.randint(0, 3)))
        player = start.players[0]._replace(tokens=tokens, bonus=bonus, reserved=reserved)
        s = start._replace(players=(player, start.players[1]))
        cards = [c for row in s.market for c in row if c != EMPTY] + list(reserved)
        expected = [
            c for c in cards if payment(game.cost_items[c], wild_cost[c], bonus, tokens) is not None
        ]
        buys = [c.card for c in game.legal_commands(s, 0) if isinstance(c, Buy) and not c.wild_for]
        assert buys == expected, (bonus, tokens, reserved)


def _every_payment(game, card: int, bonus, tokens) -> set[tuple[int, ...]]:
    """Brute force: every token vector (per colour, wild last) that pays for
    `card`, each colour's need after bonuses split between its own tokens
    and wild tokens in every possible way."""
    need = [max(0, n - b) for n, b in zip(game.rules.cards.cost[card], bonus, strict=True)]
    found = set()
    for wild in itertools.product(*(range(n + 1) for n in need)):
        paid = (
            *(n - w for n, w in zip(need, wild, strict=True)),
            game.rules.cards.wild_cost[card] + sum(wild),
        )
        if all(p <= t for p, t in zip(paid, tokens, strict=True)):
            found.add(paid)
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_legal_buys_list_every_distinct_payment_once(game) -> None:
    """Rulebook: a wild token may replace a token of any colour. For every
    card on offer, the listed buys pay in exactly the ways brute force finds,
    each way once, the default (coloured tokens first, no `wild_for`) first;
    `decide` charges what each one says."""
    rng = random.Random(6)
    start = game.new(2, seed=6)
    checked = 0
    for _ in range(100):
        bonus = tuple(rng.choice((0, 0, 1, 2, 3)) for _ in range(5))
        tokens = (*(rng.randint(0, 4) for _ in range(5)), rng.randint(0, 5))
        player = start.players[0]._replace(tokens=tokens, bonus=bonus)
        s = start._replace(players=(player, start.players[1]))
        legal = game.legal_commands(s, 0)
        for card in (c for row in s.market for c in row if c != EMPTY):
            buys = [c for c in legal if isinstance(c, Buy) and c.card == card]
            expected = _every_payment(game, card, bonus, tokens)
            paid = []
            for cmd in buys:
                (event, *_) = game.decide(s, cmd, random.Random(0))
                paid.append(game.vec(event.paid))
            assert len(paid) == len(set(paid)) and set(paid) == expected, (card, bonus, tokens)
            if buys:
                default = payment(
                    game.cost_items[card], game.rules.cards.wild_cost[card], bonus, tokens
                )
                assert buys[0].wild_for is None and paid[0] == default
                assert all(cmd.wild_for for cmd in buys[1:])
            checked += len(buys) > 1
            # Complete and canonical: every spelled-out payment is accepted
            # exactly when it is listed (the default one only without wild_for).
            need = [max(0, n - b) for n, b in zip(game.rules.cards.cost[card], bonus, strict=True)]
            listed = {cmd.wild_for for cmd in buys[1:]}
            for x in itertools.product(*(range(n + 2) for n in need)):
                names = tuple(game.rules.colors[i] for i in range(5) for _ in range(x[i]))
                cmd = Buy(seat=0, card=card, wild_for=names)
                try:
                    game.decide(s, cmd, random.Random(0))
                    accepted = True
                except IllegalCommand:
                    accepted = False
                assert accepted == (names in listed), (card, bonus, tokens, names)
    assert checked > 20  # the holdings drawn do allow wild payments often


def test_return_options_are_every_multiset_within_the_holdings() -> None:
    """The table behind `return_tokens` options: for each excess k (at most 3)
    and holdings capped at k, every multiset of k held tokens, sorted tuples in
    lexicographic order (the order the legal commands come in)."""
    for k in (1, 2, 3):
        for caps in itertools.product(range(k + 1), repeat=6):
            expected = sorted(
                tuple(i for i, n in enumerate(counts) for _ in range(n))
                for counts in itertools.product(*(range(cap + 1) for cap in caps))
                if sum(counts) == k
            )
            assert list(_multisets(caps, k)) == expected, (caps, k)
