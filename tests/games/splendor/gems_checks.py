"""Invariants of the gem-market engine, shared by the Splendor and Splendor
Pokémon tests: token and card conservation and the bookkeeping that must
hold after every command."""

from __future__ import annotations

import random
from typing import Any

from tabletop.games._gems import ACTION, EMPTY, GemsGame, State


def tokens_conserved(game: GemsGame, s: State) -> None:
    total = game.rules.supply(len(s.players))
    held = [sum(p.tokens[i] for p in s.players) for i in range(6)]
    assert tuple(a + b for a, b in zip(s.supply, held, strict=True)) == total, (s.supply, held)
    assert min(s.supply) >= 0 and all(min(p.tokens) >= 0 for p in s.players)


def cards_conserved(game: GemsGame, s: State) -> None:
    seen = [c for deck in s.decks for c in deck]
    seen += [c for row in s.market for c in row if c != EMPTY]
    for p in s.players:
        seen += [*p.cards, *p.reserved, *p.under]
    assert sorted(seen) == list(range(len(game.rules.cards))), "a card was lost or duplicated"
    table = game.rules.cards
    for r, deck in enumerate(s.decks):
        assert all(table.row[c] == r for c in deck)
        assert all(table.row[c] == r for c in s.market[r] if c != EMPTY)


def bookkeeping(game: GemsGame, s: State, noble_points: int = 3) -> None:
    table = game.rules.cards
    for p in s.players:
        bonus = [0] * 5
        for c in p.cards:
            bonus[table.bonus[c]] += table.bonus_count[c]
        assert tuple(bonus) == p.bonus
        assert p.points == sum(table.points[c] for c in p.cards) + noble_points * len(p.nobles)
        assert len(p.reserved) <= game.rules.max_reserved
        assert set(p.blind) <= set(p.reserved)
        if s.step == ACTION:
            assert sum(p.tokens) <= game.rules.token_limit


def random_games(game: GemsGame, players: int, games: int, seed: int = 0) -> int:
    """Play random games checking every invariant after every command;
    returns the number of commands played."""
    rng = random.Random(seed)
    played = 0
    for _ in range(games):
        s = game.new(players, seed=rng.getrandbits(32))
        while game.to_act(s):
            seat = game.to_act(s)[0]
            s = game.apply(s, rng.choice(game.legal_commands(s, seat)))
            tokens_conserved(game, s)
            cards_conserved(game, s)
            bookkeeping(game, s)
            played += 1
        assert game.outcome(s) is not None
    return played


def with_player(s: State, seat: int, **fields: Any) -> State:
    """A copy of `s` with some of one player's fields replaced (for rule tests)."""
    players = list(s.players)
    players[seat] = players[seat]._replace(**fields)
    return s._replace(players=tuple(players))
