"""The effect vocabulary: small steps that card scripts are built from.

Damage, damage counters, healing, special conditions, coin flips, drawing,
discarding, switching, bench damage, searching, attaching and moving Energy,
and lasting effects (less damage, no damage, can't attack / retreat) for a
duration. A step that needs a choice is split in two: an `ask_*` step opens
the prompt, the next step acts on the picks (stored under its `key`).

Inside an attack, `vars["damage"]` starts at the printed damage and `hit()`
deals it; `vars["base"]` keeps the printed number for "x" attacks.
"""

from __future__ import annotations

from collections.abc import Callable

from . import messages as m
from .cards import Card
from .damage import attack_damage, prevents_condition
from .effects import STOP, Ask, Ctx, Step, Stop
from .state import BENCH, Mon, card_of

Filter = Callable[[Card], bool]

# Choices among hidden cards by prompt kind: the pile ("deck" or "hand") and
# what they look for, so sample.py can ask them again in a re-dealt world.
SEARCHES: dict[str, tuple[str, Filter]] = {}


# ------------------------------------------------------------------ attacks
def hit(*, weakness: bool = True, resistance: bool = True) -> Step:
    """Deal `vars["damage"]` to the opponent's Active Pokémon."""

    def step(ctx: Ctx) -> None:
        me, defender = ctx.me(), ctx.state.sides[ctx.opponent].active
        if me is None or defender is None:
            return
        amount = attack_damage(
            ctx.state, me, defender, ctx.vars["damage"], weakness=weakness, resistance=resistance
        )
        if amount:
            ctx.b.emit(m.Damaged(target=defender.card, amount=amount))

    return step


def flip_coins(count: int) -> Step:
    def step(ctx: Ctx) -> None:
        ctx.vars["heads"] = sum(ctx.b.flip(ctx.seat) for _ in range(count))

    return step


def flip_until_tails() -> Step:
    def step(ctx: Ctx) -> None:
        heads = 0
        while ctx.b.flip(ctx.seat):
            heads += 1
        ctx.vars["heads"] = heads

    return step


def damage_per_heads() -> Step:
    """ "This attack does N damage for each heads"."""

    def step(ctx: Ctx) -> None:
        ctx.vars["damage"] = ctx.vars["base"] * ctx.vars["heads"]

    return step


def more_damage(amount: int) -> Step:
    def step(ctx: Ctx) -> None:
        ctx.vars["damage"] += amount

    return step


def if_heads(inner: Step) -> Step:
    """Run `inner` when the last flip(s) gave at least one heads."""

    def step(ctx: Ctx) -> Ask | Stop | None:
        return inner(ctx) if ctx.vars.get("heads", 0) > 0 else None

    return step


def nothing_if_tails() -> Step:
    """After one flip: "If tails, this attack does nothing"."""

    def step(ctx: Ctx) -> Stop | None:
        return STOP if ctx.vars["heads"] == 0 else None

    return step


def self_damage(amount: int) -> Step:
    """ "This Pokémon also does N damage to itself" (no Weakness or Resistance)."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None:
            ctx.b.emit(m.Damaged(target=me.card, amount=amount))

    return step


def _condition(ctx: Ctx, seat: int, name: str, amount: int = 1) -> None:
    active = ctx.state.sides[seat].active
    if active is None or prevents_condition(ctx.state, active, name):
        return
    ctx.b.emit(m.ConditionChanged(seat=seat, condition=name, on=True, amount=amount))  # type: ignore[arg-type]


def opponent_condition(name: str, amount: int = 1) -> Step:
    """ "Your opponent's Active Pokémon is now <name>"."""

    def step(ctx: Ctx) -> None:
        _condition(ctx, ctx.opponent, name, amount)

    return step


def self_condition(name: str) -> Step:
    def step(ctx: Ctx) -> None:
        if ctx.me() is not None and ctx.state.sides[ctx.seat].active == ctx.me():
            _condition(ctx, ctx.seat, name)

    return step


def heal_self(amount: int) -> Step:
    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None and me.damage:
            ctx.b.emit(m.Healed(target=me.card, amount=min(amount, me.damage)))

    return step


def lasting_on_self(kind: str, amount: int = 0, *, turns: int = 1) -> Step:
    """A lasting effect on the attacking Pokémon: `turns` 1 = during the
    opponent's next turn, 2 = during your next turn."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None:
            until = ctx.state.turn + turns
            ctx.b.emit(m.MarkerAdded(kind=kind, target=me.card, until=until, amount=amount))

    return step


