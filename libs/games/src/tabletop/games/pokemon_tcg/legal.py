"""Who acts now, and every legal command of a seat.

The main phase keeps the candidates that the `why_not_*` checks of main_phase.py
accept, so `decide` and `legal_commands` can never disagree. The commands are
shared frozen instances (`interned` tables): the same ones come back step
after step, and validating each anew was most of the enumeration's time."""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

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
from .damage import evolves_early, is_marked, retreat_cost
from .instances import facts
from .interned import Table, interned
from .main_phase import (
    ability_rule_refusal,
    ability_usable,
    attack_prevented,
    attacker_refusal,
    stadium_has_effect,
    trainer_playable,
    types_meet,
    why_not_stadium,
)
from .state import (
    ASLEEP,
    BENCH,
    CARDS,
    CHOOSE_FIRST,
    ENERGY,
    MAIN,
    PARALYZED,
    RETREAT,
    SETUP,
    STADIUM,
    SUPPORTER,
    Mon,
    State,
    card_of,
    first_turn_of_player,
    player_marker,
)


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase == MAIN and state.prompt is None:  # the usual case (a game over is not MAIN)
        return [state.current]
    if state.winners:
        return []
    if state.prompt is not None:
        return [state.prompt.seat]
    if phase == CHOOSE_FIRST:
        return [state.chooser]
    if phase == SETUP:
        return [seat for seat in (0, 1) if not state.sides[seat].ready]
    return []


def _setup_commands(s: State, seat: int) -> list[Command]:
    side = s.sides[seat]
    basics = [i for i in side.hand if card_of(s, i).is_basic_pokemon]
    if side.active is None:
        return [_set_active[seat, i] for i in basics]
    out: list[Command] = []
    if len(side.bench) < BENCH:
        out += [_play_basic[seat, i] for i in basics]
    out.append(_finish_setup[seat])
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
        out: list[Command] = [_choose[seat, o] for o in p.options if o not in picked]
        if len(picked) >= p.need:
            out.append(_choose[seat, None])
        return out
    phase = state.phase
    if phase == MAIN:
        return _main_commands(state, seat) if seat == state.current else []
    if phase == CHOOSE_FIRST:
        if seat != state.chooser:
            return []
        return [_choose_first[seat, True], _choose_first[seat, False]]
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


def _may_evolve(s: State, mon: Mon) -> bool:
    """`evolve_refusal` past the names: not on the player's first turn nor the turn
    the Pokémon came into play or evolved, unless Adaptive Evolution lifts both."""
    return (not first_turn_of_player(s) and mon.since != s.turn) or evolves_early(s, mon)


_CARD = attrgetter("card")


# The attacks an Active Pokémon can pay for, by what decides it (one dict hit for all).
def _paid_run(key: tuple[int, str, tuple[str, ...]]) -> tuple[UseAttack, ...]:
    """(seat, the Active Pokémon's card id, its Energy's types): the attacks paid for."""
    seat, card, types = key
    attacks = CARDS[card].attacks
    return tuple(_use_attack[seat, i] for i, a in enumerate(attacks) if types_meet(types, a.cost))


_paid_attacks = Table(_paid_run)
_NAME = attrgetter("name")


def _main_commands(s: State, seat: int) -> list[Command]:
    # Only called in the main phase without a prompt, for cards in the hand: the
    # checks skip those two tests (the `why_not_*` checks repeat them), and what
    # answers the same for every candidate is asked once.
    side = s.sides[seat]
    game = facts(s.cards)
    rows = game.rows
    out: list[Command] = []
    in_play = side.mons()
    mons = tuple(map(_CARD, in_play))
    can_bench = len(side.bench) < BENCH  # bench_refusal's one test left for a Basic
    can_attach = not s.used & ENERGY
    names: set[str] | None = None  # of the Pokémon in play, made at the first evolution
    blocked = _blocked_trainers(s, seat)
    for i in side.hand:
        c = rows[i]
        if c.is_basic_pokemon:
            if can_bench:
                out.append(_play_basic[seat, i])
        elif c.is_pokemon:
            if names is None:
                names = set(map(_NAME, map(rows.__getitem__, mons)))
            below = c.evolves_from
            if below in names:  # else nothing to evolve (the usual case)
                out += [
                    _evolve[seat, i, mon.card]
                    for mon in in_play
                    if rows[mon.card].name == below and _may_evolve(s, mon)
                ]
        elif c.kind == "energy":
            if can_attach:
                out += [_attach[seat, i, t] for t in mons]
        else:
            # A Trainer: `trainer_rule_refusal` has nothing left to refuse past the
            # kinds blocked this turn, but a Tool on a Pokémon that has one and a
            # Stadium of the same name as the one in play.
            kind = c.trainer_kind
            if kind in blocked:
                continue
            if kind == "tool":
                free = [mon.card for mon in in_play if mon.tool < 0]
                if free and trainer_playable(s, seat, i):
                    out += [_play_trainer[seat, i, t] for t in free]
            elif (
                kind != "stadium" or s.stadium < 0 or rows[s.stadium].name != c.name
            ) and trainer_playable(s, seat, i):
                out.append(_play_trainer[seat, i, None])
    if not game.abilities.isdisjoint(mons):  # most positions have no Ability to use
        out += [
            _use_ability[seat, t]
            for t in mons
            if t in game.abilities
            and ability_rule_refusal(s, seat, t) is None
            and ability_usable(s, seat, t)
        ]
    if s.stadium >= 0 and stadium_has_effect(s) and why_not_stadium(s, seat) is None:
        out.append(_use_stadium[seat])
    active = side.active
    if active is not None:
        # why_not_retreat, asked once: every candidate pays the cost with distinct
        # Energy attached to the Active Pokémon and goes to a Benched Pokémon.
        if (
            not s.used & RETREAT
            and side.bench
            and side.rotation not in (ASLEEP, PARALYZED)
            and not (s.markers and is_marked(s, "cant_retreat", active.card))
        ):
            out += [
                _retreat[seat, mon.card, paid]
                for paid in combinations(active.energy, retreat_cost(s, active))
                for mon in side.bench
            ]
        if attacker_refusal(s, seat) is None:
            # attack_refusal's two tests, without making a refusal for each attack refused:
            # the attacks the Energy pays for, by the types attached, then lasting effects.
            mon = active.card
            types = tuple(map(game.types.__getitem__, active.energy))
            paid = _paid_attacks[seat, s.cards[mon], types]
            if s.markers:
                paid = tuple(c for c in paid if not attack_prevented(s, mon, c.attack))
            out += paid
    out.append(_end_turn[seat])
    return out
