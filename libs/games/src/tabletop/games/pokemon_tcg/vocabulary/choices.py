"""Vocabulary for choices: `ask_*` steps open a prompt for the right player
(the controller, or the opponent where the text says they choose), and the
step after acts on the picks (switch, gust, damage, heal, discard or move
Energy, return to the hand)."""

from __future__ import annotations

from collections.abc import Callable

from ..damage import attack_damage
from ..effects import Ask, Ctx, Step
from ..events import (
    Condition,
    ConditionChanged,
    EnergyDiscarded,
    HandRevealed,
    Healed,
    MarkerAdded,
    PokemonReturned,
    Switched,
)
from ..interned import interned
from ..state import Mon, card_of, player_marker
from .attacks import deal, shielded
from .moves import for_each_pick, move_cards

_switched = interned(Switched, "seat", "to")


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


def switch_to_picked(key: str = "choice") -> Step:
    """Switch your Active Pokémon with the picked benched Pokémon."""
    return for_each_pick(key, lambda ctx, to: _switched[ctx.seat, to])


def gust_picked(key: str = "choice") -> Step:
    """Switch the picked benched Pokémon of the opponent into their Active
    Spot (also when the opponent picked it, after switching out)."""
    return for_each_pick(key, lambda ctx, to: _switched[ctx.opponent, to])


def damage_picked(amount: int, key: str = "choice") -> Step:
    """Attack damage to each picked opponent's Pokémon (no Weakness or
    Resistance for Benched Pokémon: damage.py)."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        for target in ctx.picks(key):
            mon = ctx.state.sides[ctx.opponent].find(target)
            if me is None or mon is None:
                continue
            deal(ctx, me, mon, attack_damage(ctx.state, me, mon, amount))

    return step


def heal_picked(amount: int, key: str = "choice") -> Step:
    def step(ctx: Ctx) -> None:
        for target in ctx.picks(key):
            mon = ctx.state.sides[ctx.seat].find(target)
            if mon is not None and mon.damage:
                ctx.b.emit(Healed(target=target, amount=min(amount, mon.damage)))

    return step


def discard_picked_energy(key: str = "energy") -> Step:
    def step(ctx: Ctx) -> None:
        picks = ctx.picks(key)
        if picks and ctx.me() is not None:
            ctx.b.emit(EnergyDiscarded(target=ctx.source, cards=picks))

    return step


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
            if holder is not None and not shielded(ctx, holder):
                ctx.b.emit(EnergyDiscarded(target=holder.card, cards=(energy,)))

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
                move_cards(ctx, (energy,), "energy", "energy", origin=holder.card, target=to)

    return step


def ask_own_pokemon(kind: str, where: Callable[[Ctx, Mon], bool], key: str = "choice") -> Step:
    def step(ctx: Ctx) -> Ask:
        options = tuple(mon.card for mon in ctx.state.sides[ctx.seat].mons() if where(ctx, mon))
        return Ask(kind, options, key=key)

    return step


def picked_pokemon_to_hand(key: str = "choice") -> Step:
    """Put the picked Pokémon and all attached cards into your hand."""
    return for_each_pick(key, lambda ctx, mon: PokemonReturned(seat=ctx.seat, pokemon=mon))


def opponent_switches_out(key: str = "new_active") -> Step:
    """ "Switch out your opponent's Active Pokémon to the Bench. (Your opponent
    chooses the new Active Pokémon.)" — the prompt goes to the opponent."""

    def step(ctx: Ctx) -> Ask:
        options = tuple(b.card for b in ctx.state.sides[ctx.opponent].bench)
        return Ask("new_active", options, key=key, seat=ctx.opponent)

    return step


def ask_energy_on_defender(key: str = "energy") -> Step:
    def step(ctx: Ctx) -> Ask:
        defender = ctx.state.sides[ctx.opponent].active
        options = tuple(sorted(defender.energy)) if defender else ()
        return Ask("energy_to_discard", options, key=key)

    return step


def all_energy_to_picked(key: str = "to") -> Step:
    """Move all Energy from this Pokémon to the picked Pokémon."""

    def step(ctx: Ctx) -> None:
        me = ctx.me()
        for to in ctx.picks(key):
            if me is not None:
                move_cards(ctx, me.energy, "energy", "energy", origin=me.card, target=to)

    return step


def opponent_condition_if_switched(condition: Condition, key: str = "to") -> Step:
    """After a switch the opponent made: their new Active Pokémon is now <condition>."""

    def step(ctx: Ctx) -> None:
        if ctx.picks(key):
            ctx.b.emit(ConditionChanged(seat=ctx.opponent, condition=condition, on=True))

    return step


def reveal_opponents_hand() -> Step:
    """ "Your opponent reveals their hand" (every card in it becomes known)."""

    def step(ctx: Ctx) -> None:
        hand = ctx.state.sides[ctx.opponent].hand
        ctx.b.emit(HandRevealed(seat=ctx.opponent, cards=hand))

    return step


def opponent_cant_play_items() -> Step:
    """During the opponent's next turn, they can't play Item cards from their hand."""

    def step(ctx: Ctx) -> None:
        until = ctx.state.turn + 1
        target = player_marker(ctx.opponent)
        ctx.b.emit(MarkerAdded(kind="no_items", target=target, until=until))

    return step
