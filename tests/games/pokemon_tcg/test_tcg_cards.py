"""One test (at least) for every card in the pool, reading like its text.

Plain attacks (no text) are checked all at once against a neutral defender;
every card with text has its own test below. The last test makes sure no
pool card is left without one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.cards import card
from tabletop.games.pokemon_tcg.commands import (
    Choose,
    EndTurn,
    PlayTrainer,
    Retreat,
    UseAbility,
    UseAttack,
    UseStadium,
)
from tabletop.games.pokemon_tcg.events import Damaged
from tabletop.games.pokemon_tcg.registry import POOL
from tabletop.games.pokemon_tcg.state import ASLEEP, CONFUSED, PARALYZED, State
from tabletop.kernel import IllegalCommand, replace

from .helpers import Table, coins, mon, play

ENERGY = {
    "G": "sve-1",
    "R": "sve-2",
    "W": "sve-3",
    "L": "sve-4",
    "P": "sve-5",
    "F": "sve-6",
    "D": "sve-7",
    "M": "sve-8",
}
NEUTRAL = ("sv1-61", "sv1-65")  # Dondozo (weak to L), Magnezone ex (weak to F): big, no resistance


def _energy_for(card_id: str, attack: int) -> list[str]:
    c = card(card_id)
    # Colorless costs are paid with the Pokémon's own type (Grass for Colorless Pokémon).
    return [ENERGY.get(c.type if x == "C" else x, "sve-1") for x in c.attacks[attack].cost]


def _duel(
    attacker_id: str,
    attack: int,
    *,
    defender_id: str | None = None,
    defender_damage: int = 0,
    benches: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    hand: tuple[str, ...] = (),
    extra_energy: tuple[str, ...] = (),
) -> tuple[State, Table]:
    t = Table()
    attacker = t.mon(0, attacker_id, energy=[*_energy_for(attacker_id, attack), *extra_energy])
    if defender_id is None:
        defender_id = next(d for d in NEUTRAL if card(attacker_id).type not in card(d).weakness)
    defender = t.mon(1, defender_id, damage=defender_damage)
    bench = (tuple(t.mon(0, b) for b in benches[0]), tuple(t.mon(1, b) for b in benches[1]))
    in_hand = t.cards_of(0, *hand)
    s = t.state(actives=(attacker, defender), benches=bench, hands=(in_hand, ()))
    return s, t


def _attack(s: State, attack: int, *flips: bool) -> State:
    return play(s, UseAttack(seat=0, attack=attack), coins(*flips))


def _dealt(s: State, attack: int, *flips: bool, target: int = 60) -> int:
    """Damage the attack does to `target` (the opponent's Active Pokémon by
    default), counted from the events so it shows even past the HP."""
    events = GAME.decide(s, UseAttack(seat=0, attack=attack), coins(*flips))
    return sum(e.amount for e in events if isinstance(e, Damaged) and e.target == target)


def _originals() -> list[str]:
    """Pool cards without their reprints (the lowest number of each text)."""
    seen: dict[tuple, str] = {}
    for cid in sorted(POOL, key=lambda c: int(c.split("-")[1])):
        c = card(cid)
        seen.setdefault((c.name, c.attacks, c.abilities, c.text), cid)
    return list(seen.values())


def _plain_attacks() -> list:
    out = []
    for cid in _originals():
        c = card(cid)
        for i, a in enumerate(c.attacks):
            if not a.text and a.modifier == "":
                out.append(pytest.param(cid, i, id=f"{cid}-{c.name}-{a.name}"))
    return out


@pytest.mark.parametrize(("card_id", "attack"), _plain_attacks())
def test_plain_attack_does_its_printed_damage(card_id: str, attack: int) -> None:
    s, _ = _duel(card_id, attack)
    assert _dealt(s, attack) == card(card_id).attacks[attack].damage


# ------------------------------------------------------------- coin attacks
def test_tarountula_string_shot_paralyzes_on_heads() -> None:  # sv1-17, also Flaaffy, Pawmi, Pawmo
    for card_id, attack in (("sv1-17", 0), ("sv1-67", 0), ("sv1-73", 0), ("sv1-75", 0)):
        s, _ = _duel(card_id, attack)
        assert _attack(s, attack, True).sides[1].rotation == PARALYZED
        assert _attack(s, attack, False).sides[1].rotation == 0


@pytest.mark.parametrize("card_id", ["sv1-18", "sv1-156"])  # Tarountula, Lechonk
def test_if_tails_this_attack_does_nothing(card_id: str) -> None:
    s, _ = _duel(card_id, 0)
    assert _dealt(s, 0, False) == 0
    assert _dealt(s, 0, True) == card(card_id).attacks[0].damage


@pytest.mark.parametrize(
    ("card_id", "attack", "flips", "heads"),
    [("sv1-24", 0, 3, 2), ("sv1-160", 0, 2, 1), ("sv1-160", 0, 2, 0)],  # Toedscool, Tandemaus
)
def test_flip_coins_damage_for_each_heads(
    card_id: str, attack: int, flips: int, heads: int
) -> None:
    s, _ = _duel(card_id, attack)
    results = [True] * heads + [False] * (flips - heads)
    per = card(card_id).attacks[attack].damage
    assert _dealt(s, attack, *results) == per * heads


@pytest.mark.parametrize(("card_id", "attack"), [("sv1-30", 0), ("sv1-139", 0), ("sv1-144", 1)])
def test_flip_until_tails(card_id: str, attack: int) -> None:  # Growlithe, Forretress, Chansey
    s, _ = _duel(card_id, attack)
    per = card(card_id).attacks[attack].damage
    assert _dealt(s, attack, True, True, False) == 2 * per
    assert _dealt(s, attack, False) == 0


def test_gogoat_rising_lunge_30_more_on_heads() -> None:  # sv1-12
    s, _ = _duel("sv1-12", 0)
    assert _dealt(s, 0, True) == 60
    assert _dealt(s, 0, False) == 30


# --------------------------------------------------------- self and others
@pytest.mark.parametrize(
    ("card_id", "attack", "recoil"),
    [
        ("sv1-64", 1, 90),
        ("sv1-107", 0, 10),
        ("sv1-108", 0, 20),
        ("sv1-113", 1, 20),
        ("sv1-133", 1, 30),
        ("sv1-163", 0, 10),
        ("sv1-165", 1, 20),
        ("sv1-123", 1, 50),
    ],
)
def test_this_pokemon_also_does_damage_to_itself(card_id: str, attack: int, recoil: int) -> None:
    # Magneton, Mankey, Primeape, Riolu, Bisharp, Cyclizar, Flamigo, Great Tusk ex
    s, _ = _duel(card_id, attack)
    assert _dealt(s, attack) == card(card_id).attacks[attack].damage
    assert _dealt(s, attack, target=0) == recoil


def test_great_tusk_ex_bedrock_breaker_discards_the_stadium() -> None:  # sv1-123
    s, _ = _duel("sv1-123", 0, hand=("sv1-167",))
    court = s.sides[0].hand[0]
    s = play(s, PlayTrainer(seat=0, card=court))
    assert s.stadium == court
    after = _attack(s, 0)
    assert after.stadium == -1 and court in after.sides[0].discard
    assert mon(after, 60).damage == 40


def test_shroomish_absorb_heals_10() -> None:  # sv1-3
    s, _ = _duel("sv1-3", 0)
    s = replace(
        s, sides=(replace(s.sides[0], active=replace(s.sides[0].active, damage=30)), s.sides[1])
    )
    after = _attack(s, 0)
    assert mon(after, 0).damage == 20 and mon(after, 60).damage == 10


def test_toedscool_spore_puts_to_sleep() -> None:  # sv1-25
    s, _ = _duel("sv1-25", 0)
    assert _attack(s, 0, False).sides[1].rotation == ASLEEP  # the checkup flip: still asleep


@pytest.mark.parametrize("card_id", ["sv1-126", "sv1-140"])  # Grimer, Varoom
def test_your_opponents_active_is_now_poisoned(card_id: str) -> None:
    s, _ = _duel(card_id, 0)
    assert _attack(s, 0).sides[1].poison == 1


def test_seviper_spit_poison_and_venoshock() -> None:  # sv1-128
    s, _ = _duel("sv1-128", 0)
    assert _attack(s, 0).sides[1].poison == 1
    s, _ = _duel("sv1-128", 1)
    assert _dealt(s, 1) == 60
    poisoned = replace(s, sides=(s.sides[0], replace(s.sides[1], poison=1)))
    assert _dealt(poisoned, 1) == 180


def test_klawf_adrenaline_hammer_confuses_itself() -> None:  # sv1-122
    s, _ = _duel("sv1-122", 1)
    assert _attack(s, 1).sides[0].rotation == CONFUSED


def test_meditite_feint_ignores_resistance() -> None:  # sv1-110
    s, _ = _duel("sv1-110", 0, defender_id="sv1-84")  # Ralts resists Fighting
    assert _dealt(s, 0) == 10


@pytest.mark.parametrize(
    "card_id", ["sv1-48", "sv1-50", "sv1-81"]
)  # Alomomola, Clawitzer, Miraidon ex
def test_during_your_next_turn_this_pokemon_cant_attack(card_id: str) -> None:
    attack = 1 if card_id != "sv1-81" else 0
    s, _ = _duel(card_id, attack, defender_id="sv1-65")  # Magnezone ex: 330 HP
    s = _attack(s, attack)
    s = play(s, EndTurn(seat=1))
    assert s.current == 0
    with pytest.raises(IllegalCommand, match="cannot attack during this turn"):
        play(s, UseAttack(seat=0, attack=attack))
    s = play(play(s, EndTurn(seat=0)), EndTurn(seat=1))
    play(s, UseAttack(seat=0, attack=attack))  # allowed again


@pytest.mark.parametrize(
    ("card_id", "less"), [("sv1-1", 30), ("sv1-139", 50)]
)  # Pineco, Forretress
def test_takes_less_damage_during_the_opponents_next_turn(card_id: str, less: int) -> None:
    attack = 0 if card_id == "sv1-1" else 1
    t = Table()
    me = t.mon(0, card_id, energy=_energy_for(card_id, attack))
    foe = t.mon(1, "sv1-144", energy=["sve-1", "sve-1"])  # Chansey: Pound 40
    s = t.state(actives=(me, foe))
    s = _attack(s, attack)
    s = play(s, UseAttack(seat=1, attack=0))
    assert mon(s, me.card).damage == max(0, 40 - less) * (2 if "C" in card(card_id).weakness else 1)


@pytest.mark.parametrize(("card_id", "drawn"), [("sv1-77", 1), ("sv1-155", 1), ("sv1-164", 2)])
def test_attacks_that_draw(card_id: str, drawn: int) -> None:  # Wattrel, Lechonk, Cyclizar
    s, _ = _duel(card_id, 0)
    events = GAME.decide(s, UseAttack(seat=0, attack=0), coins())
    moved = [e for e in events if type(e).__name__ == "CardsMoved" and e.seat == 0]
    assert moved[0].count == drawn


def test_magnemite_magnetic_switch_asks_which_benched_pokemon() -> None:  # sv1-63
    s, _ = _duel("sv1-63", 0, benches=(("sv1-146", "sv1-84"), ()))
    s = _attack(s, 0)
    assert s.prompt is not None and s.prompt.seat == 0 and s.prompt.kind == "own_bench"
    target = s.prompt.options[1]
    s = play(s, Choose(seat=0, option=target))
    assert s.sides[0].active.card == target and s.current == 1


def test_espathra_eye_strength_stops_retreat_and_psychic_counts_energy() -> None:  # sv1-103
    t = Table()
    me = t.mon(0, "sv1-103", energy=["sve-5", "sve-5", "sve-5"])
    foe = t.mon(1, "sv1-146", energy=["sve-1", "sve-1"])
    s = t.state(actives=(me, foe), benches=((), (t.mon(1, "sv1-84"),)))
    assert _dealt(s, 1) == 30 + 2 * 50
    s = _attack(s, 0)
    with pytest.raises(IllegalCommand, match="cannot retreat"):
        play(s, Retreat(seat=1, to=s.sides[1].bench[0].card, discard=foe.energy[:1]))


def test_kirlia_psychic_20_more_per_energy_on_the_defender() -> None:  # sv1-85
    t = Table()
    me = t.mon(0, "sv1-85", energy=["sve-5"] * 3)
    foe = t.mon(1, "sv1-61", energy=["sve-3"] * 3)  # Dondozo, no Psychic weakness
    s = t.state(actives=(me, foe))
    assert _dealt(s, 1) == 60 + 3 * 20


def test_kilowattrel_skill_dive_and_thunder_blast() -> None:  # sv1-79
    s, _ = _duel("sv1-79", 0, benches=((), ("sv1-146",)))
    s = _attack(s, 0)
    assert s.prompt is not None and s.prompt.kind == "opponent_pokemon"
    benched = s.sides[1].bench[0].card
    s = play(s, Choose(seat=0, option=benched))
    assert mon(s, benched).damage == 50  # no Weakness for the Bench (Zangoose is not weak)
    s, _ = _duel("sv1-79", 1)
    s = _attack(s, 1)
    assert s.prompt is not None and s.prompt.kind == "energy_to_discard"
    energy = s.prompt.options[0]
    s = play(s, Choose(seat=0, option=energy))
    assert energy in s.sides[0].discard and mon(s, 60).damage == 140


def test_rotom_linear_attack_hits_any_opponents_pokemon() -> None:  # sv1-69
    s, _ = _duel("sv1-69", 0, benches=((), ("sv1-146",)))
    s = _attack(s, 0)
    s = play(s, Choose(seat=0, option=60))
    assert mon(s, 60).damage == 20


def test_miraidon_lightning_laser_also_hits_the_bench() -> None:  # sv1-80
    s, _ = _duel("sv1-80", 1, benches=((), ("sv1-146",)))
    s = _attack(s, 1)
    benched = s.sides[1].bench[0].card
    s = play(s, Choose(seat=0, option=benched))
    assert mon(s, 60).damage == 90 and mon(s, benched).damage == 30


def test_pachirisu_everyone_discharge_and_electricity_pouches() -> None:  # sv1-68
    # 10 + 20 per Benched Lightning Pokémon, and Weakness does not apply.
    s, _ = _duel("sv1-68", 0, defender_id="sv1-65", benches=(("sv1-74", "sv1-74", "sv1-146"), ()))
    assert _dealt(s, 0) == 50
    t = Table()
    pachirisu = t.mon(1, "sv1-68")
    s = t.state(actives=(t.mon(0, "sv1-73", energy=["sve-4"]), pachirisu))
    assert _attack(s, 0, True).sides[1].rotation == 0  # can't be Paralyzed


def test_kingambit_leadership_powers_basic_pokemon_only() -> None:  # sv1-134
    s, _ = _duel("sv1-132", 0, benches=(("sv1-134",), ()))  # Pawniard with Kingambit
    assert _dealt(s, 0) == 10 + 30
    s, _ = _duel("sv1-133", 0, benches=(("sv1-134",), ()))  # Bisharp is not Basic
    assert _dealt(s, 0) == 40
    s, _ = _duel("sv1-134", 0)
    assert _dealt(s, 0) == 160


def test_stonjourner_exoskeleton_takes_20_less() -> None:  # sv1-121
    s, _ = _duel("sv1-146", 0, defender_id="sv1-121")
    assert _dealt(s, 0) == 20


def test_skwovet_nest_stash_hand_to_the_bottom_then_draw() -> None:  # sv1-151
    t = Table()
    skwovet = t.mon(0, "sv1-151")
    hand = t.cards_of(0, "sv1-188", "sv1-146")
    s = t.state(actives=(skwovet, t.mon(1, "sv1-146")), hands=(hand, ()))
    top = s.sides[0].deck[0]
    after = play(s, UseAbility(seat=0, pokemon=skwovet.card))
    assert after.sides[0].hand == (top,)
    assert sorted(after.sides[0].deck[-2:]) == sorted(hand)
    with pytest.raises(IllegalCommand, match="already used this turn"):
        play(after, UseAbility(seat=0, pokemon=skwovet.card))


def test_miraidon_ex_tandem_unit_benches_basic_lightning_pokemon() -> None:  # sv1-81
    t = Table()
    miraidon = t.mon(0, "sv1-81")
    found = t.cards_of(0, "sv1-74", "sv1-146", "sv1-73")
    s = t.state(actives=(miraidon, t.mon(1, "sv1-146")))
    s = play(s, UseAbility(seat=0, pokemon=miraidon.card))
    assert s.prompt is not None and s.prompt.options == (found[0], found[2]) and s.prompt.most == 2
    s = play(s, Choose(seat=0, option=found[2]))
    s = play(s, Choose(seat=0, option=None))  # "up to 2": one is fine
    assert [b.card for b in s.sides[0].bench] == [found[2]]


# -------------------------------------------------------------- Trainers
def _with_hand(
    *card_ids: str, damage: int = 0, bench: tuple[str, ...] = (), their_bench: tuple[str, ...] = ()
) -> tuple[State, tuple[int, ...]]:
    t = Table()
    hand = t.cards_of(0, *card_ids)
    s = t.state(
        actives=(t.mon(0, "sv1-146", damage=damage), t.mon(1, "sv1-146")),
        benches=(tuple(t.mon(0, b) for b in bench), tuple(t.mon(1, b) for b in their_bench)),
        hands=(hand, ()),
    )
    return s, hand


def test_potion_heals_30_from_a_chosen_pokemon() -> None:  # sv1-188
    s, (potion,) = _with_hand("sv1-188")
    with pytest.raises(IllegalCommand, match="cannot be played now"):
        play(s, PlayTrainer(seat=0, card=potion))
    s, (potion,) = _with_hand("sv1-188", damage=50)
    s = play(s, PlayTrainer(seat=0, card=potion))
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert s.sides[0].active.damage == 20 and potion in s.sides[0].discard


def test_switch_swaps_with_a_chosen_benched_pokemon() -> None:  # sv1-194
    s, (switch,) = _with_hand("sv1-194", bench=("sv1-84",))
    s = play(s, PlayTrainer(seat=0, card=switch))
    s = play(s, Choose(seat=0, option=s.prompt.options[0]))
    assert card(s.cards[s.sides[0].active.card]).name == "Ralts"


def test_nemona_draws_3() -> None:  # sv1-180
    s, (nemona,) = _with_hand("sv1-180")
    assert len(play(s, PlayTrainer(seat=0, card=nemona)).sides[0].hand) == 3


@pytest.mark.parametrize("card_id", ["sv1-189", "sv1-190"])
def test_professors_research_discards_the_hand_and_draws_7(card_id: str) -> None:
    s, hand = _with_hand(card_id, "sv1-188", "sv1-188")
    after = play(s, PlayTrainer(seat=0, card=hand[0]))
    assert len(after.sides[0].hand) == 7 and set(hand) <= set(after.sides[0].discard)


def test_youngster_shuffles_the_hand_in_and_draws_5() -> None:  # sv1-198
    s, hand = _with_hand("sv1-198", "sv1-188", "sv1-188")
    after = play(s, PlayTrainer(seat=0, card=hand[0]))
    assert len(after.sides[0].hand) == 5 and len(after.sides[0].deck) == len(s.sides[0].deck) - 3


def test_nest_ball_puts_a_basic_from_the_deck_onto_the_bench() -> None:  # sv1-181
    s, (ball, ralts) = _with_hand("sv1-181", "sv1-84")
    s = replace(
        s, sides=(replace(s.sides[0], hand=(ball,), deck=(ralts, *s.sides[0].deck)), s.sides[1])
    )
    s = play(s, PlayTrainer(seat=0, card=ball))
    assert s.prompt.options == (ralts,) and s.prompt.need == 0
    s = play(s, Choose(seat=0, option=ralts))
    assert [b.card for b in s.sides[0].bench] == [ralts] and ralts not in s.sides[0].deck


def test_pokemon_catcher_gusts_on_heads() -> None:  # sv1-187
    s, (catcher,) = _with_hand("sv1-187", their_bench=("sv1-84",))
    tails = play(s, PlayTrainer(seat=0, card=catcher), coins(False))
    assert tails.prompt is None and tails.sides[1].active.card == 60
    heads = play(s, PlayTrainer(seat=0, card=catcher), coins(True))
    target = heads.prompt.options[0]
    heads = play(heads, Choose(seat=0, option=target))
    assert heads.sides[1].active.card == target


def test_vitality_band_adds_10_to_the_active() -> None:  # sv1-197
    t = Table()
    s = t.state(actives=(t.mon(0, "sv1-146", energy=["sve-1"], tool="sv1-197"), t.mon(1, "sv1-61")))
    assert _dealt(s, 0) == 50


def test_rock_chestplate_fighting_pokemon_take_30_less() -> None:  # sv1-192
    t = Table()
    s = t.state(
        actives=(t.mon(0, "sv1-146", energy=["sve-1"]), t.mon(1, "sv1-119", tool="sv1-192"))
    )  # Silicobra (Fighting)
    assert _dealt(s, 0) == 10


def test_beach_court_basic_pokemon_retreat_for_one_less() -> None:  # sv1-167
    s, (court,) = _with_hand("sv1-167", bench=("sv1-84",))  # Zangoose: Retreat Cost 1
    to = s.sides[0].bench[0].card
    with pytest.raises(IllegalCommand, match="Retreat Cost is 1"):
        play(s, Retreat(seat=0, to=to, discard=()))
    s = play(s, PlayTrainer(seat=0, card=court))
    after = play(s, Retreat(seat=0, to=to, discard=()))
    assert after.sides[0].active.card == to


def _deck_first(s: State, *cards: int) -> State:
    """`s` with `cards` moved from seat 0's hand to the top of its deck."""
    side = s.sides[0]
    hand = tuple(i for i in side.hand if i not in cards)
    return replace(s, sides=(replace(side, hand=hand, deck=(*cards, *side.deck)), s.sides[1]))


