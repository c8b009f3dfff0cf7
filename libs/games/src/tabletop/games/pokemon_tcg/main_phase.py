"""The main phase of a turn: bench Basics, evolve, attach one Energy, play
Trainers, use Abilities, retreat once, then attack or end the turn.

Each action has a `why_not_*` check returning the reason it is illegal (a
`Refusal`: code and message; or None); `decide` raises that reason and
`legal_commands` keeps the candidates without one, so the two can never disagree.
"""

from __future__ import annotations

from tabletop.kernel import Event, EventBuilder, IllegalCommand

from . import chance
from .codes import Refusal, TCGCode
from .commands import (
    AttachEnergy,
    EndTurn,
    Evolve,
    PlayBasic,
    PlayTrainer,
    Retreat,
    UseAbility,
    UseAttack,
    UseStadium,
)
from .damage import abilities_off, evolves_early, is_marked, keeps_poison, retreat_cost
from .effects import run
from .events import (
    AbilityUsed,
    AttackUsed,
    BasicBenched,
    Damaged,
    EnergyAttached,
    Evolved,
    EvolvedFromDeck,
    Retreated,
    StadiumUsed,
    TrainerPlayed,
    TurnEnded,
)
from .instances import facts
from .interned import interned, made
from .registry import POOL
from .state import (
    ASLEEP,
    BENCH,
    CARDS,
    CONFUSED,
    ENERGY,
    MAIN,
    PARALYZED,
    RETREAT,
    STADIUM,
    STADIUM_EFFECT,
    SUPPORTER,
    State,
    card_of,
    first_turn_of_player,
    player_marker,
)


def _refuse(reason: Refusal | None) -> None:
    if reason is not None:
        raise IllegalCommand(reason.code, reason.message)


def _in_hand(s: State, seat: int, instance: int) -> Refusal | None:
    if instance in s.sides[seat].hand:
        return None
    return Refusal(TCGCode.NOT_IN_HAND, f"card {instance} is not in your hand")


def _main(s: State) -> Refusal | None:
    if s.phase == MAIN and s.prompt is None:
        return None
    return Refusal(TCGCode.NOT_MAIN_PHASE, "not during the main phase of a turn")


# ------------------------------------------------------------------- checks
def why_not_bench(s: State, seat: int, instance: int) -> Refusal | None:
    return _main(s) or _in_hand(s, seat, instance) or bench_refusal(s, seat, instance)


# The `*_refusal` checks are the `why_not_*` checks past the main phase and the
# hand (which `legal_commands` knows hold for its candidates): one test, shared.
def bench_refusal(s: State, seat: int, instance: int) -> Refusal | None:
    if not card_of(s, instance).is_basic_pokemon:
        return Refusal(
            TCGCode.WRONG_CARD_KIND, f"{card_of(s, instance).name} is not a Basic Pokémon"
        )
    if bench_full(s, seat):
        return Refusal(TCGCode.BENCH_FULL, "your Bench is full (5 Pokémon)")
    return None


def bench_full(s: State, seat: int) -> bool:
    return len(s.sides[seat].bench) >= BENCH


def why_not_evolve(s: State, seat: int, instance: int, target: int) -> Refusal | None:
    return _main(s) or _in_hand(s, seat, instance) or evolve_refusal(s, seat, instance, target)


def evolve_refusal(s: State, seat: int, instance: int, target: int) -> Refusal | None:
    evolution = card_of(s, instance)
    mon = s.sides[seat].find(target)
    if mon is None:
        return Refusal(TCGCode.NOT_IN_PLAY, f"you have no Pokémon {target} in play")
    if evolution.evolves_from != card_of(s, mon.card).name:
        return Refusal(
            TCGCode.NOT_AN_EVOLUTION,
            f"{evolution.name} does not evolve from {card_of(s, mon.card).name}",
        )
    if first_turn_of_player(s) and not evolves_early(s, mon):
        return Refusal(
            TCGCode.TOO_EARLY_TO_EVOLVE, "no Pokémon can evolve during a player's first turn"
        )
    if mon.since == s.turn and not evolves_early(s, mon):
        return Refusal(
            TCGCode.TOO_EARLY_TO_EVOLVE,
            "a Pokémon that came into play or evolved this turn cannot evolve",
        )
    return None


def why_not_attach(s: State, seat: int, instance: int, target: int) -> Refusal | None:
    if reason := _main(s) or _in_hand(s, seat, instance):
        return reason
    if card_of(s, instance).kind != "energy":
        return Refusal(
            TCGCode.WRONG_CARD_KIND, f"{card_of(s, instance).name} is not an Energy card"
        )
    if s.used & ENERGY:
        return Refusal(
            TCGCode.ENERGY_ATTACHED, "you already attached an Energy from your hand this turn"
        )
    if s.sides[seat].find(target) is None:
        return Refusal(TCGCode.NOT_IN_PLAY, f"you have no Pokémon {target} in play")
    return None


