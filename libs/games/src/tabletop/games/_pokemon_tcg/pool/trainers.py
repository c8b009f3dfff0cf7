"""The implemented Trainer cards (Items, Supporters, Tools, Stadiums), each
written from its printed text with the vocabulary (`v.`). Importing this
module registers them. A Trainer whose effect would do nothing cannot be
played (the `playable` conditions).
"""

from __future__ import annotations

from functools import cache

from .. import messages as m
from .. import vocabulary as v
from ..actions import evolved, when_played
from ..cards import Card, catalog
from ..damage import Passive
from ..effects import Ask, Ctx
from ..registry import trainer
from ..state import BENCH, Mon, State, card_of, first_turn_of_player, is_active, owner


# ------------------------------------------------------------ conditions
def _deck_not_empty(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].deck)


def _has_bench(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[seat].bench)


def _opponent_has_bench(s: State, seat: int, _: int) -> bool:
    return bool(s.sides[1 - seat].bench)


def _anyone_damaged(s: State, seat: int, _: int) -> bool:
    return any(mon.damage for side in s.sides for mon in side.mons())


def _has_damaged(s: State, seat: int, _: int) -> bool:
    return any(mon.damage for mon in s.sides[seat].mons())


def _bench_has_room(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].bench) < BENCH and bool(s.sides[seat].deck)


def _in_discard(where: v.Filter):  # type: ignore[no-untyped-def]
    def playable(s: State, seat: int, _: int) -> bool:
        return any(where(card_of(s, i)) for i in s.sides[seat].discard)

    return playable


def _opponent_has_energy(s: State, seat: int, _: int) -> bool:
    return any(mon.energy for mon in s.sides[1 - seat].mons())


def _energy_can_move(s: State, seat: int, _: int) -> bool:
    mons = s.sides[seat].mons()
    return len(mons) >= 2 and any(mon.energy for mon in mons)


def _two_pokemon(s: State, seat: int, _: int) -> bool:
    # Penny on your only Pokémon would leave you none in play: not allowed (a decision).
    return len(s.sides[seat].mons()) >= 2


# -------------------------------------------------------------- filters
def _basic_energy(c: Card) -> bool:
    return c.is_basic_energy


def _supporter(c: Card) -> bool:
    return c.trainer_kind == "supporter"


def _item(c: Card) -> bool:
    return c.trainer_kind == "item"


def _tool(c: Card) -> bool:
    return c.trainer_kind == "tool"


def _pokemon(c: Card) -> bool:
    return c.is_pokemon


def _evolution(c: Card) -> bool:
    return c.is_pokemon and c.stage > 0


def _basic_in_play(ctx: Ctx, mon: Mon) -> bool:
    return card_of(ctx.state, mon.card).stage == 0


