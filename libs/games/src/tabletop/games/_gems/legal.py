"""Legal command generation: the hot path of every bot and benchmark.

Commands are immutable and valid by construction, so each distinct one is
built once (with `model_construct`) and reused: generating the legal list is
table lookups plus the affordability loop over at most 15 cards.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from tabletop.kernel import Command

from .messages import Buy, Pass, Reserve, ReserveTop, ReturnTokens, TakeDifferent, TakeSame
from .payment import wild_needed, wild_options
from .rules import N_COLORS, WILD
from .state import ACTION, CHOOSE, EMPTY, RETURN, State

if TYPE_CHECKING:
    from .engine import GemsGame

_NO_WILD = (0, 0, 0, 0, 0)


class CommandBook:
    """Every command a seat could ever send, built once per game and seat."""

    def __init__(self, game: GemsGame, seat: int) -> None:
        rules = game.rules
        names = rules.colors
        self.seat = seat
        self.take_different = {}
        for mask in range(1 << N_COLORS):
            avail = [i for i in range(N_COLORS) if mask >> i & 1]
            if len(avail) >= 3:
                picks = list(combinations(avail, 3))
            elif rules.short_take_exact:
                picks = [tuple(avail)] if avail else []
            else:
                picks = [c for k in range(1, len(avail) + 1) for c in combinations(avail, k)]
            self.take_different[mask] = tuple(
                TakeDifferent.model_construct(seat=seat, colors=tuple(names[i] for i in pick))
                for pick in picks
            )
        self.take_same = tuple(
            TakeSame.model_construct(seat=seat, color=names[i]) for i in range(N_COLORS)
        )
        self.reserve = {
            c: Reserve.model_construct(seat=seat, card=c)
            for c in range(len(rules.cards))
            if rules.rows[rules.cards.row[c]].reservable
        }
        self.reserve_top = tuple(
            ReserveTop.model_construct(seat=seat, level=r + 1) for r in range(len(rules.rows))
        )
        self.pass_ = (Pass.model_construct(seat=seat),)
        self.buy: dict[tuple[int, tuple[int, ...]], Buy] = {}
        self.returns: dict[tuple[int, ...], tuple[ReturnTokens, ...]] = {}
        self._names = names

    def buy_cmd(self, card: int, wild_for: tuple[int, ...]) -> Buy:
        key = (card, wild_for)
        cmd = self.buy.get(key)
        if cmd is None:
            names = self._names
            spent = tuple(names[i] for i in range(N_COLORS) for _ in range(wild_for[i]))
            cmd = self.buy[key] = Buy.model_construct(seat=self.seat, card=card, wild_for=spent)
        return cmd

    def return_cmds(self, tokens: tuple[int, ...], excess: int) -> tuple[ReturnTokens, ...]:
        cmds = self.returns.get(tokens)
        if cmds is None:
            held = [i for i in range(N_COLORS + 1) if tokens[i]]
            out = []
            for combo in combinations_with_replacement(held, excess):
                if all(combo.count(i) <= tokens[i] for i in set(combo)):
                    out.append(
                        ReturnTokens.model_construct(
                            seat=self.seat, tokens=tuple(self._names[i] for i in combo)
                        )
                    )
            cmds = self.returns[tokens] = tuple(out)
        return cmds


def legal_commands(g: GemsGame, s: State, seat: int) -> list[Command]:
    if seat != s.seat:
        return []
    step = s.step
    if step == ACTION:
        memo = s.memo
        cmds = memo.get("legal")
        if cmds is None:
            cmds = memo["legal"] = actions(g, s, seat) or g.books[seat].pass_
        return list(cmds)
    if step == RETURN:
        tokens = s.players[seat].tokens
        return list(g.books[seat].return_cmds(tokens, sum(tokens) - g.rules.token_limit))
    if step == CHOOSE:
        return g.choice_commands(s, seat)
    return []


def actions(g: GemsGame, s: State, seat: int) -> list[Command]:
    """Every legal action (no Pass): gem takes, reservations, purchases."""
    book = g.books[seat]
    supply = s.supply
    p = s.players[seat]
    mask = 0
    for i in range(N_COLORS):
        if supply[i]:
            mask |= 1 << i
    out: list[Command] = list(book.take_different[mask])
    for i in range(N_COLORS):
        if supply[i] >= 4:
            out.append(book.take_same[i])
    market = s.market
    if len(p.reserved) < g.rules.max_reserved:
        reserve = book.reserve
        for r in g.reservable_rows:
            for c in market[r]:
                if c != EMPTY:
                    out.append(reserve[c])
            if s.decks[r]:
                out.append(book.reserve_top[r])
    items, wild_cost = g.cost_items, g.rules.cards.wild_cost
    bonus, tokens = p.bonus, p.tokens
    wild = tokens[WILD]
    for row in market:
        for c in row:
            if c != EMPTY and wild_needed(items[c], wild_cost[c], bonus, tokens) <= wild:
                _add_buys(out, book, c, items[c], wild_cost[c], bonus, tokens)
    for c in p.reserved:
        if wild_needed(items[c], wild_cost[c], bonus, tokens) <= wild:
            _add_buys(out, book, c, items[c], wild_cost[c], bonus, tokens)
    return out


def _add_buys(out: list, book: CommandBook, card: int, items, wild_cost, bonus, tokens) -> None:
    if tokens[WILD] == wild_cost:  # no wild token to spare: one way to pay
        out.append(book.buy_cmd(card, _NO_WILD))
        return
    for vec in wild_options(items, wild_cost, bonus, tokens):
        out.append(book.buy_cmd(card, vec))
