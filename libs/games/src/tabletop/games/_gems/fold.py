"""`evolve` of the shared events: pure, never random. Each function takes the
game (for its rule set and end-of-turn hook), a state and an event.

After an action (or a return of tokens) the turn's next step is derived here
from the state alone: RETURN above the token limit, CHOOSE when the game's
end-of-turn decision is open (several nobles, a possible evolution), else the
transient ENDING that `decide` closes with automatic events and `TurnEnded`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import (
    CardBought,
    CardReserved,
    GameStarted,
    Passed,
    TokensReturned,
    TokensTaken,
    TurnEnded,
)
from .state import ACTION, CHOOSE, EMPTY, ENDING, OVER, RETURN, Player, State, new_player

if TYPE_CHECKING:
    from .engine import GemsGame


_new = tuple.__new__  # builds a named tuple from a tuple without its Python-level __new__


def plus(a: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
    """Token vectors (5 colours + wild) added; unpacking beats map() threefold."""
    a0, a1, a2, a3, a4, a5 = a
    v0, v1, v2, v3, v4, v5 = v
    return (a0 + v0, a1 + v1, a2 + v2, a3 + v3, a4 + v4, a5 + v5)


def minus(a: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
    a0, a1, a2, a3, a4, a5 = a
    v0, v1, v2, v3, v4, v5 = v
    return (a0 - v0, a1 - v1, a2 - v2, a3 - v3, a4 - v4, a5 - v5)


def replaced(t: tuple, i: int, v: object) -> tuple:
    """`t` with item `i` set to `v` (a list round trip is the fastest way)."""
    items = list(t)
    items[i] = v
    return tuple(items)


def take_from_market(
    market: tuple[tuple[int, ...], ...],
    decks: tuple[tuple[int, ...], ...],
    row: int,
    card: int,
    refill: int | None,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The market and decks after `card` leaves its slot and `refill` (the
    row's top card, recorded in the event) takes its place."""
    cards = market[row]
    slot = cards.index(card)
    if refill is None:
        return replaced(market, row, replaced(cards, slot, EMPTY)), decks
    return (
        replaced(market, row, replaced(cards, slot, refill)),
        replaced(decks, row, decks[row][1:]),
    )


def next_step(g: GemsGame, p: Player, market: tuple, nobles: tuple, limit_checked: bool) -> int:
    if not limit_checked and sum(p.tokens) > g.token_limit:
        return RETURN
    return CHOOSE if g.pending(p, market, nobles) else ENDING


def with_player(
    s: State,
    p: Player,
    supply: tuple[int, ...],
    market: tuple,
    decks: tuple,
    nobles: tuple,
    step: int,
    passes: int = 0,
) -> State:
    seat = s.seat
    players = list(s.players)
    players[seat] = p
    return _new(
        State,
        (
            tuple(players),
            supply,
            market,
            decks,
            nobles,
            seat,
            step,
            s.turn,
            s.ending,
            passes,
        ),
    )


def on_started(g: GemsGame, s: State | None, e: GameStarted) -> State:
    if s is not None:
        raise ValueError("game_started must be the first event")
    if e.decks is None:
        raise ValueError("a redacted game_started cannot be folded into a full state")
    players = tuple(new_player() for _ in range(e.players))
    return State(players, g.rules.supply(e.players), e.market, e.decks, e.nobles, 0, ACTION)


def on_taken(g: GemsGame, s: State, e: TokensTaken) -> State:
    v = g.vec(e.tokens)
    p = s.players[e.seat]
    p = _new(Player, (plus(p.tokens, v), *p[1:]))
    step = next_step(g, p, s.market, s.nobles, False)
    return with_player(s, p, minus(s.supply, v), s.market, s.decks, s.nobles, step)


def on_reserved(g: GemsGame, s: State, e: CardReserved) -> State:
    card, row = e.card, e.level - 1
    if card is None:
        raise ValueError("a redacted card_reserved cannot be folded into a full state")
    market, decks = s.market, s.decks
    if e.from_deck:
        decks = replaced(decks, row, decks[row][1:])
    else:
        market, decks = take_from_market(market, decks, row, card, e.refill)
    p = s.players[e.seat]
    tokens, supply = p.tokens, s.supply
    if e.wild:
        tokens = (*tokens[:5], tokens[5] + 1)
        supply = (*supply[:5], supply[5] - 1)
    p = Player(
        tokens,
        p.bonus,
        p.points,
        p.cards,
        (*p.reserved, card),
        (*p.blind, card) if e.from_deck else p.blind,
        p.nobles,
        p.under,
    )
    step = next_step(g, p, market, s.nobles, False)
    return with_player(s, p, supply, market, decks, s.nobles, step)


def on_bought(g: GemsGame, s: State, e: CardBought) -> State:
    card = e.card
    t = g.rules.cards
    p = s.players[e.seat]
    market, decks = s.market, s.decks
    reserved, blind = p.reserved, p.blind
    if card in reserved:
        reserved = tuple(c for c in reserved if c != card)
        if card in blind:
            blind = tuple(c for c in blind if c != card)
    else:
        market, decks = take_from_market(market, decks, t.row[card], card, e.refill)
    v = g.vec(e.paid)
    colour = t.bonus[card]
    bonus = replaced(p.bonus, colour, p.bonus[colour] + t.bonus_count[card])
    p = Player(
        minus(p.tokens, v),
        bonus,
        p.points + t.points[card],
        (*p.cards, card),
        reserved,
        blind,
        p.nobles,
        p.under,
    )
    step = next_step(g, p, market, s.nobles, False)
    return with_player(s, p, plus(s.supply, v), market, decks, s.nobles, step)


def on_returned(g: GemsGame, s: State, e: TokensReturned) -> State:
    v = g.vec(e.tokens)
    p = s.players[e.seat]
    p = _new(Player, (minus(p.tokens, v), *p[1:]))
    step = next_step(g, p, s.market, s.nobles, True)
    return with_player(s, p, plus(s.supply, v), s.market, s.decks, s.nobles, step, s.passes)


def on_passed(g: GemsGame, s: State, e: Passed) -> State:
    p = s.players[e.seat]
    step = next_step(g, p, s.market, s.nobles, False)
    return with_player(s, p, s.supply, s.market, s.decks, s.nobles, step, s.passes + 1)


def on_turn_ended(g: GemsGame, s: State, e: TurnEnded) -> State:
    n = len(s.players)
    target = g.rules.target
    ending = s.ending or s.players[s.seat].points >= target  # only the seat's points moved
    over = (ending and s.seat == n - 1) or s.passes >= n
    seat = s.seat if over else (s.seat + 1) % n
    return _new(State, (*s[:5], seat, OVER if over else ACTION, s.turn + 1, ending, s.passes))


FOLDERS = {
    GameStarted: on_started,
    TokensTaken: on_taken,
    CardReserved: on_reserved,
    CardBought: on_bought,
    TokensReturned: on_returned,
    Passed: on_passed,
    TurnEnded: on_turn_ended,
}
