"""Who acts now, and every legal command of a seat.

The main phase keeps the candidates that the `why_not_*` checks of main_phase.py
accept, so `decide` and `legal_commands` can never disagree. The commands are
shared frozen instances (`commands.shared`): the same ones come back step
after step, and validating each anew was most of the enumeration's time."""

from __future__ import annotations

from itertools import combinations

from tabletop.kernel import Command

from .commands import (
    AttachEnergy,
    Choose,
    ChooseFirst,
    EndTurn,
    Evolve,
    FinishSetup,
    PlayBasic,
    PlayTrainer,
    Retreat,
    SetActive,
    UseAbility,
    UseAttack,
    UseStadium,
)
from .damage import evolves_early, retreat_cost
from .interned import interned, shared
from .main_phase import (
    ability_refusal,
    attack_refusal,
    attacker_refusal,
    bench_refusal,
    evolve_refusal,
    trainer_refusal,
    why_not_retreat,
    why_not_stadium,
    with_abilities,
)
from .state import (
    BENCH,
    CARDS,
    CHOOSE_FIRST,
    ENERGY,
    MAIN,
    RETREAT,
    SETUP,
    State,
    card_of,
    first_turn_of_player,
)


def to_act(s: State) -> list[int]:
    if s.winners:
        return []
    if s.prompt is not None:
        return [s.prompt.seat]
    if s.phase == CHOOSE_FIRST:
        return [s.chooser]
    if s.phase == SETUP:
        return [seat for seat in (0, 1) if not s.sides[seat].ready]
    if s.phase == MAIN:
        return [s.current]
    return []


def _setup_commands(s: State, seat: int) -> list[Command]:
    side = s.sides[seat]
    basics = [i for i in side.hand if card_of(s, i).is_basic_pokemon]
    if side.active is None:
        return [shared(SetActive, seat=seat, card=i) for i in basics]
    out: list[Command] = []
    if len(side.bench) < BENCH:
        out += [shared(PlayBasic, seat=seat, card=i) for i in basics]
    out.append(shared(FinishSetup, seat=seat))
    return out


def legal_commands(s: State, seat: int) -> list[Command]:
    if seat not in to_act(s):
        return []
    if s.prompt is not None:
        p = s.prompt
        out: list[Command] = [
            shared(Choose, seat=seat, option=o) for o in p.options if o not in p.picked
        ]
        if len(p.picked) >= p.need:
            out.append(shared(Choose, seat=seat, option=None))
        return out
    if s.phase == CHOOSE_FIRST:
        return [
            shared(ChooseFirst, seat=seat, go_first=True),
            shared(ChooseFirst, seat=seat, go_first=False),
        ]
    if s.phase == SETUP:
        return _setup_commands(s, seat)
    return _main_commands(s, seat)


# The main phase's commands, made positionally (interned): built once, then a dict look-up.
_play_basic = interned(PlayBasic, "seat", "card")
_evolve = interned(Evolve, "seat", "card", "target")
_attach = interned(AttachEnergy, "seat", "card", "target")
_play_trainer = interned(PlayTrainer, "seat", "card", "target")
_use_ability = interned(UseAbility, "seat", "pokemon")
_retreat = interned(Retreat, "seat", "to", "discard")
_use_attack = interned(UseAttack, "seat", "attack")
_use_stadium = interned(UseStadium, "seat")
_end_turn = interned(EndTurn, "seat")


def _main_commands(s: State, seat: int) -> list[Command]:
    # Only called in the main phase without a prompt, for cards in the hand: the
    # `*_refusal` checks skip those two tests (the `why_not_*` checks repeat them).
    side = s.sides[seat]
    cards = s.cards
    out: list[Command] = []
    in_play = side.mons()
    mons = [mon.card for mon in in_play]
    names = [CARDS[cards[t]].name for t in mons]
    # Checked once, not per card and target (Adaptive Evolution lifts the first-turn rule).
    can_evolve = not first_turn_of_player(s) or any(evolves_early(s, mon) for mon in in_play)
    can_attach = not s.used & ENERGY
    can_bench: bool | None = None  # the same answer for every Basic: asked once
    for i in side.hand:
        c = CARDS[cards[i]]
        if c.is_basic_pokemon:
            if can_bench is None:
                can_bench = bench_refusal(s, seat, i) is None
            if can_bench:
                out.append(_play_basic(seat, i))
        elif c.is_pokemon:
            if can_evolve:
                out += [
                    _evolve(seat, i, t)
                    for t, name in zip(mons, names, strict=True)
                    if name == c.evolves_from and evolve_refusal(s, seat, i, t) is None
                ]
        elif c.kind == "energy":
            if can_attach:
                out += [_attach(seat, i, t) for t in mons]
        elif c.trainer_kind == "tool":
            out += [
                _play_trainer(seat, i, t) for t in mons if trainer_refusal(s, seat, i, t) is None
            ]
        elif trainer_refusal(s, seat, i, None) is None:
            out.append(_play_trainer(seat, i, None))
    out += [
        _use_ability(seat, t)
        for t in with_abilities(s, mons)
        if ability_refusal(s, seat, t) is None
    ]
    if s.stadium >= 0 and why_not_stadium(s, seat) is None:
        out.append(_use_stadium(seat))
    active = side.active
    if active is not None:
        if not s.used & RETREAT and side.bench:
            payments = list(combinations(active.energy, retreat_cost(s, active)))
            # Every candidate pays the cost with distinct attached Energy and goes to
            # a Benched Pokémon, so the check answers the same for all: ask it once.
            first = (side.bench[0].card, payments[0]) if payments else None
            if first is not None and why_not_retreat(s, seat, *first) is None:
                out += [_retreat(seat, mon.card, paid) for paid in payments for mon in side.bench]
        if attacker_refusal(s, seat) is None:
            attacks = range(len(CARDS[cards[active.card]].attacks))
            out += [_use_attack(seat, i) for i in attacks if attack_refusal(s, seat, i) is None]
    out.append(_end_turn(seat))
    return out
