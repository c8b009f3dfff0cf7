"""Cards of the third batch: Energy moved off the Defending Pokémon, Energy
from the discard pile, counters spread one by one, Pokémon leaving play into
the deck, evolving from the deck, and Klefki's Ability lock."""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg.commands import (
    Choose,
    EndTurn,
    Evolve,
    PlayBasic,
    UseAbility,
    UseAttack,
)
from tabletop.games.pokemon_tcg.state import State
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, mon, play
from .test_tcg_cards import _attack, _dealt, _duel

R, W, P, F, G, D = "sve-2", "sve-3", "sve-5", "sve-6", "sve-1", "sve-7"


def _discard(s: State, seat: int, *cards: int) -> State:
    side = s.sides[seat]
    side = replace(side, discard=cards, deck=tuple(i for i in side.deck if i not in cards))
    return replace(s, sides=(side, s.sides[1]) if seat == 0 else (s.sides[0], side))


def test_meowscarada_trick_cape_returns_an_energy_to_their_hand() -> None:  # sv1-15
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W, W])
    s = t.state(actives=(t.mon(0, "sv1-15", energy=[G]), foe))
    s = _attack(s, 0)
    assert s.prompt.need == 0  # "you may"
    s = play(s, Choose(seat=0, option=foe.energy[0]))
    assert foe.energy[0] in s.sides[1].hand and foe.energy[0] in s.sides[1].known


def test_toedscruel_eerie_tentacles_and_triple_smash() -> None:  # sv1-26
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W])
    benched = t.mon(1, "sv1-84")
    s = t.state(actives=(t.mon(0, "sv1-26", energy=[G]), foe), benches=((), (benched,)))
    s = _attack(s, 0)
    s = play(play(s, Choose(seat=0, option=foe.energy[0])), Choose(seat=0, option=benched.card))
    assert mon(s, benched.card).energy == foe.energy and mon(s, 60).energy == ()
    s, _ = _duel("sv1-26", 1, defender_id="sv1-65")
    assert _dealt(s, 1, True, True, False) == 160


def test_skeledirge_passionate_singing_attaches_two_from_the_discard() -> None:  # sv1-38
    t = Table()
    energy = t.cards_of(0, R, W)
    me = t.mon(0, "sv1-38", energy=[R])
    benched = t.mon(0, "sv1-84")
    s = _discard(t.state(actives=(me, t.mon(1, "sv1-65")), benches=((benched,), ())), 0, *energy)
    s = _attack(s, 0)
    s = play(play(s, Choose(seat=0, option=energy[0])), Choose(seat=0, option=me.card))
    s = play(play(s, Choose(seat=0, option=energy[1])), Choose(seat=0, option=benched.card))
    assert mon(s, benched.card).energy == (energy[1],) and energy[0] in mon(s, me.card).energy
    s, _ = _duel("sv1-38", 1, defender_id="sv1-65")
    assert _dealt(s, 1, target=0) == 30


def test_dondozo_release_rage_counts_tatsugiri_in_the_discard() -> None:  # sv1-61
    t = Table()
    gone = t.cards_of(0, "sv1-62", "sv1-62")
    s = _discard(t.state(actives=(t.mon(0, "sv1-61", energy=[W, W]), t.mon(1, "sv1-60"))), 0, *gone)
    assert _dealt(s, 0) == 2 * 50


def test_tatsugiri_mise_en_place_and_curl_up() -> None:  # sv1-62
    t = Table()
    energy = t.cards_of(0, W, W)
    me = t.mon(0, "sv1-62", energy=[W])
    s = t.state(actives=(me, t.mon(1, "sv1-61")), benches=((t.mon(0, "sv1-84"),), ()))
    s = _attack(s, 0)
    s = play(s, Choose(seat=0, option=s.sides[0].bench[0].card))
    s = play(play(s, Choose(seat=0, option=energy[0])), Choose(seat=0, option=energy[1]))
    assert mon(s, s.sides[0].bench[0].card).energy == energy
    t = Table()
    me = t.mon(0, "sv1-62", energy=[W])
    s = t.state(actives=(me, t.mon(1, "sv1-61")), benches=((t.mon(0, "sv1-84"),), ()))
    s = _attack(s, 1)
    assert me.card in s.sides[0].hand and s.prompt.kind == "promote"


def test_drifblim_curse_spreading_puts_8_counters_one_by_one() -> None:  # sv1-90
    t = Table()
    benched = t.mon(1, "sv1-84")
    s = t.state(
        actives=(t.mon(0, "sv1-90", energy=[P, P, P]), t.mon(1, "sv1-65")), benches=((), (benched,))
    )
    active = s.sides[1].active.card
    s = _attack(s, 1)
    for i in range(8):
        assert s.prompt.kind == "damage_counter_on"
        s = play(s, Choose(seat=0, option=active if i < 5 else benched.card))
    assert mon(s, active).damage == 50 and mon(s, benched.card).damage == 30


