"""Rules read from the cards' own words (issue #14, points 5-7).

- Krookodile's Earthquake: "This attack also does 30 damage to each of your
  Benched Pokémon": attack damage, so Stonjourner's Exoskeleton ("This Pokémon
  takes 20 less damage from attacks") applies to it.
- Exp. Share ("When your Active Pokémon is Knocked Out by damage from an attack
  from your opponent's Pokémon...") and Lucario's Avenging Knuckle ("If any of
  your Fighting Pokémon were Knocked Out by damage from an attack during your
  opponent's last turn...") do not count Knock Outs done without damage:
  Spiritomb's Doom Decree ("...your opponent's Active Pokémon is Knocked Out")
  or damage counters (Drifblim's Curse Spreading).
- A Pokémon that leaves play and is put into play again is a new Pokémon:
  Miraidon ex's Tandem Unit ("Once during your turn") may be used again after
  Penny returned it to the hand and it was benched again.
"""

from __future__ import annotations

from tabletop.games.pokemon_tcg.commands import (
    Choose,
    PlayBasic,
    PlayTrainer,
    UseAbility,
    UseAttack,
)
from tabletop.games.pokemon_tcg.state import Marker, State
from tabletop.kernel import replace

from .helpers import Table, coins, mon, play
from .test_tcg_cards import _dealt

F, D, P, G, L = "sve-6", "sve-7", "sve-5", "sve-1", "sve-4"
KROOKODILE, STONJOURNER, SPIRITOMB, DRIFBLIM = "sv1-117", "sv1-121", "sv1-129", "sv1-90"
EXP_SHARE, LUCARIO, RIOLU, MIRAIDON_EX, PENNY = "sv1-174", "sv1-114", "sv1-112", "sv1-81", "sv1-183"


# ------------------------------------------------------------------ point 5
def test_earthquake_on_a_benched_stonjourner_goes_through_exoskeleton() -> None:
    t = Table()
    stonjourner, blissey = t.mon(0, STONJOURNER), t.mon(0, "sv1-146")
    s = t.state(
        actives=(t.mon(0, KROOKODILE, energy=[F, F]), t.mon(1, "sv1-146")),
        benches=((stonjourner, blissey), ()),
    )
    s = play(s, UseAttack(seat=0, attack=1))
    assert mon(s, stonjourner.card).damage == 10  # 30 - 20
    assert mon(s, blissey.card).damage == 30


def test_earthquake_respects_a_lasting_less_damage_effect_on_the_bench() -> None:
    t = Table()
    benched = t.mon(0, "sv1-146")
    s = t.state(
        actives=(t.mon(0, KROOKODILE, energy=[F, F]), t.mon(1, "sv1-146")),
        benches=((benched,), ()),
    )
    s = replace(s, markers=(Marker("less_damage", benched.card, 9, 30),))
    s = play(s, UseAttack(seat=0, attack=1))
    assert mon(s, benched.card).damage == 0


# ------------------------------------------------------------------ point 6
def _doom_decree_on(defender: object, benches: tuple, t: Table, **kw: object) -> State:
    s = t.state(
        actives=(t.mon(0, SPIRITOMB, energy=[D, D]), defender),  # type: ignore[arg-type]
        benches=benches,
        **kw,
    )
    return play(s, UseAttack(seat=0, attack=1), coins(True, True))


def test_doom_decree_knock_out_does_not_trigger_exp_share() -> None:
    t = Table()
    active = t.mon(1, "sv1-84", energy=[P, P])
    holder = t.mon(1, "sv1-146", tool=EXP_SHARE)
    s = _doom_decree_on(active, ((), (holder,)), t)
    assert active.card in s.sides[1].discard  # Knocked Out...
    assert s.prompt is not None and s.prompt.kind == "promote"  # ...and no Exp. Share prompt
    assert mon(s, holder.card).energy == () and set(active.energy) <= set(s.sides[1].discard)


def test_exp_share_still_triggers_on_a_knock_out_by_attack_damage() -> None:
    t = Table()
    active = t.mon(1, "sv1-84", energy=[P, P], damage=60)
    holder = t.mon(1, "sv1-146", tool=EXP_SHARE)
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), active), benches=((), (holder,)))
    s = play(s, UseAttack(seat=0, attack=0))
    assert s.prompt is not None and s.prompt.kind == "exp_share"


