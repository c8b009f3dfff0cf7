"""Rating-aware matching, pure: who plays whom, given a pool of waiting
seekers, the table size and the time. No I/O and no clock (`now` is given).

- Each seeker accepts opponents within a rating *window* that widens with
  waiting time, from `base` to `widest`; a provisional seeker (fewer than
  `provisional_games` rated games, so a rating that is mostly a guess)
  accepts a window `provisional_factor` times wider. Two seekers fit when
  their gap is within *both* windows, so a settled player is never handed a
  far-off opponent just because the other one waited long.
- Two players: the whole pool is paired at once by maximum-weight matching
  (Edmonds' blossom algorithm, `networkx.max_weight_matching`), as Lichess
  pairs its pools: the most pairs first, then the closest ones, ties to
  the longest waiters. Greedy pairing in arrival order strands players a
  global matching would have seated.
- Three and four players: the longest waiter's table is the tightest run of
  `players` neighbours in rating order that fits everyone's windows.
- A seeker who waited `bot_wait` seconds is seated with the closest fitting
  seekers still free and bots fill the rest; the bots' level is the one whose
  rating is nearest the humans' mean (`bot_level_for`).

The answer does not depend on the pool's order (seekers are sorted by id
first); the property tests in tests/matchmaking hold it to that.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import fmean

import networkx as nx  # type: ignore[import-untyped]  # no py.typed; no stubs kept

# The nominal rating (OpenSkill mu, where a new player starts at 25) each bot
# level plays at: what the backfill compares a waiting player's rating with.
# Bots are rated like anyone (ADR 0026) but a level's seat ids are shared by
# every game it plays, so its learned rating drifts with the crowd it meets;
# the anchors keep the choice stable and are overridable per call.
BOT_LEVEL_RATINGS: dict[str, float] = {
    "easy": 15.0,
    "medium": 22.0,
    "hard": 28.0,
    "expert": 33.0,
}


@dataclass(frozen=True, slots=True)
class Seeker:
    """One waiting ticket as matching sees it."""

    ticket_id: str
    rating: float  # OpenSkill mu of the player in this game
    games: int  # rated games so far (few: provisional)
    since: float  # unix time the ticket joined


@dataclass(frozen=True, slots=True)
class Window:
    """How far apart players may be, by waiting time (rating points, mu)."""

    base: float = 3.0
    widen_per_second: float = 0.5
    widest: float = 20.0
    provisional_games: int = 5
    provisional_factor: float = 2.0
    bot_wait: float = 10.0

    def of(self, seeker: Seeker, now: float) -> float:
        waited = max(0.0, now - seeker.since)
        width = min(self.widest, self.base + self.widen_per_second * waited)
        if seeker.games < self.provisional_games:
            width *= self.provisional_factor
        return width

    def fits(self, a: Seeker, b: Seeker, now: float) -> bool:
        return abs(a.rating - b.rating) <= min(self.of(a, now), self.of(b, now))

    def fits_all(self, group: Sequence[Seeker], now: float) -> bool:
        return all(self.fits(a, b, now) for i, a in enumerate(group) for b in group[i + 1 :])


@dataclass(frozen=True, slots=True)
class Table:
    """A group to seat: `seekers` (humans, best first by rating) and, when
    it is backfilled, the number of bots and their level."""

    seekers: tuple[Seeker, ...]
    bots: int = 0
    bot_level: str | None = None

    @property
    def spread(self) -> float:
        ratings = [s.rating for s in self.seekers]
        return max(ratings) - min(ratings) if ratings else 0.0


@dataclass(frozen=True, slots=True)
class Plan:
    tables: list[Table] = field(default_factory=list)

    def seated(self) -> set[str]:
        return {s.ticket_id for t in self.tables for s in t.seekers}


def bot_level_for(rating: float, levels: Mapping[str, float] | None = None) -> str:
    """The level whose rating is nearest `rating` (ties: the weaker level)."""
    table = levels if levels is not None else BOT_LEVEL_RATINGS
    if not table:
        raise ValueError("no bot levels to choose from")
    return min(table, key=lambda level: (abs(table[level] - rating), table[level], level))


def plan_tables(
    pool: Iterable[Seeker],
    players: int,
    now: float,
    window: Window | None = None,
    levels: Mapping[str, float] | None = None,
) -> Plan:
    """Every table to seat now from `pool` (`players` seats each)."""
    if players < 1:
        raise ValueError("a table has at least one seat")
    window = window or Window()
    free = sorted(pool, key=lambda s: s.ticket_id)
    if len({s.ticket_id for s in free}) != len(free):
        raise ValueError("two seekers share a ticket id")
    if players == 1:
        return Plan([Table((s,)) for s in free])
    tables = _pairs(free, now, window) if players == 2 else _groups(free, players, now, window)
    seated = {s.ticket_id for t in tables for s in t.seekers}
    rest = [s for s in free if s.ticket_id not in seated]
    return Plan([*tables, *_backfills(rest, players, now, window, levels)])


def _pairs(free: list[Seeker], now: float, window: Window) -> list[Table]:
    graph = nx.Graph()
    oldest = min((s.since for s in free), default=now)
    for i, a in enumerate(free):
        for b in free[i + 1 :]:
            if window.fits(a, b, now):
                # Closer is better; waiting breaks ties (a small term, so it
                # never outweighs closeness by more than a rating point).
                waited = (now - a.since) + (now - b.since)
                span = max(1.0, 2 * (now - oldest))
                weight = 2 * window.widest * window.provisional_factor - abs(a.rating - b.rating)
                graph.add_edge(a.ticket_id, b.ticket_id, weight=weight + waited / span)
    by_id = {s.ticket_id: s for s in free}
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    tables = [Table(_best_first(by_id[a], by_id[b])) for a, b in pairs]
    return sorted(tables, key=lambda t: min(s.ticket_id for s in t.seekers))


def _groups(free: list[Seeker], players: int, now: float, window: Window) -> list[Table]:
    tables: list[Table] = []
    remaining = sorted(free, key=lambda s: (s.rating, s.ticket_id))
    for oldest in sorted(free, key=lambda s: (s.since, s.ticket_id)):
        if oldest not in remaining:
            continue
        group = _tightest_run(remaining, oldest, players, now, window)
        if group is None:
            continue
        tables.append(Table(_best_first(*group)))
        remaining = [s for s in remaining if s not in group]
    return tables


def _tightest_run(
    by_rating: list[Seeker], member: Seeker, size: int, now: float, window: Window
) -> tuple[Seeker, ...] | None:
    """The `size` rating-neighbours holding `member` with the least spread
    that fit each other's windows, or None."""
    at = by_rating.index(member)
    best: tuple[Seeker, ...] | None = None
    for start in range(max(0, at - size + 1), min(at, len(by_rating) - size) + 1):
        run = tuple(by_rating[start : start + size])
        if not window.fits_all(run, now):
            continue
        if best is None or _spread(run) < _spread(best):
            best = run
    return best


def _backfills(
    rest: list[Seeker],
    players: int,
    now: float,
    window: Window,
    levels: Mapping[str, float] | None,
) -> list[Table]:
    tables: list[Table] = []
    remaining = list(rest)
    for oldest in sorted(rest, key=lambda s: (s.since, s.ticket_id)):
        if oldest not in remaining or now - oldest.since < window.bot_wait:
            continue
        group = [oldest]
        others = sorted(
            (s for s in remaining if s is not oldest),
            key=lambda s: (abs(s.rating - oldest.rating), s.ticket_id),
        )
        for other in others:
            if len(group) == players - 1:  # at least one bot: else it was a full table
                break
            if window.fits_all([*group, other], now):
                group.append(other)
        level = bot_level_for(fmean(s.rating for s in group), levels)
        tables.append(Table(_best_first(*group), bots=players - len(group), bot_level=level))
        remaining = [s for s in remaining if s not in group]
    return tables


def _best_first(*seekers: Seeker) -> tuple[Seeker, ...]:
    return tuple(sorted(seekers, key=lambda s: (-s.rating, s.ticket_id)))


def _spread(group: Sequence[Seeker]) -> float:
    return max(s.rating for s in group) - min(s.rating for s in group)