def lasting_on_defender(kind: str, amount: int = 0) -> Step:
    """A lasting effect on the Defending Pokémon during the opponent's next turn."""

    def step(ctx: Ctx) -> None:
        defender = ctx.state.sides[ctx.opponent].active
        if defender is not None:
            until = ctx.state.turn + 1
            ctx.b.emit(m.MarkerAdded(kind=kind, target=defender.card, until=until, amount=amount))

    return step


def discard_stadium() -> Step:
    def step(ctx: Ctx) -> None:
        if ctx.state.stadium >= 0:
            ctx.b.emit(m.StadiumDiscarded(card=ctx.state.stadium))

    return step


# ---------------------------------------------------------- choosing targets
def ask_own_bench(key: str = "choice", kind: str = "own_bench") -> Step:
    def step(ctx: Ctx) -> Ask:
        return Ask(kind, tuple(b.card for b in ctx.state.sides[ctx.seat].bench), key=key)

    return step


def ask_opponent_bench(key: str = "choice", kind: str = "opponent_bench") -> Step:
    def step(ctx: Ctx) -> Ask:
        return Ask(kind, tuple(b.card for b in ctx.state.sides[ctx.opponent].bench), key=key)

    return step


def ask_opponent_pokemon(key: str = "choice", count: int = 1) -> Step:
    def step(ctx: Ctx) -> Ask:
        options = tuple(mon.card for mon in ctx.state.sides[ctx.opponent].mons())
        return Ask("opponent_pokemon", options, key=key, need=count, most=count)

    return step


def ask_own_damaged(key: str = "choice") -> Step:
    def step(ctx: Ctx) -> Ask:
        options = tuple(mon.card for mon in ctx.state.sides[ctx.seat].mons() if mon.damage)
        return Ask("own_damaged_pokemon", options, key=key)

    return step


def ask_energy_on_self(count: int, key: str = "energy", energy_type: str = "") -> Step:
    """Which `count` Energy attached to this Pokémon (of `energy_type`, if given)."""

    def step(ctx: Ctx) -> Ask:
        me = ctx.me()
        energy = me.energy if me is not None else ()
        options = tuple(
            e for e in energy if not energy_type or card_of(ctx.state, e).energy_type == energy_type
        )
        return Ask("energy_to_discard", options, key=key, need=count, most=count)

    return step


# ------------------------------------------------------- acting on the picks
def switch_to_picked(key: str = "choice") -> Step:
    """Switch your Active Pokémon with the picked benched Pokémon."""

    def step(ctx: Ctx) -> None:
        for to in ctx.picks(key):
            ctx.b.emit(m.Switched(seat=ctx.seat, to=to))

    return step


def gust_picked(key: str = "choice") -> Step:
    """Switch the picked benched Pokémon of the opponent into their Active Spot."""

    def step(ctx: Ctx) -> None:
        for to in ctx.picks(key):
            ctx.b.emit(m.Switched(seat=ctx.opponent, to=to))

    return step


