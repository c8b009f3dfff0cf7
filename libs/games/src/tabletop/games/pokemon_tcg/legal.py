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
from .interned import interned
from .main_phase import (
    ability_rule_refusal,
    ability_usable,
    attack_prevented,
    attacker_refusal,
    bench_full,
    energy_meets,
    evolve_refusal,
    stadium_has_effect,
    trainer_playable,
    trainer_rule_refusal,
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
    STADIUM,
    SUPPORTER,
    State,
    card_of,
    first_turn_of_player,
    player_marker,
)


def to_act(state: State) -> list[int]:
    if state.winners:
        return []
    if state.prompt is not None:
        return [state.prompt.seat]
    phase = state.phase
    if phase == MAIN:
        return [state.current]
    if phase == CHOOSE_FIRST:
        return [state.chooser]
    if phase == SETUP:
        return [seat for seat in (0, 1) if not state.sides[seat].ready]
    return []


def _setup_commands(s: State, seat: int) -> list[Command]:
    side = s.sides[seat]
    basics = [i for i in side.hand if card_of(s, i).is_basic_pokemon]
    if side.active is None:
        return [_set_active(seat, i) for i in basics]
    out: list[Command] = []
    if len(side.bench) < BENCH:
        out += [_play_basic(seat, i) for i in basics]
    out.append(_finish_setup(seat))
    return out


def legal_commands(state: State, seat: int) -> list[Command]:
    # Whether `seat` acts is `to_act`'s answer, asked inline (once per command).
    if state.winners:
        return []
    p = state.prompt
    if p is not None:
        if seat != p.seat:
            return []
        picked = p.picked
        out: list[Command] = [_choose(seat, o) for o in p.options if o not in picked]
        if len(picked) >= p.need:
            out.append(_choose(seat, None))
        return out
    phase = state.phase
    if phase == MAIN:
        return _main_commands(state, seat) if seat == state.current else []
    if phase == CHOOSE_FIRST:
        if seat != state.chooser:
            return []
        return [_choose_first(seat, True), _choose_first(seat, False)]
    if phase == SETUP and seat in (0, 1) and not state.sides[seat].ready:
        return _setup_commands(state, seat)
    return []


# The commands, made positionally (interned): built once, then a dict look-up.
_choose = interned(Choose, "seat", "option")
_set_active = interned(SetActive, "seat", "card")
_finish_setup = interned(FinishSetup, "seat")
_choose_first = interned(ChooseFirst, "seat", "go_first")
_play_basic = interned(PlayBasic, "seat", "card")
_evolve = interned(Evolve, "seat", "card", "target")
_attach = interned(AttachEnergy, "seat", "card", "target")
_play_trainer = interned(PlayTrainer, "seat", "card", "target")
_use_ability = interned(UseAbility, "seat", "pokemon")
_retreat = interned(Retreat, "seat", "to", "discard")
_use_attack = interned(UseAttack, "seat", "attack")
_use_stadium = interned(UseStadium, "seat")
_end_turn = interned(EndTurn, "seat")


def _blocked_trainers(s: State, seat: int) -> tuple[str, ...]:
    """The Trainer kinds `trainer_refusal` refuses whatever the card, this turn:
    asked once, not per card (and no refusal message made for each)."""
    blocked: tuple[str, ...] = ()
    if s.markers and any(
        k.kind == "no_items" and k.target == player_marker(seat) for k in s.markers
    ):
        blocked += ("item",)
    if s.used & SUPPORTER or s.turn == 1:
        blocked += ("supporter",)
    if s.used & STADIUM:
        blocked += ("stadium",)
    return blocked


def _trainer_ok(s: State, seat: int, card: int, target: int | None) -> bool:
    """`trainer_refusal(...) is None`, without making the refusal of a Trainer that
    would do nothing (the most common refusal while enumerating)."""
    return trainer_rule_refusal(s, seat, card, target) is None and trainer_playable(s, seat, card)


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
    blocked = _blocked_trainers(s, seat)
    for i in side.hand:
        c = CARDS[cards[i]]
        if c.is_basic_pokemon:
            if can_bench is None:  # bench_refusal's one test left for a Basic
                can_bench = not bench_full(s, seat)
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
        elif c.trainer_kind in blocked:
            continue
        elif c.trainer_kind == "tool":  # refused at once on a Pokémon with a Tool
            out += [
                _play_trainer(seat, i, mon.card)
                for mon in in_play
                if mon.tool < 0 and _trainer_ok(s, seat, i, mon.card)
            ]
        elif _trainer_ok(s, seat, i, None):
            out.append(_play_trainer(seat, i, None))
    out += [
        _use_ability(seat, t)
        for t in with_abilities(s, mons)
        if ability_rule_refusal(s, seat, t) is None and ability_usable(s, seat, t)
    ]
    if s.stadium >= 0 and stadium_has_effect(s) and why_not_stadium(s, seat) is None:
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
            # attack_refusal's two tests, without making a refusal for each attack refused
            energy, mon = active.energy, active.card
            out += [
                _use_attack(seat, i)
                for i, attack in enumerate(CARDS[cards[mon]].attacks)
                if energy_meets(s, energy, attack.cost) and not attack_prevented(s, mon, i)
            ]
    out.append(_end_turn(seat))
    return out
