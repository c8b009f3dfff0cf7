"""Cards of the second batch: counted damage, Energy conditions, choices made
by the opponent, lasting effects, more Abilities. One test per card at least."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.commands import (
    Choose,
    EndTurn,
    PlayTrainer,
    Retreat,
    UseAbility,
    UseAttack,
)
from tabletop.games.pokemon_tcg.damage import retreat_cost
from tabletop.games.pokemon_tcg.state import ASLEEP, CONFUSED, State
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, coins, mon, play
from .test_tcg_cards import _attack, _dealt, _duel

R, W, L, P, F, D, M, G = "sve-2", "sve-3", "sve-4", "sve-5", "sve-6", "sve-7", "sve-8", "sve-1"


def _hurt(s: State, seat: int, damage: int) -> State:
    """`s` with `seat`'s Active Pokémon carrying `damage`."""
    side = s.sides[seat]
    side = replace(side, active=replace(side.active, damage=damage))
    return replace(s, sides=(side, s.sides[1]) if seat == 0 else (s.sides[0], side))


def test_heracross_and_spidops_ex_count_the_defenders_retreat_cost() -> None:  # sv1-2, sv1-19
    s, _ = _duel("sv1-2", 0, defender_id="sv1-61")  # Dondozo: Retreat Cost 4
    assert _dealt(s, 0) == 10 + 4 * 30
    # Spidops ex's Trap Territory adds 1 Colorless to the opponent's Active Pokémon.
    s, _ = _duel("sv1-19", 0, defender_id="sv1-61")
    assert retreat_cost(s, s.sides[1].active) == 5
    assert retreat_cost(s, s.sides[0].active) == 2  # not its own
    assert _dealt(s, 0) == 90 + 5 * 30


def test_tarountula_string_haul_gusts_on_heads() -> None:  # sv1-16
    s, _ = _duel("sv1-16", 0, benches=((), ("sv1-84",)))
    assert _attack(s, 0, False).sides[1].active.card == 60
    s = _attack(s, 0, True)
    target = s.prompt.options[0]
    assert play(s, Choose(seat=0, option=target)).sides[1].active.card == target


@pytest.mark.parametrize("card_id", ["sv1-27"])  # Capsakid: Slightly Spicy
def test_burned_on_heads(card_id: str) -> None:
    s, _ = _duel(card_id, 0)
    assert _attack(s, 0, True, False).sides[1].burned  # the checkup flip: still Burned
    assert not _attack(s, 0, False).sides[1].burned


def test_scovillain_hot_bite_and_super_spicy_breath() -> None:  # sv1-29
    s, _ = _duel("sv1-29", 0)
    assert _attack(s, 0, False).sides[1].burned  # checkup flip tails: still Burned
    s, _ = _duel("sv1-29", 1)  # paid with Grass only
    assert _dealt(s, 1) == 90
    s, _ = _duel("sv1-29", 1, extra_energy=(R,))
    assert _dealt(s, 1) == 180


def test_arcanine_ex_raging_claws_and_bright_flame() -> None:  # sv1-32
    s, _ = _duel("sv1-32", 0)
    assert _dealt(_hurt(s, 0, 50), 0) == 30 + 5 * 10
    s, _ = _duel("sv1-32", 1, extra_energy=(R,))
    s = _attack(s, 1)
    assert s.prompt.kind == "energy_to_discard" and s.prompt.need == 2
    first, second = s.prompt.options[:2]
    s = play(play(s, Choose(seat=0, option=first)), Choose(seat=0, option=second))
    assert len(mon(s, 0).energy) == 2 and {first, second} <= set(s.sides[0].discard)


@pytest.mark.parametrize(("card_id", "attack"), [("sv1-34", 1), ("sv1-39", 0), ("sv1-150", 1)])
def test_discard_an_energy_from_this_pokemon(card_id: str, attack: int) -> None:
    # Houndoom's Fire Blast, Charcadet's Ember, Staraptor's Power Blast
    s, _ = _duel(card_id, attack)
    energy = len(s.sides[0].active.energy)
    s = _attack(s, attack)
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert len(mon(s, 0).energy) == energy - 1


