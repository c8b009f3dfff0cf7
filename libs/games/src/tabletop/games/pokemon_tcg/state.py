"""The internal game state: `NamedTuple` records of tuples and ints (ADR 0021),
copied with `tabletop.kernel.replace`.

Every physical card is an instance id: seat 0 owns 0..59, seat 1 owns 60..119
(in deck-list order); `State.cards[i]` is the card id of instance i. Decks
and prizes are tuples, top first; hands are sorted (their order means nothing).
A Pokémon in play is a `Mon`, named by the instance of its top card.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from itertools import compress
from typing import Any, NamedTuple, TypeVar

from .cards import Card, catalog

DECK = 60
HAND = 7
PRIZES = 6
BENCH = 5

# Phases.
CHOOSE_FIRST, SETUP, MAIN, ATTACKED, CHECKUP, BETWEEN, OVER = range(7)
PHASE_NAMES = ("choose_first", "setup", "main", "attacked", "checkup", "between_turns", "over")

# The special conditions that replace each other (only one at a time).
NO_ROTATION, ASLEEP, CONFUSED, PARALYZED = range(4)
ROTATION_NAMES = ("", "asleep", "confused", "paralyzed")

# Things a player may do once per turn (bits of State.used): attach Energy from
# the hand, play a Supporter, play a Stadium, retreat, use the Stadium in play.
ENERGY, SUPPORTER, STADIUM, RETREAT, STADIUM_EFFECT = 1, 2, 4, 8, 16

Vars = tuple[tuple[str, Any], ...]


class Mon(NamedTuple):
    card: int  # instance of the top card
    below: tuple[int, ...] = ()  # the Pokémon it evolved from, bottom first
    energy: tuple[int, ...] = ()
    tool: int = -1
    damage: int = 0
    since: int = 0  # turn it came into play or last evolved


class Side(NamedTuple):
    deck: tuple[int, ...] = ()
    known_top: tuple[int, ...] = ()  # the deck's top cards both players know (put there openly)
    hand: tuple[int, ...] = ()
    known: tuple[int, ...] = ()  # cards in the hand the opponent has seen arrive there
    discard: tuple[int, ...] = ()
    prizes: tuple[int, ...] = ()
    active: Mon | None = None
    bench: tuple[Mon, ...] = ()
    # Special conditions of the Active Pokémon (the Bench has none).
    rotation: int = NO_ROTATION
    rotation_turn: int = 0  # turn the rotation condition was applied (for Paralyzed)
    poison: int = 0  # damage counters per checkup; 0 = not Poisoned
    burned: bool = False
    mulligans: int = 0
    ready: bool = False  # finished placing Pokémon during setup

    def mons(self) -> tuple[Mon, ...]:
        return ((self.active,) if self.active else ()) + self.bench

    def find(self, instance: int) -> Mon | None:
        active = self.active
        if active is not None and active.card == instance:
            return active
        for mon in self.bench:
            if mon.card == instance:
                return mon
        return None


class Resume(NamedTuple):
    """Where a paused effect continues once its prompt is answered."""

    script: str  # registry key of the effect script
    step: int  # index of the next step
    seat: int  # the effect's controller
    source: int  # instance of the card whose effect this is
    vars: Vars = ()


class Prompt(NamedTuple):
    """A choice inside an effect, made by `seat` one pick at a time: each
    pick is one of `options`; `done` ends it once `need` picks are made,
    and it ends by itself after `most` picks or when no option is left."""

    seat: int
    kind: str  # what is chosen, e.g. "promote", "bench_target", "search_basic"
    options: tuple[int, ...]
    need: int = 1
    most: int = 1
    picked: tuple[int, ...] = ()
    key: str = "choice"  # the effect variable the picks go to
    resume: Resume | None = None  # None: an engine prompt (promotion)
    hidden: bool = False  # options are hidden from the other seat (e.g. deck cards)


class Marker(NamedTuple):
    """A lasting effect: `kind` on `target` until the end of turn `until`. The
    target is a Pokémon instance, or a player as `player_marker(seat)` (< 0)."""

    kind: str  # "less_damage", "no_damage", "cant_attack", "cant_retreat", "weaker_attacks"
    target: int
    until: int
    amount: int = 0


class State(NamedTuple):
    cards: tuple[str, ...]  # card id per instance
    sides: tuple[Side, Side]
    phase: int = CHOOSE_FIRST
    chooser: int = 0  # who won the draw and chooses who goes first
    first: int = -1
    turn: int = 0  # 0 during setup; the first player's first turn is 1
    current: int = 0
    used: int = 0  # ENERGY | SUPPORTER | STADIUM | RETREAT bits this turn
    abilities_used: tuple[int, ...] = ()  # Pokémon whose once-a-turn Ability was used
    stadium: int = -1
    prompt: Prompt | None = None
    markers: tuple[Marker, ...] = ()
    extra_draws: tuple[int, int] = (0, 0)
    prize_count: int = PRIZES  # 1 in Sudden Death
    # Per seat: the last turn one of its Fighting Pokémon was Knocked Out by damage
    # from an attack (Avenging Knuckle).
    fighting_knocked_out: tuple[int, int] = (-1, -1)
    # Pokémon in play whose damage reached their HP through an attack's damage (not
    # damage counters, not a "is Knocked Out" effect): once Knocked Out, they were
    # "Knocked Out by damage from an attack" (Exp. Share, Avenging Knuckle).
    downed_by_attack: tuple[int, ...] = ()
    sudden_deaths: int = 0
    winners: tuple[int, ...] = ()
    reason: str = ""

    @property
    def over(self) -> bool:
        return self.phase == OVER


def player_marker(seat: int) -> int:
    """The target of a lasting effect on a player (not on a Pokémon): -1, -2."""
    return -1 - seat


def owner(instance: int) -> int:
    return instance // DECK


CARDS = catalog()  # one dict for the whole process: the hottest lookup of the rules


def card_of(state: State, instance: int) -> Card:
    return CARDS[state.cards[instance]]


T = TypeVar("T")


def instances_of(cards: tuple[str, ...], ids: Container[str]) -> frozenset[int]:
    """The game's card instances whose card id is in `ids`, found in C."""
    return frozenset(compress(range(len(cards)), map(ids.__contains__, cards)))