def damage_picked(amount: int, key: str = "choice") -> Step:
    """Attack damage to each picked opponent's Pokémon (no Weakness or
    Resistance for Benched Pokémon: damage.py)."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        for target in ctx.picks(key):
            mon = ctx.state.sides[ctx.opponent].find(target)
            if me is None or mon is None:
                continue
            dealt = attack_damage(ctx.state, me, mon, amount)
            if dealt:
                ctx.b.emit(m.Damaged(target=target, amount=dealt))

    return step


def heal_picked(amount: int, key: str = "choice") -> Step:
    def step(ctx: Ctx) -> None:
        for target in ctx.picks(key):
            mon = ctx.state.sides[ctx.seat].find(target)
            if mon is not None and mon.damage:
                ctx.b.emit(m.Healed(target=target, amount=min(amount, mon.damage)))

    return step


def discard_picked_energy(key: str = "energy") -> Step:
    def step(ctx: Ctx) -> None:
        picks = ctx.picks(key)
        if picks and ctx.me() is not None:
            ctx.b.emit(m.EnergyDiscarded(target=ctx.source, cards=picks))

    return step


# -------------------------------------------------------------- cards, deck
def draw(count: int) -> Step:
    def step(ctx: Ctx) -> None:
        ctx.b.draw(ctx.seat, count)

    return step


def discard_hand() -> Step:
    def step(ctx: Ctx) -> None:
        hand = ctx.state.sides[ctx.seat].hand
        if hand:
            ctx.b.emit(
                m.CardsMoved(
                    seat=ctx.seat, cards=hand, count=len(hand), source="hand", dest="discard"
                )
            )

    return step


def shuffle_hand_into_deck() -> Step:
    def step(ctx: Ctx) -> None:
        hand = ctx.state.sides[ctx.seat].hand
        if hand:
            ctx.b.emit(
                m.CardsMoved(seat=ctx.seat, cards=hand, count=len(hand), source="hand", dest="deck")
            )
        ctx.b.shuffle(ctx.seat)

    return step


def hand_to_deck_bottom() -> Step:
    """Shuffle your hand and put it on the bottom of your deck (the order is chance)."""

    def step(ctx: Ctx) -> None:
        hand = list(ctx.state.sides[ctx.seat].hand)
        ctx.b.rng.shuffle(hand)
        ctx.vars["moved"] = len(hand)
        if hand:
            ctx.b.emit(
                m.CardsMoved(
                    seat=ctx.seat,
                    cards=tuple(hand),
                    count=len(hand),
                    source="hand",
                    dest="deck_bottom",
                )
            )

    return step


def shuffle_deck() -> Step:
    def step(ctx: Ctx) -> None:
        ctx.b.shuffle(ctx.seat)

    return step


def ask_deck(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Search your deck: pick up to `most` cards that match (hidden from the
    opponent). "Up to" and finding nothing are both allowed. `kind` names the
    search so sample.py can re-ask it over a re-dealt deck."""
    SEARCHES[kind] = ("deck", where)

    def step(ctx: Ctx) -> Ask:
        deck = ctx.state.sides[ctx.seat].deck
        options = tuple(sorted(i for i in deck if where(card_of(ctx.state, i))))
        return Ask(kind, options, key=key, need=0, most=most, hidden=True)

    return step