def test_torkoal_concentrated_fire_flips_per_fire_energy() -> None:  # sv1-35
    s, _ = _duel("sv1-35", 1, extra_energy=(R,))  # F C C paid with 3 Fire, plus 1: 4 flips
    assert _dealt(s, 1, True, True, False, True) == 3 * 80


def test_slowpoke_rest_sleeps_and_heals() -> None:  # sv1-42
    s, _ = _duel("sv1-42", 0)
    s = _attack(_hurt(s, 0, 40), 0, False)
    assert s.sides[0].rotation == ASLEEP and mon(s, 0).damage == 10


def test_magikarp_jump_on_heads() -> None:  # sv1-44
    s, _ = _duel("sv1-44", 0)
    assert _attack(s, 0, False).prompt is None
    s = _attack(s, 0, True)
    assert mon(play(s, Choose(seat=0, option=60)), 60).damage == 10


def test_gyarados_ex_tyrannical_tail() -> None:  # sv1-45
    s, _ = _duel("sv1-45", 1, defender_id="sv1-65")
    assert _dealt(s, 1) == 180
    assert _dealt(_hurt(s, 1, 10), 1) == 360


def test_floatzel_hydro_pump_counts_water_energy() -> None:  # sv1-47
    s, _ = _duel("sv1-47", 0, extra_energy=(W, G))
    assert _dealt(s, 0) == 50 + 3 * 20


def test_wiglett_and_wugtrio_discard_from_the_top_of_the_deck() -> None:  # sv1-56, sv1-57
    s, _ = _duel("sv1-56", 0)
    top = s.sides[1].deck[0]
    assert top in _attack(s, 0, True).sides[1].discard
    s, _ = _duel("sv1-57", 1)
    after = _attack(s, 1, True, False, True)
    assert set(s.sides[1].deck[:6]) <= set(after.sides[1].discard)


def test_cetitan_sweeping_tackle_does_less_when_damaged() -> None:  # sv1-60
    s, _ = _duel("sv1-60", 1)
    assert _dealt(_hurt(s, 0, 30), 1) == 200 - 3 * 20


def test_magnezone_ex_energy_crush_counts_the_opponents_energy() -> None:  # sv1-65
    t = Table()
    me = t.mon(0, "sv1-65", energy=[L])
    foe = t.mon(1, "sv1-60", energy=[W, W])  # Cetitan: not weak to Lightning
    s = t.state(actives=(me, foe), benches=((), (t.mon(1, "sv1-84", energy=[P]),)))
    assert _dealt(s, 0) == 3 * 50
    s, _ = _duel("sv1-65", 1)
    assert _dealt(s, 1, target=0) == 30


def test_toxtricity_yank_away_shuffles_two_random_cards_back() -> None:  # sv1-72
    t = Table()
    hand = t.cards_of(1, "sv1-188", "sv1-188", "sv1-180")
    s = t.state(actives=(t.mon(0, "sv1-72", energy=[L, L]), t.mon(1, "sv1-61")), hands=((), hand))
    after = _attack(s, 0)
    assert len(after.sides[1].hand) == 1 + 1  # one left, and the turn's draw
    s, _ = _duel("sv1-72", 1)
    assert _dealt(s, 1, target=0) == 20


def test_drifloon_balloon_blast_counts_its_damage() -> None:  # sv1-89
    s, _ = _duel("sv1-89", 1)
    assert _dealt(_hurt(s, 0, 40), 1) == 4 * 30


def test_floette_magical_leaf_heads_more_and_heals() -> None:  # sv1-92
    s, _ = _duel("sv1-92", 0)
    s = _hurt(s, 0, 40)
    assert _dealt(s, 0, True) == 60 and mon(_attack(s, 0, True), 0).damage == 10
    assert _dealt(s, 0, False) == 30 and mon(_attack(s, 0, False), 0).damage == 40


