"""`decide_move` of the shared commands: validation and consequences, on the
kernel's `EventBuilder` (each event is folded as it is emitted, so the end of
the turn reads the state the action made).

Every handler takes the game (its rule set and tables), the builder and the
command; `act` is the step they all finish with. `decide` draws nothing:
the start shuffle fixed every chance, and the refills are the decks' tops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.kernel import Command, Event, EventBuilder, IllegalCommand

from . import legal
from .codes import GemsCode
from .commands import Buy, Pass, Reserve, ReserveTop, ReturnTokens, TakeDifferent, TakeSame
from .evolve import on_turn_ended
from .payment import chosen, payment
from .ruleset import N_COLORS, WILD
from .state import ACTION, AUTO, ENDING, OVER, RETURN, Player, State

if TYPE_CHECKING:
    from .game import GemsGame

Builder = EventBuilder[State]
# (game, builder, command): a game's own handlers take its own class.
Handler = Callable[[Any, Builder, Any], None]


def act(g: GemsGame, b: Builder, event: Event) -> None:
    """Record the command's event and, if the turn has no decision left, end
    it: the game's automatic events (a single noble's visit) first, then
    `TurnEnded`. Each event is folded as it is recorded, as `emit` does; the
    commonest actions' folds end the turn in the same call (`CLOSING`)."""
    s = b.state
    events = b.events
    events.append(event)
    closing = g.closing.get(type(event))
    if closing is not None:
        after = closing(g, s, event, True)
        step = after.step
        if step in (ACTION, OVER):  # the fold ended the turn
            events.append(g.turn_ended[s.seat])
            b.state = after
            return
    else:
        after = g.folders[type(event)](g, s, event)
        step = after.step
    if step == AUTO:
        for extra in g.auto_events(after):
            events.append(extra)
            after = g.folders[type(extra)](g, after, extra)
        step = after.step
    if step == ENDING:
        ended = g.turn_ended[after.seat]
        events.append(ended)
        after = on_turn_ended(g, after, ended)
    b.state = after


def expect(g: GemsGame, s: State, step: int) -> None:
    if s.step != step:
        names = g.step_names
        raise IllegalCommand(
            GemsCode.WRONG_STEP,
            f"seat {s.seat} must now {names[s.step].replace('_', ' ')}, "
            f"not {names[step].replace('_', ' ')}",
        )


def known_card(g: GemsGame, card: int) -> int:
    if not 0 <= card < g.card_count:
        raise IllegalCommand(GemsCode.UNKNOWN_CARD, f"there is no card {card}")
    return card


def take_different(g: GemsGame, b: Builder, cmd: TakeDifferent) -> None:
    s = b.state
    if s.step != ACTION:
        expect(g, s, ACTION)
    idx = g.take_idx.get(cmd.colors)
    if idx is None:
        idx = tuple(sorted(g.color(c) for c in cmd.colors))
        if WILD in idx:
            raise IllegalCommand(
                GemsCode.WILD_NOT_TAKEABLE, f"{g.rules.wild} is only taken by reserving a card"
            )
        if len(set(idx)) != len(idx):
            raise IllegalCommand(GemsCode.COLORS_NOT_DIFFERENT, "the colours must all differ")
        g.take_idx[cmd.colors] = idx
    supply = s.supply
    for i in idx:
        if not supply[i]:
            raise IllegalCommand(
                GemsCode.TOKEN_UNAVAILABLE, f"no {g.rules.colors[i]} token is left"
            )
    if len(idx) != 3:
        avail = sum(1 for i in range(N_COLORS) if supply[i])
        if avail >= 3 or g.rules.short_take_exact:
            ok = len(idx) == min(3, avail)
        else:
            ok = 1 <= len(idx) <= avail
        if not ok or not idx:
            raise IllegalCommand(
                GemsCode.TAKE_COUNT,
                f"take 3 different colours (or as many as remain: {avail}), not {len(idx)}",
            )
    act(g, b, g.tokens_taken(cmd.seat, g.names_of(idx)))


def take_same(g: GemsGame, b: Builder, cmd: TakeSame) -> None:
    s = b.state
    if s.step != ACTION:
        expect(g, s, ACTION)
    i = g.color(cmd.color)
    if i == WILD:
        raise IllegalCommand(
            GemsCode.WILD_NOT_TAKEABLE, f"{g.rules.wild} is only taken by reserving a card"
        )
    if s.supply[i] < 4:
        raise IllegalCommand(
            GemsCode.TAKE_TWO_NEEDS_FOUR,
            f"two {cmd.color} need at least 4 in the supply; there are {s.supply[i]}",
        )
    act(g, b, g.tokens_taken(cmd.seat, (cmd.color, cmd.color)))


def _check_reserve(g: GemsGame, s: State, row: int) -> None:
    expect(g, s, ACTION)
    rules = g.rules
    if not rules.rows[row].reservable:
        raise IllegalCommand(
            GemsCode.NOT_RESERVABLE, f"{rules.rows[row].name} cards cannot be reserved"
        )
    if len(s.players[s.seat].reserved) >= rules.max_reserved:
        raise IllegalCommand(GemsCode.RESERVE_LIMIT, f"at most {rules.max_reserved} reserved cards")


def top_of(s: State, row: int) -> int | None:
    """The card that refills a slot of `row`: its deck's top, if any."""
    deck = s.decks[row]
    return deck[0] if deck else None


