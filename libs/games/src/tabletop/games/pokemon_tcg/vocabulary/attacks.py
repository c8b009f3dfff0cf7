"""Vocabulary for attacks: damage (plain, counted, per heads), coin flips,
damage to the attacker itself, special conditions, healing, lasting effects
(markers with a duration), and other effects an attack has on the game.

Inside an attack, `vars["damage"]` starts at the printed damage and `hit()`
deals it; `vars["base"]` keeps the printed number for "x" attacks.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import chance
from ..damage import (
    attack_damage,
    is_marked,
    prevents_condition,
    retaliation,
)
from ..effects import STOP, Ask, Ctx, Step, Stop
from ..events import (
    Condition,
    ConditionChanged,
    Damaged,
    EnergyDiscarded,
    Healed,
    MarkerAdded,
    StadiumDiscarded,
    TurnEnded,
)
from ..interned import interned
from ..state import Mon, card_of, owner
from .counts import Count
from .moves import move_cards

# Attack damage and damage counters, made positionally (interned).
_damaged = interned(Damaged, "target", "amount")
_countered = interned(Damaged, "target", "amount", "counters")
_turn_ended = interned(TurnEnded, "seat")


def hit(*, weakness: bool = True, resistance: bool = True) -> Step:
    """Deal `vars["damage"]` to the opponent's Active Pokémon."""

    def step(ctx: Ctx) -> None:
        me, defender = ctx.me(), ctx.state.sides[ctx.opponent].active
        if me is None or defender is None:
            return
        amount = attack_damage(
            ctx.state, me, defender, ctx.vars["damage"], weakness=weakness, resistance=resistance
        )
        deal(ctx, me, defender, amount)

    return step


def deal(ctx: Ctx, attacker: Mon, target: Mon, amount: int) -> None:
    """Attack damage on `target`, then any damage counters the cards in play put
    back on the attacker for it (Rocky Helmet...)."""
    if not amount:
        return
    ctx.b.emit(_damaged[target.card, amount])
    counters = retaliation(ctx.state, attacker, target)
    if counters:
        ctx.b.emit(_countered[attacker.card, 10 * counters, True])


def flip_coins(count: int) -> Step:
    def step(ctx: Ctx) -> None:
        ctx.vars["heads"] = sum(chance.flip(ctx.b, ctx.seat) for _ in range(count))

    return step


def flip_until_tails() -> Step:
    def step(ctx: Ctx) -> None:
        heads = 0
        while chance.flip(ctx.b, ctx.seat):
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


def if_tails(inner: Step) -> Step:
    """Run `inner` when the last single flip was tails."""

    def step(ctx: Ctx) -> Ask | Stop | None:
        return inner(ctx) if ctx.vars.get("heads", 0) == 0 else None

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
            ctx.b.emit(_damaged[me.card, amount])

    return step


def shielded(ctx: Ctx, mon: Mon) -> bool:
    """The opponent's `mon` is protected from the effects of this attack
    ("prevent all damage from and effects of attacks done to this Pokémon")."""
    return owner(mon.card) != ctx.seat and is_marked(ctx.state, "no_effects", mon.card)


def _condition(ctx: Ctx, seat: int, name: Condition, amount: int = 1) -> None:
    active = ctx.state.sides[seat].active
    if active is None or prevents_condition(ctx.state, active, name) or shielded(ctx, active):
        return
    ctx.b.emit(ConditionChanged(seat=seat, condition=name, on=True, amount=amount))


def opponent_condition(name: Condition, amount: int = 1) -> Step:
    """ "Your opponent's Active Pokémon is now <name>"."""

    def step(ctx: Ctx) -> None:
        _condition(ctx, ctx.opponent, name, amount)

    return step


def self_condition(name: Condition) -> Step:
    def step(ctx: Ctx) -> None:
        if ctx.me() is not None and ctx.state.sides[ctx.seat].active == ctx.me():
            _condition(ctx, ctx.seat, name)

    return step


def heal_self(amount: int) -> Step:
    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None and me.damage:
            ctx.b.emit(Healed(target=me.card, amount=min(amount, me.damage)))

    return step


def lasting_on_self(kind: str, amount: int = 0, *, turns: int = 1) -> Step:
    """A lasting effect on the attacking Pokémon: `turns` 1 = during the
    opponent's next turn, 2 = during your next turn."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None:
            until = ctx.state.turn + turns
            ctx.b.emit(MarkerAdded(kind=kind, target=me.card, until=until, amount=amount))

    return step


def lasting_on_defender(kind: str, amount: int = 0) -> Step:
    """A lasting effect on the Defending Pokémon during the opponent's next turn."""

    def step(ctx: Ctx) -> None:
        defender = ctx.state.sides[ctx.opponent].active
        if defender is not None and not shielded(ctx, defender):
            until = ctx.state.turn + 1
            ctx.b.emit(MarkerAdded(kind=kind, target=defender.card, until=until, amount=amount))

    return step


def discard_stadium() -> Step:
    def step(ctx: Ctx) -> None:
        if ctx.state.stadium >= 0:
            ctx.b.emit(StadiumDiscarded(card=ctx.state.stadium))

    return step


def end_turn() -> Step:
    """ "Your turn ends"."""

    def step(ctx: Ctx) -> None:
        ctx.b.emit(_turn_ended[ctx.seat])

    return step