def why_not_trainer(s: State, seat: int, instance: int, target: int | None) -> Refusal | None:
    return _main(s) or _in_hand(s, seat, instance) or trainer_refusal(s, seat, instance, target)


def trainer_refusal(s: State, seat: int, instance: int, target: int | None) -> Refusal | None:
    if reason := trainer_rule_refusal(s, seat, instance, target):
        return reason
    if not trainer_playable(s, seat, instance):
        return Refusal(
            TCGCode.WOULD_DO_NOTHING,
            f"{card_of(s, instance).name} cannot be played now (it would do nothing)",
        )
    return None


def trainer_playable(s: State, seat: int, instance: int) -> bool:
    """The Trainer's own condition (the last test of `trainer_refusal`): it would
    do something now. `legal_commands` asks it without making the refusal."""
    playable = POOL[s.cards[instance]].playable
    return playable is None or playable(s, seat, instance)


def trainer_rule_refusal(s: State, seat: int, instance: int, target: int | None) -> Refusal | None:
    """`trainer_refusal` without the card's own condition: the rules for its kind."""
    trainer = CARDS[s.cards[instance]]  # card_of, without its frame (asked per candidate)
    kind = trainer.trainer_kind
    if not kind:
        return Refusal(TCGCode.WRONG_CARD_KIND, f"{trainer.name} is not a Trainer card")
    if kind == "item" and any(
        k.kind == "no_items" and k.target == player_marker(seat) for k in s.markers
    ):
        return Refusal(TCGCode.ITEMS_LOCKED, "you cannot play Item cards during this turn")
    if kind == "supporter":
        if s.used & SUPPORTER:
            return Refusal(TCGCode.SUPPORTER_PLAYED, "you already played a Supporter this turn")
        if s.turn == 1:
            return Refusal(
                TCGCode.FIRST_TURN,
                "the player who goes first cannot play a Supporter on their first turn",
            )
    if kind == "stadium":
        if s.used & STADIUM:
            return Refusal(TCGCode.STADIUM_PLAYED, "you already played a Stadium this turn")
        if s.stadium >= 0 and card_of(s, s.stadium).name == trainer.name:
            return Refusal(TCGCode.SAME_STADIUM, f"{trainer.name} is already in play")
    if kind == "tool":
        mon = s.sides[seat].find(target) if target is not None else None
        if mon is None:
            return Refusal(TCGCode.TOOL_TARGET, "attach a Tool to one of your Pokémon")
        if mon.tool >= 0:
            return Refusal(TCGCode.TOOL_TARGET, "that Pokémon already has a Tool attached")
    elif target is not None:
        return Refusal(TCGCode.NO_TARGET, f"{trainer.name} takes no target")
    return None


def why_not_ability(s: State, seat: int, pokemon: int) -> Refusal | None:
    return _main(s) or ability_refusal(s, seat, pokemon)


def ability_refusal(s: State, seat: int, pokemon: int) -> Refusal | None:
    if reason := ability_rule_refusal(s, seat, pokemon):
        return reason
    if not ability_usable(s, seat, pokemon):
        return Refusal(TCGCode.WOULD_DO_NOTHING, "that Ability cannot be used now")
    return None


def ability_usable(s: State, seat: int, pokemon: int) -> bool:
    """The Ability's own condition (the last test of `ability_refusal`, for a Pokémon
    in play with an Ability): it would do something now."""
    usable = POOL[s.cards[pokemon]].ability_usable
    return usable is None or usable(s, seat, pokemon)


def ability_rule_refusal(s: State, seat: int, pokemon: int) -> Refusal | None:
    """`ability_refusal` without the Ability's own condition."""
    mon = s.sides[seat].find(pokemon)
    if mon is None:
        return Refusal(TCGCode.NOT_IN_PLAY, f"you have no Pokémon {pokemon} in play")
    entry = POOL.get(s.cards[mon.card])
    if entry is None or not entry.ability:
        return Refusal(TCGCode.NO_ABILITY, f"{card_of(s, mon.card).name} has no Ability to use")
    if abilities_off(s, mon):
        return Refusal(
            TCGCode.ABILITIES_LOCKED,
            "Basic Pokémon have no Abilities while Mischievous Lock is in the Active Spot",
        )
    if pokemon in s.abilities_used and not entry.repeatable:
        return Refusal(TCGCode.ABILITY_USED, "that Ability was already used this turn")
    return None