def test_florges_blooming_garden_and_moonblast() -> None:  # sv1-93
    t = Table()
    weak = t.mon(1, "sv1-84")  # Ralts is weak to Darkness
    s = t.state(
        actives=(t.mon(0, "sv1-132", energy=[D]), weak),
        benches=((), (t.mon(1, "sv1-93"),)),
    )
    assert _dealt(s, 0) == 10  # no Weakness with Florges in play
    s, _ = _duel("sv1-93", 0)
    s = _attack(s, 0)
    # The Defending Pokémon's attacks do 30 less during its next turn.
    t = Table()
    foe = t.mon(1, "sv1-65", energy=[L])  # Magnezone ex: Energy Crush, 50 per Energy
    s = t.state(actives=(t.mon(0, "sv1-93", energy=[P, P, P]), foe))
    s = _attack(s, 0)
    assert mon(play(s, UseAttack(seat=1, attack=0)), 0).damage == 3 * 50 - 30


def test_dedenne_energy_munch_and_second_bite() -> None:  # sv1-94, sv1-95
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W])
    s = t.state(actives=(t.mon(0, "sv1-94", energy=[P]), foe))
    s = _attack(s, 0, True)
    s = play(s, Choose(seat=0, option=foe.energy[0]))
    assert mon(s, 60).energy == ()
    s, _ = _duel("sv1-95", 0)
    assert _dealt(_hurt(s, 1, 50), 0) == 30 + 5 * 10


def test_fidough_springy_takes_30_less() -> None:  # sv1-98, also Fidough sv1-97 (plain)
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-98", energy=[P]), t.mon(1, "sv1-146", energy=[G])))
    s = _attack(s, 0)
    assert mon(play(s, UseAttack(seat=1, attack=0)), 0).damage == 10


def test_dachsbun_well_baked_body() -> None:  # sv1-99
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-40", energy=[R, R, R]), t.mon(1, "sv1-99")))
    assert _dealt(s, 0) == 0  # Charcadet is a Fire Pokémon
    s, _ = _duel("sv1-27", 0, defender_id="sv1-99")  # Capsakid (Grass) tries to burn it
    assert not _attack(s, 0, True).sides[1].burned


def test_greavard_and_houndstone_count_psychic_pokemon_in_the_discard() -> None:
    # sv1-104, sv1-106
    for card_id, expected in (("sv1-104", 2 * 10), ("sv1-106", 80 + 2 * 10)):
        t = Table()
        gone = t.cards_of(0, "sv1-84", "sv1-85", "sv1-146")
        s = t.state(actives=(t.mon(0, card_id, energy=[P, P]), t.mon(1, "sv1-61")))
        s = replace(
            s,
            sides=(
                replace(
                    s.sides[0],
                    discard=gone,
                    deck=tuple(i for i in s.sides[0].deck if i not in gone),
                ),
                s.sides[1],
            ),
        )
        assert _dealt(s, 0) == expected


def test_medicham_acu_punch_ture_disables_the_chosen_attack() -> None:  # sv1-111
    t = Table()
    foe = t.mon(1, "sv1-149", energy=[G, G, G])  # Staravia: Wing Attack, Speed Dive
    s = t.state(actives=(t.mon(0, "sv1-111", energy=[F]), foe))
    s = _attack(s, 0)
    assert s.prompt.kind == "defender_attack" and s.prompt.options == (0, 1)
    s = play(s, Choose(seat=0, option=1))
    with pytest.raises(IllegalCommand, match="Speed Dive cannot be used"):
        play(s, UseAttack(seat=1, attack=1))
    play(s, UseAttack(seat=1, attack=0))
    s, _ = _duel("sv1-111", 1)
    assert _dealt(s, 1, False) == 0 and _dealt(s, 1, True) == 90


def test_krokorok_payback_when_the_opponent_has_one_prize_left() -> None:  # sv1-116
    s, _ = _duel("sv1-116", 0)
    assert _dealt(s, 0) == 30
    last = replace(s, sides=(s.sides[0], replace(s.sides[1], prizes=s.sides[1].prizes[:1])))
    assert _dealt(last, 0) == 120


def test_krookodile_chomp_chomp_bite_and_earthquake() -> None:  # sv1-117
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W, W, W])
    s = t.state(actives=(t.mon(0, "sv1-117", energy=[F]), foe))
    s = _attack(s, 0, True, True, False)
    assert s.prompt.need == 2
    s = play(play(s, Choose(seat=0, option=foe.energy[0])), Choose(seat=0, option=foe.energy[1]))
    assert mon(s, 60).energy == foe.energy[2:]
    s, _ = _duel("sv1-117", 1, benches=(("sv1-146",), ()))
    after = _attack(s, 1)
    assert mon(after, after.sides[0].bench[0].card).damage == 30


