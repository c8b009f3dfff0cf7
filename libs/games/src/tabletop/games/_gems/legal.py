"""Legal command generation: the hot path of every bot and benchmark.

Commands are immutable, so each distinct one is built (and validated) once
per seat and reused: the legal list is table lookups plus one affordability
test of every card at once (`afford.py`).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from tabletop.kernel import Command

from .commands import Buy, Pass, Reserve, ReserveTop, ReturnTokens, TakeDifferent, TakeSame
from .payment import wild_choices
from .ruleset import N_COLORS
from .state import ACTION, CHOOSE, EMPTY, RETURN, State

if TYPE_CHECKING:
    from .game import GemsGame


class CommandBook:
    """Every command a seat could ever send, built once per game and seat."""

    def __init__(self, game: GemsGame, seat: int) -> None:
        rules = game.rules
        names = rules.colors
        self.seat = seat
        self.take_different = {}
        for mask in range(1 << N_COLORS):
            avail = [i for i in range(N_COLORS) if mask >> i & 1]
            picks: list[tuple[int, ...]]
            if len(avail) >= 3:
                picks = list(combinations(avail, 3))
            elif rules.short_take_exact:
                picks = [tuple(avail)] if avail else []
            else:
                picks = [c for k in range(1, len(avail) + 1) for c in combinations(avail, k)]
            self.take_different[mask] = tuple(
                TakeDifferent(seat=seat, colors=tuple(names[i] for i in pick)) for pick in picks
            )
        self.take_same = tuple(TakeSame(seat=seat, color=names[i]) for i in range(N_COLORS))
        self.reserve = {
            c: Reserve(seat=seat, card=c)
            for c in range(len(rules.cards))
            if rules.rows[rules.cards.row[c]].reservable
        }
        self.reserve_top = tuple(ReserveTop(seat=seat, level=r + 1) for r in range(len(rules.rows)))
        self.pass_ = (Pass(seat=seat),)
        self.buy_plain = tuple(Buy(seat=seat, card=c) for c in range(len(rules.cards)))
        # The buys paying otherwise than by default (see `wild_buys`).
        self.wild_buys_by: dict[tuple[int, int, int, int], tuple[Buy, ...]] = {}
        self._buy_by_payment: dict[tuple[int, tuple[int, ...]], Buy] = {}
        self._items = game.cost_items
        self._wild_cost = rules.cards.wild_cost
        self.takes: dict[int, tuple[Command, ...]] = {}  # by supply key (_KEY_BITS)
        # The reservations for the last (market, decks) pair seen, by identity:
        # both tuples are shared from state to state until a card moves.
        self._reservations: tuple[object, object, tuple[Command, ...]] = (None, None, ())
        self._reservable_rows = tuple(i for i, row in enumerate(rules.rows) if row.reservable)
        self.returns: dict[tuple[int, ...], tuple[ReturnTokens, ...]] = {}  # by capped tokens
        # Every return of up to 3 tokens (an action takes at most 3), built at
        # once: a game would otherwise validate new ones well into its life.
        self._return_by_combo: dict[tuple[int, ...], ReturnTokens] = {
            combo: ReturnTokens(seat=seat, tokens=tuple(names[i] for i in combo))
            for k in range(1, 4)
            for combo in combinations_with_replacement(range(N_COLORS + 1), k)
        }
        self._names = names

    def _return_cmd(self, combo: tuple[int, ...]) -> ReturnTokens:
        cmd = self._return_by_combo.get(combo)
        if cmd is None:
            names = tuple(self._names[i] for i in combo)
            cmd = self._return_by_combo[combo] = ReturnTokens(seat=self.seat, tokens=names)
        return cmd

    def wild_buys(
        self,
        c: int,
        key: tuple[int, int, int, int],
        bonus: tuple[int, ...],
        tokens: tuple[int, ...],
    ) -> tuple[Buy, ...]:
        """Buying card `c` with wild tokens in place of coloured ones beyond
        the default payment: one command per distinct payment
        (`payment.wild_choices`), () when none. `key` is (card, wild tokens
        to spare, the card's lanes of `Affordability.shortfalls`), which
        decide the payments; `actions` looks it up first."""
        choices = wild_choices(self._items[c], self._wild_cost[c], bonus, tokens)
        cmds = self.wild_buys_by[key] = tuple(self._buy_cmd(c, x) for x in choices)
        return cmds

    def _buy_cmd(self, c: int, wild_for: tuple[int, ...]) -> Buy:
        cmd = self._buy_by_payment.get((c, wild_for))
        if cmd is None:
            names = _WILD_NAMES.get((self._names, wild_for))
            if names is None:
                names = tuple(self._names[i] for i in range(N_COLORS) for _ in range(wild_for[i]))
                _WILD_NAMES[self._names, wild_for] = names
            cmd = Buy(seat=self.seat, card=c, wild_for=names)
            self._buy_by_payment[c, wild_for] = cmd
        return cmd

    def take_cmds(self, key: int) -> tuple[Command, ...]:
        """The gem actions for a supply key (see `_KEY_BITS`)."""
        cmds = self.takes.get(key)
        if cmds is None:
            same = tuple(self.take_same[i] for i in range(N_COLORS) if key >> (5 + i) & 1)
            cmds = self.takes[key] = self.take_different[key & 31] + same
        return cmds

    def reservations(self, market: tuple, decks: tuple) -> tuple[Command, ...]:
        """Reserving each face-up card, then each non-empty deck's top, per row."""
        last = self._reservations
        if last[0] is market and last[1] is decks:
            return last[2]
        out: list[Command] = []
        reserve = self.reserve.__getitem__
        for r in self._reservable_rows:
            row = market[r]
            out += (
                map(reserve, row) if EMPTY not in row else [reserve(c) for c in row if c != EMPTY]
            )
            if decks[r]:
                out.append(self.reserve_top[r])
        cmds = tuple(out)
        self._reservations = (market, decks, cmds)
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


# wild_for as colour names, per (colour names, wild tokens per colour).
_WILD_NAMES: dict[tuple[tuple[str, ...], tuple[int, ...]], tuple[str, ...]] = {}
_MULTISETS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}
# Per size k: every multiset of k of the six token kinds (sorted tuples, in
# lexicographic order) with its counts packed in 5-bit fields.
_EVERY: dict[int, tuple[tuple[tuple[int, ...], int], ...]] = {}
_FITS = sum(16 << (5 * i) for i in range(N_COLORS + 1))  # every field's guard bit