def why_not_stadium(s: State, seat: int) -> Refusal | None:
    if reason := _main(s):
        return reason
    if s.stadium < 0:
        return Refusal(TCGCode.NO_STADIUM, "there is no Stadium in play")
    entry = POOL[s.cards[s.stadium]]
    if not stadium_has_effect(s):
        return Refusal(TCGCode.NO_STADIUM, f"{card_of(s, s.stadium).name} has no effect to use")
    if s.used & STADIUM_EFFECT:
        return Refusal(TCGCode.STADIUM_USED, "the Stadium was already used this turn")
    if entry.stadium_usable is not None and not entry.stadium_usable(s, seat, s.stadium):
        return Refusal(TCGCode.WOULD_DO_NOTHING, "the Stadium cannot be used now")
    return None


def stadium_has_effect(s: State) -> bool:
    """The Stadium in play (there is one) has an effect a player may use."""
    return bool(POOL[s.cards[s.stadium]].stadium_effect)


def why_not_retreat(s: State, seat: int, to: int, discard: tuple[int, ...]) -> Refusal | None:
    if reason := _main(s):
        return reason
    side = s.sides[seat]
    active = side.active
    if active is None:
        return Refusal(TCGCode.ACTIVE_MISSING, "you have no Active Pokémon")
    if s.used & RETREAT:
        return Refusal(TCGCode.RETREATED, "you already retreated this turn")
    if side.rotation in (ASLEEP, PARALYZED):
        return Refusal(TCGCode.CONDITION, "an Asleep or Paralyzed Pokémon cannot retreat")
    if is_marked(s, "cant_retreat", active.card):
        return Refusal(TCGCode.PREVENTED, "this Pokémon cannot retreat during this turn")
    if side.find(to) is None or to == active.card:
        return Refusal(TCGCode.RETREAT_TARGET, "retreat to one of your Benched Pokémon")
    if len(set(discard)) != len(discard) or not set(discard) <= set(active.energy):
        return Refusal(TCGCode.RETREAT_COST, "discard Energy attached to the retreating Pokémon")
    cost = retreat_cost(s, active)
    if len(discard) != cost:
        return Refusal(TCGCode.RETREAT_COST, f"the Retreat Cost is {cost} Energy")
    return None


def energy_meets(s: State, energy: tuple[int, ...], cost: str) -> bool:
    """Typed costs need their type; Colorless takes any Energy."""
    if len(energy) < len(cost):
        return False  # too few Energy, whatever their types (every Energy gives one)
    return types_meet(tuple(map(facts(s.cards).types.__getitem__, energy)), cost)


def types_meet(types: tuple[str, ...], cost: str) -> bool:
    """Energy of these types pays `cost` (`energy_meets` past the cards)."""
    if len(types) < len(cost):
        return False
    have = list(types)
    for letter in cost:
        if letter == "C":
            continue
        if letter not in have:
            return False
        have.remove(letter)
    return len(have) >= cost.count("C")


def why_not_attack(s: State, seat: int, index: int) -> Refusal | None:
    if reason := _main(s):
        return reason
    active = s.sides[seat].active
    if active is None:
        return Refusal(TCGCode.ACTIVE_MISSING, "you have no Active Pokémon")
    if index >= len(card_of(s, active.card).attacks):
        return Refusal(
            TCGCode.NO_SUCH_ATTACK, f"{card_of(s, active.card).name} has no attack {index}"
        )
    return attacker_refusal(s, seat) or attack_refusal(s, seat, index)


def attacker_refusal(s: State, seat: int) -> Refusal | None:
    """Why the Active Pokémon (there is one) may use none of its attacks now."""
    side = s.sides[seat]
    active = side.active
    assert active is not None
    if s.turn == 1:
        return Refusal(
            TCGCode.FIRST_TURN, "the player who goes first cannot attack on their first turn"
        )
    if side.rotation in (ASLEEP, PARALYZED):
        return Refusal(TCGCode.CONDITION, "an Asleep or Paralyzed Pokémon cannot attack")
    if is_marked(s, "cant_attack", active.card):
        return Refusal(TCGCode.PREVENTED, "this Pokémon cannot attack during this turn")
    return None


def attack_refusal(s: State, seat: int, index: int) -> Refusal | None:
    """Why the Active Pokémon may not use its attack `index` (one it has), past
    `attacker_refusal`."""
    active = s.sides[seat].active
    assert active is not None
    attack = card_of(s, active.card).attacks[index]
    if attack_prevented(s, active.card, index):
        return Refusal(TCGCode.PREVENTED, f"{attack.name} cannot be used during this turn")
    if not energy_meets(s, active.energy, attack.cost):
        return Refusal(TCGCode.NOT_ENOUGH_ENERGY, f"{attack.name} needs {attack.cost} Energy")
    return None


def attack_prevented(s: State, pokemon: int, index: int) -> bool:
    """An effect forbids `pokemon` its attack `index` this turn (a test of
    `attack_refusal`, which `legal_commands` asks without making the refusal)."""
    return bool(s.markers) and any(
        k.kind == "cant_use_attack" and k.target == pokemon and k.amount == index for k in s.markers
    )