def test_koraidon_rampaging_fang_discards_3_energy() -> None:  # sv1-124
    s, _ = _duel("sv1-124", 1)
    s = _attack(s, 1)
    assert s.prompt.need == 3


def test_toxicroak_ex_nasty_plot_and_toxic_ripper() -> None:  # sv1-131
    t = Table()
    wanted = t.cards_of(0, "sv1-188", "sv1-180")
    s = t.state(actives=(t.mon(0, "sv1-131", energy=[D]), t.mon(1, "sv1-61")))
    s = _attack(s, 0)
    assert s.prompt.hidden and s.prompt.most == 2
    s = play(play(s, Choose(seat=0, option=wanted[0])), Choose(seat=0, option=wanted[1]))
    assert set(wanted) <= set(s.sides[0].hand) and not s.sides[0].known  # not revealed
    s, _ = _duel("sv1-131", 1, defender_id="sv1-65")
    after = _attack(s, 1)
    assert after.sides[1].poison == 6  # 6 damage counters at each checkup
    assert mon(after, 60).damage == 120 + 60


def test_maschiff_crunch_discards_an_energy_on_heads() -> None:  # sv1-136
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W])
    s = t.state(actives=(t.mon(0, "sv1-136", energy=[D, D]), foe))
    s = play(_attack(s, 0, True), Choose(seat=0, option=foe.energy[0]))
    assert mon(s, 60).energy == ()


def test_mabosstiff_intimidating_howl_the_opponent_chooses() -> None:  # sv1-137
    t = Table()
    me = t.mon(0, "sv1-137")
    s = t.state(actives=(me, t.mon(1, "sv1-61")), benches=((), (t.mon(1, "sv1-84"),)))
    s = play(s, UseAbility(seat=0, pokemon=me.card))
    assert s.prompt.seat == 1 and s.prompt.kind == "new_active"
    s = play(s, Choose(seat=1, option=s.prompt.options[0]))
    assert s.sides[1].active.card != 60 and s.current == 0
    s, _ = _duel("sv1-137", 0)
    assert _dealt(s, 0, target=0) == 30


def test_bombirdier_knickknack_carrying_and_clutch() -> None:  # sv1-138
    t = Table()
    tools = t.cards_of(0, "sv1-197", "sv1-192")
    s = t.state(actives=(t.mon(0, "sv1-138", energy=[D]), t.mon(1, "sv1-61")))
    s = _attack(s, 0)
    s = play(play(s, Choose(seat=0, option=tools[0])), Choose(seat=0, option=tools[1]))
    s = play(s, Choose(seat=0, option=None))  # up to 3: a hidden search ends when told
    assert set(tools) <= set(s.sides[0].known)
    s, _ = _duel("sv1-138", 1, benches=((), ("sv1-84",)))
    s = _attack(s, 1)
    with pytest.raises(IllegalCommand, match="cannot retreat"):
        play(
            s,
            Retreat(seat=1, to=s.sides[1].bench[0].card, discard=()),
        )


def test_iron_treads_ex_triple_laser_and_cybernetic_wheels() -> None:  # sv1-143
    s, _ = _duel("sv1-143", 0, benches=(("sv1-146",), ("sv1-84", "sv1-146")))
    s = _attack(s, 0)
    assert s.prompt.need == 3
    for target in s.prompt.options:
        s = play(s, Choose(seat=0, option=target))
    assert all(m_.damage == 30 for m_ in s.sides[1].bench)
    s, _ = _duel("sv1-143", 1, defender_id="sv1-65", benches=(("sv1-146",), ()))
    s = _attack(s, 1)
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert mon(s, 60).damage == 160 and s.sides[0].active.card != 0