def _to_discard(s: State, *cards: int) -> State:
    side = s.sides[0]
    hand = tuple(i for i in side.hand if i not in cards)
    return replace(s, sides=(replace(side, hand=hand, discard=(*side.discard, *cards)), s.sides[1]))


def test_energy_retrieval_up_to_2_basic_energy_from_the_discard() -> None:  # sv1-171
    s, (retrieval, e1, e2, e3) = _with_hand("sv1-171", "sve-6", "sve-6", "sve-6")
    s = _to_discard(s, e1, e2, e3)
    s = play(s, PlayTrainer(seat=0, card=retrieval))
    assert s.prompt.most == 2 and s.prompt.need == 0
    s = play(play(s, Choose(seat=0, option=e1)), Choose(seat=0, option=e3))
    assert set(s.sides[0].hand) == {e1, e3} and set(s.sides[0].known) == {e1, e3}


def test_energy_search_reveals_a_basic_energy_into_the_hand() -> None:  # sv1-172
    s, (search, energy) = _with_hand("sv1-172", "sve-6")
    s = _deck_first(s, energy)
    s = play(s, PlayTrainer(seat=0, card=search))
    s = play(s, Choose(seat=0, option=energy))
    assert energy in s.sides[0].hand and energy in s.sides[0].known


def test_energy_switch_moves_a_basic_energy_between_your_pokemon() -> None:  # sv1-173
    t = Table()
    active = t.mon(0, "sv1-146", energy=["sve-6"])
    benched = t.mon(0, "sv1-84")
    (switch,) = t.cards_of(0, "sv1-173")
    s = t.state(
        actives=(active, t.mon(1, "sv1-146")), benches=((benched,), ()), hands=((switch,), ())
    )
    s = play(s, PlayTrainer(seat=0, card=switch))
    s = play(s, Choose(seat=0, option=active.energy[0]))
    assert s.prompt.options == (benched.card,)
    s = play(s, Choose(seat=0, option=benched.card))
    assert mon(s, benched.card).energy == active.energy and mon(s, active.card).energy == ()