def test_doom_decree_knock_out_gives_avenging_knuckle_no_bonus() -> None:
    t = Table()
    riolu = t.mon(1, RIOLU)
    lucario = t.mon(1, LUCARIO, energy=[F])
    s = _doom_decree_on(riolu, ((), (lucario,)), t, turn=3)
    assert riolu.card in s.sides[1].discard and s.fighting_knocked_out[1] == -1
    s = play(s, Choose(seat=1, option=lucario.card))  # promote; seat 1's turn 4 begins
    assert s.current == 1 and s.turn == 4
    # Lucario attacks seat 0's Spiritomb: Avenging Knuckle has no 120 bonus.
    mirrored = _swap_seats_attack(s)
    assert mirrored == 30


def _swap_seats_attack(s: State) -> int:
    """Damage seat 1's Lucario does with Avenging Knuckle to seat 0's Active."""
    from tabletop.games.pokemon_tcg import GAME
    from tabletop.games.pokemon_tcg.events import Damaged

    target = s.sides[0].active.card  # type: ignore[union-attr]
    events = GAME.decide(s, UseAttack(seat=1, attack=0), coins())
    return sum(e.amount for e in events if isinstance(e, Damaged) and e.target == target)


def test_damage_counters_knock_out_is_not_by_damage() -> None:
    """Curse Spreading puts damage counters: a Riolu Knocked Out so was not
    Knocked Out by damage, so Lucario gets no bonus next turn."""
    t = Table()
    riolu = t.mon(1, RIOLU, damage=10)  # 70 HP: 6 more counters
    lucario = t.mon(1, LUCARIO, energy=[F])
    s = t.state(
        actives=(t.mon(0, DRIFBLIM, energy=[P, P, P]), riolu), benches=((), (lucario,)), turn=3
    )
    s = play(s, UseAttack(seat=0, attack=1))
    while s.prompt is not None and s.prompt.seat == 0:
        target = riolu.card if riolu.card in s.prompt.options else s.prompt.options[0]
        s = play(s, Choose(seat=0, option=target))
    assert riolu.card in s.sides[1].discard and s.fighting_knocked_out[1] == -1
    s = play(s, Choose(seat=1, option=lucario.card))
    # 30 less Drifblim's Fighting Resistance; with the 120 bonus it would be 120.
    assert _swap_seats_attack(s) == 0


def test_attack_damage_knock_out_gives_avenging_knuckle_its_bonus() -> None:
    t = Table()
    riolu = t.mon(0, RIOLU, damage=40)
    s = t.state(
        actives=(riolu, t.mon(1, "sv1-146", energy=[G])),
        benches=((t.mon(0, LUCARIO, energy=[F]),), ()),
        turn=4,
        current=1,
    )
    s = play(s, UseAttack(seat=1, attack=0))
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))  # type: ignore[union-attr]
    assert s.fighting_knocked_out[0] == 4
    assert _dealt(s, 0, target=s.sides[1].active.card) == (30 + 120) * 2  # type: ignore[union-attr]


# ------------------------------------------------------------------ point 7
def test_a_pokemon_benched_again_is_a_new_pokemon_for_once_a_turn_abilities() -> None:
    t = Table()
    miraidon = t.mon(0, MIRAIDON_EX)
    (penny,) = t.cards_of(0, PENNY)
    found = t.cards_of(0, "sv1-74", "sv1-73", "sv1-74")  # Basic Lightning Pokémon in the deck
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        benches=((miraidon,), ()),
        hands=((penny,), ()),
    )
    s = play(s, UseAbility(seat=0, pokemon=miraidon.card))
    s = play(s, Choose(seat=0, option=found[0]))
    s = play(s, Choose(seat=0, option=None))
    assert miraidon.card in s.abilities_used
    s = play(s, PlayTrainer(seat=0, card=penny))
    s = play(s, Choose(seat=0, option=miraidon.card))
    assert miraidon.card in s.sides[0].hand and miraidon.card not in s.abilities_used
    s = play(s, PlayBasic(seat=0, card=miraidon.card))
    s = play(s, UseAbility(seat=0, pokemon=miraidon.card))  # refused before the fix
    assert s.prompt is not None and s.prompt.kind == "search_basic_lightning"
    s = play(s, Choose(seat=0, option=found[1]))
    s = play(s, Choose(seat=0, option=None))
    assert found[1] in [b.card for b in s.sides[0].bench]
