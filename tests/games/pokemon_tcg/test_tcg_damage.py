"""Attacks and damage: Energy costs (Colorless = any type), the order base →
attacker's modifiers → Weakness x2 → Resistance -30 → defender's modifiers,
Knock Outs, prizes (2 for a Pokémon ex), promotion, and winning (last prize,
no Pokémon in play, cannot draw; both at once: more conditions, else Sudden
Death)."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.cards import card
from tabletop.games.pokemon_tcg.commands import (
    Choose,
    ChooseFirst,
    EndTurn,
    FinishSetup,
    SetActive,
    UseAttack,
)
from tabletop.games.pokemon_tcg.state import CHOOSE_FIRST, MAIN
from tabletop.kernel import IllegalCommand

from .helpers import Table, mon, play

P, F, D, L, G = "sve-5", "sve-6", "sve-7", "sve-4", "sve-1"


def test_cost_needs_typed_energy_and_colorless_takes_any() -> None:
    t = Table()
    ralts = t.mon(0, "sv1-84", energy=[G, G])  # Psyshot costs P + C
    s = t.state(actives=(ralts, t.mon(1, "sv1-146")))
    with pytest.raises(IllegalCommand, match="needs PC Energy"):
        play(s, UseAttack(seat=0, attack=0))
    t = Table()
    ralts = t.mon(0, "sv1-84", energy=[P, G])
    s = t.state(actives=(ralts, t.mon(1, "sv1-146")))
    after = play(s, UseAttack(seat=0, attack=0))
    assert mon(after, 60).damage == 30


def test_an_attack_ends_the_turn() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-84", energy=[P, P]), t.mon(1, "sv1-146")))
    after = play(s, UseAttack(seat=0, attack=0))
    assert (after.current, after.turn, after.phase) == (1, 4, MAIN)


def test_weakness_doubles() -> None:
    t = Table()
    riolu = t.mon(0, "sv1-112", energy=[F, F])  # Low Kick 20; Zangoose is weak to Fighting
    s = t.state(actives=(riolu, t.mon(1, "sv1-146")))
    assert mon(play(s, UseAttack(seat=0, attack=1)), 60).damage == 40


def test_resistance_takes_30_off() -> None:
    t = Table()
    mankey = t.mon(0, "sv1-107", energy=[F])  # Monkey Beatdown 30; Ralts resists Fighting
    s = t.state(actives=(mankey, t.mon(1, "sv1-84")))
    after = play(s, UseAttack(seat=0, attack=0))
    assert mon(after, 60).damage == 0
    assert mon(after, 0).damage == 10  # the recoil still happens


def test_attacker_modifier_comes_before_weakness() -> None:
    # Vitality Band +10 before Weakness: (20 + 10) x 2 = 60.
    t = Table()
    riolu = t.mon(0, "sv1-112", energy=[F, F], tool="sv1-197")
    s = t.state(actives=(riolu, t.mon(1, "sv1-146")))
    assert mon(play(s, UseAttack(seat=0, attack=1)), 60).damage == 60


def test_defender_modifier_comes_after_weakness_and_resistance() -> None:
    # Stonjourner (Exoskeleton -20) with Rock Chestplate (-30): Zangoose's Slash 40 → 0.
    t = Table()
    zangoose = t.mon(0, "sv1-146", energy=[G])
    stone = t.mon(1, "sv1-121", tool="sv1-192")
    s = t.state(actives=(zangoose, stone))
    assert mon(play(s, UseAttack(seat=0, attack=0)), 60).damage == 0
    # Weakness first, then the reduction: Riolu's Low Kick 20 x2 = 40 vs Zangoose... and
    # a Grass attacker against Stonjourner (weak to Grass): Skiddo's Smash Kick 20 x2 - 20 = 20.
    t = Table()
    skiddo = t.mon(0, "sv1-11", energy=[G, G])
    s = t.state(actives=(skiddo, t.mon(1, "sv1-121")))
    assert mon(play(s, UseAttack(seat=0, attack=1)), 60).damage == 20


def test_knock_out_gives_a_prize_and_the_owner_promotes() -> None:
    t = Table()
    riolu = t.mon(0, "sv1-113", energy=[F, F])  # Reckless Charge 50
    target = t.mon(1, "sv1-84", damage=50)  # Ralts 70 HP, resists Fighting: 50 - 30 = 20
    benched = t.mon(1, "sv1-146")
    s = t.state(actives=(riolu, target), benches=((), (benched,)))
    after = play(s, UseAttack(seat=0, attack=1))
    assert after.sides[1].active is None
    assert target.card in after.sides[1].discard
    assert len(after.sides[0].prizes) == 5 and len(after.sides[0].hand) == 1
    assert after.prompt is not None and after.prompt.kind == "promote"
    assert after.prompt.seat == 1 and after.prompt.options == (benched.card,)
    after = play(after, Choose(seat=1, option=benched.card))
    assert after.sides[1].active is not None and after.sides[1].active.card == benched.card
    assert after.current == 1 and after.phase == MAIN


def test_a_pokemon_ex_gives_two_prizes() -> None:
    t = Table()
    attacker = t.mon(0, "sv1-64", energy=[L, L])  # Magneton's Explosion: 90
    tusk = t.mon(1, "sv1-123", damage=200)  # Great Tusk ex, 250 HP
    s = t.state(
        actives=(attacker, tusk),
        benches=((t.mon(0, "sv1-146"),), (t.mon(1, "sv1-146"),)),
    )
    after = play(s, UseAttack(seat=0, attack=1))
    assert len(after.sides[0].prizes) == 4
    # Magneton knocked itself out too: seat 1 takes 1 prize.
    assert len(after.sides[1].prizes) == 5


def test_knock_outs_at_once_give_the_sum_of_their_prizes() -> None:
    t = Table()
    miraidon = t.mon(0, "sv1-80", energy=[L, L, L])  # Lightning Laser: 90, and 30 to one Benched
    active = t.mon(1, "sv1-146", damage=10)  # Zangoose, 90 HP
    benched = t.mon(1, "sv1-146", damage=70)
    spare = t.mon(1, "sv1-146")
    s = t.state(actives=(miraidon, active), benches=((), (benched, spare)))
    s = play(s, UseAttack(seat=0, attack=1))
    after = play(s, Choose(seat=0, option=benched.card))
    assert active.card in after.sides[1].discard and benched.card in after.sides[1].discard
    assert len(after.sides[0].prizes) == 4  # 1 + 1, taken together
    assert after.prompt is not None and after.prompt.kind == "promote"
    assert after.prompt.options == (spare.card,)


def test_taking_the_last_prize_wins() -> None:
    t = Table()
    s = t.state(
        actives=(t.mon(0, "sv1-84", energy=[P, P]), t.mon(1, "sv1-146", damage=70)),
        benches=((), (t.mon(1, "sv1-146"),)),
        prizes=(1, None),
    )
    after = play(s, UseAttack(seat=0, attack=0))
    assert after.winners == (0,) and "took the last prize" in after.reason


def test_no_pokemon_left_in_play_loses() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-84", energy=[P, P]), t.mon(1, "sv1-146", damage=70)))
    after = play(s, UseAttack(seat=0, attack=0))
    assert after.winners == (0,) and "no Pokémon in play" in after.reason


def test_both_winning_at_once_more_conditions_wins() -> None:
    # Magneton's Explosion knocks out the last Pokémon of both players; seat 0
    # also takes its last prize: 2 conditions against 1.
    t = Table()
    s = t.state(
        actives=(t.mon(0, "sv1-64", energy=[L, L], damage=80), t.mon(1, "sv1-146", damage=10)),
        prizes=(1, 3),
    )
    after = play(s, UseAttack(seat=0, attack=1))
    assert after.winners == (0,)
    assert after.reason == ("seat 0 took the last prize and the opponent has no Pokémon in play")


def test_both_winning_equally_starts_sudden_death_with_one_prize() -> None:
    t = Table()
    t.cards_of(0, "sv1-63", "sv1-63")  # Magnemite in the deck: the new game needs Basics
    s = t.state(
        actives=(t.mon(0, "sv1-64", energy=[L, L], damage=80), t.mon(1, "sv1-146", damage=10))
    )
    after = play(s, UseAttack(seat=0, attack=1))
    assert after.winners == () and after.sudden_deaths == 1 and after.prize_count == 1
    assert after.phase == CHOOSE_FIRST and after.cards == s.cards
    assert all(len(side.deck) == 60 for side in after.sides)  # every card back in its deck
    # The new game is set up like the first, with 1 prize each.
    chooser = after.chooser
    after = play(after, ChooseFirst(seat=chooser, go_first=True))
    for seat in (0, 1):
        basic = next(i for i in after.sides[seat].hand if card(after.cards[i]).is_basic_pokemon)
        after = play(after, SetActive(seat=seat, card=basic))
        after = play(after, FinishSetup(seat=seat))
    if after.prompt is not None:  # mulligan extra draws: take none
        after = play(after, Choose(seat=after.prompt.seat, option=0))
    assert [len(side.prizes) for side in after.sides] == [1, 1]
    assert after.phase == MAIN and after.turn == 1


def test_cannot_draw_at_the_start_of_the_turn_loses() -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-84"), t.mon(1, "sv1-146")), decks=(None, ()))
    after = play(s, EndTurn(seat=0))
    assert after.winners == (0,) and after.reason == "seat 1 could not draw a card"


def test_tera_pokemon_take_no_damage_from_attacks_on_the_bench() -> None:
    # Miraidon's Lightning Laser also does 30 to a Benched Pokémon: not to a Tera Pokémon ex.
    t = Table()
    gyarados = t.mon(1, "sv1-45")  # Gyarados ex: Tera
    s = t.state(
        actives=(t.mon(0, "sv1-80", energy=[L, L, L]), t.mon(1, "sv1-146")),
        benches=((), (gyarados,)),
    )
    s = play(s, UseAttack(seat=0, attack=1))
    s = play(s, Choose(seat=0, option=gyarados.card))
    assert mon(s, gyarados.card).damage == 0
    # ...nor from its own side's attacks (Krookodile's Earthquake hits its own Bench).
    t = Table()
    arcanine = t.mon(0, "sv1-32")  # Arcanine ex: Tera
    s = t.state(
        actives=(t.mon(0, "sv1-117", energy=[F, F]), t.mon(1, "sv1-65")),
        benches=((arcanine, t.mon(0, "sv1-146")), ()),
    )
    s = play(s, UseAttack(seat=0, attack=1))
    assert mon(s, arcanine.card).damage == 0 and mon(s, s.sides[0].bench[1].card).damage == 30