# -------------------------------------------------------------- Items
trainer(  # Potion: heal 30 damage from 1 of your Pokémon.
    "sv1-188", (v.ask_own_damaged("target"), v.heal_picked(30, "target")), playable=_has_damaged
)
trainer(  # Switch: switch your Active Pokémon with 1 of your Benched Pokémon.
    "sv1-194", (v.ask_own_bench("to"), v.switch_to_picked("to")), playable=_has_bench
)
trainer(  # Nest Ball: a Basic Pokémon from your deck onto your Bench; shuffle.
    "sv1-181",
    (v.ask_deck_to_bench("search_basic", v.is_basic, 1), v.bench_picked(), v.shuffle_deck()),
    playable=_bench_has_room,
)
trainer(  # Pokémon Catcher: flip; heads: switch in 1 of the opponent's Benched Pokémon.
    "sv1-187",
    (v.flip_coins(1), v.if_heads(v.ask_opponent_bench("to")), v.gust_picked("to")),
    playable=_opponent_has_bench,
)
trainer(  # Energy Retrieval: up to 2 basic Energy from your discard pile into your hand.
    "sv1-171",
    (v.ask_discard("retrieve_energy", _basic_energy, 2), v.picked_to_hand("discard", "found")),
    playable=_in_discard(_basic_energy),
)
trainer(  # Energy Search: a basic Energy from your deck, revealed, into your hand; shuffle.
    "sv1-172",
    (
        v.ask_deck("search_basic_energy", _basic_energy, 1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_deck_not_empty,
)
trainer(  # Energy Switch: move a basic Energy from 1 of your Pokémon to another.
    "sv1-173",
    (
        v.ask_attached_energy("energy_to_move", "own"),
        v.ask_other_own_pokemon("move_energy_to", "energy"),
        v.move_picked_energy(),
    ),
    playable=_energy_can_move,
)
trainer(  # Picnic Basket: heal 30 damage from each Pokémon (both yours and your opponent's).
    "sv1-184", (v.heal_everyone(30),), playable=_anyone_damaged
)
trainer(  # Crushing Hammer: flip; heads: discard an Energy from 1 of the opponent's Pokémon.
    "sv1-168",
    (
        v.flip_coins(1),
        v.if_heads(v.ask_attached_energy("energy_to_discard", "opponent")),
        v.discard_picked_attached(),
    ),
    playable=_opponent_has_energy,
)
trainer(  # Pal Pad: shuffle up to 2 Supporter cards from your discard pile into your deck.
    "sv1-182",
    (v.ask_discard("pal_pad", _supporter, 2), v.picked_to_deck("discard"), v.shuffle_deck()),
    playable=_in_discard(_supporter),
)
trainer(  # Poké Ball: flip; heads: a Pokémon from your deck, revealed, into your hand; shuffle.
    "sv1-185",
    (
        v.flip_coins(1),
        v.if_heads(v.ask_deck("search_pokemon", _pokemon, 1)),
        v.picked_to_hand("deck", "found", revealed=True),
        v.if_heads_shuffle(),
    ),
    playable=_deck_not_empty,
)

# ---------------------------------------------------------- Supporters
trainer("sv1-180", (v.draw(3),), playable=_deck_not_empty)  # Nemona: draw 3 cards.
for research in ("sv1-189", "sv1-190"):  # Professor's Research: discard your hand, draw 7.
    trainer(research, (v.discard_hand(), v.draw(7)), playable=_deck_not_empty)
trainer("sv1-198", (v.shuffle_hand_into_deck(), v.draw(5)))  # Youngster
trainer("sv1-176", (v.each_player_reshuffles_and_draws(4),))  # Judge
trainer("sv1-177", (v.shuffle_hand_into_deck(), v.draw(8), v.end_turn()))  # Katy
trainer(  # Arven: an Item card and a Pokémon Tool card from your deck, revealed; shuffle.
    "sv1-166",
    (
        v.ask_deck("search_item", _item, 1, key="item"),
        v.picked_to_hand("deck", "item", revealed=True),
        v.ask_deck("search_tool", _tool, 1, key="tool"),
        v.picked_to_hand("deck", "tool", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_deck_not_empty,
)
trainer(  # Jacq: up to 2 Evolution Pokémon from your deck, revealed, into your hand; shuffle.
    "sv1-175",
    (
        v.ask_deck("search_evolution", _evolution, 2),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_deck_not_empty,
)
trainer(  # Miriam: shuffle up to 5 Pokémon from your discard pile into your deck; if any, draw 3.
    "sv1-179",
    (
        v.ask_discard("miriam", _pokemon, 5),
        v.picked_to_deck("discard"),
        v.shuffle_deck(),
        v.draw_if_moved(3),
    ),
    playable=_in_discard(_pokemon),
)
trainer(  # Penny: put 1 of your Basic Pokémon and all attached cards into your hand.
    "sv1-183",
    (v.ask_own_pokemon("penny", _basic_in_play), v.picked_pokemon_to_hand()),
    playable=_two_pokemon,
)


# --------------------------------------------------- Tools and Stadiums
def _vitality_band(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """+10 to the opponent's Active Pokémon, before Weakness and Resistance."""
    return 10 if attacker.tool == source else 0


def _rock_chestplate(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """The Fighting Pokémon it is attached to takes 30 less damage from the
    opponent's attacks (after Weakness and Resistance)."""
    fighting = card_of(s, defender.card).type == "F"
    mine = defender.tool == source and owner(attacker.card) != owner(source)
    return 30 if mine and fighting else 0


def _beach_court(s: State, source: int, mon: Mon) -> int:
    """Each Basic Pokémon in play retreats for one Colorless less."""
    return -1 if card_of(s, mon.card).stage == 0 else 0


trainer("sv1-197", passive=Passive(attack_bonus=_vitality_band))  # Vitality Band
trainer("sv1-192", passive=Passive(damage_reduction=_rock_chestplate))  # Rock Chestplate
trainer("sv1-167", passive=Passive(retreat_delta=_beach_court))  # Beach Court


def _defiance_band(s: State, source: int, attacker: Mon, defender: Mon) -> int:
    """+30 to the opponent's Active Pokémon while you have more prizes left."""
    me = owner(source)
    behind = len(s.sides[me].prizes) > len(s.sides[1 - me].prizes)
    return 30 if attacker.tool == source and behind else 0


trainer("sv1-169", passive=Passive(attack_bonus=_defiance_band))  # Defiance Band


# ------------------------------------------------- Ultra Ball, Rare Candy
def _two_other_cards(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].hand) >= 3 and bool(s.sides[seat].deck)


def _any_card(_: Card) -> bool:
    return True


trainer(  # Ultra Ball: discard 2 other cards; a Pokémon from your deck, revealed, to your hand.
    "sv1-196",
    (
        v.ask_hand("ultra_ball_discard", _any_card, most=2, need=2),
        v.discard_picked_from_hand(),
        v.ask_deck("search_pokemon", _pokemon, 1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_two_other_cards,
)


@cache
def _basics_below(stage1_name: str) -> frozenset[str]:
    """The Basic Pokémon names a Stage 1 of this name evolves from (in the data)."""
    return frozenset(
        c.evolves_from for c in catalog().values() if c.name == stage1_name and c.evolves_from
    )


def _skips_to(stage2: Card, basic_name: str) -> bool:
    """A Stage 2 card whose Stage 1 evolves from `basic_name`."""
    if stage2.stage != 2 or stage2.evolves_from is None:
        return False
    return basic_name in _basics_below(stage2.evolves_from)


def _candy_stage2(s: State, seat: int, basic: int) -> tuple[int, ...]:
    name = card_of(s, basic).name
    return tuple(sorted(i for i in s.sides[seat].hand if _skips_to(card_of(s, i), name)))


def _candy_basic(ctx: Ctx, mon: Mon) -> bool:
    """A Basic Pokémon not put into play this turn, with a Stage 2 for it in hand."""
    s = ctx.state
    return (
        card_of(s, mon.card).stage == 0
        and mon.since < s.turn
        and bool(_candy_stage2(s, ctx.seat, mon.card))
    )


def _rare_candy_playable(s: State, seat: int, candy: int) -> bool:
    if first_turn_of_player(s):
        return False
    return any(
        card_of(s, mon.card).stage == 0 and mon.since < s.turn and _candy_stage2(s, seat, mon.card)
        for mon in s.sides[seat].mons()
    )


def _candy_options(s: State, seat: int, variables: dict) -> tuple[int, ...]:
    basic = variables.get("basic", ())
    return _candy_stage2(s, seat, basic[0]) if basic else ()


def _evolve_with_candy(ctx: Ctx) -> None:
    """The last step: a Stage 2 played this way is "played from the hand to
    evolve", so its own effect (Arboliva's Enriching Oil) may follow."""
    for stage2 in ctx.picks("stage2"):
        ctx.b.emit(evolved(ctx.state, ctx.seat, stage2, ctx.picks("basic")[0]))
        when_played(ctx.b, ctx.seat, stage2)


trainer(  # Rare Candy: evolve a Basic Pokémon straight to Stage 2 with a card from your hand.
    "sv1-191",
    (
        v.ask_own_pokemon("rare_candy_basic", _candy_basic, key="basic"),
        # "If you have a Stage 2 card in your hand": the hand is hidden, so need 0.
        v.hidden_ask("rare_candy_stage2", "hand", _candy_options, most=1, key="stage2"),
        _evolve_with_candy,
    ),
    playable=_rare_candy_playable,
)


def _rocky_helmet(s: State, source: int, attacker: Mon, damaged: Mon) -> int:
    """2 damage counters on the attacker when the Pokémon it is attached to is
    damaged by an opponent's attack in the Active Spot."""
    theirs = owner(attacker.card) != owner(source)
    return 2 if damaged.tool == source and theirs and is_active(s, damaged.card) else 0


trainer("sv1-193", passive=Passive(retaliation=_rocky_helmet))  # Rocky Helmet


trainer(  # Mesagoza (Stadium): once during each player's turn, flip; heads: a Pokémon from the
    # deck, revealed, into the hand; then shuffle.
    "sv1-178",
    stadium_effect=(
        v.flip_coins(1),
        v.if_heads(v.ask_deck("search_pokemon", _pokemon, 1)),
        v.picked_to_hand("deck", "found", revealed=True),
        v.if_heads_shuffle(),
    ),
    stadium_usable=_deck_not_empty,
)


def _top_seven_supporters(s: State, seat: int, _: dict) -> tuple[int, ...]:
    return tuple(sorted(i for i in s.sides[seat].deck[:7] if _supporter(card_of(s, i))))


trainer(  # Pokégear 3.0: look at the top 7 cards; you may reveal a Supporter there and take it.
    "sv1-186",
    (
        v.hidden_ask("pokegear", "deck", _top_seven_supporters, most=1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_deck_not_empty,
)


def _defender_has_energy(s: State, seat: int, _: int) -> bool:
    active = s.sides[1 - seat].active
    return active is not None and bool(active.energy)


def _energy_on_top(ctx: Ctx) -> None:
    defender = ctx.state.sides[ctx.opponent].active
    for energy in ctx.picks("energy"):
        if defender is not None:
            ctx.b.emit(
                m.CardsMoved(
                    seat=ctx.opponent,
                    cards=(energy,),
                    count=1,
                    source="energy",
                    dest="deck",
                    origin=defender.card,
                )
            )


trainer(  # Team Star Grunt: an Energy of the opponent's Active Pokémon on top of their deck.
    "sv1-195",
    (v.ask_energy_on_defender(), _energy_on_top),
    playable=_defender_has_energy,
)


# ------------------------------------------------- Exp. Share, Electric Generator
def _basic_energy_of_knocked_out(ctx: Ctx) -> Ask:
    knocked_out = ctx.state.sides[ctx.seat].find(ctx.picks("from")[0])
    energy = knocked_out.energy if knocked_out is not None else ()
    options = tuple(sorted(e for e in energy if card_of(ctx.state, e).is_basic_energy))
    return Ask("exp_share", options, key="energy", need=0)


def _energy_to_holder(ctx: Ctx) -> None:
    for energy in ctx.picks("energy"):
        ctx.b.emit(
            m.CardsMoved(
                seat=ctx.seat,
                cards=(energy,),
                count=1,
                source="energy",
                dest="energy",
                origin=ctx.picks("from")[0],
                target=ctx.picks("to")[0],
            )
        )


trainer(  # Exp. Share (Tool): when your Active Pokémon is Knocked Out by damage from the
    # opponent's attack, you may move a basic Energy from it to the Pokémon with this card.
    "sv1-174",
    on_knock_out=(_basic_energy_of_knocked_out, _energy_to_holder),
)


def _benched_lightning(ctx: Ctx, mon: Mon) -> bool:
    return card_of(ctx.state, mon.card).type == "L" and not is_active(ctx.state, mon.card)


def _lightning_energy_in_view(s: State, seat: int, variables: dict) -> tuple[int, ...]:
    """Basic Lightning Energy among the top 5 cards looked at, less those already
    attached (they came from there, so what is left of the 5 is the top 5 - n)."""
    seen = s.sides[seat].deck[: 5 - variables.get("attached", 0)]
    return tuple(sorted(i for i in seen if _basic_lightning(card_of(s, i))))


def _basic_lightning(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "L"


def _attach_generated(ctx: Ctx) -> None:
    for energy in ctx.picks("found"):
        ctx.b.emit(
            m.CardsMoved(
                seat=ctx.seat,
                cards=(energy,),
                count=1,
                source="deck",
                dest="energy",
                target=ctx.picks("to")[0],
            )
        )
        ctx.vars["attached"] = ctx.vars.get("attached", 0) + 1
    ctx.vars["found"] = ()


def _has_benched_lightning(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    return bool(side.deck) and any(card_of(s, mon.card).type == "L" for mon in side.bench)


def _generator_round() -> tuple:
    """Which Benched Lightning Pokémon (asked first, so the hidden pick is attached at
    once), then which Energy of the top cards, if any."""
    return (
        v.ask_own_pokemon("electric_generator_target", _benched_lightning, key="to"),
        v.hidden_ask("electric_generator", "deck", _lightning_energy_in_view, most=1),
        _attach_generated,
    )


trainer(  # Electric Generator: look at the top 5 cards; attach up to 2 basic Lightning Energy
    # found there to your Benched Lightning Pokémon in any way you like; shuffle the rest back.
    "sv1-170",
    (*_generator_round(), *_generator_round(), v.shuffle_deck()),
    playable=_has_benched_lightning,
)