def per_game(derive: Callable[[tuple[str, ...]], T]) -> Callable[[tuple[str, ...]], T]:
    """`derive(cards)`, a fact of a game's two decks (`State.cards`), derived once per
    game: a game keeps the same `cards` tuple from start to end (and so do its sampled
    worlds), so the last game's answer is one identity test away, and the other
    games' (a service interleaves many) one look-up by identity."""
    last: list[tuple[Any, Any]] = [(None, None)]
    games: dict[int, tuple[tuple[str, ...], T]] = {}  # by id(cards), the tuple kept alive

    def facts(cards: tuple[str, ...]) -> T:
        known, found = last[0]  # one read: the pair stays consistent across threads
        if known is not cards:
            entry = games.get(id(cards))
            if entry is None or entry[0] is not cards:
                if len(games) >= 256:  # bounded: games come and go
                    games.clear()
                entry = games[id(cards)] = (cards, derive(cards))
            found = entry[1]
            last[0] = (cards, found)
        result: T = found
        return result

    return facts


def with_side(state: State, seat: int, side: Side, used: int = -1) -> State:
    """`state` with `side` as seat's side (and `used`, when given, in the same copy)."""
    sides = (side, state.sides[1]) if seat == 0 else (state.sides[0], side)
    if used < 0:
        return _new(State, (state.cards, sides, *state[2:]))  # the hottest copy
    # An Energy attached, a Trainer played: `used` is the eighth field.
    return _new(State, (state.cards, sides, *state[2:7], used, *state[8:]))


# The hottest copies, rebuilt positionally (ADR 0021): a phase, a prompt, a side's piles.
# `tuple.__new__` on the fields in order: a record without the named tuple's
# Python-level constructor (a frame per copy).
_new = tuple.__new__


def with_prompt(state: State, prompt: Prompt | None) -> State:
    return _new(State, (*state[:10], prompt, *state[11:]))


def with_piles(side: Side, deck: tuple[int, ...], known_top: tuple[int, ...]) -> Side:
    """`side` with its deck and the deck's known top cards replaced."""
    return _new(Side, (deck, known_top, *side[2:]))


def with_hand(side: Side, hand: tuple[int, ...], known: tuple[int, ...]) -> Side:
    """`side` with its hand and the opponent's knowledge of it replaced."""
    return _new(Side, (side.deck, side.known_top, hand, known, *side[4:]))


def with_discard(side: Side, discard: tuple[int, ...]) -> Side:
    """`side` with its discard pile replaced."""
    return _new(Side, (*side[:4], discard, *side[5:]))


def replace_mon(side: Side, instance: int, mon: Mon | None) -> Side:
    """`side` with the Pokémon named `instance` replaced (None: removed)."""
    if side.active is not None and side.active.card == instance:
        return with_mons(side, mon, side.bench)
    bench = side.bench
    for i, m in enumerate(bench):  # no generator: a Bench holds at most five
        if m.card == instance:
            kept = () if mon is None else (mon,)
            return with_mons(side, side.active, bench[:i] + kept + bench[i + 1 :])
    return side  # no such Pokémon: nothing to replace


def with_mons(side: Side, active: Mon | None, bench: tuple[Mon, ...]) -> Side:
    """`side` with its Active Pokémon and Bench replaced."""
    d, k, h, n, c, p, _, _, r, rt, po, bu, mu, re = side  # every field, in order
    return _new(Side, (d, k, h, n, c, p, active, bench, r, rt, po, bu, mu, re))


def is_active(state: State, instance: int) -> bool:
    active = state.sides[owner(instance)].active
    return active is not None and active.card == instance


def first_turn_of_player(state: State) -> bool:
    """The current player's first turn (turn 1 for the first player, 2 for the other)."""
    return state.turn <= 2
