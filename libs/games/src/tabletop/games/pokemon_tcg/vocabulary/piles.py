"""Vocabulary for cards in piles: draw, discard, shuffle, deck searches
(hidden prompts, registered in SEARCHES so sample.py can ask them again in a
re-dealt world), the discard pile, and moving picked cards between piles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import chance
from ..cards import Card
from ..effects import Ask, Ctx, Step
from ..events import BasicBenched, Zone
from ..interned import interned
from ..state import BENCH, CARDS, State, instances_of, per_game
from .attacks import if_heads
from .counts import Count
from .moves import for_each_pick, move_cards

_benched = interned(BasicBenched, "seat", "card")

Filter = Callable[[Card], bool]


_PASSING: dict[Filter, frozenset[str]] = {}  # the card ids each filter lets through


@per_game
def _matches(cards: tuple[str, ...]) -> dict[Filter, frozenset[int]]:
    return {}


def matching(state: State, where: Filter) -> frozenset[int]:
    """The game's card instances whose card passes `where` (a test of the printed card
    alone), found once per game and filter (in C, from the card ids it lets through,
    found once): a pile is then filtered in C (`matching(...).intersection(pile)`)
    instead of a call per card."""
    table = _matches(state.cards)
    found = table.get(where)
    if found is None:
        ids = _PASSING.get(where)
        if ids is None:
            ids = _PASSING[where] = frozenset(i for i, c in CARDS.items() if where(c))
        found = table[where] = instances_of(state.cards, ids)
    return found


# The options of a choice among hidden cards, from the state, the chooser and
# the effect's (public) variables: the live prompt and sample.py's re-dealt
# worlds compute them with the same function.
Options = Callable[[State, int, dict[str, Any]], tuple[int, ...]]


@dataclass(frozen=True)
class HiddenChoice:
    pile: str  # "deck" or "hand": the pile the options come from
    options: Options


SEARCHES: dict[str, HiddenChoice] = {}


def hidden_ask(
    kind: str, pile: str, options: Options, *, most: int, need: int = 0, key: str = "found"
) -> Step:
    """A choice among cards the other player cannot see (registered by `kind`)."""
    SEARCHES[kind] = HiddenChoice(pile, options)

    def step(ctx: Ctx) -> Ask:
        found = options(ctx.state, ctx.seat, ctx.vars)
        return Ask(kind, found, key=key, need=need, most=most, hidden=True)

    return step


def draw(count: int) -> Step:
    def step(ctx: Ctx) -> None:
        chance.draw(ctx.b, ctx.seat, count)

    return step


def discard_hand() -> Step:
    def step(ctx: Ctx) -> None:
        move_cards(ctx, ctx.state.sides[ctx.seat].hand, "hand", "discard")

    return step


def shuffle_hand_into_deck() -> Step:
    def step(ctx: Ctx) -> None:
        move_cards(ctx, ctx.state.sides[ctx.seat].hand, "hand", "deck")
        chance.shuffle(ctx.b, ctx.seat)

    return step


def hand_to_deck_bottom() -> Step:
    """Shuffle your hand and put it on the bottom of your deck (the order is chance)."""

    def step(ctx: Ctx) -> None:
        hand = list(ctx.state.sides[ctx.seat].hand)
        ctx.b.rng.shuffle(hand)
        ctx.vars["moved"] = len(hand)
        move_cards(ctx, tuple(hand), "hand", "deck_bottom")

    return step


def shuffle_deck() -> Step:
    def step(ctx: Ctx) -> None:
        chance.shuffle(ctx.b, ctx.seat)

    return step


def ask_deck(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Search your deck: pick up to `most` cards that match (hidden from the
    opponent). "Up to" and finding nothing are both allowed. `kind` names the
    search so sample.py can re-ask it over a re-dealt deck."""

    def options(state: State, seat: int, _: dict[str, Any]) -> tuple[int, ...]:
        return tuple(sorted(matching(state, where).intersection(state.sides[seat].deck)))

    return hidden_ask(kind, "deck", options, most=most, key=key)