def test_blissey_busybody_nurse_and_happy_cyclone() -> None:  # sv1-145
    t = Table()
    blissey = t.mon(0, "sv1-145", energy=[G, G, G])
    s = t.state(actives=(blissey, t.mon(1, "sv1-61")), benches=((t.mon(0, "sv1-84"),), ()))
    with pytest.raises(IllegalCommand, match="cannot be used now"):
        play(s, UseAbility(seat=0, pokemon=blissey.card))
    sick = replace(s, sides=(replace(s.sides[0], rotation=CONFUSED, poison=1), s.sides[1]))
    cured = play(sick, UseAbility(seat=0, pokemon=blissey.card))
    assert (cured.sides[0].rotation, cured.sides[0].poison) == (0, 0)
    s = _attack(s, 0)
    to = s.prompt.options[0]
    s = play(s, Choose(seat=0, option=to))
    assert mon(s, to).energy == blissey.energy and mon(s, blissey.card).energy == ()


def test_zangoose_drag_off_hits_the_new_active() -> None:  # sv1-147
    s, _ = _duel("sv1-147", 0, benches=((), ("sv1-61",)))
    s = _attack(s, 0)
    target = s.prompt.options[0]
    s = play(s, Choose(seat=0, option=target))
    assert s.sides[1].active.card == target and mon(s, target).damage == 30


def test_staraptor_tailspin_away_stops_basic_pokemon() -> None:  # sv1-150
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-150", energy=[G, G]), t.mon(1, "sv1-146", energy=[G])))
    s = _attack(s, 0)
    assert mon(play(s, UseAttack(seat=1, attack=0)), 0).damage == 0


def test_greedent_enhanced_fang_with_a_tool() -> None:  # sv1-152
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-152", energy=[G, G, G], tool="sv1-192"), t.mon(1, "sv1-61")))
    assert _dealt(s, 1) == 160


def test_lechonk_repelling_odor_the_opponent_chooses() -> None:  # sv1-154
    s, _ = _duel("sv1-154", 0, benches=((), ("sv1-84", "sv1-146")))
    s = _attack(s, 0)
    assert s.prompt.seat == 1 and len(s.prompt.options) == 2
    s = play(s, Choose(seat=1, option=s.prompt.options[1]))
    assert s.sides[1].active.card != 60 and s.current == 1


@pytest.mark.parametrize("card_id", ["sv1-157", "sv1-158"])  # Oinkologne, Oinkologne ex
def test_stomp_tails_cant_attack_next_turn(card_id: str) -> None:
    s, _ = _duel(card_id, 1, defender_id="sv1-65")
    heads = play(_attack(s, 1, True), EndTurn(seat=1))
    play(heads, UseAttack(seat=0, attack=1))
    tails = play(_attack(s, 1, False), EndTurn(seat=1))
    with pytest.raises(IllegalCommand, match="cannot attack"):
        play(tails, UseAttack(seat=0, attack=1))


def test_oinkologne_ex_maddening_scent_counts_the_bench() -> None:  # sv1-158
    s, _ = _duel("sv1-158", 0, benches=((), ("sv1-84", "sv1-146")))
    assert _dealt(s, 0) == 10 + 2 * 30


def test_maushold_family_attack_counts_maushold_in_play() -> None:  # sv1-161
    s, _ = _duel("sv1-161", 1, benches=(("sv1-161", "sv1-146"), ()))
    assert _dealt(s, 1) == 2 * 70


def test_defiance_band_only_while_behind_on_prizes() -> None:  # sv1-169
    t = Table()
    s = t.state(
        actives=(t.mon(0, "sv1-146", energy=[G], tool="sv1-169"), t.mon(1, "sv1-61")),
        prizes=(6, 5),
    )
    assert _dealt(s, 0) == 40 + 30
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G], tool="sv1-169"), t.mon(1, "sv1-61")))
    assert _dealt(s, 0) == 40


def test_ultra_ball_discards_two_other_cards_then_searches() -> None:  # sv1-196
    t = Table()
    ball, a, b = t.cards_of(0, "sv1-196", "sv1-188", "sv1-180")
    (ralts,) = t.cards_of(0, "sv1-84")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((ball, a), ()))
    with pytest.raises(IllegalCommand, match="cannot be played now"):
        play(s, PlayTrainer(seat=0, card=ball))
    s = replace(s, sides=(replace(s.sides[0], hand=(ball, a, b)), s.sides[1]))
    s = play(s, PlayTrainer(seat=0, card=ball))
    assert s.prompt.kind == "ultra_ball_discard" and s.prompt.need == 2 and s.prompt.hidden
    s = play(play(s, Choose(seat=0, option=a)), Choose(seat=0, option=b))
    assert {a, b} <= set(s.sides[0].discard) and s.prompt.kind == "search_pokemon"
    s = play(s, Choose(seat=0, option=ralts))
    assert s.sides[0].hand == (ralts,) and s.sides[0].known == (ralts,)