def test_picnic_basket_heals_30_from_every_pokemon() -> None:  # sv1-184
    t = Table()
    (basket,) = t.cards_of(0, "sv1-184")
    s = t.state(
        actives=(t.mon(0, "sv1-146", damage=50), t.mon(1, "sv1-146", damage=20)),
        hands=((basket,), ()),
    )
    s = play(s, PlayTrainer(seat=0, card=basket))
    assert (mon(s, s.sides[0].active.card).damage, mon(s, 60).damage) == (20, 0)


def test_crushing_hammer_discards_an_opponents_energy_on_heads() -> None:  # sv1-168
    t = Table()
    (hammer,) = t.cards_of(0, "sv1-168")
    foe = t.mon(1, "sv1-146", energy=["sve-1"])
    s = t.state(actives=(t.mon(0, "sv1-146"), foe), hands=((hammer,), ()))
    assert play(s, PlayTrainer(seat=0, card=hammer), coins(False)).prompt is None
    s = play(s, PlayTrainer(seat=0, card=hammer), coins(True))
    s = play(s, Choose(seat=0, option=foe.energy[0]))
    assert mon(s, 60).energy == () and foe.energy[0] in s.sides[1].discard


def test_pal_pad_shuffles_supporters_back() -> None:  # sv1-182
    s, (pad, nemona) = _with_hand("sv1-182", "sv1-180")
    s = _to_discard(s, nemona)
    s = play(s, PlayTrainer(seat=0, card=pad))
    s = play(s, Choose(seat=0, option=nemona))
    assert nemona in s.sides[0].deck and nemona not in s.sides[0].discard