def ask_hand(kind: str, where: Filter, *, most: int, need: int, key: str = "chosen") -> Step:
    """Pick cards of your own hand (hidden from the opponent)."""

    def options(state: State, seat: int, _: dict[str, Any]) -> tuple[int, ...]:
        return tuple(sorted(matching(state, where).intersection(state.sides[seat].hand)))

    return hidden_ask(kind, "hand", options, most=most, need=need, key=key)


def discard_picked_from_hand(key: str = "chosen") -> Step:
    def step(ctx: Ctx) -> None:
        move_cards(ctx, ctx.picks(key), "hand", "discard")

    return step


def ask_deck_to_bench(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Search your deck for Basic Pokémon to put onto your Bench (as many as fit)."""

    def step(ctx: Ctx) -> Ask:
        room = BENCH - len(ctx.state.sides[ctx.seat].bench)
        # A Step may return None; ask_deck's step always returns its Ask.
        return ask_deck(kind, where, min(most, room), key)(ctx)  # type: ignore[return-value]

    return step


def bench_picked(key: str = "found") -> Step:
    """Put the picked Basic Pokémon onto your Bench."""
    return for_each_pick(key, lambda ctx, card: _benched[ctx.seat, card])


def is_basic(c: Card) -> bool:
    return c.is_basic_pokemon


def is_basic_of_type(energy_type: str) -> Filter:
    def where(c: Card) -> bool:
        return c.is_basic_pokemon and c.type == energy_type

    return where


def ask_discard(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Pick up to `most` matching cards of your discard pile (public)."""

    def step(ctx: Ctx) -> Ask:
        pile = ctx.state.sides[ctx.seat].discard
        options = tuple(sorted(matching(ctx.state, where).intersection(pile)))
        return Ask(kind, options, key=key, need=0, most=most)

    return step


def picked_to_hand(source: Zone, *keys: str, revealed: bool = False) -> Step:
    """Put the cards picked (under `keys`) from `source` into your hand."""

    def step(ctx: Ctx) -> None:
        cards = tuple(i for key in keys for i in ctx.picks(key))
        move_cards(ctx, cards, source, "hand", revealed=revealed)

    return step


def picked_to_deck(source: Zone, key: str = "found") -> Step:
    def step(ctx: Ctx) -> None:
        cards = ctx.picks(key)
        ctx.vars["moved"] = len(cards)
        move_cards(ctx, cards, source, "deck")

    return step


def draw_if_moved(count: int) -> Step:
    """ "If you ... any cards in this way, draw N cards"."""

    def step(ctx: Ctx) -> None:
        if ctx.vars.get("moved"):
            chance.draw(ctx.b, ctx.seat, count)

    return step


def if_heads_shuffle() -> Step:
    return if_heads(shuffle_deck())


def each_player_reshuffles_and_draws(count: int) -> Step:
    """Each player shuffles their hand into their deck and draws `count`."""

    def step(ctx: Ctx) -> None:
        for seat in (ctx.seat, ctx.opponent):
            move_cards(ctx, ctx.state.sides[seat].hand, "hand", "deck", seat=seat)
            chance.shuffle(ctx.b, seat)
            chance.draw(ctx.b, seat, count)

    return step


def in_discard(where: Filter) -> Count:
    def count(ctx: Ctx) -> int:
        # A card is in one pile once: the matching cards there, counted in C.
        return len(matching(ctx.state, where).intersection(ctx.state.sides[ctx.seat].discard))

    return count


def attach_picked_to_self(source: Zone, key: str = "found") -> Step:
    """Attach the picked Energy cards (from the deck or the discard pile) to this Pokémon."""

    def step(ctx: Ctx) -> None:
        if ctx.me() is not None:
            move_cards(ctx, ctx.picks(key), source, "energy", target=ctx.source)

    return step