def test_rare_candy_skips_the_stage_1() -> None:  # sv1-191
    t = Table()
    pawniard = t.mon(0, "sv1-132")
    candy, kingambit = t.cards_of(0, "sv1-191", "sv1-134")
    s = t.state(
        actives=(pawniard, t.mon(1, "sv1-146")),
        hands=((candy, kingambit), ()),
        turn=2,
        current=0,
        first=1,
    )
    with pytest.raises(IllegalCommand, match="cannot be played now"):  # first turn
        play(s, PlayTrainer(seat=0, card=candy))
    s = replace(s, turn=4)
    s = play(s, PlayTrainer(seat=0, card=candy))
    s = play(s, Choose(seat=0, option=pawniard.card))
    assert s.prompt.kind == "rare_candy_stage2" and s.prompt.options == (kingambit,)
    s = play(s, Choose(seat=0, option=kingambit))
    top = mon(s, kingambit)
    assert top.below == (pawniard.card,) and top.since == 4


def test_quaquaval_energy_carnival_attaches_from_the_hand() -> None:  # sv1-54
    t = Table()
    quaquaval = t.mon(0, "sv1-54")
    benched = t.mon(0, "sv1-52")
    (energy,) = t.cards_of(0, W)
    s = t.state(
        actives=(quaquaval, t.mon(1, "sv1-146")), benches=((benched,), ()), hands=((energy,), ())
    )
    s = play(s, UseAbility(seat=0, pokemon=quaquaval.card))
    s = play(s, Choose(seat=0, option=benched.card))
    assert s.prompt.kind == "energy_carnival" and s.prompt.options == (energy,)
    s = play(s, Choose(seat=0, option=energy))
    assert mon(s, benched.card).energy == (energy,)
    # Not the once-a-turn attachment from the hand: that one is still free.
    assert not s.used & 1


@pytest.mark.parametrize("card_id", ["sv1-5", "sv1-6"])  # Cacnea, Cacturne
def test_counterattack_quills_hurts_the_attacker(card_id: str) -> None:
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), t.mon(1, card_id)))
    assert _dealt(s, 0, target=0) == 30
    t = Table()
    s = t.state(actives=(t.mon(0, card_id, energy=[G, G, G]), t.mon(1, "sv1-61")))
    assert _dealt(s, 0, target=0) == 0  # its own attacks: no quills


def test_rocky_helmet_two_counters_on_the_attacker() -> None:  # sv1-193
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), t.mon(1, "sv1-61", tool="sv1-193")))
    assert _dealt(s, 0, target=0) == 20
    # Not from the Bench: Rotom's Linear Attack on a benched Pokémon with a Helmet.
    t = Table()
    helmet = t.mon(1, "sv1-84", tool="sv1-193")
    s = t.state(
        actives=(t.mon(0, "sv1-69", energy=[G]), t.mon(1, "sv1-61")), benches=((), (helmet,))
    )
    s = play(_attack(s, 0), Choose(seat=0, option=helmet.card))
    assert mon(s, 0).damage == 0 and mon(s, helmet.card).damage == 20


def test_tropius_and_smoliv_heal_a_chosen_pokemon() -> None:  # sv1-7, sv1-21
    t = Table()
    hurt = t.mon(0, "sv1-84", damage=70)
    s = t.state(actives=(t.mon(0, "sv1-7", energy=[G]), t.mon(1, "sv1-61")), benches=((hurt,), ()))
    s = play(_attack(s, 0), Choose(seat=0, option=hurt.card))
    assert mon(s, hurt.card).damage == 10
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-21", energy=[G], damage=40), t.mon(1, "sv1-61")))
    s = play(_attack(s, 0), Choose(seat=0, option=0))
    assert mon(s, 0).damage == 10