def test_poke_ball_finds_a_pokemon_on_heads() -> None:  # sv1-185
    s, (ball, ralts) = _with_hand("sv1-185", "sv1-84")
    s = _deck_first(s, ralts)
    tails = play(s, PlayTrainer(seat=0, card=ball), coins(False))
    assert tails.prompt is None and tails.sides[0].deck == s.sides[0].deck  # no shuffle
    s = play(s, PlayTrainer(seat=0, card=ball), coins(True))
    s = play(s, Choose(seat=0, option=ralts))
    assert ralts in s.sides[0].known


def test_judge_each_player_shuffles_their_hand_in_and_draws_4() -> None:  # sv1-176
    t = Table()
    hand = t.cards_of(0, "sv1-176", "sv1-188")
    theirs = t.cards_of(1, "sv1-188", "sv1-188", "sv1-188", "sv1-188", "sv1-188", "sv1-188")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=(hand, theirs))
    s = play(s, PlayTrainer(seat=0, card=hand[0]))
    assert len(s.sides[0].hand) == 4 and len(s.sides[1].hand) == 4


def test_katy_draws_8_and_ends_the_turn() -> None:  # sv1-177
    s, (katy,) = _with_hand("sv1-177")
    s = play(s, PlayTrainer(seat=0, card=katy))
    assert len(s.sides[0].hand) == 8 and s.current == 1


