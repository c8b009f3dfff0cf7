"""Fighting Pokémon in the pool."""

from __future__ import annotations

from .. import vocabulary as v
from ..damage import Passive
from ..effects import Ask, Ctx
from ..registry import pokemon
from ..state import Mon, State
from .common import PLAIN, discard_own_energy, recoil

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