def test_sandaconda_sandstorm_spray_shuffles_their_active_into_the_deck() -> None:  # sv1-120
    t = Table()
    foe = t.mon(1, "sv1-61", energy=[W])
    s = t.state(
        actives=(t.mon(0, "sv1-120", energy=[F, F, F, F]), foe), benches=((), (t.mon(1, "sv1-84"),))
    )
    deck = len(s.sides[1].deck)
    s = _attack(s, 1)
    s = play(
        play(s, Choose(seat=0, option=s.prompt.options[0])),
        Choose(seat=0, option=s.prompt.options[1]),
    )
    assert len(s.sides[1].deck) == deck + 2 and s.prompt.kind == "promote"


def test_indeedee_expert_nurturer_evolves_from_the_deck() -> None:  # sv1-153
    t = Table()
    (kirlia,) = t.cards_of(0, "sv1-85")
    ralts = t.mon(0, "sv1-84")
    s = t.state(
        actives=(t.mon(0, "sv1-153", energy=[G]), t.mon(1, "sv1-61")), benches=((ralts,), ())
    )
    s = _attack(s, 0)
    assert s.prompt.options == (ralts.card,)
    s = play(s, Choose(seat=0, option=ralts.card))
    assert s.prompt.hidden and s.prompt.options == (kirlia,)
    s = play(s, Choose(seat=0, option=kirlia))
    assert mon(s, kirlia).below == (ralts.card,) and kirlia not in s.sides[0].deck
    s, _ = _duel("sv1-153", 1, defender_id="sv1-65")
    assert _attack(s, 1, False).sides[1].rotation != 0


def test_klefki_locks_the_abilities_of_basic_pokemon() -> None:  # sv1-96
    t = Table()
    skwovet = t.mon(0, "sv1-151")
    (card,) = t.cards_of(0, "sv1-188")
    stonjourner = t.mon(1, "sv1-121")
    s = t.state(
        actives=(t.mon(0, "sv1-96", energy=[G]), stonjourner),
        benches=((skwovet,), ()),
        hands=((card,), ()),
    )
    with pytest.raises(IllegalCommand, match="no Abilities"):
        play(s, UseAbility(seat=0, pokemon=skwovet.card))
    assert _dealt(s, 0, target=stonjourner.card) == 10  # Exoskeleton is off
    # Joust: the Tool of the opponent's Active Pokémon goes first.
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-96", energy=[G]), t.mon(1, "sv1-61", tool="sv1-192")))
    after = _attack(s, 0)
    assert mon(after, 60).tool == -1 and mon(after, 60).damage == 10


def test_klefki_on_the_bench_locks_nothing() -> None:  # sv1-96
    t = Table()
    (hawlucha,) = t.cards_of(0, "sv1-118")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-61")),
        benches=((t.mon(0, "sv1-96"),), (t.mon(1, "sv1-84"),)),
        hands=((hawlucha,), ()),
    )
    s = play(s, PlayBasic(seat=0, card=hawlucha))
    assert s.prompt is not None and s.prompt.kind == "flying_entry"


def test_lucario_avenging_knuckle_after_a_fighting_knock_out() -> None:  # sv1-114
    t = Table()
    riolu = t.mon(0, "sv1-112", damage=40)  # 70 HP
    s = t.state(
        actives=(riolu, t.mon(1, "sv1-146", energy=[G])),
        benches=((t.mon(0, "sv1-114", energy=[F]),), ()),
        turn=4,
        current=1,
    )
    s = play(s, UseAttack(seat=1, attack=0))  # Slash 40: Riolu is Knocked Out
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert s.fighting_knocked_out[0] == 4 and s.current == 0
    assert _dealt(s, 0, target=s.sides[1].active.card) == (30 + 120) * 2
    s, _ = _duel("sv1-114", 0, defender_id="sv1-61")
    assert _dealt(s, 0) == 30


def test_lucario_accelerating_stab_not_twice_in_a_row() -> None:  # sv1-114
    s, _ = _duel("sv1-114", 1, defender_id="sv1-61")
    s = play(_attack(s, 1), EndTurn(seat=1))
    with pytest.raises(IllegalCommand, match="Accelerating Stab cannot be used"):
        play(s, UseAttack(seat=0, attack=1))


def test_spiritomb_taunt_and_doom_decree() -> None:  # sv1-129
    s, _ = _duel("sv1-129", 1, defender_id="sv1-65", benches=((), ("sv1-84",)))
    both = _attack(s, 1, True, True)
    assert both.sides[1].active is None and len(both.sides[0].prizes) == 4  # an ex: 2 prizes
    assert _attack(s, 1, True, False).sides[1].active.card == s.sides[1].active.card
    s, _ = _duel("sv1-129", 0, benches=((), ("sv1-84",)))
    s = _attack(s, 0)
    target = s.prompt.options[0]
    assert play(s, Choose(seat=0, option=target)).sides[1].active.card == target