def test_arven_finds_an_item_and_a_tool() -> None:  # sv1-166
    s, (arven, potion, band) = _with_hand("sv1-166", "sv1-188", "sv1-197")
    s = _deck_first(s, potion, band)
    s = play(s, PlayTrainer(seat=0, card=arven))
    assert s.prompt.kind == "search_item" and s.prompt.options == (potion,)
    s = play(s, Choose(seat=0, option=potion))
    assert s.prompt.kind == "search_tool" and s.prompt.options == (band,)
    s = play(s, Choose(seat=0, option=band))
    assert set(s.sides[0].hand) == {potion, band} == set(s.sides[0].known)


def test_jacq_finds_up_to_2_evolution_pokemon() -> None:  # sv1-175
    s, (jacq, primeape, ralts) = _with_hand("sv1-175", "sv1-108", "sv1-84")
    s = _deck_first(s, primeape, ralts)
    s = play(s, PlayTrainer(seat=0, card=jacq))
    assert s.prompt.options == (primeape,)
    s = play(s, Choose(seat=0, option=primeape))
    # No more matches, but a hidden search never ends by itself (that would tell).
    assert s.prompt is not None and s.prompt.kind == "search_evolution"
    s = play(s, Choose(seat=0, option=None))
    assert s.sides[0].hand == (primeape,)


