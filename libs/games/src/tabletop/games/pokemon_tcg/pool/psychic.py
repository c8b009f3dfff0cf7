"""Psychic Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ask, Ctx, Step, run
from ..events import Damaged, ToolsDiscarded
from ..registry import pokemon
from ..state import Mon, State, card_of, owner
from .common import PLAIN


def _energy_on_defender(ctx: Ctx) -> int:
    defender = ctx.state.sides[ctx.opponent].active
    return len(defender.energy) if defender else 0


def _psychic_pokemon(c: Card) -> bool:
    return c.is_pokemon and c.type == "P"


pokemon("sv1-84", PLAIN)  # Ralts: Psyshot
# Kirlia: Magical Shot; Psychic (20 more per Energy on the opponent's Active Pokémon).
pokemon("sv1-85", PLAIN, (v.add_damage(_energy_on_defender, 20), v.hit()))
# Drifloon: Gust; Balloon Blast (30 per damage counter on it).
pokemon("sv1-89", PLAIN, (v.damage_times(v.counters_on_self), v.hit()))
pokemon("sv1-91", PLAIN)  # Flabébé: Pollen Shot
magical_leaf: tuple[Step, ...] = (
    v.flip_coins(1),
    v.if_heads(v.more_damage(30)),
    v.hit(),
    v.if_heads(v.heal_self(30)),
)
pokemon("sv1-92", magical_leaf)  # Floette: Magical Leaf (heads: 30 more and heal 30)


def _blooming_garden(s: State, source: int, mon: Mon) -> bool:
    """Florges: your Pokémon in play have no Weakness."""
    return owner(mon.card) == owner(source)


# Florges: Blooming Garden; Moonblast (the Defending's attacks do 30 less next turn).
pokemon(
    "sv1-93",
    (v.hit(), v.lasting_on_defender("weaker_attacks", 30)),
    passive=Passive(removes_weakness=_blooming_garden),
)
# Dedenne: Energy Munch (flip; heads: discard an Energy from the opponent's Active Pokémon).
pokemon(
    "sv1-94",
    (
        v.hit(),
        v.flip_coins(1),
        v.if_heads(v.ask_energy_on_defender()),
        v.discard_picked_attached(),
    ),
)
# Dedenne: Second Bite (10 more per damage counter on the opponent's Active Pokémon).
pokemon("sv1-95", (v.add_damage(v.counters_on_defender, 10), v.hit()))
pokemon("sv1-97", PLAIN)  # Fidough: Rear Kick
pokemon("sv1-98", (v.lasting_on_self("less_damage", 30),), PLAIN)  # Fidough: Springy, Flop


def _well_baked_burn(s: State, source: int, mon: Mon, condition: str) -> bool:
    return mon.card == source and condition == "burned"


def _well_baked_damage(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Dachsbun: prevent all damage done to it by attacks from the opponent's Fire Pokémon."""
    fire = card_of(s, attacker.card).type == "R" and owner(attacker.card) != owner(source)
    return 10**6 if defender.card == source and fire else 0


pokemon(  # Dachsbun: Well-Baked Body; Headbutt Bounce.
    "sv1-99",
    PLAIN,
    passive=Passive(prevents_condition=_well_baked_burn, damage_reduction=_well_baked_damage),
)
pokemon("sv1-100", PLAIN)  # Flittle: Ram
pokemon("sv1-101", PLAIN)  # Flittle: Spinning Attack
# Espathra: Eye Strength (the Defending Pokémon can't retreat); Psychic (50 more per Energy).
pokemon(
    "sv1-103",
    (v.hit(), v.lasting_on_defender("cant_retreat")),
    (v.add_damage(_energy_on_defender, 50), v.hit()),
)
# Greavard: Graveyard Gamboling (10 per Psychic Pokémon in your discard pile).
pokemon("sv1-104", (v.damage_times(v.in_discard(_psychic_pokemon)), v.hit()))
# Houndstone: Last Respects (10 more per Psychic Pokémon in your discard pile).
pokemon("sv1-106", (v.add_damage(v.in_discard(_psychic_pokemon), 10), v.hit()))


# Drowzee: Forced Sleep (the opponent switches their Active Pokémon with a Benched one of their
# choice; the new Active Pokémon is now Asleep), Gentle Slap.
pokemon(
    "sv1-82",
    (
        v.opponent_switches_out("to"),
        v.gust_picked("to"),
        v.opponent_condition_if_switched("asleep", "to"),
    ),
    PLAIN,
)
# Flittle: Dash Off (then switch this Pokémon with 1 of your Benched Pokémon).
pokemon("sv1-102", (v.hit(), v.ask_own_bench("to"), v.switch_to_picked("to")))