@pytest.mark.parametrize(("card_id", "most"), [("sv1-28", 1), ("sv1-31", 2)])
def test_search_fire_energy_and_attach_it(card_id: str, most: int) -> None:  # Capsakid, Growlithe
    t = Table()
    fire = t.cards_of(0, R, R, R)
    me = t.mon(0, card_id, energy=[G])
    s = t.state(actives=(me, t.mon(1, "sv1-61")))
    s = _attack(s, 0)
    assert s.prompt.options == tuple(sorted(fire)) and s.prompt.most == most
    for energy in fire[:most]:
        s = play(s, Choose(seat=0, option=energy))
    assert set(fire[:most]) <= set(mon(s, me.card).energy)


def test_rotom_junk_hunt_takes_an_item_back() -> None:  # sv1-70
    t = Table()
    (potion,) = t.cards_of(0, "sv1-188")
    s = t.state(actives=(t.mon(0, "sv1-70", energy=[L]), t.mon(1, "sv1-61")))
    side = s.sides[0]
    s = replace(
        s,
        sides=(
            replace(side, discard=(potion,), deck=tuple(i for i in side.deck if i != potion)),
            s.sides[1],
        ),
    )
    s = play(_attack(s, 0), Choose(seat=0, option=potion))
    assert potion in s.sides[0].hand and potion in s.sides[0].known
    s, _ = _duel("sv1-70", 1)
    assert _attack(s, 1, True).sides[1].rotation != 0


def test_pawmot_electrogenesis_and_electro_paws() -> None:  # sv1-76
    t = Table()
    pawmot = t.mon(0, "sv1-76")
    (energy,) = t.cards_of(0, L)
    s = t.state(actives=(pawmot, t.mon(1, "sv1-61")))
    s = play(s, UseAbility(seat=0, pokemon=pawmot.card))
    s = play(s, Choose(seat=0, option=energy))
    assert mon(s, pawmot.card).energy == (energy,)
    s, _ = _duel("sv1-76", 0, defender_id="sv1-65")
    after = _attack(s, 0)
    assert mon(after, 0).energy == () and mon(after, 60).damage == 230


def test_bruxish_vivid_charge_reveals_up_to_3_basic_energy() -> None:  # sv1-51
    t = Table()
    energy = t.cards_of(0, W, F)
    s = t.state(actives=(t.mon(0, "sv1-51", energy=[W]), t.mon(1, "sv1-61")))
    s = _attack(s, 0)
    assert s.prompt.most == 3
    s = play(play(s, Choose(seat=0, option=energy[0])), Choose(seat=0, option=energy[1]))
    s = play(s, Choose(seat=0, option=None))  # "up to 3": two are enough
    assert set(energy) <= set(s.sides[0].known)


def test_drowzee_forced_sleep_the_opponent_chooses_and_it_sleeps() -> None:  # sv1-82
    s, _ = _duel("sv1-82", 0, benches=((), ("sv1-84",)))
    s = _attack(s, 0)
    assert s.prompt.seat == 1
    new = s.prompt.options[0]
    s = play(s, Choose(seat=1, option=new), coins(False))  # checkup: still asleep
    assert s.sides[1].active.card == new and s.sides[1].rotation == ASLEEP


def test_flittle_dash_off_switches_after_the_damage() -> None:  # sv1-102
    s, _ = _duel("sv1-102", 0, benches=(("sv1-84",), ()))
    s = _attack(s, 0)
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert mon(s, 60).damage == 10 and s.sides[0].active.card != 0


def test_annihilape_rage_fist_counts_the_opponents_prizes() -> None:  # sv1-109
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-109", energy=[F]), t.mon(1, "sv1-65")), prizes=(4, 6))
    assert _dealt(s, 0) == 0  # the opponent (seat 1) has taken none of their prizes
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-109", energy=[F]), t.mon(1, "sv1-65")), prizes=(6, 2))
    assert _dealt(s, 0) == 4 * 70 * 2  # 4 taken; Magnezone ex is weak to Fighting
    s, _ = _duel("sv1-109", 1, defender_id="sv1-65")
    assert _dealt(s, 1, target=0) == 50