def test_miriam_shuffles_pokemon_back_and_draws_3() -> None:  # sv1-179
    s, (miriam, ralts) = _with_hand("sv1-179", "sv1-84")
    s = _to_discard(s, ralts)
    s = play(s, PlayTrainer(seat=0, card=miriam))
    s = play(s, Choose(seat=0, option=None))  # none: no draw
    assert len(s.sides[0].hand) == 0
    s, (miriam, ralts) = _with_hand("sv1-179", "sv1-84")
    s = _to_discard(s, ralts)
    s = play(s, PlayTrainer(seat=0, card=miriam))
    s = play(s, Choose(seat=0, option=ralts))
    assert len(s.sides[0].hand) == 3 and ralts not in s.sides[0].discard


def test_penny_returns_a_basic_pokemon_with_its_cards() -> None:  # sv1-183
    t = Table()
    (penny,) = t.cards_of(0, "sv1-183")
    active = t.mon(0, "sv1-146", energy=["sve-1"], damage=30)
    benched = t.mon(0, "sv1-84")
    s = t.state(
        actives=(active, t.mon(1, "sv1-146")), benches=((benched,), ()), hands=((penny,), ())
    )
    s = play(s, PlayTrainer(seat=0, card=penny))
    s = play(s, Choose(seat=0, option=active.card))
    assert {active.card, *active.energy} <= set(s.sides[0].hand)
    assert s.prompt is not None and s.prompt.kind == "promote"  # a new Active Pokémon


