"""Fighting Pokémon in the pool."""

from __future__ import annotations

from .. import chance
from .. import vocabulary as v
from ..cards import Card
from ..damage import Passive
from ..effects import Ask, Ctx, Step
from ..events import Damaged, PokemonShuffledIn
from ..registry import pokemon
from ..state import Mon, State, card_of
from .common import PLAIN, cant_attack_next_turn, discard_own_energy, recoil

pokemon("sv1-107", recoil(10))  # Mankey: Monkey Beatdown
pokemon("sv1-108", recoil(20))  # Primeape: Raging Punch
pokemon("sv1-110", (v.hit(resistance=False),))  # Meditite: Feint
# Medicham: Acu-Punch-Ture (the Defending can't use the chosen attack next turn); Kick Shot.
pokemon(
    "sv1-111",
    (v.hit(), v.ask_defender_attack(), v.disable_picked_attack()),
    (v.flip_coins(1), v.nothing_if_tails(), v.hit()),
)
pokemon("sv1-112", PLAIN, PLAIN)  # Riolu
pokemon("sv1-113", PLAIN, recoil(20))  # Riolu: Punch, Reckless Charge
pokemon("sv1-115", PLAIN, PLAIN)  # Sandile


def _opponent_at_one_prize(ctx: Ctx) -> bool:
    return len(ctx.state.sides[ctx.opponent].prizes) == 1


# Krokorok: Payback (90 more if the opponent has exactly 1 Prize card left), Corkscrew Punch.
pokemon("sv1-116", (v.add_damage_if(_opponent_at_one_prize, 90), v.hit()), PLAIN)


def _chomp(ctx: Ctx) -> Ask:
    """For each heads, an Energy of the opponent's Active Pokémon to discard."""
    defender = ctx.state.sides[ctx.opponent].active
    heads = ctx.vars.get("heads", 0)
    options = tuple(sorted(defender.energy)) if defender and heads else ()
    return Ask("energy_to_discard", options, key="energy", need=heads, most=heads)


# Krookodile: Chomp Chomp Bite; Earthquake (also 30 to each of your Benched Pokémon).
pokemon(
    "sv1-117",
    (v.hit(), v.flip_until_tails(), _chomp, v.discard_picked_attached()),
    (v.hit(), v.damage_each_own_bench(30)),
)
pokemon("sv1-119", PLAIN)  # Silicobra


def _exoskeleton(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """Stonjourner: this Pokémon takes 20 less damage from attacks."""
    return 20 if defender.card == source else 0


pokemon("sv1-121", PLAIN, passive=Passive(damage_reduction=_exoskeleton))  # Stonjourner
pokemon("sv1-122", PLAIN, (v.hit(), v.self_condition("confused")))  # Klawf: Adrenaline Hammer
# Great Tusk ex: Bedrock Breaker (discard a Stadium in play), Gigantic Tusks.
pokemon("sv1-123", (v.hit(), v.discard_stadium()), recoil(50))
pokemon("sv1-124", PLAIN, discard_own_energy(3))  # Koraidon: Claw Slash, Rampaging Fang


def _prizes_taken_by_opponent(ctx: Ctx) -> int:
    return ctx.state.prize_count - len(ctx.state.sides[ctx.opponent].prizes)


# Annihilape: Rage Fist (70 per Prize card your opponent has taken), Dynamite Punch.
pokemon("sv1-109", (v.damage_times(_prizes_taken_by_opponent), v.hit()), recoil(50))


def _basic_fighting_energy(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "F"


def _basic_fighting(ctx: Ctx, mon: Mon) -> bool:
    c = card_of(ctx.state, mon.card)
    return c.stage == 0 and c.type == "F"


def _dino_cry_usable(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    energy = any(_basic_fighting_energy(card_of(s, i)) for i in side.discard)
    targets = any(
        card_of(s, mon.card).stage == 0 and card_of(s, mon.card).type == "F" for mon in side.mons()
    )
    return energy and targets


def _attach_from_discard(energy_key: str, to_key: str) -> Step:
    def step(ctx: Ctx) -> None:
        for energy in ctx.picks(energy_key):
            v.move_cards(ctx, (energy,), "discard", "energy", target=ctx.picks(to_key)[0])

    return step


def _target_if_picked(energy_key: str, to_key: str) -> Step:
    def step(ctx: Ctx) -> Ask | None:
        if not ctx.picks(energy_key):
            return None
        # A Step may return None; ask_own_pokemon's step always returns its Ask.
        return v.ask_own_pokemon("dino_cry_target", _basic_fighting, key=to_key)(ctx)  # type: ignore[return-value]

    return step


# Koraidon ex: Dino Cry (once a turn: up to 2 basic Fighting Energy from your discard pile onto
# your Basic Fighting Pokémon in any way; then your turn ends); Wild Impact.
pokemon(
    "sv1-125",
    cant_attack_next_turn(),
    ability=(
        v.ask_discard("dino_cry_energy", _basic_fighting_energy, 1, key="e1"),
        _target_if_picked("e1", "to1"),
        _attach_from_discard("e1", "to1"),
        v.ask_discard("dino_cry_energy", _basic_fighting_energy, 1, key="e2"),
        _target_if_picked("e2", "to2"),
        _attach_from_discard("e2", "to2"),
        v.end_turn(),
    ),
    usable=_dino_cry_usable,
)


def _ask_two_benched(ctx: Ctx) -> Ask:
    options = tuple(mon.card for mon in ctx.state.sides[ctx.opponent].bench)
    return Ask("flying_entry", options, key="targets", need=0, most=2)


def _one_counter_each(ctx: Ctx) -> None:
    for target in ctx.picks("targets"):
        ctx.b.emit(Damaged(target=target, amount=10, counters=True))


# Hawlucha: Flying Entry (when played from the hand onto the Bench: you may put 1 damage counter
# on each of 2 of the opponent's Benched Pokémon), Wing Attack.
pokemon("sv1-118", PLAIN, on_play=(_ask_two_benched, _one_counter_each))


def _sandstorm(ctx: Ctx) -> None:
    """If Energy was discarded: the opponent shuffles their Active Pokémon and
    everything attached into their deck."""
    defender = ctx.state.sides[ctx.opponent].active
    if ctx.picks("energy") and defender is not None and not v.shielded(ctx, defender):
        ctx.b.emit(PokemonShuffledIn(seat=ctx.opponent, pokemon=defender.card))
        chance.shuffle(ctx.b, ctx.opponent)


# Sandaconda: Skull Bash; Sandstorm Spray (discard 2 Energy from this Pokémon; if you did, the
# opponent shuffles their Active Pokémon and all attached cards into their deck).
pokemon(
    "sv1-120",
    PLAIN,
    (v.ask_energy_on_self(2), v.discard_picked_energy(), _sandstorm),
)


def _fighting_knocked_out_last_turn(ctx: Ctx) -> bool:
    return ctx.state.fighting_knocked_out[ctx.seat] == ctx.state.turn - 1


# Lucario: Avenging Knuckle (120 more if any of your Fighting Pokémon were Knocked Out by damage
# from an attack during the opponent's last turn); Accelerating Stab (it can't use Accelerating
# Stab during your next turn).
pokemon(
    "sv1-114",
    (v.add_damage_if(_fighting_knocked_out_last_turn, 120), v.hit()),
    (v.hit(), v.disable_own_attack()),
)