def _basic_psychic_energy(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "P"


def _embrace_target(ctx: Ctx, mon: Mon) -> bool:
    """A Psychic Pokémon that 2 more damage counters would not Knock Out."""
    c = card_of(ctx.state, mon.card)
    return c.type == "P" and c.hp - mon.damage > 20


def _psychic_embrace_usable(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    energy = any(_basic_psychic_energy(card_of(s, i)) for i in side.discard)
    targets = any(
        card_of(s, mon.card).type == "P" and card_of(s, mon.card).hp - mon.damage > 20
        for mon in side.mons()
    )
    return energy and targets


def _embrace(ctx: Ctx) -> None:
    """Attach the picked Energy from the discard pile; 2 damage counters on that Pokémon."""
    for energy in ctx.picks("found"):
        target = ctx.picks("to")[0]
        v.move_cards(ctx, (energy,), "discard", "energy", target=target)
        ctx.b.emit(Damaged(target=target, amount=20, counters=True))


# Gardevoir ex: Psychic Embrace (as often as you like); Miracle Force (then it recovers from
# all Special Conditions).
pokemon(
    "sv1-86",
    (v.hit(), v.cure_own_active()),
    ability=(
        v.ask_own_pokemon("psychic_embrace_target", _embrace_target, key="to"),
        v.ask_discard("psychic_embrace_energy", _basic_psychic_energy, 1),
        _embrace,
    ),
    usable=_psychic_embrace_usable,
    repeatable=True,
)
# Shuppet: Enveloping Shadow (flip; heads: the opponent can't play Items during their next turn).
pokemon("sv1-87", (v.hit(), v.flip_coins(1), v.if_heads(v.opponent_cant_play_items())))


def _trainers_in_opponents_hand(ctx: Ctx) -> int:
    hand = ctx.state.sides[ctx.opponent].hand
    return sum(1 for i in hand if card_of(ctx.state, i).kind == "trainer")


# Banette ex: Everlasting Darkness (no Items for the opponent next turn); Poltergeist (the
# opponent reveals their hand: 60 damage for each Trainer card in it).
pokemon(
    "sv1-88",
    (v.hit(), v.opponent_cant_play_items()),
    (v.reveal_opponents_hand(), v.damage_times(_trainers_in_opponents_hand), v.hit()),
)


def _supporters_in_opponents_hand(ctx: Ctx) -> Ask:
    hand = ctx.state.sides[ctx.opponent].hand
    options = tuple(i for i in hand if card_of(ctx.state, i).trainer_kind == "supporter")
    return Ask("supporter_to_bottom", options, key="supporter")


def _supporter_to_bottom(ctx: Ctx) -> None:
    for supporter in ctx.picks("supporter"):
        v.move_cards(ctx, (supporter,), "hand", "deck_bottom", seat=ctx.opponent, revealed=True)


# Greavard: Underworld Stroll (the opponent reveals their hand; a Supporter you find there goes
# to the bottom of their deck), Sharp Fang.
pokemon(
    "sv1-105",
    (v.reveal_opponents_hand(), _supporters_in_opponents_hand, _supporter_to_bottom),
    PLAIN,
)


def _one_of_theirs(ctx: Ctx) -> Ask:
    options = tuple(mon.card for mon in ctx.state.sides[ctx.opponent].mons())
    return Ask("damage_counter_on", options, key="target")


def _one_counter(ctx: Ctx) -> None:
    for target in ctx.picks("target"):
        mon = ctx.state.sides[ctx.opponent].find(target)
        if mon is not None and not v.shielded(ctx, mon):
            ctx.b.emit(Damaged(target=target, amount=10, counters=True))


# Drifblim: Gust; Curse Spreading (put 8 damage counters on the opponent's Pokémon in any way you
# like: 8 choices of one Pokémon each).
pokemon("sv1-90", PLAIN, tuple(step for _ in range(8) for step in (_one_of_theirs, _one_counter)))


def _joust(ctx: Ctx) -> None:
    """Before doing damage, discard all Pokémon Tools from the opponent's Active Pokémon."""
    defender = ctx.state.sides[ctx.opponent].active
    if defender is not None and defender.tool >= 0 and not v.shielded(ctx, defender):
        ctx.b.emit(ToolsDiscarded(target=defender.card))


# Klefki: Mischievous Lock (damage.abilities_off: while it is Active, Basic Pokémon in play have
# no Abilities but this one); Joust.
pokemon("sv1-96", (_joust, v.hit()))


def _ask_their_attack(ctx: Ctx) -> Ask:
    """One attack of one of the opponent's Pokémon in play: 4 * Pokémon + attack index."""
    options = tuple(
        4 * mon.card + index
        for mon in ctx.state.sides[ctx.opponent].mons()
        for index in range(len(card_of(ctx.state, mon.card).attacks))
    )
    return Ask("copy_attack", options, key="copied")


def _use_copied(ctx: Ctx) -> None:
    """The copied attack, as this Pokémon's (no Energy needed for it); the last step."""
    for choice in ctx.picks("copied"):
        pokemon_card, index = divmod(choice, 4)
        printed = card_of(ctx.state, pokemon_card).attacks[index].damage
        variables = (("attack", ctx.vars["attack"]), ("base", printed), ("damage", printed))
        run(
            ctx.b,
            f"{ctx.state.cards[pokemon_card]}/attack/{index}",
            ctx.seat,
            ctx.source,
            variables,
        )


# Hypno: Pendulum Influence (flip; heads: choose an attack of 1 of the opponent's Pokémon in
# play and use it as this attack); Psychic Sphere.
pokemon("sv1-83", (v.flip_coins(1), v.if_heads(_ask_their_attack), _use_copied), PLAIN)
