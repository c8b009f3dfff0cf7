"""Cards with repeatable Abilities, Abilities that end the turn, Item lock and
revealed hands."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.commands import (
    Choose,
    Evolve,
    PlayBasic,
    PlayTrainer,
    UseAbility,
    UseAttack,
)
from tabletop.games.pokemon_tcg.state import State
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, coins, mon, play
from .test_tcg_cards import _attack, _dealt, _duel

R, P, F, G = "sve-2", "sve-5", "sve-6", "sve-1"


def _discard(s: State, seat: int, *cards: int) -> State:
    side = s.sides[seat]
    side = replace(side, discard=cards, deck=tuple(i for i in side.deck if i not in cards))
    return replace(s, sides=(side, s.sides[1]) if seat == 0 else (s.sides[0], side))


def test_gardevoir_ex_psychic_embrace_as_often_as_you_like() -> None:  # sv1-86
    t = Table()
    energy = t.cards_of(0, P, P, P)
    gardevoir = t.mon(0, "sv1-86")
    ralts = t.mon(0, "sv1-84", damage=40)  # 70 HP: one more use would Knock it Out
    s = _discard(
        t.state(actives=(gardevoir, t.mon(1, "sv1-61")), benches=((ralts,), ())), 0, *energy
    )
    for _ in range(2):
        s = play(s, UseAbility(seat=0, pokemon=gardevoir.card))
        assert ralts.card not in s.prompt.options or mon(s, ralts.card).damage == 40
        s = play(s, Choose(seat=0, option=gardevoir.card))
        s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert len(mon(s, gardevoir.card).energy) == 2 and mon(s, gardevoir.card).damage == 40
    s, _ = _duel("sv1-86", 0, defender_id="sv1-65")
    s = replace(s, sides=(replace(s.sides[0], poison=1), s.sides[1]))
    after = _attack(s, 0)
    assert after.sides[0].poison == 0  # Miracle Force: recovers from all conditions


def test_ralts_cannot_take_psychic_embrace_when_it_would_be_knocked_out() -> None:  # sv1-86
    t = Table()
    (energy,) = t.cards_of(0, P)
    gardevoir = t.mon(0, "sv1-86", damage=300)  # 310 HP
    ralts = t.mon(0, "sv1-84", damage=50)
    s = _discard(
        t.state(actives=(gardevoir, t.mon(1, "sv1-61")), benches=((ralts,), ())), 0, energy
    )
    with pytest.raises(IllegalCommand, match="cannot be used now"):
        play(s, UseAbility(seat=0, pokemon=gardevoir.card))


def test_armarouge_fire_off_moves_fire_energy_to_the_active() -> None:  # sv1-41
    t = Table()
    armarouge = t.mon(0, "sv1-41")
    benched = t.mon(0, "sv1-40", energy=[R, R])
    s = t.state(actives=(armarouge, t.mon(1, "sv1-61")), benches=((benched,), ()))
    for energy in benched.energy:
        s = play(s, UseAbility(seat=0, pokemon=armarouge.card))
        s = play(s, Choose(seat=0, option=energy))
    assert mon(s, armarouge.card).energy == benched.energy
    with pytest.raises(IllegalCommand, match="cannot be used now"):
        play(s, UseAbility(seat=0, pokemon=armarouge.card))
    s, _ = _duel("sv1-41", 0, defender_id="sv1-65")
    assert _attack(s, 0, False).sides[1].burned  # the checkup flip: still Burned


def test_slowbro_strange_behavior_moves_damage_counters_onto_itself() -> None:  # sv1-43
    t = Table()
    slowbro = t.mon(0, "sv1-43")
    hurt = t.mon(0, "sv1-84", damage=20)
    s = t.state(actives=(slowbro, t.mon(1, "sv1-61")), benches=((hurt,), ()))
    for _ in range(2):
        s = play(s, UseAbility(seat=0, pokemon=slowbro.card))
        s = play(s, Choose(seat=0, option=hurt.card))
    assert (mon(s, slowbro.card).damage, mon(s, hurt.card).damage) == (20, 0)
    s, _ = _duel("sv1-43", 0)
    s = replace(
        s, sides=(replace(s.sides[0], active=replace(s.sides[0].active, damage=40)), s.sides[1])
    )
    assert mon(_attack(s, 0), 0).damage == 10


def test_koraidon_ex_dino_cry_attaches_from_the_discard_and_ends_the_turn() -> None:  # sv1-125
    t = Table()
    energy = t.cards_of(0, F, F, F)
    koraidon = t.mon(0, "sv1-125")
    riolu = t.mon(0, "sv1-112")
    s = _discard(
        t.state(actives=(koraidon, t.mon(1, "sv1-61")), benches=((riolu,), ())), 0, *energy
    )
    s = play(s, UseAbility(seat=0, pokemon=koraidon.card))
    s = play(s, Choose(seat=0, option=energy[0]))
    s = play(s, Choose(seat=0, option=riolu.card))
    s = play(s, Choose(seat=0, option=energy[1]))
    s = play(s, Choose(seat=0, option=koraidon.card))
    assert mon(s, riolu.card).energy == (energy[0],)
    assert mon(s, koraidon.card).energy == (energy[1],)
    assert s.current == 1  # the turn ended


def test_shuppet_and_banette_ex_lock_items() -> None:  # sv1-87, sv1-88
    t = Table()
    (potion,) = t.cards_of(1, "sv1-188")
    s = t.state(
        actives=(t.mon(0, "sv1-88", energy=[P]), t.mon(1, "sv1-61", damage=30)),
        hands=((), (potion,)),
    )
    s = _attack(s, 0)
    with pytest.raises(IllegalCommand, match="cannot play Item cards"):
        play(s, PlayTrainer(seat=1, card=potion))
    s, _ = _duel("sv1-87", 0)
    s = _attack(s, 0, False)
    assert not s.markers


def test_banette_ex_poltergeist_counts_trainers_in_the_revealed_hand() -> None:  # sv1-88
    t = Table()
    hand = t.cards_of(1, "sv1-188", "sv1-180", "sv1-84")
    s = t.state(actives=(t.mon(0, "sv1-88", energy=[P, P]), t.mon(1, "sv1-65")), hands=((), hand))
    assert _dealt(s, 1, target=s.sides[1].active.card) == 2 * 60
    after = _attack(s, 1)
    assert set(hand) <= set(after.sides[1].known)


def test_greavard_underworld_stroll_sends_a_supporter_to_the_bottom() -> None:  # sv1-105
    t = Table()
    hand = t.cards_of(1, "sv1-180", "sv1-188")
    s = t.state(actives=(t.mon(0, "sv1-105", energy=[G, G]), t.mon(1, "sv1-61")), hands=((), hand))
    s = _attack(s, 0)
    assert s.prompt.options == (hand[0],) and not s.prompt.hidden
    s = play(s, Choose(seat=0, option=hand[0]))
    assert s.sides[1].deck[-1] == hand[0]


def test_wiglett_twisting_strike_shields_from_damage_and_effects() -> None:  # sv1-55
    t = Table()
    wiglett = t.mon(0, "sv1-55", energy=["sve-3"])
    s = t.state(actives=(wiglett, t.mon(1, "sv1-126", energy=["sve-7", G, G])))  # Grimer
    s = _attack(s, 0, True)
    s = play(s, UseAttack(seat=1, attack=0))  # Super Poison Breath: 50 and Poisoned
    assert mon(s, wiglett.card).damage == 0 and s.sides[0].poison == 0
    t = Table()
    wiglett = t.mon(0, "sv1-55", energy=["sve-3"])
    s = t.state(actives=(wiglett, t.mon(1, "sv1-140", energy=[G])))  # Varoom: Poison Gas
    s = play(_attack(s, 0, False), UseAttack(seat=1, attack=0))
    assert s.sides[0].poison == 1  # tails: no shield


def test_squawkabilly_call_for_family_and_fly() -> None:  # sv1-162
    t = Table()
    basics = t.cards_of(0, "sv1-84", "sv1-146", "sv1-107")
    s = t.state(actives=(t.mon(0, "sv1-162", energy=[G]), t.mon(1, "sv1-61")))
    s = _attack(s, 0)
    assert s.prompt.most == 2 and set(s.prompt.options) == set(basics)
    s = play(play(s, Choose(seat=0, option=basics[0])), Choose(seat=0, option=basics[2]))
    assert {b.card for b in s.sides[0].bench} == {basics[0], basics[2]}
    s, _ = _duel("sv1-162", 1)
    assert _dealt(s, 1, False) == 0
    shielded = _attack(s, 1, True)
    assert {k.kind for k in shielded.markers} == {"no_damage", "no_effects"}


def test_scatterbug_and_spewpa_adaptive_evolution() -> None:  # sv1-8, sv1-9
    t = Table()
    spewpa, vivillon, fresh = t.cards_of(0, "sv1-9", "sv1-10", "sv1-8")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-61")),
        hands=((spewpa, vivillon, fresh), ()),
        turn=1,
    )
    # The first turn, and the very turn Scatterbug is played: it still evolves, twice.
    s = play(s, PlayBasic(seat=0, card=fresh))
    s = play(s, Evolve(seat=0, card=spewpa, target=fresh))
    s = play(s, Evolve(seat=0, card=vivillon, target=spewpa))
    assert mon(s, vivillon).below == (fresh, spewpa)


def test_vivillon_miracle_powder_chooses_the_condition() -> None:  # sv1-10
    s, _ = _duel("sv1-10", 0, defender_id="sv1-65")
    s = _attack(s, 0, True)
    assert s.prompt.kind == "special_condition" and s.prompt.options == (0, 1, 2, 3, 4)
    s = play(s, Choose(seat=0, option=4))  # Poisoned
    assert s.sides[1].poison == 1


def test_dolliv_apply_oil_attack_may_not_happen() -> None:  # sv1-22
    t = Table()
    foe = t.mon(1, "sv1-146", energy=[G])
    s = t.state(actives=(t.mon(0, "sv1-22", energy=[G, G]), foe))
    s = _attack(s, 1)
    failed = play(s, UseAttack(seat=1, attack=0), coins(False))
    assert mon(failed, 0).damage == 0 and failed.current == 0
    worked = play(s, UseAttack(seat=1, attack=0), coins(True))
    assert mon(worked, 0).damage == 40


def test_arboliva_enriching_oil_when_played_to_evolve() -> None:  # sv1-23
    t = Table()
    dolliv = t.mon(0, "sv1-22", damage=60)
    (arboliva,) = t.cards_of(0, "sv1-23")
    s = t.state(actives=(dolliv, t.mon(1, "sv1-61")), hands=((arboliva,), ()), turn=5)
    s = play(s, Evolve(seat=0, card=arboliva, target=dolliv.card))
    assert s.prompt.kind == "enriching_oil" and s.prompt.need == 0
    s = play(s, Choose(seat=0, option=arboliva))
    assert mon(s, arboliva).damage == 0


def test_hawlucha_flying_entry_when_benched_from_the_hand() -> None:  # sv1-118
    t = Table()
    (hawlucha,) = t.cards_of(0, "sv1-118")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-61")),
        benches=((), (t.mon(1, "sv1-84"), t.mon(1, "sv1-146"), t.mon(1, "sv1-107"))),
        hands=((hawlucha,), ()),
    )
    s = play(s, PlayBasic(seat=0, card=hawlucha))
    assert s.prompt.kind == "flying_entry" and s.prompt.most == 2
    first, second = s.prompt.options[:2]
    s = play(play(s, Choose(seat=0, option=first)), Choose(seat=0, option=second))
    assert mon(s, first).damage == 10 and mon(s, second).damage == 10