def test_muk_poison_sacs_keeps_the_opponents_poison_through_evolution() -> None:  # sv1-127
    t = Table()
    mankey = t.mon(1, "sv1-107")
    (primeape,) = t.cards_of(1, "sv1-108")
    s = t.state(actives=(t.mon(0, "sv1-127"), mankey), hands=((), (primeape,)), turn=5, current=1)
    s = replace(s, sides=(s.sides[0], replace(s.sides[1], poison=1, rotation=1)))
    s = play(s, Evolve(seat=1, card=primeape, target=mankey.card))
    assert s.sides[1].poison == 1 and s.sides[1].rotation == 0
    s, _ = _duel("sv1-127", 0, defender_id="sv1-65")
    assert _attack(s, 0).sides[1].poison == 1


def test_hypno_pendulum_influence_uses_an_opponents_attack() -> None:  # sv1-83
    t = Table()
    foe = t.mon(1, "sv1-65")  # Magnezone ex: Energy Crush, Pulse Launcher
    s = t.state(actives=(t.mon(0, "sv1-83", energy=[P]), foe))
    assert _attack(s, 0, False).prompt is None
    s = _attack(s, 0, True)
    assert s.prompt.kind == "copy_attack" and s.prompt.options == (4 * foe.card, 4 * foe.card + 1)
    s = play(s, Choose(seat=0, option=4 * foe.card + 1))  # Pulse Launcher: 220, 30 to itself
    assert mon(s, foe.card).damage == 220 and mon(s, 0).damage == 30


def test_revavroom_rumbling_engine_and_knock_away() -> None:  # sv1-142
    t = Table()
    revavroom = t.mon(0, "sv1-142")
    hand = t.cards_of(0, W, "sv1-188")
    s = t.state(actives=(revavroom, t.mon(1, "sv1-61")), hands=(hand, ()))
    s = play(s, UseAbility(seat=0, pokemon=revavroom.card))
    assert s.prompt.kind == "rumbling_engine_cost" and s.prompt.options == (hand[0],)
    s = play(s, Choose(seat=0, option=hand[0]))
    assert hand[0] in s.sides[0].discard and len(s.sides[0].hand) == 6
    s, _ = _duel("sv1-142", 0, defender_id="sv1-65")
    assert _dealt(s, 0, True) == 180 and _dealt(s, 0, False) == 90


def test_team_star_grunt_puts_an_energy_on_top_of_their_deck() -> None:  # sv1-195
    from tabletop.games.pokemon_tcg import GAME
    from tabletop.games.pokemon_tcg.commands import PlayTrainer

    t = Table()
    (grunt,) = t.cards_of(0, "sv1-195")
    foe = t.mon(1, "sv1-61", energy=[W])
    s = t.state(actives=(t.mon(0, "sv1-146"), foe), hands=((grunt,), ()))
    s = play(s, PlayTrainer(seat=0, card=grunt))
    s = play(s, Choose(seat=0, option=foe.energy[0]))
    assert s.sides[1].deck[0] == foe.energy[0] and s.sides[1].known_top == foe.energy
    assert GAME.view(s, 0)["sides"][1]["deck_top_known"] == list(foe.energy)
    for seed in range(4):  # both players know it is there: sampled worlds keep it
        for seat in (0, 1):
            world = GAME.sample_world(s, seat, seed)
            assert world.sides[1].deck[0] == foe.energy[0]
            assert GAME.view(world, seat) == GAME.view(s, seat)


def test_exp_share_saves_an_energy_from_the_knocked_out_active() -> None:  # sv1-174
    t = Table()
    active = t.mon(1, "sv1-84", energy=[P, P], damage=60)
    holder = t.mon(1, "sv1-146", tool="sv1-174")
    s = t.state(actives=(t.mon(0, "sv1-146", energy=[G]), active), benches=((), (holder,)))
    s = _attack(s, 0)
    assert s.prompt.seat == 1 and s.prompt.kind == "exp_share" and s.prompt.need == 0
    s = play(s, Choose(seat=1, option=active.energy[0]))
    assert mon(s, holder.card).energy == active.energy[:1]
    assert active.energy[1] in s.sides[1].discard and s.prompt.kind == "promote"


def test_electric_generator_attaches_lightning_energy_from_the_top_5() -> None:  # sv1-170
    from tabletop.games.pokemon_tcg.commands import PlayTrainer

    t = Table()
    (generator,) = t.cards_of(0, "sv1-170")
    top = t.cards_of(0, "sve-4", G, "sve-4", G, G, "sve-4")  # the 6th is out of sight
    benched = t.mon(0, "sv1-74")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-61")),
        benches=((benched,), ()),
        hands=((generator,), ()),
    )
    assert s.sides[0].deck[:6] == top
    s = play(s, PlayTrainer(seat=0, card=generator))
    s = play(s, Choose(seat=0, option=benched.card))
    assert s.prompt.options == (top[0], top[2])
    s = play(s, Choose(seat=0, option=top[2]))
    s = play(s, Choose(seat=0, option=benched.card))
    assert s.prompt.options == (top[0],)  # the 6th card stays out of sight
    s = play(s, Choose(seat=0, option=top[0]))
    assert set(mon(s, benched.card).energy) == {top[0], top[2]}