# ----------------------------------------------------- every card is tested
def test_every_pool_card_has_a_test() -> None:
    here = Path(__file__).parent
    text = "".join(f.read_text("utf-8") for f in sorted(here.glob("test_tcg_cards*.py")))
    plain = {p.values[0] for p in _plain_attacks()}
    mentioned = set(re.findall(r"sv1-\d+", text))
    originals = set(_originals())
    missing = sorted(c for c in originals if c not in mentioned and c not in plain)
    # Every attack of a card only tested as "plain" must really be plain.
    for cid in plain - mentioned:
        assert all(not a.text for a in card(cid).attacks), cid
        assert not card(cid).abilities, cid
    assert not missing, f"pool cards without a test: {missing}"


def test_mesagoza_once_during_each_players_turn() -> None:  # sv1-178
    s, (mesagoza, ralts) = _with_hand("sv1-178", "sv1-84")
    s = _deck_first(s, ralts)
    s = play(s, PlayTrainer(seat=0, card=mesagoza))
    s = play(s, UseStadium(seat=0), coins(True))
    assert s.prompt.kind == "search_pokemon"
    s = play(s, Choose(seat=0, option=ralts))
    assert ralts in s.sides[0].known
    with pytest.raises(IllegalCommand, match="already used this turn"):
        play(s, UseStadium(seat=0))
    s = play(s, EndTurn(seat=0))
    tails = play(s, UseStadium(seat=1), coins(False))  # the opponent may use it too
    assert tails.prompt is None and tails.used & 16


def test_pokegear_looks_at_the_top_7_for_a_supporter() -> None:  # sv1-186
    s, (gear, near, far) = _with_hand("sv1-186", "sv1-180", "sv1-176")
    side = s.sides[0]
    deck = (near, *side.deck[:7], far, *side.deck[7:])  # Judge is 9th: out of sight
    s = replace(s, sides=(replace(side, hand=(gear,), deck=deck), s.sides[1]))
    s = play(s, PlayTrainer(seat=0, card=gear))
    assert s.prompt.options == (near,) and s.prompt.need == 0
    s = play(s, Choose(seat=0, option=near))
    assert s.sides[0].hand == (near,) and near in s.sides[0].known