def reserve(g: GemsGame, b: Builder, cmd: Reserve) -> None:
    s = b.state
    card = known_card(g, cmd.card)
    row = g.rules.cards.row[card]
    _check_reserve(g, s, row)
    if card not in s.market[row]:
        raise IllegalCommand(GemsCode.CARD_NOT_AVAILABLE, f"card {card} is not face up")
    wild = s.supply[WILD] > 0
    act(g, b, g.card_reserved(cmd.seat, card, row + 1, False, wild, top_of(s, row)))


def reserve_top(g: GemsGame, b: Builder, cmd: ReserveTop) -> None:
    s = b.state
    row = cmd.level - 1
    if not 0 <= row < len(g.rules.rows):
        raise IllegalCommand(GemsCode.UNKNOWN_LEVEL, f"there is no level {cmd.level}")
    _check_reserve(g, s, row)
    if not s.decks[row]:
        raise IllegalCommand(GemsCode.DECK_EMPTY, f"the level {cmd.level} deck is empty")
    wild = s.supply[WILD] > 0
    act(g, b, g.card_reserved(cmd.seat, s.decks[row][0], cmd.level, True, wild, None))


def buy(g: GemsGame, b: Builder, cmd: Buy) -> None:
    s = b.state
    if s.step != ACTION:
        expect(g, s, ACTION)
    card = cmd.card
    if not 0 <= card < g.card_count:
        known_card(g, card)  # refuses
    p = s.players[cmd.seat]
    t = g.rules.cards
    row = t.row[card]
    if card in p.reserved:
        refill = None
    elif card in s.market[row]:
        deck = s.decks[row]
        refill = deck[0] if deck else None  # the row's top card replaces it
    else:
        raise IllegalCommand(
            GemsCode.CARD_NOT_AVAILABLE, f"card {card} is neither face up nor reserved by you"
        )
    if cmd.wild_for is None:
        paid = payment(g.cost_items[card], t.wild_cost[card], p.bonus, p.tokens)
        if paid is None:
            raise IllegalCommand(GemsCode.CANNOT_AFFORD, f"you cannot afford card {card}")
    else:
        paid = _chosen_payment(g, card, p, cmd.wild_for)
    act(g, b, g.card_bought(cmd.seat, card, g.names(paid), refill))


def _chosen_payment(
    g: GemsGame, card: int, p: Player, wild_for: tuple[str, ...]
) -> tuple[int, ...]:
    """The tokens paid for `card` when wild tokens stand in for the colours
    named in `wild_for` (one name per wild token)."""
    per_color = g.wild_for.get(wild_for)
    if per_color is None:
        counts = [0] * N_COLORS
        for name in wild_for:
            i = g.color(name)
            if i == WILD:
                raise IllegalCommand(
                    GemsCode.BAD_PAYMENT,
                    f"{g.rules.wild} stands in for coloured tokens, not for itself",
                )
            counts[i] += 1
        per_color = tuple(counts)
        if len(wild_for) <= g.rules.wild_tokens:  # keep the memo small
            g.wild_for[wild_for] = per_color
    t = g.rules.cards
    paid = chosen(g.cost_items[card], t.wild_cost[card], p.bonus, p.tokens, per_color)
    if paid == "excess":
        raise IllegalCommand(
            GemsCode.BAD_PAYMENT,
            f"wild_for replaces more tokens of a colour than card {card} costs you",
        )
    if paid == "short":
        raise IllegalCommand(
            GemsCode.CANNOT_AFFORD, f"you cannot pay card {card} that way (wild_for)"
        )
    if paid == "default":
        raise IllegalCommand(
            GemsCode.DEFAULT_PAYMENT,
            f"that is how card {card} is paid by default: buy it without wild_for",
        )
    assert not isinstance(paid, str)
    return paid


def return_tokens(g: GemsGame, b: Builder, cmd: ReturnTokens) -> None:
    s = b.state
    if s.step != RETURN:
        expect(g, s, RETURN)
    p = s.players[cmd.seat]
    excess = sum(p.tokens) - g.token_limit
    v = g.vecs.get(cmd.tokens)  # memoized only once every colour was known
    if v is None:
        for c in cmd.tokens:
            g.color(c)
    if len(cmd.tokens) != excess:  # before `vec`, whose memo must stay small
        raise IllegalCommand(
            GemsCode.RETURN_COUNT, f"return exactly {excess} token(s), not {len(cmd.tokens)}"
        )
    if v is None:
        v = g.vec(cmd.tokens)
    v0, v1, v2, v3, v4, v5 = v
    t0, t1, t2, t3, t4, t5 = p.tokens
    if v0 > t0 or v1 > t1 or v2 > t2 or v3 > t3 or v4 > t4 or v5 > t5:
        raise IllegalCommand(GemsCode.RETURN_NOT_HELD, "you do not hold those tokens")
    act(g, b, g.tokens_returned(cmd.seat, g.names(v)))


def pass_turn(g: GemsGame, b: Builder, cmd: Pass) -> None:
    s = b.state
    expect(g, s, ACTION)
    if legal.actions(g, s, cmd.seat):
        raise IllegalCommand(GemsCode.PASS_NOT_ALLOWED, "pass only when no action is possible")
    act(g, b, g.passed[cmd.seat])


HANDLERS: dict[type[Command], Handler] = {
    TakeDifferent: take_different,
    TakeSame: take_same,
    Reserve: reserve,
    ReserveTop: reserve_top,
    Buy: buy,
    ReturnTokens: return_tokens,
    Pass: pass_turn,
}