# --------------------------------------------------------------- decisions
def evolved(s: State, seat: int, card: int, target: int, from_deck: bool = False) -> Event:
    """The event of `card` evolving `target` (from the hand, or the deck)."""
    mon = s.sides[seat].find(target)
    keeps = mon is not None and keeps_poison(s, mon)
    return (_evolved_from_deck if from_deck else _evolved)[seat, card, target, keeps]


def when_played(b: EventBuilder[State], seat: int, instance: int) -> None:
    """Run the card's "when you play this Pokémon from your hand" effect, if any."""
    entry = POOL.get(b.state.cards[instance])
    mon = b.state.sides[seat].find(instance)
    if entry is not None and entry.on_play and mon is not None and not abilities_off(b.state, mon):
        run(b, f"{b.state.cards[instance]}/on_play", seat, instance)


# The events of the commonest commands, made positionally (interned).
_benched = interned(BasicBenched, "seat", "card")
_attached = interned(EnergyAttached, "seat", "card", "target")
_trainer_played = interned(TrainerPlayed, "seat", "card", "kind", "target")
_turn_ended = interned(TurnEnded, "seat")
_retreated = made(Retreated, "seat", "discarded", "to")  # one game's Energy: not shared
_ability_used = interned(AbilityUsed, "seat", "pokemon")
_stadium_used = interned(StadiumUsed, "seat")
_attack_used = interned(AttackUsed, "seat", "pokemon", "attack")
_confused = interned(Damaged, "target", "amount", "counters")
_evolved = interned(Evolved, "seat", "card", "target", "keeps_poison")
_evolved_from_deck = interned(EvolvedFromDeck, "seat", "card", "target", "keeps_poison")


def play_basic(b: EventBuilder[State], c: PlayBasic) -> None:
    _refuse(why_not_bench(b.state, c.seat, c.card))
    b.emit(_benched[c.seat, c.card])
    when_played(b, c.seat, c.card)


def evolve(b: EventBuilder[State], c: Evolve) -> None:
    _refuse(why_not_evolve(b.state, c.seat, c.card, c.target))
    b.emit(evolved(b.state, c.seat, c.card, c.target))
    when_played(b, c.seat, c.card)


def attach(b: EventBuilder[State], c: AttachEnergy) -> None:
    _refuse(why_not_attach(b.state, c.seat, c.card, c.target))
    b.emit(_attached[c.seat, c.card, c.target])


def play_trainer(b: EventBuilder[State], c: PlayTrainer) -> None:
    _refuse(why_not_trainer(b.state, c.seat, c.card, c.target))
    kind = card_of(b.state, c.card).trainer_kind
    # trainer_kind is a str from the card data; for a Trainer it is one of the event's four kinds.
    b.emit(_trainer_played[c.seat, c.card, kind, c.target])
    run(b, f"{b.state.cards[c.card]}/trainer", c.seat, c.card)


def use_ability(b: EventBuilder[State], c: UseAbility) -> None:
    _refuse(why_not_ability(b.state, c.seat, c.pokemon))
    b.emit(_ability_used[c.seat, c.pokemon])
    run(b, f"{b.state.cards[c.pokemon]}/ability", c.seat, c.pokemon)


def use_stadium(b: EventBuilder[State], c: UseStadium) -> None:
    _refuse(why_not_stadium(b.state, c.seat))
    b.emit(_stadium_used[c.seat])
    run(b, f"{b.state.cards[b.state.stadium]}/stadium", c.seat, b.state.stadium)


def retreat(b: EventBuilder[State], c: Retreat) -> None:
    _refuse(why_not_retreat(b.state, c.seat, c.to, c.discard))
    b.emit(_retreated(c.seat, c.discard, c.to))


def attack(b: EventBuilder[State], c: UseAttack) -> None:
    s = b.state
    _refuse(why_not_attack(s, c.seat, c.attack))
    side = s.sides[c.seat]
    active = side.active
    assert active is not None
    b.emit(_attack_used[c.seat, active.card, c.attack])
    if side.rotation == CONFUSED and not chance.flip(b, c.seat):
        # Confused and tails: 3 damage counters on itself, and the attack fails.
        b.emit(_confused[active.card, 30, True])
        return
    if is_marked(s, "attack_may_fail", active.card) and not chance.flip(b, c.seat):
        return  # Apply Oil: tails, the attack doesn't happen
    printed = card_of(s, active.card).attacks[c.attack].damage
    variables = (("attack", c.attack), ("base", printed), ("damage", printed))
    run(b, f"{s.cards[active.card]}/attack/{c.attack}", c.seat, active.card, variables)


def end_turn(b: EventBuilder[State], c: EndTurn) -> None:
    _refuse(_main(b.state))
    b.emit(_turn_ended[c.seat])