def ask_deck_to_bench(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Search your deck for Basic Pokémon to put onto your Bench (as many as fit)."""

    def step(ctx: Ctx) -> Ask:
        room = BENCH - len(ctx.state.sides[ctx.seat].bench)
        return ask_deck(kind, where, min(most, room), key)(ctx)  # type: ignore[return-value]

    return step


def bench_picked(key: str = "found") -> Step:
    def step(ctx: Ctx) -> None:
        for instance in ctx.picks(key):
            ctx.b.emit(m.BasicBenched(seat=ctx.seat, card=instance))

    return step


def is_basic(c: Card) -> bool:
    return c.is_basic_pokemon


def is_basic_of_type(energy_type: str) -> Filter:
    def where(c: Card) -> bool:
        return c.is_basic_pokemon and c.type == energy_type

    return where


def energy_count(mon: Mon) -> int:
    return len(mon.energy)


# --------------------------------------------------- discard pile and hand
def ask_discard(kind: str, where: Filter, most: int, key: str = "found") -> Step:
    """Pick up to `most` matching cards of your discard pile (public)."""

    def step(ctx: Ctx) -> Ask:
        pile = ctx.state.sides[ctx.seat].discard
        options = tuple(sorted(i for i in pile if where(card_of(ctx.state, i))))
        return Ask(kind, options, key=key, need=0, most=most)

    return step


def _move(ctx: Ctx, cards: tuple[int, ...], source: str, dest: str, revealed: bool = False) -> None:
    if cards:
        ctx.b.emit(
            m.CardsMoved(
                seat=ctx.seat,
                cards=cards,
                count=len(cards),
                source=source,  # type: ignore[arg-type]
                dest=dest,  # type: ignore[arg-type]
                revealed=revealed,
            )
        )


def picked_to_hand(source: str, *keys: str, revealed: bool = False) -> Step:
    """Put the cards picked (under `keys`) from `source` into your hand."""

    def step(ctx: Ctx) -> None:
        cards = tuple(i for key in keys for i in ctx.picks(key))
        _move(ctx, cards, source, "hand", revealed)

    return step


def picked_to_deck(source: str, key: str = "found") -> Step:
    def step(ctx: Ctx) -> None:
        cards = ctx.picks(key)
        ctx.vars["moved"] = len(cards)
        _move(ctx, cards, source, "deck")

    return step


def draw_if_moved(count: int) -> Step:
    """ "If you ... any cards in this way, draw N cards"."""

    def step(ctx: Ctx) -> None:
        if ctx.vars.get("moved"):
            ctx.b.draw(ctx.seat, count)

    return step


def if_heads_shuffle() -> Step:
    return if_heads(shuffle_deck())


def each_player_reshuffles_and_draws(count: int) -> Step:
    """Each player shuffles their hand into their deck and draws `count`."""

    def step(ctx: Ctx) -> None:
        for seat in (ctx.seat, ctx.opponent):
            hand = ctx.state.sides[seat].hand
            if hand:
                ctx.b.emit(
                    m.CardsMoved(seat=seat, cards=hand, count=len(hand), source="hand", dest="deck")
                )
            ctx.b.shuffle(seat)
            ctx.b.draw(seat, count)

    return step


def end_turn() -> Step:
    """ "Your turn ends"."""

    def step(ctx: Ctx) -> None:
        ctx.b.emit(m.TurnEnded(seat=ctx.seat))

    return step


def heal_everyone(amount: int) -> Step:
    """Heal `amount` from each Pokémon in play (both players')."""

    def step(ctx: Ctx) -> None:
        for seat in (ctx.seat, ctx.opponent):
            for mon in ctx.state.sides[seat].mons():
                if mon.damage:
                    ctx.b.emit(m.Healed(target=mon.card, amount=min(amount, mon.damage)))

    return step


# -------------------------------------------------------- attached Energy
def _holder(ctx: Ctx, energy: int) -> Mon | None:
    for side in ctx.state.sides:
        for mon in side.mons():
            if energy in mon.energy:
                return mon
    return None


def ask_attached_energy(kind: str, whose: str, key: str = "energy") -> Step:
    """Pick an Energy attached to one of `whose` ("own" / "opponent") Pokémon."""

    def step(ctx: Ctx) -> Ask:
        seat = ctx.seat if whose == "own" else ctx.opponent
        options = tuple(sorted(e for mon in ctx.state.sides[seat].mons() for e in mon.energy))
        return Ask(kind, options, key=key)

    return step


def discard_picked_attached(key: str = "energy") -> Step:
    def step(ctx: Ctx) -> None:
        for energy in ctx.picks(key):
            holder = _holder(ctx, energy)
            if holder is not None:
                ctx.b.emit(m.EnergyDiscarded(target=holder.card, cards=(energy,)))

    return step


def ask_other_own_pokemon(kind: str, than: str, key: str = "to") -> Step:
    """Pick one of your Pokémon other than the one holding the Energy picked under `than`."""

    def step(ctx: Ctx) -> Ask:
        held = ctx.picks(than)
        holder = _holder(ctx, held[0]) if held else None
        options = tuple(
            mon.card for mon in ctx.state.sides[ctx.seat].mons() if holder is None or mon != holder
        )
        return Ask(kind, options, key=key)

    return step


def move_picked_energy(energy_key: str = "energy", to_key: str = "to") -> Step:
    def step(ctx: Ctx) -> None:
        for energy, to in zip(ctx.picks(energy_key), ctx.picks(to_key), strict=False):
            holder = _holder(ctx, energy)
            if holder is not None:
                ctx.b.emit(
                    m.CardsMoved(
                        seat=ctx.seat,
                        cards=(energy,),
                        count=1,
                        source="energy",
                        dest="energy",
                        origin=holder.card,
                        target=to,
                    )
                )

    return step


def ask_own_pokemon(kind: str, where: Callable[[Ctx, Mon], bool], key: str = "choice") -> Step:
    def step(ctx: Ctx) -> Ask:
        options = tuple(mon.card for mon in ctx.state.sides[ctx.seat].mons() if where(ctx, mon))
        return Ask(kind, options, key=key)

    return step


def picked_pokemon_to_hand(key: str = "choice") -> Step:
    """Put the picked Pokémon and all attached cards into your hand."""

    def step(ctx: Ctx) -> None:
        for instance in ctx.picks(key):
            ctx.b.emit(m.PokemonReturned(seat=ctx.seat, pokemon=instance))

    return step