def _multisets(caps: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of `k` colour indices with at most caps[i] of colour i
    (caps and k at most 15), as sorted tuples in lexicographic order."""
    found = _MULTISETS.get((caps, k))
    if found is None:
        every = _EVERY.get(k)
        if every is None:
            every = _EVERY[k] = tuple(
                (m, sum(1 << (5 * i) for i in m))
                for m in combinations_with_replacement(range(N_COLORS + 1), k)
            )
        # Field i of room - counts keeps its guard bit exactly when count <= cap.
        room = sum((16 + cap) << (5 * i) for i, cap in enumerate(caps))
        found = tuple(m for m, counts in every if (room - counts) & _FITS == _FITS)
        _MULTISETS[caps, k] = found
    return found


# The supply key: bits 0-4 the colours with a token left, bits 5-9 those
# with 4 or more. Per colour and count in the supply (at most 15, past any
# supply): that colour's bits, so a key is five lookups and four ORs.
_KEY_BITS = tuple(
    tuple((n > 0) << i | (n > 3) << (5 + i) for n in range(16)) for i in range(N_COLORS)
)


def legal_commands(g: GemsGame, s: State, seat: int) -> list[Command]:
    if seat != s.seat:
        return []
    step = s.step
    if step == ACTION:
        memo = s.__dict__  # the state's memo, without the property call
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
    s0, s1, s2, s3, s4, _ = s.supply
    k0, k1, k2, k3, k4 = _KEY_BITS
    key = k0[s0] | k1[s1] | k2[s2] | k3[s3] | k4[s4]
    takes = book.takes.get(key)
    out: list[Command] = list(takes or book.take_cmds(key))
    market = s.market
    tokens, bonus, _, _, reserved, _, _, _ = s.players[seat]
    if len(reserved) < g.rules.max_reserved:
        out += book.reservations(market, s.decks)
    afford = g.afford
    # Per lane, 32 + the wild tokens held - the card's wild need: bit 5 set when
    # affordable, bits 0-4 then the wild tokens the default payment leaves spare.
    t0, t1, t2, t3, t4, wild = tokens
    b0, b1, b2, b3, b4 = bonus
    h0, h1, h2, h3, h4 = afford.short
    need = h0[b0 + t0] + h1[b1 + t1] + h2[b2 + t2] + h3[b3 + t3] + h4[b4 + t4]
    spares = afford.budget[wild] - need
    ok = spares & afford.guards  # every affordable card's lane bit
    if not wild:  # the common case: one way to pay each card
        if ok:
            bit = afford.bit
            plain = book.buy_plain
            for row in market:
                for c in row:
                    if ok & bit[c]:
                        out.append(plain[c])
            for c in reserved:
                if ok & bit[c]:
                    out.append(plain[c])
        return out
    # Each card's default payment, then the others when a wild token is left
    # to spare (the lane's low bits) to stand in for a coloured one.
    if ok:
        bit = afford.bit
        shift = afford.shift
        plain = book.buy_plain
        short = paid = -1  # computed on first need
        for row in (*market, reserved):
            for c in row:
                if ok & bit[c]:
                    out.append(plain[c])
                    spare = spares >> shift[c] & 31
                    if spare:
                        if short < 0:
                            short, paid = afford.shortfalls(tokens, bonus)
                        if not paid:
                            continue  # no coloured token in any default payment
                        at = afford.wide_shift[c]
                        ways = (c, spare, short >> at & 0xFFFFF, paid >> at & 0xFFFFF)
                        cmds = book.wild_buys_by.get(ways)
                        out += cmds if cmds is not None else book.wild_buys(c, ways, bonus, tokens)
    return out