def heal_everyone(amount: int) -> Step:
    """Heal `amount` from each Pokémon in play (both players')."""

    def step(ctx: Ctx) -> None:
        for seat in (ctx.seat, ctx.opponent):
            for mon in ctx.state.sides[seat].mons():
                if mon.damage:
                    ctx.b.emit(Healed(target=mon.card, amount=min(amount, mon.damage)))

    return step


def add_damage(count: Count, per: int) -> Step:
    """ "This attack does `per` more damage for each ..." (negative: less)."""

    def step(ctx: Ctx) -> None:
        ctx.vars["damage"] = max(0, ctx.vars["damage"] + per * count(ctx))

    return step


def damage_times(count: Count) -> Step:
    """ "This attack does N damage for each ..." (an x attack)."""

    def step(ctx: Ctx) -> None:
        ctx.vars["damage"] = ctx.vars["base"] * count(ctx)

    return step


def add_damage_if(condition: Callable[[Ctx], bool], amount: int) -> Step:
    def step(ctx: Ctx) -> None:
        if condition(ctx):
            ctx.vars["damage"] += amount

    return step


def discard_all_energy_self() -> Step:
    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None and me.energy:
            ctx.b.emit(EnergyDiscarded(target=me.card, cards=me.energy))

    return step


def damage_each_own_bench(amount: int) -> Step:
    """ "This attack also does N damage to each of your Benched Pokémon": attack
    damage like any other, so each Pokémon's own protections apply (the Tera
    rule, "takes N less damage from attacks", lasting effects); no Weakness or
    Resistance on the Bench (damage.attack_damage)."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is None:
            return
        for mon in ctx.state.sides[ctx.seat].bench:
            dealt = attack_damage(ctx.state, me, mon, amount)
            if dealt:
                ctx.b.emit(_damaged[mon.card, dealt])

    return step


def mill_opponent(per_heads: int) -> Step:
    """Discard `per_heads` cards from the top of the opponent's deck for each heads."""

    def step(ctx: Ctx) -> None:
        count = per_heads * ctx.vars.get("heads", 0)
        cards = ctx.state.sides[ctx.opponent].deck[:count]
        move_cards(ctx, cards, "deck", "discard", seat=ctx.opponent)

    return step


def set_damage(amount: int) -> Step:
    """For attacks whose damage is in their text ("This attack does 30 damage to ...")."""

    def step(ctx: Ctx) -> None:
        ctx.vars["damage"] = amount

    return step


def flip_coins_for(count: Count) -> Step:
    """ "Flip a coin for each ..."."""

    def step(ctx: Ctx) -> None:
        ctx.vars["heads"] = sum(chance.flip(ctx.b, ctx.seat) for _ in range(count(ctx)))

    return step


def random_cards_from_opponents_hand_to_deck(count: int) -> Step:
    """Choose `count` random cards from the opponent's hand (chance, recorded);
    they are revealed and shuffled into the opponent's deck."""

    def step(ctx: Ctx) -> None:
        hand = list(ctx.state.sides[ctx.opponent].hand)
        chosen = tuple(sorted(ctx.b.rng.sample(hand, min(count, len(hand)))))
        if chosen:
            move_cards(ctx, chosen, "hand", "deck", seat=ctx.opponent, revealed=True)
            chance.shuffle(ctx.b, ctx.opponent)

    return step


def ask_defender_attack(key: str = "attack") -> Step:
    """Choose one of the opponent's Active Pokémon's attacks (by index)."""

    def step(ctx: Ctx) -> Ask:
        defender = ctx.state.sides[ctx.opponent].active
        attacks = card_of(ctx.state, defender.card).attacks if defender else ()
        return Ask("defender_attack", tuple(range(len(attacks))), key=key)

    return step


def disable_picked_attack(key: str = "attack") -> Step:
    """During the opponent's next turn, the Defending Pokémon can't use that attack."""

    def step(ctx: Ctx) -> None:
        defender = ctx.state.sides[ctx.opponent].active
        for index in ctx.picks(key):
            if defender is not None:
                until = ctx.state.turn + 1
                ctx.b.emit(
                    MarkerAdded(
                        kind="cant_use_attack", target=defender.card, until=until, amount=index
                    )
                )

    return step


def disable_own_attack(turns: int = 2) -> Step:
    """ "During your next turn, this Pokémon can't use <this attack>"."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None:
            until = ctx.state.turn + turns
            ctx.b.emit(
                MarkerAdded(
                    kind="cant_use_attack", target=me.card, until=until, amount=ctx.vars["attack"]
                )
            )

    return step


def cure_own_active() -> Step:
    """Your Active Pokémon recovers from all special conditions."""

    def step(ctx: Ctx) -> None:
        side = ctx.state.sides[ctx.seat]
        names: list[tuple[Condition, int]] = [("asleep", 1), ("confused", 2), ("paralyzed", 3)]
        for name, code in names:
            if side.rotation == code:
                ctx.b.emit(ConditionChanged(seat=ctx.seat, condition=name, on=False))
        if side.poison:
            ctx.b.emit(ConditionChanged(seat=ctx.seat, condition="poisoned", on=False))
        if side.burned:
            ctx.b.emit(ConditionChanged(seat=ctx.seat, condition="burned", on=False))

    return step


def shield_self() -> Step:
    """During the opponent's next turn, prevent all damage from and effects of
    attacks done to this Pokémon."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        if me is not None:
            until = ctx.state.turn + 1
            for kind in ("no_damage", "no_effects"):
                ctx.b.emit(MarkerAdded(kind=kind, target=me.card, until=until))

    return step
