"""`evolve` of the shared events: pure, never random. Each function takes the
game (for its rule set and end-of-turn hook), a state and an event.

After an action (or a return of tokens) the turn's next step is derived here
from the state alone: RETURN above the token limit, else the game's
`turn_end`: CHOOSE when its end-of-turn decision is open (several nobles, a
possible evolution), AUTO when automatic events are due (one noble), else
ENDING; `decide` closes the last two with those events and `TurnEnded`.
The folds of the commonest actions can close the turn themselves
(`CLOSING`): `decide` then gets the state after `TurnEnded` in one call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import stall
from .events import (
    CardBought,
    CardReserved,
    GameStarted,
    Passed,
    TokensReturned,
    TokensTaken,
    TurnEnded,
)
from .stall import NO_STALL, Stall, after_round
from .state import ACTION, EMPTY, ENDING, OVER, RETURN, Player, State, new_player

if TYPE_CHECKING:
    from .game import GemsGame


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
    # Three list round trips in place (this runs for every card that leaves).
    cards = list(market[row])
    cards[cards.index(card)] = EMPTY if refill is None else refill
    rows = list(market)
    rows[row] = tuple(cards)
    if refill is None:
        return tuple(rows), decks
    piles = list(decks)
    piles[row] = decks[row][1:]
    return tuple(rows), tuple(piles)


def next_step(g: GemsGame, p: Player, market: tuple, nobles: tuple, limit_checked: bool) -> int:
    if not limit_checked and sum(p.tokens) > g.token_limit:
        return RETURN
    return g.turn_end(p, market, nobles)


def with_player(
    s: State,
    p: Player,
    supply: tuple[int, ...],
    market: tuple,
    decks: tuple,
    nobles: tuple,
    step: int,
    passes: int,
    stalls: Stall,
) -> State:
    """`s` with the seat's player, the table and the turn's step replaced."""
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
            stalls,
        ),
    )


def on_started(g: GemsGame, s: State | None, e: GameStarted) -> State:
    if s is not None:
        raise ValueError("game_started must be the first event")
    if e.decks is None:
        raise ValueError("a redacted game_started cannot be folded into a full state")
    players = tuple(new_player() for _ in range(e.players))
    return State(players, g.rules.supply(e.players), e.market, e.decks, e.nobles, 0, ACTION)


def on_taken(g: GemsGame, s: State, e: TokensTaken, close: bool = False) -> State:
    # The most frequent event: unpacked in place, no helper calls. `close`:
    # fold the turn's end too when nothing is left to do in it (`CLOSING`).
    players, supply, market, decks, nobles, seat, _, turn, ending, _, stalls = s
    v0, v1, v2, v3, v4, v5 = g.vecs.get(e.tokens) or g.vec(e.tokens)
    p = players[e.seat]
    t0, t1, t2, t3, t4, t5 = p.tokens
    t0, t1, t2, t3, t4, t5 = t0 + v0, t1 + v1, t2 + v2, t3 + v3, t4 + v4, t5 + v5
    p = _new(Player, ((t0, t1, t2, t3, t4, t5), *p[1:]))
    step = RETURN if t0 + t1 + t2 + t3 + t4 + t5 > g.token_limit else g.turn_end(p, market, nobles)
    a0, a1, a2, a3, a4, a5 = supply
    supply = (a0 - v0, a1 - v1, a2 - v2, a3 - v3, a4 - v4, a5 - v5)
    changed = list(players)
    changed[seat] = p
    if close and step == ENDING:
        return end_of_turn(
            g, tuple(changed), supply, market, decks, nobles, seat, turn, ending, 0, stalls
        )
    return _new(
        State,
        (tuple(changed), supply, market, decks, nobles, seat, step, turn, ending, 0, stalls),
    )


def on_reserved(g: GemsGame, s: State, e: CardReserved, close: bool = False) -> State:
    card, row = e.card, e.level - 1
    if card is None:
        raise ValueError("a redacted card_reserved cannot be folded into a full state")
    market, decks = s.market, s.decks
    if e.from_deck:
        decks = replaced(decks, row, decks[row][1:])
    else:
        market, decks = take_from_market(market, decks, row, card, e.refill)
    tokens, bonus, points, cards, reserved, blind, nobles, under = s.players[e.seat]
    supply = s.supply
    if e.wild:
        t0, t1, t2, t3, t4, t5 = tokens
        tokens = (t0, t1, t2, t3, t4, t5 + 1)
        a0, a1, a2, a3, a4, a5 = supply
        supply = (a0, a1, a2, a3, a4, a5 - 1)
    if e.from_deck:
        blind = (*blind, card)
    p = _new(Player, (tokens, bonus, points, cards, (*reserved, card), blind, nobles, under))
    step = next_step(g, p, market, s.nobles, False)
    if close and step == ENDING:
        players = list(s.players)
        players[s.seat] = p
        return end_of_turn(
            g,
            tuple(players),
            supply,
            market,
            decks,
            s.nobles,
            s.seat,
            s.turn,
            s.ending,
            0,
            NO_STALL,
        )
    return with_player(s, p, supply, market, decks, s.nobles, step, 0, NO_STALL)  # a card moved


def on_bought(g: GemsGame, s: State, e: CardBought, close: bool = False) -> State:
    card = e.card
    t = g.rules.cards
    players, supply, market, decks, nobles, seat, _, turn, ending, _, _ = s
    tokens, bonus, points, cards, reserved, blind, won, under = players[e.seat]
    if card in reserved:
        reserved = tuple(c for c in reserved if c != card)
        if card in blind:
            blind = tuple(c for c in blind if c != card)
    else:
        market, decks = take_from_market(market, decks, t.row[card], card, e.refill)
    v0, v1, v2, v3, v4, v5 = g.vecs.get(e.paid) or g.vec(e.paid)
    t0, t1, t2, t3, t4, t5 = tokens
    t0, t1, t2, t3, t4, t5 = t0 - v0, t1 - v1, t2 - v2, t3 - v3, t4 - v4, t5 - v5
    colour = t.bonus[card]
    bonus = replaced(bonus, colour, bonus[colour] + t.bonus_count[card])
    p = _new(
        Player,
        (
            (t0, t1, t2, t3, t4, t5),
            bonus,
            points + t.points[card],
            (*cards, card),
            reserved,
            blind,
            won,
            under,
        ),
    )
    step = RETURN if t0 + t1 + t2 + t3 + t4 + t5 > g.token_limit else g.turn_end(p, market, nobles)
    a0, a1, a2, a3, a4, a5 = supply
    supply = (a0 + v0, a1 + v1, a2 + v2, a3 + v3, a4 + v4, a5 + v5)
    changed = list(players)
    changed[seat] = p
    if close and step == ENDING:  # a card moved: the stall record starts again
        return end_of_turn(
            g, tuple(changed), supply, market, decks, nobles, seat, turn, ending, 0, NO_STALL
        )
    return _new(  # a card moved: the stall record starts again
        State,
        (tuple(changed), supply, market, decks, nobles, seat, step, turn, ending, 0, NO_STALL),
    )


def on_returned(g: GemsGame, s: State, e: TokensReturned) -> State:
    v = g.vec(e.tokens)
    p = s.players[e.seat]
    p = _new(Player, (minus(p.tokens, v), *p[1:]))
    step = next_step(g, p, s.market, s.nobles, True)
    return with_player(
        s, p, plus(s.supply, v), s.market, s.decks, s.nobles, step, s.passes, s.stall
    )


def on_passed(g: GemsGame, s: State, e: Passed) -> State:
    p = s.players[e.seat]
    step = next_step(g, p, s.market, s.nobles, False)
    return with_player(s, p, s.supply, s.market, s.decks, s.nobles, step, s.passes + 1, s.stall)


def on_turn_ended(g: GemsGame, s: State, e: TurnEnded) -> State:
    return end_of_turn(g, *s[:6], *s[7:])  # every field but the step


def end_of_turn(
    g: GemsGame,
    players: tuple[Player, ...],
    supply: tuple[int, ...],
    market: tuple,
    decks: tuple,
    nobles: tuple,
    seat: int,
    turn: int,
    ending: bool,
    passes: int,
    stalls: Stall,
) -> State:
    """The state after `TurnEnded`, from the fields of the state before it."""
    n = len(players)
    ending = ending or players[seat].points >= g.rules.target  # only the seat's points moved
    over = (ending and seat == n - 1) or passes >= n
    if seat == n - 1 and not over:  # a round ends: the stall guard's check
        tokens = next(zip(*players, strict=True))  # every seat's first field
        stalls = after_round(stalls, (supply, *tokens))
        over = stalls[1] >= stall.STALL_REPEATS
    return _new(
        State,
        (
            players,
            supply,
            market,
            decks,
            nobles,
            seat if over else (seat + 1) % n,
            OVER if over else ACTION,
            turn + 1,
            ending,
            passes,
            stalls,
        ),
    )


# (game, state, event) -> state, each folder for its own event type.
FOLDERS: dict[type, Callable[..., State]] = {
    GameStarted: on_started,
    TokensTaken: on_taken,
    CardReserved: on_reserved,
    CardBought: on_bought,
    TokensReturned: on_returned,
    Passed: on_passed,
    TurnEnded: on_turn_ended,
}

# The folds that end the turn themselves when called with `close=True` and
# nothing else is left to do in it (`decide.act`).
CLOSING: dict[type, Callable[..., State]] = {
    TokensTaken: on_taken,
    CardBought: on_bought,
    CardReserved: on_reserved,
}
