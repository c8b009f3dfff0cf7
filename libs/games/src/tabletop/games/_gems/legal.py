"""Legal command generation: the hot path of every bot and benchmark.

Commands are immutable and valid by construction, so each distinct one is
built once (with the lean constructor of `fast.py`) and reused: the legal list is
table lookups plus the affordability loop over at most 15 cards.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from tabletop.kernel import Command

from .fast import maker
from .messages import Buy, Pass, Reserve, ReserveTop, ReturnTokens, TakeDifferent, TakeSame
from .payment import wild_needed
from .rules import N_COLORS, WILD
from .state import ACTION, CHOOSE, EMPTY, RETURN, State

if TYPE_CHECKING:
    from .engine import GemsGame

GUARDS = sum(16 << (5 * i) for i in range(N_COLORS + 1))


def pack(counts: tuple[int, ...]) -> int:
    """Counts per colour, wild last (each at most 15), in 5-bit fields."""
    return sum(n << (5 * i) for i, n in enumerate(counts))


_make = {
    c: maker(c) for c in (TakeDifferent, TakeSame, Reserve, ReserveTop, Buy, ReturnTokens, Pass)
}


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
                _make[TakeDifferent](seat=seat, colors=tuple(names[i] for i in pick))
                for pick in picks
            )
        self.take_same = tuple(_make[TakeSame](seat=seat, color=names[i]) for i in range(N_COLORS))
        self.reserve = {
            c: _make[Reserve](seat=seat, card=c)
            for c in range(len(rules.cards))
            if rules.rows[rules.cards.row[c]].reservable
        }
        self.reserve_top = tuple(
            _make[ReserveTop](seat=seat, level=r + 1) for r in range(len(rules.rows))
        )
        self.pass_ = (_make[Pass](seat=seat),)
        self.buy_plain = tuple(_make[Buy](seat=seat, card=c) for c in range(len(rules.cards)))
        self.takes: dict[int, tuple[Command, ...]] = {}  # by supply_key()
        self.returns: dict[tuple[int, ...], tuple[ReturnTokens, ...]] = {}  # by capped tokens
        self._return_by_combo: dict[tuple[int, ...], ReturnTokens] = {}
        self._names = names

    def _return_cmd(self, combo: tuple[int, ...]) -> ReturnTokens:
        cmd = self._return_by_combo.get(combo)
        if cmd is None:
            names = tuple(self._names[i] for i in combo)
            cmd = self._return_by_combo[combo] = _make[ReturnTokens](seat=self.seat, tokens=names)
        return cmd

    def take_cmds(self, key: int) -> tuple[Command, ...]:
        """The gem actions for a `supply_key`."""
        cmds = self.takes.get(key)
        if cmds is None:
            same = tuple(self.take_same[i] for i in range(N_COLORS) if key >> (5 + i) & 1)
            cmds = self.takes[key] = self.take_different[key & 31] + same
        return cmds

    def return_cmds(self, tokens: tuple[int, ...], excess: int) -> tuple[ReturnTokens, ...]:
        # Holding more of a colour than the excess adds no option: cap the key.
        t0, t1, t2, t3, t4, t5 = tokens
        e = excess
        key = (
            e,
            t0 if t0 < e else e,
            t1 if t1 < e else e,
            t2 if t2 < e else e,
            t3 if t3 < e else e,
            t4 if t4 < e else e,
            t5 if t5 < e else e,
        )
        cmds = self.returns.get(key)
        if cmds is None:
            cmds = self.returns[key] = tuple(map(self._return_cmd, _multisets(key[1:], e)))
        return cmds


_MULTISETS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def _multisets(caps: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of `k` colour indices with at most caps[i] of colour i,
    as sorted tuples in lexicographic order."""
    found = _MULTISETS.get((caps, k))
    if found is None:
        out: list[tuple[int, ...]] = []

        def pick(i: int, left: int, acc: tuple[int, ...]) -> None:
            if left == 0:
                out.append(acc)
            elif i < len(caps):
                for n in range(min(caps[i], left), -1, -1):
                    pick(i + 1, left - n, acc + (i,) * n)

        pick(0, k, ())
        found = _MULTISETS[caps, k] = tuple(out)
    return found


def supply_key(supply: tuple[int, ...]) -> int:
    """Bits 0-4: colours with a token left; bits 5-9: colours with 4 or more."""
    s0, s1, s2, s3, s4, _ = supply
    return (
        (s0 > 0)
        | (s1 > 0) << 1
        | (s2 > 0) << 2
        | (s3 > 0) << 3
        | (s4 > 0) << 4
        | (s0 > 3) << 5
        | (s1 > 3) << 6
        | (s2 > 3) << 7
        | (s3 > 3) << 8
        | (s4 > 3) << 9
    )


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
    out: list[Command] = list(book.take_cmds(supply_key(supply)))
    market = s.market
    if len(p.reserved) < g.rules.max_reserved:
        reserve = book.reserve
        decks = s.decks
        for r in g.reservable_rows:
            out += [reserve[c] for c in market[r] if c != EMPTY]
            if decks[r]:
                out.append(book.reserve_top[r])
    # Affordability without substituting wild tokens, all colours at once:
    # 5-bit fields holding min(bonus + tokens, 15) (wild: tokens, against the
    # printed wild cost) plus a guard bit; a field's guard bit survives
    # subtracting the packed cost iff that colour is covered.
    b, t = p.bonus, p.tokens
    h0, h1, h2, h3, h4 = b[0] + t[0], b[1] + t[1], b[2] + t[2], b[3] + t[3], b[4] + t[4]
    hg = (
        GUARDS
        + (h0 if h0 < 15 else 15)
        + ((h1 if h1 < 15 else 15) << 5)
        + ((h2 if h2 < 15 else 15) << 10)
        + ((h3 if h3 < 15 else 15) << 15)
        + ((h4 if h4 < 15 else 15) << 20)
        + (t[5] << 25)  # at most 5 wild tokens exist
    )
    packed = g.packed_cost
    plain = book.buy_plain
    wild = t[WILD]
    if not wild:
        for row in market:
            for c in row:
                if c != EMPTY and (hg - packed[c]) & GUARDS == GUARDS:
                    out.append(plain[c])
        for c in p.reserved:
            if (hg - packed[c]) & GUARDS == GUARDS:
                out.append(plain[c])
        return out
    wild_cost = g.rules.cards.wild_cost
    items = g.cost_items
    for c in [c for row in market for c in row if c != EMPTY] + list(p.reserved):
        if (hg - packed[c]) & GUARDS == GUARDS or wild_needed(items[c], wild_cost[c], b, t) <= wild:
            out.append(plain[c])
    return out
